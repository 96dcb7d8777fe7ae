"""Issue 16 figures: the API under concurrent load, next to a plain route serving the same JSON.

`zhitu serve --api-only` on SQLite (a fresh ZHITU_HOME with the example data and a generated
10,000-node graph; ZHITU_WORKERS passes through) and bench/plain_server.py on free loopback ports;
wrk drives both at 1, 32 and 128 connections for graphList, searchTree (the 154-node example graph
and the 10,000-node one) and getNode. Each line gives req/s, p50, p99 and errors, and the ratio of
req/s to the plain route measured in the same run, and the CPU time the server's processes spent per
request (user + system, from /proc: a figure the rest of the machine's load barely moves, unlike
the rates). LOAD_SECONDS (default 5) bounds each run,
LOAD_CONNECTIONS (default "1,32,128") and LOAD_CALLS (names, comma-separated) narrow it;
LOAD_ROUNDS (default 1) runs Zhitu and the plain route back to back that many times and keeps each
one's median run (the machine is shared: one run can swing). Then graphList and searchTree once more
on `zhitu serve --workers 2` (SQLite in WAL mode, both workers on the one file).

`python -m bench load_memory` (only when asked: it takes LOAD_MEMORY_SECONDS, default 300) drives
one server with a mix of reads (lists, trees and nodes in several views and depths, so the answer
cache fills and turns over) and prints the resident memory of the server's processes at the start,
after a minute, at the end, and the most seen.
Skipped, with the reason, when wrk is missing (scripts/bootstrap.sh --test installs it).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

from bench.servers import Server, plain_server, zhitu_api

SECONDS = int(os.environ.get("LOAD_SECONDS", "5"))
CONNECTIONS = tuple(int(c) for c in os.environ.get("LOAD_CONNECTIONS", "1,32,128").split(","))
ROUNDS = max(1, int(os.environ.get("LOAD_ROUNDS", "1")))
MEMORY_SECONDS = int(os.environ.get("LOAD_MEMORY_SECONDS", "300"))
MEMORY_SAMPLE_SECONDS = 5
TWO_WORKER_CALLS = ("graphList/list, pageSize 10", "searchTree, 154 nodes")
TWO_WORKER_CONNECTIONS = 32
EXAMPLE_GRAPH = "数据结构"
BIG_GRAPH_SIZE = 10_000
READER, PASSWORD = "teacher", "Zhitu@2026"


@dataclass
class LoadFigures:
    requests_per_second: float
    p50_ms: float
    p99_ms: float
    errors: int
    requests: int = 0
    cpu_ms_per_request: float = float("nan")  # the server's processes, user + system


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
    requests = re.search(r"^\s*(\d+) requests in", output, re.M)
    return LoadFigures(rate, latency.get(50, float("nan")), latency.get(99, float("nan")), errors,
                       int(requests.group(1)) if requests else 0)


def group_processes(group: int):
    """The /proc entries and stat fields (after the name) of every process in one process group
    (a server, its workers and its mining worker)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue  # the process ended meanwhile
            if int(fields[2]) == group:
                yield entry, fields


def process_group_cpu_seconds(group: int) -> float:
    """User + system CPU seconds of every process in one process group."""
    return sum(int(fields[11]) + int(fields[12]) for _entry, fields in group_processes(group)) / os.sysconf("SC_CLK_TCK")


def run_wrk(url: str, connections: int, headers: dict | None = None, seconds: int | None = None,
            script: Path | None = None, server_group: int | None = None) -> LoadFigures:
    seconds = seconds or SECONDS
    command = ["wrk", "-t", str(min(2, connections)), "-c", str(connections), "-d", f"{seconds}s", "--timeout", "10s", "--latency"]
    for name, value in (headers or {}).items():
        command += ["-H", f"{name}: {value}"]
    if script is not None:
        command += ["-s", str(script)]
    cpu_before = process_group_cpu_seconds(server_group) if server_group else 0.0
    output = subprocess.run(command + [url], check=True, stdout=subprocess.PIPE, text=True, timeout=seconds + 60).stdout
    figures = parse_wrk(output)
    if server_group and figures.requests:
        figures.cpu_ms_per_request = (process_group_cpu_seconds(server_group) - cpu_before) * 1000 / figures.requests
    return figures


def median_run(runs: list[LoadFigures]) -> LoadFigures:
    return sorted(runs, key=lambda figures: figures.requests_per_second)[len(runs) // 2]


def ratio_of(zhitu: LoadFigures, baseline: LoadFigures) -> float:
    return zhitu.requests_per_second / baseline.requests_per_second if baseline.requests_per_second else float("nan")


def settle(client: httpx.Client, url: str, headers: dict | None = None) -> None:
    """Wait until the server has answered what the last run left queued, so runs do not overlap."""
    client.get(url, headers=headers, timeout=300)


def _line(label: str, figures: LoadFigures) -> str:
    if figures.requests_per_second == 0:
        return f"{label:<12} no request answered within the run (errors {figures.errors})"
    return (f"{label:<12} {figures.requests_per_second:9,.0f} req/s  p50 {figures.p50_ms:8.2f} ms  "
            f"p99 {figures.p99_ms:8.2f} ms  errors {figures.errors}  CPU {figures.cpu_ms_per_request:5.2f} ms/req")


def measure(client: httpx.Client, zhitu: Server, plain: Server, zhitu_path: str, plain_path: str, connections: int,
            headers: dict) -> None:
    """Zhitu and the plain route back to back, ROUNDS times; prints the median run of each and, over
    several rounds, each round's ratio. The CPU time the server's processes spent per request does
    not depend on what else the machine runs, unlike the rates."""
    zhitu_runs, plain_runs = [], []
    for _ in range(ROUNDS):
        settle(client, zhitu.url + zhitu_path, headers)
        zhitu_runs.append(run_wrk(zhitu.url + zhitu_path, connections, headers, server_group=zhitu.process.pid))
        settle(client, plain.url + plain_path)
        plain_runs.append(run_wrk(plain.url + plain_path, connections, server_group=plain.process.pid))
    zhitu_figures, baseline = median_run(zhitu_runs), median_run(plain_runs)
    rounds = ""
    if ROUNDS > 1:
        rounds = "  (rounds: " + " ".join(f"{ratio_of(z, b):.2f}x" for z, b in zip(zhitu_runs, plain_runs)) + ")"
    print(f"    {connections:>3} conn  {_line('zhitu', zhitu_figures)}   ratio {ratio_of(zhitu_figures, baseline):5.2f}x{rounds}")
    print(f"              {_line('plain route', baseline)}")


def sign_in(client: httpx.Client, url: str) -> dict:
    login = client.post(f"{url}/basic-api/api/Authorize/login", json={"userName": READER, "password": PASSWORD}, timeout=300)
    return {"Authorization": f"Bearer {login.json()['result']['accessToken']}"}


def warm_up(url: str, headers: dict) -> None:
    """A short run first, so every worker is up and has its caches filled before the measured runs."""
    run_wrk(url, TWO_WORKER_CONNECTIONS, headers, seconds=2)


def bench_load(home: Path) -> None:
    asyncio.run(_seed())
    # Each server's client closes before the server stops: a kept-alive connection would hold up its
    # graceful stop. The plain route serves both servers' runs.
    with contextlib.ExitStack() as stack:
        with zhitu_api(home) as api, httpx.Client(timeout=60) as client:
            headers = sign_in(client, api.url)
            calls = _calls(client, api.url, headers)
            wanted = os.environ.get("LOAD_CALLS")
            if wanted:
                calls = {name: path for name, path in calls.items() if any(w.strip() in name for w in wanted.split(","))}
            documents = {}
            for index, path in enumerate(calls.values()):
                documents[str(index)] = client.get(api.url + path, headers=headers).json()
            document_path = home / "plain.json"
            document_path.write_text(json.dumps(documents, ensure_ascii=False), encoding="utf-8")
            plain = stack.enter_context(plain_server(document_path))
            for index, (name, path) in enumerate(calls.items()):
                size = len(json.dumps(documents[str(index)], ensure_ascii=False).encode())
                print(f"\n  {name} ({size / 1024:,.0f} KB)")
                for connections in CONNECTIONS:
                    measure(client, api, plain, path, f"/plain/{index}", connections, headers)
        two_worker_calls = [(index, name, path) for index, (name, path) in enumerate(calls.items()) if name in TWO_WORKER_CALLS]
        if not two_worker_calls:
            return
        with zhitu_api(home, workers=2) as api, httpx.Client(timeout=60) as client:
            headers = sign_in(client, api.url)
            warm_up(api.url + two_worker_calls[0][2], headers)
            for index, name, path in two_worker_calls:
                print(f"\n  {name}, zhitu serve --workers 2 (SQLite, WAL)")
                measure(client, api, plain, path, f"/plain/{index}", TWO_WORKER_CONNECTIONS, headers)


def _with_wrk_in_fresh_home(prefix: str, run) -> None:
    """run(home) in a fresh ZHITU_HOME on SQLite, or the reason it is skipped."""
    if shutil.which("wrk") is None:
        print("  skipped: wrk is not installed (apt-get install wrk, or scripts/bootstrap.sh --test)")
        return
    with tempfile.TemporaryDirectory(prefix=prefix) as tmp:
        home = Path(tmp)
        os.environ["ZHITU_HOME"] = str(home)
        os.environ.pop("ZHITU_DB", None)
        run(home)


def main() -> None:
    print(f"\n== API under load (issue 16): wrk, {SECONDS} s per run, SQLite, "
          f"{os.environ.get('ZHITU_WORKERS', '1')} worker(s), against a plain Sanic route serving the same JSON")
    _with_wrk_in_fresh_home("zhitu-bench-load-", bench_load)


def _process_group_rss(group: int) -> tuple[int, int]:
    """Resident memory in bytes of every process in one process group, and how many processes."""
    total, count = 0, 0
    for entry, _fields in group_processes(group):
        try:
            rss = re.search(r"^VmRSS:\s+(\d+) kB", (entry / "status").read_text(), re.M)
        except OSError:
            continue
        if rss:
            total += int(rss.group(1)) * 1024
            count += 1
    return total, count


def _mixed_reads(client: httpx.Client, base: str, headers: dict) -> list[str]:
    """Reads of every measured kind in several variants, so the answer cache fills and turns over."""
    calls = _calls(client, base, headers)
    tree_154, tree_big = calls["searchTree, 154 nodes"], calls[f"searchTree, {BIG_GRAPH_SIZE:,} nodes"]
    outline = client.get(base + tree_154 + "&view=outline", headers=headers).json()["result"]["tree"]
    graph_id = tree_154.rsplit("=", 1)[1]
    paths = [f"/basic-api/api/graphList/list?page={page}&pageSize={size}" for page in (1, 2) for size in (5, 10, 50)]
    paths += [f"{tree}{view}{depth}" for tree in (tree_154, tree_big) for view in ("", "&view=outline")
              for depth in ("", "&depth=1", "&depth=2")]
    paths += [f"/basic-api/api/graph/getNode?graphId={graph_id}&nodeId={child['id']}" for child in outline["childs"]]
    return paths


def bench_memory(home: Path) -> None:
    asyncio.run(_seed())
    with zhitu_api(home) as api, httpx.Client(timeout=60) as client:
        headers = sign_in(client, api.url)
        paths = _mixed_reads(client, api.url, headers)
        script = home / "mixed_reads.lua"
        script.write_text("paths = {" + ", ".join(json.dumps(path) for path in paths) + "}\ncounter = 0\n"
                          "request = function()\n  counter = counter + 1\n"
                          "  return wrk.format(\"GET\", paths[(counter % #paths) + 1])\nend\n", encoding="utf-8")
        group = api.process.pid
        cpu_before = process_group_cpu_seconds(group)
        print(f"  {len(paths)} different reads in turn, 32 connections, {MEMORY_SECONDS} s; "
              f"RSS of the server's processes every {MEMORY_SAMPLE_SECONDS} s")
        with subprocess.Popen(["wrk", "-t", "2", "-c", "32", "-d", f"{MEMORY_SECONDS}s", "--timeout", "10s", "--latency",
                               "-H", f"Authorization: {headers['Authorization']}", "-s", str(script), api.url],
                              stdout=subprocess.PIPE, text=True) as load:
            started = time.monotonic()
            samples: list[tuple[float, int, int]] = []
            while load.poll() is None:
                rss, count = _process_group_rss(group)
                samples.append((time.monotonic() - started, rss, count))
                time.sleep(MEMORY_SAMPLE_SECONDS)
            output = load.stdout.read()
        figures = parse_wrk(output)
        if figures.requests:
            figures.cpu_ms_per_request = (process_group_cpu_seconds(group) - cpu_before) * 1000 / figures.requests
    print(f"  {_line('load', figures)}")
    if not samples:
        print("  no memory sample taken")
        return
    minute = next((sample for sample in samples if sample[0] >= 60), samples[-1])
    highest = max(samples, key=lambda sample: sample[1])
    mib = 1024 * 1024
    print(f"  RSS at start   {samples[0][1] / mib:8.1f} MiB  ({samples[0][2]} processes)")
    print(f"  after {minute[0]:4.0f} s   {minute[1] / mib:8.1f} MiB")
    print(f"  at end ({samples[-1][0]:.0f} s) {samples[-1][1] / mib:8.1f} MiB  ({samples[-1][2]} processes)")
    print(f"  most seen      {highest[1] / mib:8.1f} MiB  at {highest[0]:.0f} s")
    print(f"  growth from the first minute to the end: {(samples[-1][1] - minute[1]) / mib:+.1f} MiB")


def memory_main() -> None:
    print(f"\n== API memory under load (issue 16): {MEMORY_SECONDS} s of mixed reads, SQLite, "
          f"{os.environ.get('ZHITU_WORKERS', '1')} worker(s)")
    _with_wrk_in_fresh_home("zhitu-bench-memory-", bench_memory)
