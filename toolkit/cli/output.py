"""One way to print listings: a table by default, --json or --csv for scripts.

Data goes to stdout; messages and progress go to stderr.
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

err = Console(stderr=True)


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
