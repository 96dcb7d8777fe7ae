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


# A screen whose handlers await the database (the review screen loads its first page in on_mount)
# may still be drawing after settle() on a loaded machine: the screen is compared again after each
# short pause until it matches, and fails with the last one after this many.
REDRAW_PAUSES = 100


async def check(pilot, name: str) -> None:
    path = SNAPSHOTS / f"{name}.txt"
    if os.environ.get("ZHITU_UPDATE_SNAPSHOTS") or not path.exists():
        await settle(pilot)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(svg_lines(pilot.app.export_screenshot()), encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    for _ in range(REDRAW_PAUSES):
        shot = svg_lines(pilot.app.export_screenshot())
        if shot == expected:
            return
        await pilot.pause(0.05)
    assert shot == expected, f"{name} changed; ZHITU_UPDATE_SNAPSHOTS=1 rewrites it"


async def test_snapshot_projects_and_graph_en(course):
    app = app_for(course["user"], lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await check(pilot, "projects_en")
        await open_graph(pilot, course["graph"].id)
        await pilot.press("down", "space", "down")
        await settle(pilot)
        await check(pilot, "graph_en")


async def test_snapshot_review_and_help_zh(mined):
    app = app_for(mined["user"], lang="zh-CN", theme="light")
    async with app.run_test(size=SIZE) as pilot:
        await app.open_review(mined["task"].id)
        await settle(pilot)
        await check(pilot, "review_zh")
        await pilot.press("f1")
        await settle(pilot)
        await check(pilot, "review_help_zh")
