"""Issue figures for the foundation: `zhitu init` on SQLite, and the graph list against a plain route."""
from __future__ import annotations

import asyncio
import json
import os
import tempfile
from pathlib import Path

import httpx

from bench.servers import plain_server, time_requests, zhitu_api
from bench.stats import Timer, report, summary

REQUESTS = 500
PAGE_SIZES = (10, 1000)


def bench_init(home: Path) -> float:
    from toolkit.bootstrap import initialise

    with Timer() as timer:
        asyncio.run(initialise(f"sqlite://{home / 'init.sqlite3'}", "root", "secret123"))
    return timer.seconds


async def _seed() -> None:
    from toolkit import db
    from toolkit.accounts import create_user
    from toolkit.bootstrap import initialise
    from toolkit.model import Graph, Project, ProjectMember, Template, Unit

    await initialise()
    async with db.opened():
        unit = await Unit.create(name="基准大学")
        user = await create_user("bench", "bench-pass", "30", unit=unit)
        templates = await Template.all()
        projects = [await Project.create(name=f"项目{i}", unit=unit) for i in range(10)]
        for project in projects:
            await ProjectMember.create(project=project, user=user, role="10")
        await Graph.bulk_create([
            Graph(name=f"课程图谱 {i:04d}", template=templates[i % len(templates)], project=projects[i % 10],
                  create_user=user, release_state=i % 2, author_ids=[user.id], node_count=i)
            for i in range(1000)
        ])


def bench_graph_list(home: Path) -> list[tuple[str, list[tuple[str, dict]]]]:
    asyncio.run(_seed())
    results = []
    with zhitu_api(home) as api, httpx.Client(timeout=30) as client:
        login = client.post(f"{api.url}/basic-api/api/Authorize/login", json={"userName": "bench", "password": "bench-pass"})
        headers = {"Authorization": f"Bearer {login.json()['result']['accessToken']}"}
        documents = {}
        for size in PAGE_SIZES:
            body = client.get(f"{api.url}/basic-api/api/graphList/list?page=1&pageSize={size}", headers=headers).json()
            assert body["result"]["total"] == 1000
            documents[str(size)] = body
        document_path = home / "plain.json"
        document_path.write_text(json.dumps(documents, ensure_ascii=False), encoding="utf-8")
        with plain_server(document_path) as plain:
            for size in PAGE_SIZES:
                api_url = f"{api.url}/basic-api/api/graphList/list?page=1&pageSize={size}"
                plain_url = f"{plain.url}/plain/{size}"
                time_requests(client, api_url, 50, headers)  # warm-up
                time_requests(client, plain_url, 50)
                api_samples = summary(time_requests(client, api_url, REQUESTS, headers))
                plain_samples = summary(time_requests(client, plain_url, REQUESTS))
                results.append((str(size), [("GET /api/graphList/list", api_samples),
                                            ("plain Sanic route, same JSON from memory", plain_samples)]))
    return results


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-") as tmp:
        home = Path(tmp)
        os.environ["ZHITU_HOME"] = str(home)
        os.environ.pop("ZHITU_DB", None)
        init_seconds = bench_init(home)
        print(f"\n== zhitu init on SQLite (fresh database, migrations + built-ins + admin): {init_seconds:.2f} s")
        for size, rows in bench_graph_list(home):
            report(f"graph list of a user who sees 1,000 graphs, pageSize={size}, HTTP on loopback, {REQUESTS} sequential requests",
                   rows, "plain Sanic route, same JSON from memory")
