"""The graph list: visibility by role, paging, filters, isEdit, trial expiry."""
from datetime import datetime, timedelta, timezone

from toolkit.model import Graph, Project, ProjectMember, Template

LIST = "/basic-api/api/graphList/list"
BY_ROLE = "/basic-api/api/graphList/listByRole"


async def _graphs(people):
    teaching = await Template.get(code="teaching")
    ability = await Template.get(code="ability")
    users, projects = people["users"], people["projects"]
    made = {
        "a1": await Graph.create(name="数据结构", template=teaching, project=projects["a"], create_user=users["expert"], release_state=1),
        "a2": await Graph.create(name="程序设计能力", template=ability, project=projects["a"], create_user=users["admin"]),
        "b1": await Graph.create(name="外校图谱", template=teaching, project=projects["b"], create_user=users["outsider"]),
    }
    return made


async def test_expert_sees_own_projects_only(api, people):
    graphs = await _graphs(people)
    token = await api.login("expert")
    status, body = await api.call("GET", LIST, token)
    assert status == 200 and body["code"] == 0
    names = {item["name"] for item in body["result"]["items"]}
    assert names == {"数据结构", "程序设计能力"} and body["result"]["total"] == 2
    item = next(i for i in body["result"]["items"] if i["id"] == graphs["a1"].id)
    assert item["templateName"] == "教学图谱" and item["projectName"] == "项目A"
    _, english = await api.call("GET", LIST, token, lang="en")
    assert {i["templateName"] for i in english["result"]["items"]} == {"Teaching graph", "Ability graph"}
    assert item["releaseState"] == 1 and item["isEdit"] == 1 and item["authorIds"] == []
    assert set(item) >= {"id", "name", "templateId", "projectId", "releaseState", "isTryout", "isPublic", "createUserId",
                         "projectEndTime", "extendRelations", "isEdit", "authorIds", "relationGraphId"}


async def test_tester_sees_but_cannot_edit(api, people):
    await _graphs(people)
    token = await api.login("tester")
    _, body = await api.call("GET", LIST, token)
    assert body["result"]["total"] == 2
    assert all(item["isEdit"] == 0 for item in body["result"]["items"])


async def test_list_by_role_widens_for_admin_and_super(api, people):
    await _graphs(people)
    _, admin_list = await api.call("GET", LIST, await api.login("admin"))
    assert {i["name"] for i in admin_list["result"]["items"]} == {"程序设计能力"}  # created by the admin, not a member
    _, admin_by_role = await api.call("GET", BY_ROLE, await api.login("admin"))
    assert {i["name"] for i in admin_by_role["result"]["items"]} == {"数据结构", "程序设计能力"}
    _, super_by_role = await api.call("GET", BY_ROLE, await api.login("super"))
    assert super_by_role["result"]["total"] == 3
    _, outsider = await api.call("GET", BY_ROLE, await api.login("outsider"))
    assert {i["name"] for i in outsider["result"]["items"]} == {"外校图谱"}


async def test_paging_and_filters(api, people):
    teaching = await Template.get(code="teaching")
    for index in range(25):
        await Graph.create(name=f"图谱{index:02d}", template=teaching, project=people["projects"]["a"],
                           release_state=index % 2)
    token = await api.login("expert")
    _, body = await api.call("GET", LIST, token, params={"page": 3, "pageSize": 10})
    assert body["result"]["total"] == 25 and len(body["result"]["items"]) == 5
    _, body = await api.call("GET", LIST, token, params={"name": "图谱1", "pageSize": 100})
    assert body["result"]["total"] == 10
    _, body = await api.call("GET", LIST, token, params={"releaseState": 1, "pageSize": 100})
    assert body["result"]["total"] == 12
    _, body = await api.call("GET", LIST, token, params={"templateId": teaching.id, "projectId": people["projects"]["a"].id})
    assert body["result"]["total"] == 25


async def test_bad_paging_is_refused(api, people):
    token = await api.login("expert")
    for params in ({"pageSize": 10001}, {"pageSize": 0}, {"page": 0}, {"page": "x"}):
        status, body = await api.call("GET", LIST, token, params=params)
        assert status == 200 and body["code"] == 1, params


async def test_trial_graph_turns_read_only_after_end_time(api, people):
    teaching = await Template.get(code="teaching")
    trial = await Project.create(name="试用", tryout=True, end_time=datetime.now(timezone.utc) - timedelta(days=1))
    await ProjectMember.create(project=trial, user=people["users"]["expert"], role="10")
    live = await Project.create(name="试用中", tryout=True, end_time=datetime.now(timezone.utc) + timedelta(days=1))
    await ProjectMember.create(project=live, user=people["users"]["expert"], role="10")
    await Graph.create(name="过期图谱", template=teaching, project=trial, is_tryout=True)
    await Graph.create(name="试用图谱", template=teaching, project=live, is_tryout=True)
    _, body = await api.call("GET", LIST, await api.login("expert"))
    by_name = {i["name"]: i for i in body["result"]["items"]}
    assert by_name["过期图谱"]["isEdit"] == 0 and by_name["过期图谱"]["isTryout"] is True
    assert by_name["试用图谱"]["isEdit"] == 1


async def test_templates_and_projects_for_filters(api, people):
    token = await api.login("expert")
    _, body = await api.call("GET", "/basic-api/api/graphList/getAllowedTemplateList", token)
    assert len(body["result"]) == 8 and {"id", "code", "name", "kind"} <= set(body["result"][0])
    _, body = await api.call("GET", "/basic-api/api/project/getProjectList", token)
    assert [p["name"] for p in body["result"]["items"]] == ["项目A"]
    assert body["result"]["items"][0]["role"] == "10"
    _, body = await api.call("GET", "/basic-api/api/project/getProjectList", await api.login("super"))
    assert body["result"]["total"] == 2


async def test_graph_update_refuses_fields_of_the_wrong_shape_and_changes_nothing(api, people):
    graphs = await _graphs(people)
    graph = graphs["a1"]
    token = await api.login("expert")
    for body in ({"authorIds": True}, {"authorIds": "1,2"}, {"authorIds": [True]}, {"name": 5}, {"description": ["x"]}):
        status, answer = await api.call("PUT", f"/basic-api/api/graphList/{graph.id}", token, json=body)
        assert status == 200 and answer["code"] == 1, (body, answer)
    after = await Graph.get(id=graph.id)
    assert (after.name, after.author_ids, after.revision) == ("数据结构", graph.author_ids, graph.revision)
    status, answer = await api.call("PUT", f"/basic-api/api/graphList/{graph.id}", token, json={"authorIds": [people["users"]["expert"].id]})
    assert answer["code"] == 0, answer
