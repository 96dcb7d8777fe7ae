"""Issue figures for formats: a 100,000-node xlsx imported (read + stored) and exported, against
openpyxl's own read-only parse and write-only write of the same sheet; a 1,000-topic xmind import;
the memory peak of the 100,000-node import; the real files of ../shared imported faithfully."""
from __future__ import annotations

import asyncio
import io
import os
import tempfile
import time
import tracemalloc
from pathlib import Path

import openpyxl

from bench.graph_engine import synthetic_doc


def _openpyxl_read(data: bytes) -> int:
    workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    count = sum(1 for _ in workbook.worksheets[0].iter_rows(values_only=True))
    workbook.close()
    return count


def _openpyxl_write(rows: list[list]) -> bytes:
    workbook = openpyxl.Workbook(write_only=True)
    sheet = workbook.create_sheet("sheet")
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


async def _import(url: str, data: bytes) -> tuple[float, float]:
    from toolkit import db, imports
    from toolkit.bootstrap import initialise
    from toolkit.model import User

    await initialise(url, "bench", "bench-pass")
    async with db.opened(url):
        user = await User.get(user_name="bench")
        start = time.perf_counter()
        doc = imports.read_file("big.xlsx", data)
        read_seconds = time.perf_counter() - start
        graph = await imports.import_document(user, doc, None, "teaching")
        total = time.perf_counter() - start
        assert graph.node_count == 100_000
    return read_seconds, total


def main() -> None:
    from toolkit.formats import xlsx, xmind

    with tempfile.TemporaryDirectory(prefix="zhitu-bench-formats-") as tmp:
        os.environ["ZHITU_HOME"] = tmp
        doc = synthetic_doc(100_000, "十万节点")
        start = time.perf_counter()
        data = xlsx.dumps(doc)
        export_seconds = time.perf_counter() - start
        rows = list(openpyxl.load_workbook(io.BytesIO(data), read_only=True).worksheets[0].iter_rows(values_only=True))
        start = time.perf_counter()
        _openpyxl_write([list(r) for r in rows])
        baseline_write = time.perf_counter() - start
        start = time.perf_counter()
        _openpyxl_read(data)
        baseline_read = time.perf_counter() - start
        read_seconds, import_seconds = asyncio.run(_import(f"sqlite://{Path(tmp) / 'formats.sqlite3'}", data))
        # Memory on a second, separate import: tracemalloc slows everything it watches.
        tracemalloc.start()
        asyncio.run(_import(f"sqlite://{Path(tmp) / 'formats-memory.sqlite3'}", data))
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print("\n== formats: 100,000-node xlsx")
        print(f"  export (GraphDoc -> xlsx): {export_seconds:.2f} s | openpyxl write-only of the same rows: {baseline_write:.2f} s | ratio {export_seconds / baseline_write:.2f}x (target <= 2.5x)")
        print(f"  read (xlsx -> GraphDoc): {read_seconds:.2f} s | openpyxl read-only parse: {baseline_read:.2f} s | ratio {read_seconds / baseline_read:.2f}x (target <= 2.5x)")
        print(f"  import (read + store in SQLite, one transaction): {import_seconds:.2f} s; Python memory peak {peak / 1024 / 1024:.0f} MiB (tracemalloc)")
        topics = synthetic_doc(1_000, "千主题")
        blob = xmind.dumps(topics)
        start = time.perf_counter()
        for _ in range(10):
            xmind.read("t.xmind", blob)
        print(f"\n== formats: 1,000-topic xmind read: {(time.perf_counter() - start) / 10 * 1000:.1f} ms per file")
        corpus_figure()


def corpus_figure() -> None:
    """Real files written by others, judged as tests/corpus does (skipped when ../shared is absent)."""
    from tests.corpus.faithful import measure, real_files

    files = real_files()
    if not files:
        print("\n== formats: corpus files imported faithfully / total: skipped (../shared/fixtures and ../shared/corpus are absent)")
        return
    start = time.perf_counter()
    outcomes = measure(files)
    good = sum(o.faithful for o in outcomes)
    print(f"\n== formats: corpus files imported faithfully / total: {good} / {len(outcomes)} ({good / len(outcomes):.0%}, "
          f"target >= 98%) in {time.perf_counter() - start:.1f} s")
    big_map = next((f for f in files if f.name.startswith("lisnp_prog_mmg")), None)
    if big_map is not None:
        _big_map_figure(big_map)


def _big_map_figure(path: Path) -> None:
    """The 6,744-node Freeplane map: Zhitu's tolerant read against ElementTree's bare parse of the same bytes."""
    from xml.etree import ElementTree

    from toolkit.formats import mm

    data = path.read_bytes()
    start = time.perf_counter()
    for _ in range(3):
        ElementTree.fromstring(data)
    baseline = (time.perf_counter() - start) / 3
    start = time.perf_counter()
    for _ in range(3):
        nodes = mm.read(path.name, data).node_count()
    seconds = (time.perf_counter() - start) / 3
    print(f"  {nodes:,}-node Freeplane map read: {seconds * 1000:.0f} ms | ElementTree parse: {baseline * 1000:.0f} ms | "
          f"ratio {seconds / baseline:.1f}x")
    # Export side: the same map as a paginated PDF (A3 overview, A4 pages), against the same parse.
    import pypdfium2

    from toolkit.formats import render

    doc = mm.read(path.name, data)
    start = time.perf_counter()
    pdf = render.pdf(doc)
    export_seconds = time.perf_counter() - start
    pages = len(pypdfium2.PdfDocument(pdf))
    print(f"  {nodes:,}-node Freeplane map paginated PDF export: {export_seconds:.1f} s, {pages} pages, {len(pdf) / 1e6:.1f} MB | "
          f"ElementTree parse: {baseline * 1000:.0f} ms | ratio {export_seconds / baseline:.0f}x")
