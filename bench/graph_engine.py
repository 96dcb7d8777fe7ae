"""Issue figures for the graph engine, on SQLite and (when reachable) PostgreSQL:
searchTree through the API against a plain SELECT + json.dumps of the same rows; create, move and
delete of one node at 10,000 and 100,000 nodes; merging two 10,000-node graphs; comparing two
versions of a 10,000-node graph."""
from __future__ import annotations

import asyncio
import json
import os
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import httpx

from bench.servers import time_requests, zhitu_api
from bench.stats import summary

SIZES = (10_000, 100_000)
PG_ADMIN = os.environ.get("ZHITU_BENCH_PG", "postgres://postgres@127.0.0.1:5432/postgres")


def synthetic_doc(size: int, name: str, seed: int = 0):
    """A course-like tree: 20 chapters, sections of 25, points below; names repeat across graphs."""
    from toolkit.graphdoc import DocNode, GraphDoc

    root = DocNode("r", name, "KnowGraph")
    made = 1
    chapter_index = 0
    while made < size:
        chapter = DocNode(f"c{chapter_index}", f"第{chapter_index + 1}章", "KnowUnit", desc="章节")
        root.children.append(chapter)
        made += 1
        section_index = 0
        while made < size and section_index < 25:
            section = DocNode(f"c{chapter_index}s{section_index}", f"第{section_index + 1}节", "KnowUnit")
            chapter.children.append(section)
            made += 1
            for point in range(min(20, size - made)):
                section.children.append(DocNode(f"c{chapter_index}s{section_index}p{point}", f"知识点{chapter_index}-{section_index}-{point + seed}",
                                                "KnowPoint", desc="描述", define="定义"))
                made += 1
            section_index += 1
        chapter_index += 1
    return GraphDoc(name=name, template="teaching", root=root)


async def _pg_database() -> str | None:
    try:
        import asyncpg

        connection = await asyncpg.connect(PG_ADMIN.replace("postgres://", "postgresql://", 1), timeout=3)
    except (OSError, Exception):  # no PostgreSQL here: SQLite figures only
        return None
    name = f"zhitu_bench_{uuid.uuid4().hex[:8]}"
    await connection.execute(f'CREATE DATABASE "{name}"')
    await connection.close()
    return PG_ADMIN.rsplit("/", 1)[0] + "/" + name


async def _pg_drop(url: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(PG_ADMIN.replace("postgres://", "postgresql://", 1))
    await connection.execute(f'DROP DATABASE IF EXISTS "{url.rsplit("/", 1)[1]}" WITH (FORCE)')
    await connection.close()


async def _seed(url: str) -> dict:
    from toolkit import db
    from toolkit.bootstrap import initialise
    from toolkit.graphs.store import store_document
    from toolkit.model import Graph, User

    await initialise(url, "bench", "bench-pass")
    graphs = {}
    async with db.opened(url):
        user = await User.get(user_name="bench")
        for size in SIZES:
            start = time.perf_counter()
            graph = await store_document(synthetic_doc(size, f"图谱{size}"), None, user)
            graphs[size] = graph.id
            print(f"    stored a {size:,}-node graph in {time.perf_counter() - start:.1f} s")
        graphs["mergeA"] = (await store_document(synthetic_doc(10_000, "合并甲"), None, user)).id
        graphs["mergeB"] = (await store_document(synthetic_doc(10_000, "合并乙", seed=7), None, user)).id
        assert await Graph.filter(id__in=list(graphs.values())).count() == len(graphs)
    return graphs


async def _plain_select(url: str, graph_id: int, repeat: int) -> list[float]:
    """The baseline: the same node rows by one SELECT, then json.dumps."""
    from tortoise.connection import get_connection

    from toolkit import db

    samples = []
    async with db.opened(url):
        connection = get_connection("default")
        placeholder = "$1" if db.is_postgres(url) else "?"
        query = f'SELECT * FROM "node" WHERE "graph_id" = {placeholder}'
        for _ in range(repeat):
            start = time.perf_counter()
            _, rows = await connection.execute_query(query, [graph_id])
            json.dumps([dict(r) for r in rows], ensure_ascii=False, default=str)
            samples.append(time.perf_counter() - start)
    return samples


async def _edits(url: str, graph_id: int, repeat: int) -> dict[str, list[float]]:
    from toolkit import db
    from toolkit.graphs import tree
    from toolkit.model import Node, User

    times = {"create": [], "move": [], "delete": []}
    async with db.opened(url):
        user = await User.get(user_name="bench")
        root = await Node.get(graph_id=graph_id, parent_id=None)
        chapters = await Node.filter(parent_id=root.id).order_by("order").limit(2).values_list("id", flat=True)
        for index in range(repeat):
            start = time.perf_counter()
            node = await tree.create_node(user, graph_id, chapters[0], f"新节点{index}", position=0)
            times["create"].append(time.perf_counter() - start)
            start = time.perf_counter()
            await tree.move_node(user, graph_id, node["id"], chapters[1], 0)
            times["move"].append(time.perf_counter() - start)
            start = time.perf_counter()
            await tree.delete_nodes(user, graph_id, [node["id"]])
            times["delete"].append(time.perf_counter() - start)
    return times


async def _merge_and_compare(url: str, graphs: dict) -> dict[str, float]:
    from toolkit import db
    from toolkit.graphs import merge, tree, versions
    from toolkit.model import Node, User

    async with db.opened(url):
        user = await User.get(user_name="bench")
        start = time.perf_counter()
        await merge.merge_apply(user, graphs["mergeA"], None, graphs["mergeB"])
        merge_seconds = time.perf_counter() - start
        graph_id = graphs[10_000]
        first = await versions.save_version(user, graph_id, "v1")
        points = await Node.filter(graph_id=graph_id, type="KnowPoint").order_by("id").limit(200).values_list("id", flat=True)
        for point in points[:100]:
            await tree.update_node(user, graph_id, point, None, name=f"改名{point}")
        await tree.delete_nodes(user, graph_id, list(points[100:150]))
        second = await versions.save_version(user, graph_id, "v2")
        start = time.perf_counter()
        result = await versions.compare_versions(user, graph_id, first["id"], second["id"])
        compare_seconds = time.perf_counter() - start
        assert result["counts"]["renamed"] == 100 and result["counts"]["removed"] == 50
    return {"merge two 10,000-node graphs": merge_seconds, "compare two versions (10,000 nodes)": compare_seconds}


def run_on(label: str, url: str, home: Path) -> None:
    print(f"\n== graph engine on {label}")
    graphs = asyncio.run(_seed(url))
    with zhitu_api(home, url) as api, httpx.Client(timeout=300) as client:
        login = client.post(f"{api.url}/basic-api/api/Authorize/login", json={"userName": "bench", "password": "bench-pass"})
        headers = {"Authorization": f"Bearer {login.json()['result']['accessToken']}"}
        for size in SIZES:
            repeat = 15 if size == 10_000 else 5
            url_tree = f"{api.url}/basic-api/api/graph/searchTree?graphId={graphs[size]}"
            time_requests(client, url_tree, 2, headers)
            api_figures = summary(time_requests(client, url_tree, repeat, headers))
            plain = summary(asyncio.run(_plain_select(url, graphs[size], repeat)))
            print(f"  searchTree {size:>7,} nodes: API p50 {api_figures['p50_ms']:8.1f} ms | plain SELECT + json.dumps p50 "
                  f"{plain['p50_ms']:8.1f} ms | ratio {api_figures['p50_ms'] / plain['p50_ms']:.2f}x (target <= 2x)")
    for size in SIZES:
        times = asyncio.run(_edits(url, graphs[size], 20))
        print(f"  one-node edits at {size:>7,} nodes: " + ", ".join(
            f"{kind} p50 {statistics.median(samples) * 1000:.1f} ms" for kind, samples in times.items()))
    for name, seconds in asyncio.run(_merge_and_compare(url, graphs)).items():
        print(f"  {name}: {seconds:.2f} s")


def main(argv: list[str] | None = None) -> None:
    """Each database runs in a process of its own: Tortoise compiles its SQL for one dialect per process."""
    import subprocess
    import sys

    if argv:
        label, url, home = argv
        os.environ["ZHITU_HOME"] = home
        run_on(label, url, Path(home))
        return
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-graph-") as tmp:
        subprocess.run([sys.executable, "-m", "bench", "graph_engine", "SQLite", f"sqlite://{Path(tmp) / 'graph.sqlite3'}", tmp], check=True)
        pg = asyncio.run(_pg_database())
        if pg is None:
            print("\n== graph engine on PostgreSQL: skipped (no server reachable)")
            return
        try:
            subprocess.run([sys.executable, "-m", "bench", "graph_engine", "PostgreSQL", pg, tmp], check=True)
        finally:
            asyncio.run(_pg_drop(pg))
