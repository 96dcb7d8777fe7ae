"""Issue 20 figure: a 300-student × 20-item score sheet imported and reported (JSON, Word and xlsx),
against reading the same sheet with openpyxl alone, in the same run."""
from __future__ import annotations

import asyncio
import io
import os
import random
import tempfile
import time

import openpyxl

STUDENTS, ITEMS = 300, 20


def score_sheet(students: int = STUDENTS, items: int = ITEMS, objectives: int = 4, seed: int = 20) -> bytes:
    rng = random.Random(seed)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["学号", "姓名", *[f"考核项{i + 1}" for i in range(items)]])
    full = [rng.choice([10, 20, 25, 40]) for _ in range(items)]
    sheet.append(["满分", None, *full])
    sheet.append(["课程目标", None, *[str(i % objectives + 1) for i in range(items)]])
    for k in range(students):
        sheet.append([f"2024{k:04d}", f"学生{k}", *[rng.randint(0, f) for f in full]])
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


def _openpyxl_read(data: bytes) -> int:
    workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    count = sum(1 for _ in workbook.worksheets[0].iter_rows(values_only=True))
    workbook.close()
    return count


async def _run(url: str, data: bytes) -> dict[str, float]:
    from toolkit import db
    from toolkit.attainment import document, records, reports, workbook
    from toolkit.bootstrap import initialise
    from toolkit.demo import load_examples
    from toolkit.model import Graph, User

    await initialise(url, "bench", "bench-pass")
    async with db.opened(url):
        await load_examples()
        user = await User.get(user_name="bench")
        graph = await Graph.filter(template__code="courseAbility").first()
        figures = {}
        start = time.perf_counter()
        await records.import_scores(user, graph.id, "2024-2025-1", "bench", "scores.xlsx", data)
        figures["import"] = time.perf_counter() - start
        report = await reports.course_report(user, graph.id, "2024-2025-1")
        document.write_report(report)
        workbook.write_workbook(report, await reports.student_values(user, graph.id, "2024-2025-1"))
        figures["import + report"] = time.perf_counter() - start
    return figures


def main() -> None:
    data = score_sheet()
    start = time.perf_counter()
    rows = _openpyxl_read(data)
    baseline = time.perf_counter() - start
    assert rows == STUDENTS + 3
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-attainment-") as tmp:
        os.environ["ZHITU_HOME"] = tmp
        figures = asyncio.run(_run(f"sqlite://{tmp}/bench.sqlite3", data))
    print(f"attainment: {STUDENTS} students × {ITEMS} items, openpyxl read alone {baseline:.3f} s (baseline)")
    for name, seconds in figures.items():
        print(f"  {name}: {seconds:.3f} s ({seconds / baseline:.1f}× the openpyxl read)")
