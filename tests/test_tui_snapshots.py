"""SVG snapshots of the TUI's main screens: the text of app.export_screenshot(), line by line,
against tests/snapshots/tui/*.txt (ZHITU_UPDATE_SNAPSHOTS=1 writes them anew; review the diff)."""
from __future__ import annotations

import html
import os
import re
from collections import defaultdict
from pathlib import Path

from rich.cells import cell_len

from tests.test_tui import app_for, course, mined, open_graph, settle  # noqa: F401 (fixtures)

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots" / "tui"
SIZE = (100, 28)
CELL = 12.2  # the width of one terminal cell in the SVG
_TEXT = re.compile(r'<text[^>]*x="([\d.]+)"[^>]*clip-path="url\(#terminal-\d+-line-(\d+)\)">([^<]*)</text>')


def svg_lines(svg: str) -> str:
    """The screen's characters, one line per terminal row, from the SVG Textual exports."""
    rows: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for x, line, content in _TEXT.findall(svg):
        rows[int(line)].append((float(x), html.unescape(content).replace("\xa0", " ")))
    lines = []
    for number in range(max(rows) + 1):
        line = ""
        for x, text in sorted(rows[number]):
            column = round(x / CELL)
            line += " " * max(0, column - cell_len(line)) + text
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def check(name: str, svg: str) -> None:
    shot = svg_lines(svg)
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("ZHITU_UPDATE_SNAPSHOTS") or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(shot, encoding="utf-8")
    assert shot == path.read_text(encoding="utf-8"), f"{name} changed; ZHITU_UPDATE_SNAPSHOTS=1 rewrites it"


async def test_snapshot_projects_and_graph_en(course):
    app = app_for(course["user"], lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        check("projects_en", app.export_screenshot())
        await open_graph(pilot, course["graph"].id)
        await pilot.press("down", "space", "down")
        await settle(pilot)
        check("graph_en", app.export_screenshot())


async def test_snapshot_review_and_help_zh(mined):
    app = app_for(mined["user"], lang="zh-CN", theme="light")
    async with app.run_test(size=SIZE) as pilot:
        await app.open_review(mined["task"].id)
        await settle(pilot)
        check("review_zh", app.export_screenshot())
        await pilot.press("f1")
        await settle(pilot)
        check("review_help_zh", app.export_screenshot())
