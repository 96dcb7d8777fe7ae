"""One way to print listings: a table by default, --json or --csv for scripts.

Data goes to stdout; messages and progress go to stderr, worded by toolkit.messages (`cli.` keys) in
the language of ZHITU_LANG or the locale.
"""
from __future__ import annotations

import csv
import json
import sys
from enum import Enum
from typing import Iterable

from rich.console import Console
from rich.table import Table

from toolkit.cells import csv_value
from toolkit.messages import counted, system_lang, text  # noqa: F401 (counted: the commands take it from here)

err = Console(stderr=True)


def label(key: str, style: str) -> str:
    """A short coloured word opening a line (error, note, warning…), in the user's language."""
    return f"[{style}]{text(key)}[/{style}]"


def print_error(exc) -> None:
    """A library error as one line on stderr."""
    err.print(f"{label('cli.label.error', 'red')} {exc.message(system_lang())}")


class Format(str, Enum):
    table = "table"
    json = "json"
    csv = "csv"


def emit(rows: list[dict] | dict, columns: Iterable[str] | None = None, fmt: Format = Format.table, title: str | None = None) -> None:
    if fmt == Format.json:
        sys.stdout.write(json.dumps(rows, ensure_ascii=False, indent=2, default=str) + "\n")
        return
    records = rows if isinstance(rows, list) else [rows]
    columns = list(columns or (records[0].keys() if records else []))
    if fmt == Format.csv:
        writer = csv.DictWriter(sys.stdout, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows({key: csv_value(value) for key, value in record.items()} for record in records)
        return
    table = Table(title=title)
    for column in columns:
        table.add_column(column)
    for record in records:
        table.add_row(*("" if record.get(c) is None else str(record.get(c)) for c in columns))
    Console().print(table)
