"""What every request reads, made cheap (issue 16) and still never stale: a token's checked claims
are kept, and so are the user row and graph-list pages until the next commit to the database; small indexed reads on SQLite go through a
reading connection beside the ORM's, except inside a transaction; the graph list is one
hand-written statement with the same filters and rights as before."""
from __future__ import annotations

import pytest
from tortoise.transactions import in_transaction

from toolkit.auth import sessions, tokens
from toolkit.model import Graph, Template, User

LIST = "/basic-api/api/graphList/list"
BY_ROLE = "/basic-api/api/graphList/listByRole"
PROFILE = "/basic-api/api/Authorize/profile"


async def _graph(api, token, people, name: str) -> dict:
    template = await Template.get(code="teaching")
    _, body = await api.call("POST", "/basic-api/api/graphList/", token,
                             json={"name": name, "templateId": template.id, "projectId": people["projects"]["a"].id})
    assert body["code"] == 0, body
    return body["result"]


async def test_a_token_already_used_answers_for_the_user_as_they_are_now(api, people):
    token = await api.login("expert")
    await _graph(api, token, people, "可编辑图谱")
    _, body = await api.call("GET", LIST, token)
    assert body["result"]["items"][0]["isEdit"] == 1
    # A role change counts at the next request of the same token.
    await User.filter(user_name="expert").update(role="test")
    _, body = await api.call("GET", LIST, token)
    assert body["result"]["items"][0]["isEdit"] == 0
    status, _ = await api.call("POST", "/basic-api/api/graphList/", token, json={"name": "x"})
    assert status == 403
    # So does disabling the account.
    await User.filter(user_name="expert").update(role="30", enabled=False)
    status, body = await api.call("GET", LIST, token)
    assert status == 401
    # And a newer login: the older token is replaced.
    await User.filter(user_name="expert").update(enabled=True)
    assert (await api.call("GET", LIST, token))[0] == 200
    await api.login("expert")
    status, body = await api.call("GET", LIST, token)
    assert status == 401 and body["reason"] == "replaced"


async def test_a_token_already_used_still_expires(api, people, monkeypatch):
    token = await api.login("admin")
    assert (await api.call("GET", PROFILE, token))[0] == 200
    claims = tokens.decode(token, "access")
    monkeypatch.setattr(tokens.time, "time", lambda: claims.expires_at + 1)
    status, body = await api.call("GET", PROFILE, token)
    assert status == 401 and body["reason"] == "expired"


async def test_a_kept_token_is_still_only_good_for_its_kind(api, people):
    token = await api.login("admin")
    assert (await api.call("GET", PROFILE, token))[0] == 200
    status, _ = await api.call("POST", "/basic-api/api/Authorize/refresh", json={"refreshToken": token})
    assert status == 401


async def test_reads_inside_a_transaction_see_its_own_writes(api, people):
    expert = people["users"]["expert"]
    async with in_transaction():
        await User.filter(id=expert.id).update(name="事务内改名")
        assert (await sessions.user_by_id(expert.id)).name == "事务内改名"
    assert (await sessions.user_by_id(expert.id)).name == "事务内改名"


async def test_a_rolled_back_write_is_never_read(api, people):
    expert = people["users"]["expert"]
    with pytest.raises(RuntimeError):
        async with in_transaction():
            await User.filter(id=expert.id).update(name="不会留下")
            raise RuntimeError("roll back")
    assert (await sessions.user_by_id(expert.id)).name == expert.name


async def test_the_user_row_is_the_orm_s(api, people):
    expert = people["users"]["expert"]
    await User.filter(id=expert.id).update(last_login_at=expert.created_at)
    fast, orm = await sessions.user_by_id(expert.id), await User.get(id=expert.id)
    assert {name: getattr(fast, name) for name in User._meta.fields_db_projection} == \
           {name: getattr(orm, name) for name in User._meta.fields_db_projection}
    assert await sessions.user_by_id(10**6) is None


async def test_the_name_filter_takes_like_marks_literally(api, people):
    token = await api.login("expert")
    for name in ("百分之%图谱", "下划_线", "普通图谱", "Course Map"):
        await _graph(api, token, people, name)
    names = {}
    for asked in ("%", "_", "图谱", "course", "不存在"):
        _, body = await api.call("GET", LIST, token, params={"name": asked, "pageSize": 100})
        names[asked] = sorted(item["name"] for item in body["result"]["items"])
    assert names == {"%": ["百分之%图谱"], "_": ["下划_线"], "图谱": ["普通图谱", "百分之%图谱"], "course": ["Course Map"], "不存在": []}


async def test_list_by_role_filters_and_pages_as_before(api, people):
    expert, outsider = await api.login("expert"), await api.login("outsider")
    mine = [await _graph(api, expert, people, f"甲{index}") for index in range(3)]
    template = await Template.get(code="teaching")
    _, body = await api.call("POST", "/basic-api/api/graphList/", outsider,
                             json={"name": "乙", "templateId": template.id, "projectId": people["projects"]["b"].id})
    await Graph.filter(id=mine[0]["id"]).update(release_state=1)
    admin, super_admin = await api.login("admin"), await api.login("super")
    _, by_admin = await api.call("GET", BY_ROLE, admin, params={"pageSize": 100})
    _, by_super = await api.call("GET", BY_ROLE, super_admin, params={"pageSize": 100})
    assert sorted(item["name"] for item in by_admin["result"]["items"]) == ["甲0", "甲1", "甲2"]
    assert sorted(item["name"] for item in by_super["result"]["items"]) == ["乙", "甲0", "甲1", "甲2"]
    assert all(item["isEdit"] == 1 for item in by_admin["result"]["items"])
    _, released = await api.call("GET", BY_ROLE, super_admin, params={"releaseState": 1})
    assert [item["name"] for item in released["result"]["items"]] == ["甲0"]
    _, of_b = await api.call("GET", BY_ROLE, super_admin, params={"projectId": people["projects"]["b"].id})
    assert [item["name"] for item in of_b["result"]["items"]] == ["乙"]
    _, page_two = await api.call("GET", BY_ROLE, super_admin, params={"page": 2, "pageSize": 3})
    assert len(page_two["result"]["items"]) == 1 and page_two["result"]["total"] == 4
    _, past = await api.call("GET", BY_ROLE, super_admin, params={"page": 3, "pageSize": 3})
    assert past["result"] == {"items": [], "total": 4}
    # Newest change first.
    _, listed = await api.call("GET", LIST, expert)
    times = [item["updateTime"] for item in listed["result"]["items"]]
    assert times == sorted(times, reverse=True) and len(times) == 3


async def test_a_read_past_its_budget_goes_through_the_orm_and_gives_every_row(api, people):
    from tortoise.connection import connections

    from toolkit import sqlite_reads
    from toolkit.db import SqlParameters

    counting = 'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 5000) SELECT x FROM c'
    rows = await sqlite_reads.fetch_rows(connections.get("default"), counting, [], budget=0)
    assert [row["x"] for row in rows] == list(range(1, 5001))
    mark = SqlParameters(connections.get("default"))
    small = await sqlite_reads.fetch_rows(connections.get("default"), f'SELECT "id" FROM "user" WHERE "id" = {mark(people["users"]["expert"].id)}',
                                          mark.values, budget=0)
    assert small == [{"id": people["users"]["expert"].id}]


async def test_a_list_page_past_the_read_budget_is_the_same_page(api, people, monkeypatch):
    from toolkit import sqlite_reads

    expert = await api.login("expert")
    for index in range(12):
        await _graph(api, expert, people, f"预算{index}")
    _, on_the_loop = await api.call("GET", LIST, expert, params={"page": 2, "pageSize": 5, "name": "预算"})
    # A commit, so the kept page is read again.
    await User.filter(id=people["users"]["expert"].id).update(name="预算之后")
    monkeypatch.setattr(sqlite_reads, "READ_BUDGET", 0)  # every read longer than one check goes to the thread
    _, through_the_thread = await api.call("GET", LIST, expert, params={"page": 2, "pageSize": 5, "name": "预算"})
    assert through_the_thread == on_the_loop
    assert [item["name"] for item in on_the_loop["result"]["items"]] == [f"预算{index}" for index in (6, 5, 4, 3, 2)]
    assert on_the_loop["result"]["total"] == 12
