"""Issue 16 figures: the API under concurrent load, next to a plain route serving the same JSON.

`zhitu serve --api-only` on SQLite (a fresh ZHITU_HOME with the example data and a generated
10,000-node graph; ZHITU_WORKERS passes through) and bench/plain_server.py on free loopback ports;
wrk drives both at 1, 32 and 128 connections for graphList, searchTree (the 154-node example graph
and the 10,000-node one) and getNode. Each line gives req/s, p50, p99 and errors, and the ratio of
req/s to the plain route measured in the same run. LOAD_SECONDS (default 5) bounds each run,
LOAD_CONNECTIONS (default "1,32,128") and LOAD_CALLS (names, comma-separated) narrow it.
Skipped, with the reason, when wrk is missing (scripts/bootstrap.sh --test installs it).
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.servers import plain_server, zhitu_api

SECONDS = int(os.environ.get("LOAD_SECONDS", "5"))
CONNECTIONS = tuple(int(c) for c in os.environ.get("LOAD_CONNECTIONS", "1,32,128").split(","))
EXAMPLE_GRAPH = "数据结构"
BIG_GRAPH_SIZE = 10_000
READER, PASSWORD = "teacher", "Zhitu@2026"


@dataclass
class LoadFigures:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int


async def _seed() -> None:
    """The example data, and a 10,000-node graph in the example project (so the reader sees it)."""
    from bench.graph_engine import synthetic_doc
    from toolkit import db
    from toolkit.bootstrap import initialise
    from toolkit.demo import load_examples
    from toolkit.graphs.store import store_document
    from toolkit.model import Graph, User

    await initialise(None, "root", "bench-pass")  # the SQLite file of ZHITU_HOME
    async with db.opened():
        await load_examples()
        example = await Graph.get(name=EXAMPLE_GRAPH).prefetch_related("project")
        reader = await User.get(user_name=READER)
        await store_document(synthetic_doc(BIG_GRAPH_SIZE, f"图谱{BIG_GRAPH_SIZE}"), example.project, reader)


def _calls(client: httpx.Client, base: str, headers: dict) -> dict[str, str]:
    """Each measured call's path, with the ids of this run's graphs and of a node in the middle."""
    def result(path: str):
        body = client.get(base + path, headers=headers).json()
        assert body["code"] == 0, body
        return body["result"]

    graphs = {item["name"]: item["id"] for item in result("/basic-api/api/graphList/list?pageSize=100")["items"]}
    example, big = graphs[EXAMPLE_GRAPH], graphs[f"图谱{BIG_GRAPH_SIZE}"]
    outline = result(f"/basic-api/api/graph/searchTree?graphId={example}&view=outline")["tree"]
    node = outline["childs"][len(outline["childs"]) // 2]["id"]
    return {
        "graphList/list, pageSize 10": "/basic-api/api/graphList/list?page=1&pageSize=10",
        "searchTree, 154 nodes": f"/basic-api/api/graph/searchTree?graphId={example}",
        f"searchTree, {BIG_GRAPH_SIZE:,} nodes": f"/basic-api/api/graph/searchTree?graphId={big}",
        "getNode": f"/basic-api/api/graph/getNode?graphId={example}&nodeId={node}",
    }


_LATENCY = re.compile(r"^\s*(50|99)(?:\.0+)?%\s+([\d.]+)(us|ms|s)\s*$", re.M)
_UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def parse_wrk(output: str) -> LoadFigures:
    rate = float(re.search(r"Requests/sec:\s*([\d.]+)", output).group(1))
    latency = {int(q): float(v) * _UNIT_MS[u] for q, v, u in _LATENCY.findall(output)}
    errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", output))
    non_2xx = re.search(r"Non-2xx or 3xx responses:\s*(\d+)", output)
    errors += int(non_2xx.group(1)) if non_2xx else 0
    return LoadFigures(rate, latency.get(50, float("nan")), latency.get(99, float("nan")), errors)


def run_wrk(url: str, connections: int, headers: dict | None = None) -> LoadFigures:
    command = ["wrk", "-t", str(min(2, connections)), "-c", str(connections), "-d", f"{SECONDS}s", "--timeout", "10s", "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    output = subprocess.run(command + [url], check=True, stdout=subprocess.PIPE, text=True, timeout=SECONDS + 60).stdout
    return parse_wrk(output)


def settle(client: httpx.Client, url: str, headers: dict | None = None) -> None:
    """Wait until the server has answered what the last run left queued, so runs do not overlap."""
    client.get(url, headers=headers, timeout=300)


def _line(label: str, figures: LoadFigures) -> str:
    if figures.requests_per_second == 0:
        return f"{label:<12} no request answered within the run (errors {figures.errors})"
    return (f"{label:<12} {figures.requests_per_second:9,.0f} req/s  p50 {figures.p50_ms:8.2f} ms  "
            f"p99 {figures.p99_ms:8.2f} ms  errors {figures.errors}")


def bench_load(home: Path) -> None:
    asyncio.run(_seed())
    with zhitu_api(home) as api, httpx.Client(timeout=60) as client:
        login = client.post(f"{api.url}/basic-api/api/Authorize/login", json={"userName": READER, "password": PASSWORD})
        headers = {"Authorization": f"Bearer {login.json()['result']['accessToken']}"}
        calls = _calls(client, api.url, headers)
        wanted = os.environ.get("LOAD_CALLS")
        if wanted:
            calls = {name: path for name, path in calls.items() if any(w.strip() in name for w in wanted.split(","))}
        documents = {}
        for index, path in enumerate(calls.values()):
            documents[str(index)] = client.get(api.url + path, headers=headers).json()
        document_path = home / "plain.json"
        document_path.write_text(json.dumps(documents, ensure_ascii=False), encoding="utf-8")
        with plain_server(document_path) as plain:
            for index, (name, path) in enumerate(calls.items()):
                size = len(json.dumps(documents[str(index)], ensure_ascii=False).encode())
                print(f"\n  {name} ({size / 1024:,.0f} KB)")
                for connections in CONNECTIONS:
                    settle(client, api.url + path, headers)
                    zhitu = run_wrk(api.url + path, connections, headers)
                    settle(client, f"{plain.url}/plain/{index}")
                    baseline = run_wrk(f"{plain.url}/plain/{index}", connections)
                    ratio = zhitu.requests_per_second / baseline.requests_per_second if baseline.requests_per_second else float("nan")
                    print(f"    {connections:>3} conn  {_line('zhitu', zhitu)}   ratio {ratio:5.2f}x")
                    print(f"              {_line('plain route', baseline)}")


def main() -> None:
    print(f"\n== API under load (issue 16): wrk, {SECONDS} s per run, SQLite, "
          f"{os.environ.get('ZHITU_WORKERS', '1')} worker(s), against a plain Sanic route serving the same JSON")
    if shutil.which("wrk") is None:
        print("  skipped: wrk is not installed (apt-get install wrk, or scripts/bootstrap.sh --test)")
        return
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-load-") as tmp:
        home = Path(tmp)
        os.environ["ZHITU_HOME"] = str(home)
        os.environ.pop("ZHITU_DB", None)
        bench_load(home)
