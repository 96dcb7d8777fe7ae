"""The attainment result as an xlsx workbook: the objective table, the items, and (for teachers) the students."""
from __future__ import annotations

import io

from openpyxl import Workbook
from openpyxl.styles import Font, PatternFill

from toolkit import messages
from toolkit.cells import xlsx_row

BELOW = PatternFill("solid", fgColor="FFE7E6")


def write_workbook(report: dict, students: dict | None = None, lang: str | None = None) -> bytes:
    def t(key: str, **params) -> str:
        return messages.text(f"attainment.report.{key}", lang, **params)

    book = Workbook()
    sheet = book.active
    sheet.title = t("objective")[:31]
    sheet.append(xlsx_row(sheet, [t("title", course=report["course"]["name"])]))
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.append([t("term"), report["term"], t("students"), report["students"], t("threshold"), report["threshold"]])
    sheet.append([])
    sheet.append([t("objective"), t("weight"), t("average"), t("share"), t("attained")])
    for cell in sheet[sheet.max_row]:
        cell.font = Font(bold=True)
    for objective in report["objectives"]:
        attained = "" if objective["attained"] is None else t("yes" if objective["attained"] else "no")
        sheet.append(xlsx_row(sheet, [objective["name"], objective["weight"], objective["average"], objective["share"], attained]))
        if objective["attained"] is False:
            for cell in sheet[sheet.max_row]:
                cell.fill = BELOW
    sheet.append([])
    sheet.append([t("course_minimum"), report["courseAttainment"]["minimum"]])
    sheet.append([t("course_weighted"), report["courseAttainment"]["weighted"]])
    sheet.column_dimensions["A"].width = 36

    items = book.create_sheet(t("item")[:31])
    items.append([t("objective"), t("item"), t("full_marks"), t("weight"), t("average_score")])
    for objective in report["objectives"]:
        for row in objective["items"]:
            items.append(xlsx_row(items, [objective["name"], row["name"], row["fullMarks"], row["weight"], row["average"]]))
    items.column_dimensions["A"].width = 24
    items.column_dimensions["B"].width = 24

    if students is not None:
        names = {str(o["id"]): o["name"] for o in students["objectives"]}
        people = book.create_sheet(t("students_sheet")[:31])
        people.append(xlsx_row(people, [t("classes"), t("number"), t("name"), *names.values()]))
        for row in students["items"]:
            people.append(xlsx_row(people, [row["className"], row["number"], row["name"], *(row["objectives"].get(k) for k in names)]))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()
