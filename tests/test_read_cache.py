"""Graph reads through the read cache (toolkit.graphs.read_cache): never stale after a write, in
this process or another; rights are part of the key; a 304 only for the same rights and revision."""
from __future__ import annotations

import asyncio
import os
import time
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest

from toolkit.graphs import read_cache
from toolkit.model import Template, User
from tests.servers import serving

G = "/basic-api/api/graph"
GL = "/basic-api/api/graphList"
ROOT = Path(__file__).resolve().parent.parent


async def _graph(api, token, people) -> dict:
    template = await Template.get(code="teaching")
    _, body = await api.call("POST", GL, token, json={"name": "缓存图谱", "templateId": template.id, "projectId": people["projects"]["a"].id})
    assert body["code"] == 0, body
    return body["result"]


async def _get(api, token, path, etag=None, **params):
    headers = {"Authorization": f"Bearer {token}"}
    if etag:
        headers["If-None-Match"] = etag
    return await api.client.get(path, params=params, headers=headers)


def _names(tree: dict) -> list[str]:
    return [child["name"] for child in tree["childs"]]


async def test_a_write_is_seen_by_the_next_read_and_the_old_tag_no_longer_matches(api, people):
    expert = await api.login("expert")
    graph = await _graph(api, expert, people)
    first = await _get(api, expert, f"{G}/searchTree", graphId=graph["id"])
    tag = first.headers["etag"]
    assert first.status_code == 200 and first.json()["result"]["tree"]["childs"] == []
    again = await _get(api, expert, f"{G}/searchTree", tag, graphId=graph["id"])
    assert again.status_code == 304 and again.headers["etag"] == tag and again.content == b""

    _, body = await api.call("POST", f"{G}/createNode", expert, json={"graphId": graph["id"], "nodeId": graph["rootId"], "name": "线性表"})
    assert body["code"] == 0, body
    after = await _get(api, expert, f"{G}/searchTree", tag, graphId=graph["id"])
    assert after.status_code == 200 and after.headers["etag"] != tag
    assert _names(after.json()["result"]["tree"]) == ["线性表"]
    graph_view = await _get(api, expert, f"{G}/searchGraph", graphId=graph["id"])
    assert len(graph_view.json()["result"]["nodes"]) == 2

    node_id = after.json()["result"]["tree"]["childs"][0]["id"]
    node = await _get(api, expert, f"{G}/getNode", graphId=graph["id"], nodeId=node_id)
    _, body = await api.call("PUT", f"{G}/updateNode/{node_id}", expert, json={"graphId": graph["id"], "name": "顺序表"})
    assert body["code"] == 0, body
    renamed = await _get(api, expert, f"{G}/getNode", node.headers["etag"], graphId=graph["id"], nodeId=node_id)
    assert renamed.status_code == 200 and renamed.json()["result"]["name"] == "顺序表"


async def test_a_reader_without_rights_never_gets_a_cached_answer(api, people):
    expert, outsider = await api.login("expert"), await api.login("outsider")
    graph = await _graph(api, expert, people)
    cached = await _get(api, expert, f"{G}/searchTree", graphId=graph["id"])
    assert cached.status_code == 200
    for path, params in ((f"{G}/searchTree", {"graphId": graph["id"]}), (f"{G}/searchGraph", {"graphId": graph["id"]}),
                         (f"{G}/getNode", {"graphId": graph["id"], "nodeId": graph["rootId"]})):
        refused = await _get(api, outsider, path, cached.headers["etag"], **params)
        assert refused.status_code == 403 and refused.json()["result"] is None and "etag" not in refused.headers


async def test_a_304_only_for_the_same_rights(api, people):
    expert, tester = await api.login("expert"), await api.login("tester")
    graph = await _graph(api, expert, people)
    editor = await _get(api, expert, f"{G}/searchTree", graphId=graph["id"])
    assert editor.json()["result"]["isEdit"] == 1
    reader = await _get(api, tester, f"{G}/searchTree", editor.headers["etag"], graphId=graph["id"])
    assert reader.status_code == 200 and reader.json()["result"]["isEdit"] == 0
    assert reader.headers["etag"] != editor.headers["etag"]
    assert (await _get(api, tester, f"{G}/searchTree", reader.headers["etag"], graphId=graph["id"])).status_code == 304


async def test_the_question_and_the_language_are_part_of_the_tag(api, people):
    expert = await api.login("expert")
    graph = await _graph(api, expert, people)
    full = await _get(api, expert, f"{G}/searchTree", graphId=graph["id"])
    outline = await _get(api, expert, f"{G}/searchTree", full.headers["etag"], graphId=graph["id"], view="outline")
    assert outline.status_code == 200 and "desc" not in outline.json()["result"]["tree"]
    english = await api.client.get(f"{G}/searchTree", params={"graphId": graph["id"]},
                                   headers={"Authorization": f"Bearer {expert}", "Accept-Language": "en", "If-None-Match": full.headers["etag"]})
    assert english.status_code == 200 and english.json()["message"] != full.json()["message"]


async def test_bad_questions_are_refused_and_not_stored(api, people):
    expert = await api.login("expert")
    graph = await _graph(api, expert, people)
    for _ in range(2):
        missing = await _get(api, expert, f"{G}/getNode", graphId=graph["id"], nodeId=987654)
        assert missing.status_code == 200 and missing.json()["code"] == 1
    status, body = await api.call("GET", f"{G}/searchTree", expert, params={"graphId": 987654})
    assert body["code"] == 1 and body["result"] is None


def test_the_answer_cache_keeps_to_its_budget_and_drops_older_revisions():
    cache = read_cache.AnswerCache(budget_bytes=100)
    old, new = read_cache.ReadRights(1, 1, True), read_cache.ReadRights(1, 2, True)
    cache.put(old, "a", b"x" * 40)
    cache.put(read_cache.ReadRights(2, 1, True), "b", b"y" * 40)
    cache.put(new, "c", b"z" * 40)
    assert cache.get("a") is None and cache.get("b") == b"y" * 40 and cache.get("c") == b"z" * 40
    cache.put(old, "a", b"x" * 40)  # an answer older than one stored is not kept
    assert cache.get("a") is None
    cache.put(read_cache.ReadRights(3, 1, True), "d", b"w" * 40)
    assert cache.size <= 100 and cache.get("b") is None and cache.get("d") is not None


async def test_a_reader_waiting_on_a_build_whose_client_went_away_builds_the_answer_itself(api, people):
    # Sanic cancels a handler whose client disconnects; a second reader of the same tag that was
    # waiting on that build got the CancelledError and answered 500.
    expert = await api.login("expert")
    graph = await _graph(api, expert, people)
    rights = await read_cache.read_rights(await User.get(user_name="expert"), graph["id"])
    cache = read_cache.AnswerCache()
    started = asyncio.Event()

    async def never_ends() -> bytes:
        started.set()
        await asyncio.Event().wait()
        return b""

    async def quick() -> bytes:
        return b"answer"

    first = asyncio.create_task(cache.answer(rights, "tag", never_ends))
    await started.wait()
    second = asyncio.create_task(cache.answer(rights, "tag", quick))
    await asyncio.sleep(0)
    first.cancel()
    assert await second == b"answer"
    assert first.cancelled() and cache.get("tag") == b"answer"

    # A waiter that is cancelled itself leaves the shared build running for the others.
    release = asyncio.Event()

    async def slow() -> bytes:
        await release.wait()
        return b"slow"

    builder = asyncio.create_task(cache.answer(rights, "other", slow))
    await asyncio.sleep(0)
    waiter = asyncio.create_task(cache.answer(rights, "other", quick))
    await asyncio.sleep(0)
    waiter.cancel()
    await asyncio.sleep(0)
    release.set()
    assert await builder == b"slow"
    assert waiter.cancelled()


def test_if_none_match_forms():
    tag = '"g1r2e-abc"'
    assert read_cache.matches(tag, tag) and read_cache.matches(f'W/{tag}', tag) and read_cache.matches(f'"x", {tag}', tag)
    assert read_cache.matches("*", tag)
    assert not read_cache.matches(None, tag) and not read_cache.matches('"g1r1e-abc"', tag)


# Two processes on one database: a write through one is seen by the other's very next read.




def test_a_write_through_one_process_is_read_through_the_other_at_once(demo_db, zhitu_home):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_WORKERS": "1"}
    with ExitStack() as stack, httpx.Client(timeout=30) as client:
        writer, reader = stack.enter_context(serving(env)), stack.enter_context(serving(env))
        login = client.post(f"{writer}/Authorize/login", json={"userName": "teacher", "password": "Zhitu@2026"}).json()
        headers = {"Authorization": f"Bearer {login['result']['accessToken']}"}
        graphs = client.get(f"{reader}/graphList/list", params={"pageSize": 100}, headers=headers).json()["result"]["items"]
        graph_id = next(g["id"] for g in graphs if g["name"] == "数据结构")
        tree = client.get(f"{reader}/graph/searchTree", params={"graphId": graph_id}, headers=headers).json()["result"]["tree"]
        tag = None
        for round_ in range(5):
            name = f"并发写入{round_}"
            made = client.post(f"{writer}/graph/createNode", headers=headers,
                               json={"graphId": graph_id, "nodeId": tree["id"], "name": name}).json()
            assert made["code"] == 0, made
            # The reader process has this graph's tree in its cache from the round before.
            answer = client.get(f"{reader}/graph/searchTree", params={"graphId": graph_id},
                                headers={**headers, **({"If-None-Match": tag} if tag else {})})
            assert answer.status_code == 200, "a 304 after a write elsewhere"
            assert name in [child["name"] for child in answer.json()["result"]["tree"]["childs"]]
            node = client.get(f"{reader}/graph/getNode", params={"graphId": graph_id, "nodeId": made["result"]["id"]}, headers=headers).json()
            assert node["code"] == 0 and node["result"]["name"] == name
            tag = answer.headers["etag"]
            assert client.get(f"{reader}/graph/searchTree", params={"graphId": graph_id},
                              headers={**headers, "If-None-Match": tag}).status_code == 304
            renamed = client.put(f"{writer}/graph/updateNode/{made['result']['id']}", headers=headers,
                                 json={"graphId": graph_id, "name": name + "改"}).json()
            assert renamed["code"] == 0, renamed
            node = client.get(f"{reader}/graph/getNode", params={"graphId": graph_id, "nodeId": made["result"]["id"]}, headers=headers).json()
            assert node["result"]["name"] == name + "改"


def test_kept_lists_and_user_rows_follow_a_write_in_the_other_process_at_once(demo_db, zhitu_home):
    """The graph list page and the caller's user row are kept until the next commit (sqlite_reads.kept_rows):
    a graph made, renamed or deleted, and a logout, through one process count at the other's next read."""
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_WORKERS": "1"}
    with ExitStack() as stack, httpx.Client(timeout=30) as client:
        writer, reader = stack.enter_context(serving(env)), stack.enter_context(serving(env))
        login = client.post(f"{writer}/Authorize/login", json={"userName": "teacher", "password": "Zhitu@2026"}).json()
        headers = {"Authorization": f"Bearer {login['result']['accessToken']}"}

        def listed() -> list[str]:
            body = client.get(f"{reader}/graphList/list", params={"pageSize": 100}, headers=headers).json()
            assert body["code"] == 0, body
            return [item["name"] for item in body["result"]["items"]]

        first = listed()
        assert listed() == first  # asked again: the kept page
        template = next(t for t in client.get(f"{writer}/graphList/getAllowedTemplateList", headers=headers).json()["result"])
        made = client.post(f"{writer}/graphList/", headers=headers, json={"name": "另一进程新建", "templateId": template["id"]}).json()
        assert made["code"] == 0, made
        assert listed()[0] == "另一进程新建"
        renamed = client.put(f"{writer}/graphList/{made['result']['id']}", headers=headers, json={"name": "另一进程改名"}).json()
        assert renamed["code"] == 0, renamed
        assert "另一进程改名" in listed() and "另一进程新建" not in listed()
        assert client.get(f"{writer}/Authorize/logout", headers=headers).json()["code"] == 0
        answer = client.get(f"{reader}/graphList/list", headers=headers)
        assert answer.status_code == 401 and answer.json()["reason"] == "replaced"


async def test_rights_are_read_again_on_every_request(api, people):
    from datetime import datetime, timedelta, timezone

    from toolkit.model import Graph, Project

    expert, outsider = await api.login("expert"), await api.login("outsider")
    graph = await _graph(api, expert, people)
    editing = await _get(api, expert, f"{G}/searchTree", graphId=graph["id"])
    assert editing.json()["result"]["isEdit"] == 1
    # The trial ended: the same graph at the same revision is read-only now, under another tag.
    await Project.filter(id=people["projects"]["a"].id).update(tryout=True, end_time=datetime.now(timezone.utc) - timedelta(days=1))
    expired = await _get(api, expert, f"{G}/searchTree", editing.headers["etag"], graphId=graph["id"])
    assert expired.status_code == 200 and expired.json()["result"]["isEdit"] == 0
    assert (await _get(api, outsider, f"{G}/searchTree", graphId=graph["id"])).status_code == 403
    await Graph.filter(id=graph["id"]).update(is_public=True)
    public = await _get(api, outsider, f"{G}/searchTree", graphId=graph["id"])
    assert public.status_code == 200 and public.json()["result"]["isEdit"] == 0


async def test_lists_give_the_total_with_the_page_and_past_the_end(api, people):
    expert = await api.login("expert")
    for _ in range(3):
        await _graph(api, expert, people)
    _, first = await api.call("GET", f"{GL}/list", expert, params={"page": 1, "pageSize": 2})
    _, past = await api.call("GET", f"{GL}/list", expert, params={"page": 9, "pageSize": 2})
    assert (len(first["result"]["items"]), first["result"]["total"]) == (2, 3)
    assert (past["result"]["items"], past["result"]["total"]) == ([], 3)
    assert all(item["isEdit"] == 1 for item in first["result"]["items"])
    _, outsider_list = await api.call("GET", f"{GL}/list", await api.login("outsider"), params={"page": 1})
    assert outsider_list["result"] == {"items": [], "total": 0}
