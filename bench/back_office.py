"""Issue 5 figures: getApplyList and getStatisticMetrics with 10,000 applications and 1,000 graphs,
against a plain Sanic route serving the same JSON from memory."""
from __future__ import annotations

import asyncio
import json
import os
import tempfile
from pathlib import Path

import httpx

from bench.servers import plain_server, time_requests, zhitu_api
from bench.stats import report, summary

REQUESTS = 300
GRAPHS, APPLICATIONS, ENTRIES = 1000, 10000, 100


async def _seed() -> None:
    from toolkit import db
    from toolkit.accounts import create_user
    from toolkit.bootstrap import initialise
    from toolkit.model import AuditEvent, Graph, LibraryApply, LibraryEntry, Node, Project, ProjectMember, Template, Unit

    await initialise(admin_user="root", admin_password="bench-pass")
    async with db.opened():
        unit = await Unit.create(name="基准大学")
        users = [await create_user(f"teacher{i}", "bench-pass", "30", unit=unit) for i in range(20)]
        templates = await Template.all()
        projects = [await Project.create(name=f"项目{i}", unit=unit, leader=users[i]) for i in range(20)]
        for index, project in enumerate(projects):
            await ProjectMember.create(project=project, user=users[index], role="10")
        await Graph.bulk_create([
            Graph(name=f"课程图谱 {i:04d}", template=templates[i % len(templates)], project=projects[i % 20],
                  create_user=users[i % 20], release_state=i % 2, node_count=5)
            for i in range(GRAPHS)
        ])
        graphs = await Graph.all().order_by("id")
        await Node.bulk_create([Node(graph_id=g.id, name=f"节点{k}", type="KnowPoint", level=k and 1, order=k)
                                for g in graphs for k in range(5)], batch_size=2000)
        await LibraryEntry.bulk_create([LibraryEntry(graph_id=graphs[i].id, name=graphs[i].name, public_state=4,
                                                     publisher_id=users[i % 20].id) for i in range(ENTRIES)])
        entries = await LibraryEntry.all().order_by("id")
        await LibraryApply.bulk_create([
            LibraryApply(entry_id=entries[i % ENTRIES].id, graph_name=f"申请 {i}", project_id=projects[i % 20].id,
                         create_user_id=users[i % 20].id, receive_user_id=users[(i + 1) % 20].id, remarks="教学使用",
                         state=(0, 2, 3)[i % 3]) for i in range(APPLICATIONS)
        ], batch_size=2000)
        await AuditEvent.bulk_create([AuditEvent(user_id=users[i % 20].id, action="login", target_type="user",
                                                 target_id=str(users[i % 20].id)) for i in range(2000)], batch_size=2000)


def bench_back_office(home: Path) -> list[tuple[str, list[tuple[str, dict]]]]:
    asyncio.run(_seed())
    calls = {
        "getApplyList, page 1 of 10, all 10,000 applications": "/basic-api/api/common/graph/getApplyList?type=1&page=1&size=10",
        "getApplyList, page 1 size 1 for one graph (apply check)": "/basic-api/api/common/graph/getApplyList?type=1&page=1&size=1&graphId={graph}",
        "getStatisticMetrics, whole platform": "/basic-api/api/manage/getStatisticMetrics",
    }
    results = []
    with zhitu_api(home) as api, httpx.Client(timeout=60) as client:
        login = client.post(f"{api.url}/basic-api/api/Authorize/login", json={"userName": "root", "password": "bench-pass"})
        headers = {"Authorization": f"Bearer {login.json()['result']['accessToken']}"}
        first_graph = client.get(f"{api.url}/basic-api/api/common/graph/list?pageSize=1", headers=headers).json()["result"]["items"][0]["graphId"]
        documents, urls = {}, {}
        for index, (name, path) in enumerate(calls.items()):
            urls[name] = api.url + path.format(graph=first_graph)
            body = client.get(urls[name], headers=headers).json()
            assert body["code"] == 0, body
            documents[str(index)] = body
        assert documents["0"]["result"]["total"] == APPLICATIONS
        document_path = home / "plain.json"
        document_path.write_text(json.dumps(documents, ensure_ascii=False), encoding="utf-8")
        with plain_server(document_path) as plain:
            for index, name in enumerate(calls):
                plain_url = f"{plain.url}/plain/{index}"
                time_requests(client, urls[name], 30, headers)
                time_requests(client, plain_url, 30)
                results.append((name, [(name.split(",")[0], summary(time_requests(client, urls[name], REQUESTS, headers))),
                                       ("plain Sanic route, same JSON", summary(time_requests(client, plain_url, REQUESTS)))]))
    return results


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-") as tmp:
        home = Path(tmp)
        os.environ["ZHITU_HOME"] = str(home)
        os.environ.pop("ZHITU_DB", None)
        for name, rows in bench_back_office(home):
            report(f"{name} (10,000 applications, 1,000 graphs, SQLite, {REQUESTS} sequential requests)", rows,
                   "plain Sanic route, same JSON")
