"""Knowledge mining over the API: text materials, tasks claimed by a worker, review into a graph."""
import asyncio
import io
import json
import zipfile

import pytest

from toolkit.graphs.crud import create_graph
from toolkit.mining import tasks
from toolkit.model import MiningResult, MiningTask, Node, Relation, Template, TextSource

E = "/basic-api/api/excavate"
COURSE = """第一章 数据结构概述
数据结构是指相互之间存在一种或多种特定关系的数据元素的集合。
1.1 线性表
线性表是由n个数据元素组成的有限序列。栈是一种后进先出的线性表。队列是指先进先出的线性表。
1.2 树和二叉树
所谓二叉树，是指每个结点最多有两个子树的树结构。二叉树的遍历包括先序遍历、中序遍历和后序遍历。
学习二叉树之前需要先掌握线性表。
第二章 图
图的遍历方法有深度优先搜索和广度优先搜索。
"""


async def _graph(people, name="数据结构"):
    template = await Template.get(code="teaching")
    return await create_graph(people["users"]["expert"], name, template.id, people["projects"]["a"].id)


async def _upload(api, token, name, data, **form):
    return await api.call("POST", f"{E}/textSource", token, files={"file": (name, data)},
                          data={k: str(v) for k, v in form.items()})


async def _run_queue():
    await tasks.work(concurrency=1, once=True, poll_seconds=0.05)


async def test_upload_text_keeps_offsets_and_lists(api, people):
    graph = await _graph(people)
    token = await api.login("expert")
    status, body = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    assert status == 200 and body["code"] == 0, body
    source = body["result"]
    assert source["state"] == "ready" and source["graphId"] == graph.id and source["charCount"] > 100
    _, detail = await api.call("GET", f"{E}/textSource/{source['id']}", token)
    text = detail["result"]["text"]
    first = detail["result"]["paragraphs"][1]
    assert text[first["start"]:first["end"]].startswith("数据结构是指")
    _, listed = await api.call("GET", f"{E}/textSource/list?graphId={graph.id}", token)
    assert listed["result"]["total"] == 1 and listed["result"]["items"][0]["name"] == "课程.txt"
    # Someone outside the project sees neither the list entry nor the source.
    outsider = await api.login("outsider")
    _, hidden = await api.call("GET", f"{E}/textSource/list", outsider)
    assert hidden["result"]["total"] == 0
    status, _ = await api.call("GET", f"{E}/textSource/{source['id']}", outsider)
    assert status == 403
    _, compare = await api.call("GET", f"{E}/textSource/{source['id']}/compare", token)
    lines = compare["result"]["pages"][0]["lines"]
    assert lines[0]["text"] == text[lines[0]["start"]:lines[0]["end"]]


def _docx_with_headings() -> bytes:
    import docx

    document = docx.Document()
    document.add_heading("第一章 力学基础", level=1)
    document.add_paragraph("力是物体对物体的作用。")
    document.add_heading("1.1 牛顿第一定律", level=2)
    document.add_paragraph("惯性是指物体保持原有运动状态不变的性质。")
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


async def test_docx_headings_become_the_catalogue(api, people):
    token = await api.login("expert")
    _, body = await _upload(api, token, "力学.docx", _docx_with_headings())
    assert body["code"] == 0, body
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "catalogue", "sourceIds": [body["result"]["id"]]})
    assert task["code"] == 0 and task["result"]["state"] == "queued"
    await _run_queue()
    _, results = await api.call("GET", f"{E}/result/list?taskIds={task['result']['id']}&pageSize=50", token)
    titles = [(r["payload"]["level"], r["payload"]["title"]) for r in sorted(results["result"]["items"], key=lambda r: r["payload"]["index"])]
    assert titles == [(1, "第一章 力学基础"), (2, "1.1 牛顿第一定律")]
    assert all(r["payload"]["method"] == "styles" for r in results["result"]["items"])


@pytest.mark.parametrize("name, data, fragment", [
    ("notes.exe", b"MZ...", "notes.exe"),
    ("empty.txt", b"", "empty.txt"),
    ("blank.txt", "\n  \n".encode(), "blank.txt"),
    ("fake.docx", b"PK\x03\x04 not really a zip", "fake.docx"),
    ("binary.txt", b"\x00\x01\x02\x03" * 10, "binary.txt"),
    ("broken.pdf", b"%PDF-1.4 broken", "broken.pdf"),
])
async def test_bad_uploads_are_refused_and_leave_nothing(api, people, name, data, fragment):
    token = await api.login("expert")
    status, body = await _upload(api, token, name, data)
    assert status == 200 and body["code"] == 1 and fragment in body["message"], body
    assert await TextSource.all().count() == 0


async def test_a_renamed_zip_is_not_a_word_file(api, people):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("readme.txt", "hello")
    token = await api.login("expert")
    _, body = await _upload(api, token, "renamed.docx", buffer.getvalue(), )
    assert body["code"] == 1 and "renamed.docx" in body["message"]
    assert await TextSource.all().count() == 0


async def test_an_oversized_text_is_refused(api, people):
    token = await api.login("expert")
    _, body = await _upload(api, token, "huge.txt", "字".encode("utf-8") * (21 * 1024 * 1024 // 3 + 10))
    assert body["code"] == 1 and "huge.txt" in body["message"]
    assert await TextSource.all().count() == 0


async def test_an_image_without_text_is_refused(api, people):
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (400, 200), "white").save(buffer, "PNG")
    token = await api.login("expert")
    _, body = await _upload(api, token, "blank.png", buffer.getvalue())
    assert body["code"] == 1 and "blank.png" in body["message"], body
    assert await TextSource.all().count() == 0


async def test_points_task_runs_and_results_point_back(api, people):
    graph = await _graph(people)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    source_id = source["result"]["id"]
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source_id], "graphId": graph.id})
    task_id = task["result"]["id"]
    await _run_queue()
    _, detail = await api.call("GET", f"{E}/task/{task_id}", token)
    assert detail["result"]["state"] == "done" and detail["result"]["progress"] == 100
    _, results = await api.call("GET", f"{E}/result/list?graphIds={graph.id}&kind=points&pageSize=100", token)
    items = results["result"]["items"]
    terms = [r["payload"]["term"] for r in items]
    assert "线性表" in terms and "二叉树" in terms
    text = (await TextSource.get(id=source_id)).text
    for item in items:
        location = item["location"]
        assert text[location["start"]:location["end"]] == item["payload"]["term"]
    _, listed = await api.call("GET", f"{E}/task/list?graphId={graph.id}&kind=points", token)
    assert listed["result"]["total"] == 1 and listed["result"]["items"][0]["resultCounts"]["pending"] == len(items)


async def test_accepting_points_definitions_relations_and_catalogue(api, people):
    graph = await _graph(people)
    root = await Node.get(graph_id=graph.id, parent_id=None)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    source_id = source["result"]["id"]
    ids = {}
    for kind in ("catalogue", "points", "definitions"):
        _, task = await api.call("POST", f"{E}/task", token, json={"kind": kind, "sourceIds": [source_id], "graphId": graph.id})
        ids[kind] = task["result"]["id"]
    await _run_queue()

    # The catalogue becomes a subtree under the root, keeping its shape and its source.
    _, accepted = await api.call("POST", f"{E}/result/acceptAbove", token, json={"taskId": ids["catalogue"], "minScore": 0})
    assert accepted["code"] == 0 and accepted["result"]["accepted"] == 4, accepted
    chapter = await Node.get(graph_id=graph.id, name="第一章 数据结构概述")
    assert chapter.parent_id == root.id and chapter.origin["sourceId"] == source_id
    assert {n.name for n in await Node.filter(parent_id=chapter.id)} == {"1.1 线性表", "1.2 树和二叉树"}

    # Points go under the chosen catalogue node.
    section = await Node.get(graph_id=graph.id, name="1.1 线性表")
    rows = await MiningResult.filter(task_id=ids["points"]).all()
    picked = [r.id for r in rows if r.payload["term"] in ("线性表", "二叉树", "栈")]
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": picked, "parentNodeId": section.id})
    assert accepted["code"] == 0, accepted
    made = {n.name: n for n in await Node.filter(parent_id=section.id)}
    assert {"线性表", "二叉树"} <= set(made) and made["线性表"].type == "KnowPoint"
    assert made["线性表"].origin["sourceId"] == source_id and made["线性表"].origin["start"] is not None

    # A definition goes into the define of the node named like its term.
    definitions = await MiningResult.filter(task_id=ids["definitions"]).all()
    binary = next(r for r in definitions if r.payload["term"] == "二叉树")
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [binary.id]})
    assert accepted["code"] == 0, accepted
    assert (await Node.get(id=made["二叉树"].id)).define.startswith("所谓二叉树")

    # Accepted results cannot be accepted or edited again.
    _, again = await api.call("POST", f"{E}/result/accept", token, json={"ids": [binary.id]})
    assert again["code"] == 1

    # Relations among the graph's points (the graph's names are the points).
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "relations", "sourceIds": [source_id], "graphId": graph.id})
    await _run_queue()
    _, relations = await api.call("GET", f"{E}/result/list?taskIds={task['result']['id']}&pageSize=100", token)
    behind = [r for r in relations["result"]["items"] if r["payload"]["type"] == "Behind"]
    assert behind and behind[0]["payload"]["start"] == "线性表" and behind[0]["payload"]["target"] == "二叉树"
    assert "学习二叉树之前" in behind[0]["payload"]["sentence"]
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [behind[0]["id"]]})
    assert accepted["code"] == 0, accepted
    assert await Relation.filter(graph_id=graph.id, relation_type="Behind", start_node_id=made["线性表"].id,
                                 target_node_id=made["二叉树"].id).exists()


async def test_a_bad_accept_writes_nothing(api, people):
    graph = await _graph(people)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "definitions", "sourceIds": [source["result"]["id"]], "graphId": graph.id})
    _, points_task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]], "graphId": graph.id})
    await _run_queue()
    point = next(r for r in await MiningResult.filter(task_id=points_task["result"]["id"]) if r.payload["term"] == "线性表")
    definition = next(r for r in await MiningResult.filter(task_id=task["result"]["id"]) if r.payload["term"] == "队列")
    before = await Node.filter(graph_id=graph.id).count()
    # The point would be placed, but the definition has no node of its name: all or nothing.
    _, body = await api.call("POST", f"{E}/result/accept", token, json={"ids": [point.id, definition.id], "graphId": graph.id})
    assert body["code"] == 1
    assert await Node.filter(graph_id=graph.id).count() == before
    assert (await MiningResult.get(id=point.id)).state == "pending"


async def test_edit_reject_and_who_may_accept(api, people):
    graph = await _graph(people)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]], "graphId": graph.id})
    await _run_queue()
    rows = await MiningResult.filter(task_id=task["result"]["id"]).order_by("id")
    _, edited = await api.call("PUT", f"{E}/result/{rows[0].id}", token, json={"term": "顺序表"})
    assert edited["result"]["state"] == "edited" and edited["result"]["payload"]["term"] == "顺序表"
    assert edited["result"]["original"]["term"] == rows[0].payload["term"]
    _, bad = await api.call("PUT", f"{E}/result/{rows[0].id}", token, json={"score": 1})
    assert bad["code"] == 1
    _, rejected = await api.call("POST", f"{E}/result/reject", token, json={"ids": [rows[1].id]})
    assert rejected["result"]["rejected"] == 1
    # The tester may look but not write into the graph.
    tester = await api.login("tester")
    status, body = await api.call("POST", f"{E}/result/accept", tester, json={"ids": [rows[0].id]})
    assert status == 403 and body.get("reason") != "role"
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [rows[0].id]})
    assert accepted["code"] == 0
    assert await Node.filter(graph_id=graph.id, name="顺序表").exists()


async def test_task_on_a_deleted_source_fails_and_can_be_retried(api, people):
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"))
    source_id = source["result"]["id"]
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source_id]})
    task_id = task["result"]["id"]
    _, deleted = await api.call("DELETE", f"{E}/textSource/{source_id}", token)
    assert deleted["code"] == 0
    await _run_queue()
    _, detail = await api.call("GET", f"{E}/task/{task_id}", token)
    assert detail["result"]["state"] == "failed" and str(source_id) in detail["result"]["error"]
    assert await MiningResult.filter(task_id=task_id).count() == 0
    _, retried = await api.call("POST", f"{E}/task/{task_id}/retry", token)
    assert retried["result"]["state"] == "queued" and retried["result"]["error"] == ""
    _, again = await api.call("POST", f"{E}/task/{task_id}/retry", token)
    assert again["code"] == 1


async def test_bad_task_requests(api, people):
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"))
    for payload in ({"kind": "poems", "sourceIds": [source["result"]["id"]]}, {"kind": "points", "sourceIds": []},
                    {"kind": "points", "sourceIds": ["1"]}, {"kind": "points", "sourceIds": [999999]},
                    *({"kind": "relations", "sourceIds": [source["result"]["id"]], "params": {"minScore": bad}}
                      for bad in (1.5, -0.1, "0.5", True)),
                    # A parameter the miners do not read is refused, not stored and ignored.
                    *({"kind": "points", "sourceIds": [source["result"]["id"]], "params": params}
                      for params in ({"importance": True}, {"limit": 0}, {"limit": "10"}, {"limit": 5000}, {"limit": True},
                                     {"backend": "gpt"}, [1], {"minScore": 0})),
                    # Each kind takes only what its miner reads: no limit for definitions or relations.
                    {"kind": "definitions", "sourceIds": [source["result"]["id"]], "params": {"limit": 5}},
                    {"kind": "relations", "sourceIds": [source["result"]["id"]], "params": {"limit": 5}}):
        _, body = await api.call("POST", f"{E}/task", token, json=payload)
        assert body["code"] == 1, payload
    _, body = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]],
                                                              "params": {"importance": True}})
    assert "params.importance" in body["message"]
    assert await MiningTask.all().count() == 0
    _, made = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]],
                                                              "params": {"limit": 5}})
    assert made["code"] == 0 and made["result"]["params"] == {"limit": 5}
    _, made = await api.call("POST", f"{E}/task", token, json={"kind": "definitions", "sourceIds": [source["result"]["id"]],
                                                              "params": {"backend": "offline"}})
    assert made["code"] == 0 and made["result"]["params"] == {"backend": "offline"}


async def test_a_relations_task_may_ask_for_less_sure_evidence(api, people):
    """By default a relations task says only kinds of evidence right at least 0.6 of the time on fresh text;
    minScore 0 keeps every relation, ranked by that confidence (a list's Contain comes back:
    图的遍历方法有深度优先搜索和广度优先搜索)."""
    graph = await _graph(people)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    contains = {}
    for params in ({}, {"minScore": 0}):
        _, task = await api.call("POST", f"{E}/task", token, json={"kind": "relations", "sourceIds": [source["result"]["id"]],
                                                                     "graphId": graph.id, "params": params})
        assert task["code"] == 0, task
        await _run_queue()
        _, listed = await api.call("GET", f"{E}/result/list?taskIds={task['result']['id']}&pageSize=100", token)
        items = listed["result"]["items"]
        assert items and all(r["score"] >= params.get("minScore", 0.6) for r in items)
        # The task says whether the less sure kinds were left out (an empty review tells the reviewer).
        _, detail = await api.call("GET", f"{E}/task/{task['result']['id']}", token)
        assert detail["result"]["lessSureLeftOut"] is (params.get("minScore") != 0)
        contains[str(params)] = {(r["payload"]["start"], r["payload"]["target"]) for r in items if r["payload"]["type"] == "Contain"}
    assert ("遍历方法", "深度优先搜索") in contains[str({"minScore": 0})]
    assert ("遍历方法", "深度优先搜索") not in contains[str({})]


async def test_cancel_queued_and_running_tasks(api, people):
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"))
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]]})
    task_id = task["result"]["id"]
    _, cancelled = await api.call("POST", f"{E}/task/{task_id}/cancel", token)
    assert cancelled["result"]["state"] == "cancelled"
    assert await tasks.claim_next("w1") is None  # a cancelled task is never claimed
    await api.call("POST", f"{E}/task/{task_id}/retry", token)
    claimed = await tasks.claim_next("w1")
    assert claimed.id == task_id and claimed.state == "running" and claimed.attempts == 1
    await api.call("POST", f"{E}/task/{task_id}/cancel", token)
    # The worker finds out at its next progress report and keeps nothing.
    await tasks.run_task(claimed, "w1")
    assert (await MiningTask.get(id=task_id)).state == "cancelled"
    assert await MiningResult.filter(task_id=task_id).count() == 0


async def test_two_workers_never_claim_one_task(api, people):
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"))
    for _ in range(3):
        await api.call("POST", f"{E}/task", token, json={"kind": "catalogue", "sourceIds": [source["result"]["id"]]})
    claims = await asyncio.gather(*(tasks.claim_next(f"w{i}") for i in range(6)))
    claimed = [c.id for c in claims if c is not None]
    assert len(claimed) == len(set(claimed)) == 3


async def test_dictionary_terms_are_kept_whole(api, people):
    graph = await _graph(people)
    token = await api.login("expert")
    _, saved = await api.call("PUT", f"{E}/dictionary", token, json={"graphId": graph.id, "terms": ["后进先出", " 先进先出 ", ""]})
    assert saved["result"]["terms"] == ["后进先出", "先进先出"]
    _, read = await api.call("GET", f"{E}/dictionary?graphId={graph.id}", token)
    assert read["result"]["terms"] == ["后进先出", "先进先出"]
    _, bad = await api.call("PUT", f"{E}/dictionary", token, json={"terms": ["x"]})
    assert bad["code"] == 1
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]], "graphId": graph.id})
    await _run_queue()
    terms = {r.payload["term"] for r in await MiningResult.filter(task_id=task["result"]["id"])}
    assert "后进先出" in terms


async def test_source_bank_is_for_managers(api, people):
    token = await api.login("expert")
    await _upload(api, token, "课程.txt", COURSE.encode("utf-8"))
    admin = await api.login("admin")
    _, bank = await api.call("GET", f"{E}/textSource/bank", admin)
    assert bank["result"]["total"] == 1
    status, body = await api.call("GET", f"{E}/textSource/bank", token)
    assert status == 403 and body["reason"] == "role"


async def _websocket(app, path: str, query: str) -> list:
    """Drive the app's websocket over ASGI (as a browser would) until the server closes it."""
    inbox: asyncio.Queue = asyncio.Queue()
    await inbox.put({"type": "websocket.connect"})
    sent: list = []
    closed = asyncio.Event()

    async def receive():
        if closed.is_set():
            return {"type": "websocket.disconnect", "code": 1000}
        return await inbox.get()

    async def send(message):
        sent.append(message)
        if message["type"] == "websocket.close":
            closed.set()
            await inbox.put({"type": "websocket.disconnect", "code": 1000})

    scope = {"type": "websocket", "asgi": {"version": "3.0"}, "scheme": "ws", "http_version": "1.1", "path": path,
             "raw_path": path.encode(), "query_string": query.encode(), "root_path": "", "headers": [(b"host", b"zhitu.test")],
             "client": ("127.0.0.1", 1234), "server": ("zhitu.test", 80), "subprotocols": []}
    await asyncio.wait_for(app(scope, receive, send), timeout=60)
    return [json.loads(m.get("text") or m.get("bytes")) for m in sent if m["type"] == "websocket.send"]


async def test_progress_streams_over_a_websocket(api, app, people):
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"))
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]]})
    task_id = task["result"]["id"]
    watching = asyncio.create_task(_websocket(app, f"{E}/task/{task_id}/progress", f"token={token}"))
    await asyncio.sleep(0.3)
    await _run_queue()
    frames = await watching
    assert frames[0]["state"] == "queued" and frames[-1] == {"id": task_id, "state": "done", "progress": 100, "error": ""}
    # Without a valid token the socket says why and closes.
    refused = await _websocket(app, f"{E}/task/{task_id}/progress", "token=forged")
    assert refused and refused[0]["code"] == 1
    outsider = await api.login("outsider")
    refused = await _websocket(app, f"{E}/task/{task_id}/progress", f"token={outsider}")
    assert refused[0]["code"] == 1


async def test_a_cancel_stops_a_long_source_between_batches(api, people):
    token = await api.login("expert")
    _, source = await _upload(api, token, "长课程.txt", (COURSE * 200).encode("utf-8"))
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source["result"]["id"]]})
    task_id = task["result"]["id"]
    claimed = await tasks.claim_next("w1")
    running = asyncio.create_task(tasks.run_task(claimed, "w1"))
    while (await MiningTask.get(id=task_id)).progress <= 5:  # progress moves inside the one source
        assert not running.done()
        await asyncio.sleep(0.05)
    await api.call("POST", f"{E}/task/{task_id}/cancel", token)
    await running
    stopped = await MiningTask.get(id=task_id)
    assert stopped.state == "cancelled" and stopped.progress < 100
    assert await MiningResult.filter(task_id=task_id).count() == 0


async def test_a_pdf_without_text_or_ocr_result_is_refused(api, people):
    from PIL import Image

    buffer = io.BytesIO()
    Image.new("RGB", (600, 800), "white").save(buffer, "PDF")
    token = await api.login("expert")
    _, body = await _upload(api, token, "scan.pdf", buffer.getvalue())
    assert body["code"] == 1 and "scan.pdf" in body["message"], body
    assert await TextSource.all().count() == 0


async def test_a_catalogue_becomes_a_new_graph(api, people):
    from toolkit.model import Graph

    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"))
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "catalogue", "sourceIds": [source["result"]["id"]]})
    await _run_queue()
    project = people["projects"]["a"].id
    _, made = await api.call("POST", f"{E}/result/acceptAsGraph", token,
                             json={"taskId": task["result"]["id"], "name": "数据结构（目录）", "projectId": project})
    assert made["code"] == 0 and made["result"]["accepted"] == 4, made
    graph = await Graph.get(id=made["result"]["graphId"])
    root = await Node.get(graph_id=graph.id, parent_id=None)
    chapters = await Node.filter(parent_id=root.id).order_by("order")
    assert graph.name == "数据结构（目录）" and [c.name for c in chapters] == ["第一章 数据结构概述", "第二章 图"]
    # Once accepted, there is nothing left to make a graph from, and no empty graph is left behind.
    before = await Graph.all().count()
    _, again = await api.call("POST", f"{E}/result/acceptAsGraph", token,
                              json={"taskId": task["result"]["id"], "name": "再来一次", "projectId": project})
    assert again["code"] == 1 and await Graph.all().count() == before


async def test_a_source_moves_to_another_graph_and_its_mined_results_stay(api, people):
    first = await _graph(people, "数据结构")
    second = await _graph(people, "算法")
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=first.id)
    source_id = source["result"]["id"]
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "points", "sourceIds": [source_id], "graphId": first.id})
    await _run_queue()

    status, moved = await api.call("PUT", f"{E}/textSource/{source_id}/graph", token, json={"graphId": second.id})
    assert status == 200 and moved["result"]["graphId"] == second.id, moved
    _, listed = await api.call("GET", f"{E}/textSource/list?graphId={second.id}", token)
    assert [s["id"] for s in listed["result"]["items"]] == [source_id]
    _, old_list = await api.call("GET", f"{E}/textSource/list?graphId={first.id}", token)
    assert old_list["result"]["total"] == 0
    # The task keeps its graph; its results stay reviewable there, each with its passage.
    _, detail = await api.call("GET", f"{E}/task/{task['result']['id']}", token)
    assert detail["result"]["graphId"] == first.id
    _, results = await api.call("GET", f"{E}/result/list?graphIds={first.id}&kind=points&pageSize=5", token)
    item = results["result"]["items"][0]
    assert item["passage"]["match"] == item["payload"]["term"]

    status, unbound = await api.call("PUT", f"{E}/textSource/{source_id}/graph", token, json={"graphId": None})
    assert status == 200 and unbound["result"]["graphId"] is None
    # Still the project's: its members keep seeing it.
    assert unbound["result"]["projectId"] == people["projects"]["a"].id
    assert await MiningResult.filter(task_id=task["result"]["id"]).count() == results["result"]["total"]


async def test_who_may_move_a_source_and_where(api, people):
    graph = await _graph(people)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    source_id = source["result"]["id"]
    # The tester sees the source (same project) but neither owns it nor may edit graphs.
    tester = await api.login("tester")
    status, _ = await api.call("PUT", f"{E}/textSource/{source_id}/graph", tester, json={"graphId": None})
    assert status == 403
    # The outsider may not see it at all; nor may the expert move it onto the outsider's graph.
    outsider_graph = await create_graph(people["users"]["outsider"], "别人的", (await Template.get(code="teaching")).id,
                                        people["projects"]["b"].id)
    outsider = await api.login("outsider")
    status, _ = await api.call("PUT", f"{E}/textSource/{source_id}/graph", outsider, json={"graphId": outsider_graph.id})
    assert status == 403
    status, _ = await api.call("PUT", f"{E}/textSource/{source_id}/graph", token, json={"graphId": outsider_graph.id})
    assert status == 403
    # Bad input: no graphId, a graph that does not exist, a source that does not exist.
    _, body = await api.call("PUT", f"{E}/textSource/{source_id}/graph", token, json={})
    assert body["code"] == 1
    _, body = await api.call("PUT", f"{E}/textSource/{source_id}/graph", token, json={"graphId": "x"})
    assert body["code"] == 1
    _, body = await api.call("PUT", f"{E}/textSource/{source_id}/graph", token, json={"graphId": 999999})
    assert body["code"] == 1
    _, body = await api.call("PUT", f"{E}/textSource/999999/graph", token, json={"graphId": graph.id})
    assert body["code"] == 1
    status, _ = await api.call("PUT", f"{E}/textSource/{source_id}/graph", None, json={"graphId": None})
    assert status == 401
    # None of that moved it; the unit's admin may.
    assert (await TextSource.get(id=source_id)).graph_id == graph.id
    admin = await api.login("admin")
    status, body = await api.call("PUT", f"{E}/textSource/{source_id}/graph", admin, json={"graphId": None})
    assert status == 200 and body["result"]["graphId"] is None


async def test_a_belong_result_follows_the_node_its_reviewer_names(api, people):
    graph = await _graph(people)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    source_id = source["result"]["id"]
    _, catalogue = await api.call("POST", f"{E}/task", token, json={"kind": "catalogue", "sourceIds": [source_id], "graphId": graph.id})
    await _run_queue()
    await api.call("POST", f"{E}/result/acceptAbove", token, json={"taskId": catalogue["result"]["id"], "minScore": 0})
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "belong", "sourceIds": [source_id], "graphId": graph.id})
    await _run_queue()
    row = (await MiningResult.filter(task_id=task["result"]["id"]).order_by("-score").first())
    _, bad = await api.call("PUT", f"{E}/result/{row.id}", token, json={"nodeName": "没有这个节点"})
    assert bad["code"] == 1 and "没有这个节点" in bad["message"]
    assert (await MiningResult.get(id=row.id)).state == "pending"
    _, edited = await api.call("PUT", f"{E}/result/{row.id}", token, json={"nodeName": "第二章 图"})
    chapter = await Node.get(graph_id=graph.id, name="第二章 图")
    assert edited["result"]["payload"]["nodeKey"] == chapter.id and edited["result"]["targetNodeId"] == chapter.id
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [row.id]})
    assert accepted["code"] == 0, accepted
    assert (await Node.get(id=accepted["result"]["nodeIds"][0])).parent_id == chapter.id


async def test_a_belong_result_follows_the_node_its_reviewer_picks_by_id(api, people):
    """The review's node picker sends the node's id: it must be a node of the task's graph, and the
    placement and the shown name follow it; anything else is refused and changes nothing."""
    graph = await _graph(people)
    other = await _graph(people)
    token = await api.login("expert")
    _, source = await _upload(api, token, "课程.txt", COURSE.encode("utf-8"), graphId=graph.id)
    source_id = source["result"]["id"]
    _, catalogue = await api.call("POST", f"{E}/task", token, json={"kind": "catalogue", "sourceIds": [source_id], "graphId": graph.id})
    await _run_queue()
    await api.call("POST", f"{E}/result/acceptAbove", token, json={"taskId": catalogue["result"]["id"], "minScore": 0})
    _, task = await api.call("POST", f"{E}/task", token, json={"kind": "belong", "sourceIds": [source_id], "graphId": graph.id})
    await _run_queue()
    row = (await MiningResult.filter(task_id=task["result"]["id"]).order_by("-score").first())
    foreign = await Node.filter(graph_id=other.id).first()
    for bad_key in (foreign.id, 999999, "1", True, None):
        _, bad = await api.call("PUT", f"{E}/result/{row.id}", token, json={"nodeKey": bad_key, "nodeName": "第二章 图"})
        assert bad["code"] == 1, bad_key
    unchanged = await MiningResult.get(id=row.id)
    assert unchanged.state == "pending" and unchanged.edited_payload is None
    chapter = await Node.get(graph_id=graph.id, name="第二章 图")
    _, edited = await api.call("PUT", f"{E}/result/{row.id}", token, json={"nodeKey": chapter.id, "nodeName": "随便写的名字"})
    assert edited["code"] == 0, edited
    assert edited["result"]["payload"]["nodeName"] == "第二章 图" and edited["result"]["targetNodeId"] == chapter.id
    status, _ = await api.call("PUT", f"{E}/result/{row.id}", None, json={"nodeKey": chapter.id})
    assert status == 401
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [row.id]})
    assert accepted["code"] == 0, accepted
    assert (await Node.get(id=accepted["result"]["nodeIds"][0])).parent_id == chapter.id
