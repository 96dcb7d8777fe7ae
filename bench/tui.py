"""Issue 7 figures for the curator's terminal (headless Textual, the real database):
- opening a 100,000-node graph and expanding its first two levels, against the toolkit reads the
  screen makes (graph_detail + the outline) and against searchTree to depth 2 (the web UI's call);
- keystroke-to-screen when paging through 10,000 candidates (the key pressed, the page read,
  the table redrawn), against review.list_results for the same page alone.
SQLite always; PostgreSQL too when ZHITU_BENCH_PG (or the default local server) answers."""
from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench.graph_engine import _pg_database, _pg_drop, synthetic_doc
from bench.stats import report, summary

GRAPH_SIZE = 100_000
CANDIDATES = 10_000
OPEN_REPEAT = 5
PAGE_TURNS = 30
SIZE = (120, 40)


async def _seed(url: str) -> dict:
    from toolkit import db
    from toolkit.bootstrap import initialise
    from toolkit.graphs.store import store_document
    from toolkit.model import MiningResult, MiningTask, User

    await initialise(url, "bench", "bench-pass")
    async with db.opened(url):
        user = await User.get(user_name="bench")
        start = time.perf_counter()
        graph = await store_document(synthetic_doc(GRAPH_SIZE, f"图谱{GRAPH_SIZE}"), None, user)
        print(f"    stored a {GRAPH_SIZE:,}-node graph in {time.perf_counter() - start:.1f} s")
        task = await MiningTask.create(kind="points", state="done", progress=100, source_ids=[], graph_id=graph.id,
                                       create_user_id=user.id)
        await MiningResult.bulk_create([
            MiningResult(task_id=task.id, kind="points", score=round(1 - i / CANDIDATES, 4), payload={"term": f"术语{i}", "count": 1},
                         location={"page": 1 + i // 100, "start": i, "end": i + 2})
            for i in range(CANDIDATES)], batch_size=1000)
    return {"graph": graph.id, "task": task.id}


async def _measure(url: str, ids: dict) -> None:
    from toolkit import db
    from toolkit.graphs import crud, tree
    from toolkit.mining import review
    from toolkit.model import User
    from toolkit.tui.app import ZhituApp
    from toolkit.tui.screens.graph import GraphScreen, load_outline
    from toolkit.tui.screens.review import PAGE_SIZE

    async with db.opened(url):
        user = await User.get(user_name="bench")
        reads, search_tree, opened = [], [], []
        for _ in range(OPEN_REPEAT):
            start = time.perf_counter()
            await crud.graph_detail(user, ids["graph"])
            await load_outline(ids["graph"])
            reads.append(time.perf_counter() - start)
            start = time.perf_counter()
            await tree.search_tree(user, ids["graph"], depth=2)
            search_tree.append(time.perf_counter() - start)
        app = ZhituApp(user, lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for _ in range(OPEN_REPEAT):
                start = time.perf_counter()
                await app.open_graph(ids["graph"])
                screen = app.screen
                assert isinstance(screen, GraphScreen)
                screen.tree.expand_levels(2)
                await pilot.pause()
                opened.append(time.perf_counter() - start)
                rows = sum(1 + len(n.children) for n in screen.tree.root.children)
                await app.pop_screen()
                await pilot.pause()
        print(f"    two levels on screen: {rows:,} tree rows")
        report(f"open a {GRAPH_SIZE:,}-node graph and expand two levels",
               [("toolkit reads alone (graph_detail + outline)", summary(reads)),
                ("searchTree depth 2 (the web UI's call)", summary(search_tree)),
                ("zhitu tui: open, expand, on screen", summary(opened))], "toolkit reads alone (graph_detail + outline)")

        raw, keyed, floor = [], [], []
        pages = -(-CANDIDATES // PAGE_SIZE)
        for page in range(2, 2 + PAGE_TURNS):
            start = time.perf_counter()
            await review.list_results(user, task_ids=[ids["task"]], page=page, page_size=PAGE_SIZE)
            raw.append(time.perf_counter() - start)
        app = ZhituApp(user, lang="en")
        async with app.run_test(size=SIZE) as pilot:
            await app.open_review(ids["task"])
            await pilot.pause()
            await app.workers.wait_for_complete()
            screen = app.screen
            for _ in range(PAGE_TURNS):
                start = time.perf_counter()
                await pilot.press("down")  # the cursor one row down: the pilot's and the redraw's own cost
                await pilot.pause()
                floor.append(time.perf_counter() - start)
            for turn in range(PAGE_TURNS):
                before = screen.rows[0]["id"]
                start = time.perf_counter()
                await pilot.press("n")
                await pilot.pause()
                keyed.append(time.perf_counter() - start)
                assert screen.rows[0]["id"] != before and screen.page == turn + 2 <= pages
        report(f"page through {CANDIDATES:,} candidates ({PAGE_SIZE} a page)",
               [("review.list_results alone", summary(raw)), ("a cursor key (pilot and redraw, no read)", summary(floor)),
                ("zhitu tui: key n to the page on screen", summary(keyed))],
               "review.list_results alone")


async def _run(url: str) -> None:
    ids = await _seed(url)
    await _measure(url, ids)


def main(argv: list[str] | None = None) -> None:
    """Each database runs in a process of its own: Tortoise compiles its SQL for one dialect per process."""
    import os
    import subprocess
    import sys

    if argv:
        label, url, home = argv
        os.environ["ZHITU_HOME"] = home
        print(f"\n## zhitu tui on {label}")
        asyncio.run(_run(url))
        return
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-tui-") as tmp:
        subprocess.run([sys.executable, "-m", "bench", "tui", "SQLite", f"sqlite://{Path(tmp) / 'tui.sqlite3'}", tmp], check=True)
        pg = asyncio.run(_pg_database())
        if pg is None:
            print("\n== zhitu tui on PostgreSQL: skipped (no server reachable)")
            return
        try:
            subprocess.run([sys.executable, "-m", "bench", "tui", "PostgreSQL", pg, tmp], check=True)
        finally:
            asyncio.run(_pg_drop(pg))


if __name__ == "__main__":
    main()
