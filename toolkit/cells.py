"""Spreadsheet and CSV cells that stay text: the one escaping every xlsx and CSV writer uses.

A cell that starts with = + - @ (or a tab or carriage return, which some programs skip before
looking) is run as a formula by Excel, LibreOffice and Google Sheets when the file is opened:
a node named `=HYPERLINK("http://x.example","y")` would become a live link. In xlsx such text is
written as a string cell marked "quote prefix" (it reads back unchanged); in CSV, which has no
types, it is prefixed with an apostrophe, as OWASP advises.
"""
from __future__ import annotations

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def looks_like_formula(value: object) -> bool:
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)


def xlsx_row(sheet, values: list) -> list:
    """A row for openpyxl's `sheet.append`: text that would run as a formula becomes a text cell."""
    from openpyxl.cell import WriteOnlyCell

    row = []
    for value in values:
        if looks_like_formula(value):
            cell = WriteOnlyCell(sheet, value)
            cell.data_type = "s"      # openpyxl made it a formula from the leading "="
            cell.quotePrefix = True   # and Excel keeps it text when the cell is edited
            row.append(cell)
        else:
            row.append(value)
    return row


def csv_value(value: object) -> object:
    """A CSV field: text that would run as a formula gets a leading apostrophe."""
    return "'" + value if looks_like_formula(value) else value
