"""Issue 18 item 5: storing a tree is linear in its node count.

store_document of 1,000 / 10,000 / 100,000 siblings under one root and of a 100,000-node deep and
wide tree (chapters, sections, points, and a 150-level chain), on SQLite and (when reachable)
PostgreSQL. Each figure sits next to the same-run baseline: one raw executemany INSERT of the same
node rows into the same table, no ORM. The per-node cost and its ratio to the baseline should stay
flat from 1,000 to 100,000 nodes (quadratic storage grew 2.7/6.6/18.2 s at 2.5k/5k/10k siblings).
"""
from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from bench.graph_engine import _pg_database, _pg_drop, synthetic_doc

SIBLINGS = (1_000, 10_000, 100_000)
TREE = 100_000
CHAIN = 150  # levels of the deep part (documents allow 200)


def siblings_doc(count: int):
    from toolkit.graphdoc import DocNode, GraphDoc

    root = DocNode("r", f"兄弟{count}", "KnowGraph")
    root.children = [DocNode(f"p{i}", f"知识点{i}", "KnowPoint", desc="描述") for i in range(count)]
    return GraphDoc(name=f"兄弟{count}", template="teaching", root=root)


def deep_and_wide_doc(count: int):
    """The course-like tree of the graph-engine bench with one chain of units CHAIN levels deep."""
    from toolkit.graphdoc import DocNode

    doc = synthetic_doc(count - CHAIN, f"深宽{count}")
    parent = doc.root
    for depth in range(CHAIN):
        unit = DocNode(f"d{depth}", f"深{depth}", "KnowUnit")
        parent.children.append(unit)
        parent = unit
    return doc


async def _raw_insert(doc, graph_id: int) -> float:
    """The baseline: the same rows by one executemany per 1,000, ids and parents computed in Python."""
    from tortoise.connection import get_connection
    from tortoise.transactions import in_transaction

    from toolkit.graphs.store import allocate_node_ids, direction_at
    from toolkit.graphs.store import placed as placed_nodes

    connection = get_connection("default")
    postgres = connection.capabilities.dialect == "postgres"
    columns = ("id", "graph_id", "parent_id", "order", "level", "name", "type", "desc", "define", "desc_tags",
               "attributes", "is_control", "is_core", "direction", "is_new", "is_updated", "external_key", "revision",
               "created_at", "updated_at")
    marks = ", ".join(f"${i + 1}" if postgres else "?" for i in range(len(columns)))
    sql = f'INSERT INTO "node" ({", ".join(f"{chr(34)}{c}{chr(34)}" for c in columns)}) VALUES ({marks})'
    start = time.perf_counter()
    placed = list(placed_nodes(doc))
    now = datetime.now(timezone.utc)
    stamp = now if postgres else now.isoformat(" ")
    async with in_transaction() as transaction:
        ids = {node.id: i for (node, *_), i in zip(placed, await allocate_node_ids(len(placed)))}
        rows = [(ids[n.id], graph_id, ids[p.id] if p else None, order, level, n.name, n.type, n.desc, n.define,
                 json.dumps(n.desc_tags), json.dumps(n.attributes), n.is_control, n.is_core, direction_at(level, order),
                 False, False, n.id, 0, stamp, stamp) for n, p, level, order in placed]
        for first in range(0, len(rows), 1000):
            await transaction.execute_many(sql, rows[first:first + 1000])
    return time.perf_counter() - start


async def _measure(url: str) -> list[tuple[str, int, float, float]]:
    from toolkit import db
    from toolkit.bootstrap import initialise
    from toolkit.graphs.store import store_document
    from toolkit.model import Graph, Node, User

    await initialise(url, "bench", "bench-pass")
    cases = [(f"{n:,} siblings", lambda n=n: siblings_doc(n)) for n in SIBLINGS]
    cases.append((f"{TREE:,}-node deep and wide tree", lambda: deep_and_wide_doc(TREE)))
    figures = []
    async with db.opened(url):
        user = await User.get(user_name="bench")
        for label, make in cases:
            doc = make()
            start = time.perf_counter()
            graph = await store_document(doc, None, user)
            stored = time.perf_counter() - start
            count = doc.node_count()
            assert await Node.filter(graph_id=graph.id).count() == count == graph.node_count
            baseline_graph = await Graph.create(name="baseline", template_id=graph.template_id)
            baseline = await _raw_insert(make(), baseline_graph.id)
            assert await Node.filter(graph_id=baseline_graph.id).count() == count
            figures.append((label, count, stored, baseline))
    return figures


def run_on(label: str, url: str) -> None:
    print(f"\n== tree storage on {label} (store_document against a raw executemany of the same rows)")
    figures = asyncio.run(_measure(url))
    first_ratio = None
    for name, count, stored, baseline in figures:
        ratio = stored / baseline
        first_ratio = first_ratio or ratio
        print(f"  {name:<32} {count:>7,} nodes: store {stored:7.2f} s = {stored / count * 1e6:6.1f} us/node | "
              f"raw executemany {baseline:6.2f} s = {baseline / count * 1e6:5.1f} us/node | ratio {ratio:4.2f}x "
              f"({ratio / first_ratio:4.2f} of the 1,000-node ratio; flat is 1.0)")


def main(argv: list[str] | None = None) -> None:
    """Each database in a process of its own (Tortoise compiles its SQL for one dialect per process)."""
    if argv:
        label, url, home = argv
        os.environ["ZHITU_HOME"] = home
        run_on(label, url)
        return
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-tree-") as tmp:
        subprocess.run([sys.executable, "-m", "bench", "tree_storage", "SQLite", f"sqlite://{Path(tmp) / 'tree.sqlite3'}", tmp],
                       check=True)
        pg = asyncio.run(_pg_database())
        if pg is None:
            print("\n== tree storage on PostgreSQL: skipped (no server reachable)")
            return
        try:
            subprocess.run([sys.executable, "-m", "bench", "tree_storage", "PostgreSQL", pg, tmp], check=True)
        finally:
            asyncio.run(_pg_drop(pg))
