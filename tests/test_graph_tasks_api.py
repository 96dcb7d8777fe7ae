"""Graph tasks: dispatch a subtree, submit, return with an opinion, approve, overview."""
from toolkit.model import Graph, GraphTask, ProjectMember, Template, User
from toolkit.graphs.crud import create_graph

G = "/basic-api/api/graph/task"


async def test_dispatch_submit_examine(api, people):
    users = people["users"]
    author = users["outsider"]
    await ProjectMember.create(project=people["projects"]["a"], user=author, role="20")
    graph = await create_graph(users["expert"], "数据结构", (await Template.get(code="teaching")).id, people["projects"]["a"].id)
    root = await graph.nodes.all().first()
    lead, writer = await api.login("expert"), await api.login("outsider")
    _, task = await api.call("POST", f"{G}/dispatch", lead, json={"graphId": graph.id, "nodeId": root.id, "assigneeId": author.id})
    assert task["code"] == 0 and task["result"]["state"] == "assigned"
    assert author.id in (await Graph.get(id=graph.id)).author_ids
    task_id = task["result"]["id"]
    status, _ = await api.call("POST", f"{G}/submit", lead, json={"taskId": task_id})
    assert status == 403
    _, submitted = await api.call("POST", f"{G}/submit", writer, json={"taskId": task_id})
    assert submitted["result"]["state"] == "submitted"
    _, no_opinion = await api.call("POST", f"{G}/examine", lead, json={"taskId": task_id, "approve": False})
    assert no_opinion["code"] == 1
    _, returned = await api.call("POST", f"{G}/examine", lead, json={"taskId": task_id, "approve": False, "opinion": "补充定义"})
    assert returned["result"]["state"] == "returned" and returned["result"]["opinion"] == "补充定义"
    await api.call("POST", f"{G}/submit", writer, json={"taskId": task_id})
    _, approved = await api.call("POST", f"{G}/examine", lead, json={"taskId": task_id, "approve": True})
    assert approved["result"]["state"] == "examined"
    _, again = await api.call("POST", f"{G}/submit", writer, json={"taskId": task_id})
    assert again["code"] == 1
    _, overview = await api.call("GET", f"{G}/overview/{graph.id}", lead)
    assert overview["result"]["counts"] == {"examined": 1}


async def test_only_project_members_get_tasks(api, people):
    users = people["users"]
    graph = await create_graph(users["expert"], "图", (await Template.get(code="teaching")).id, people["projects"]["a"].id)
    root = await graph.nodes.all().first()
    lead = await api.login("expert")
    _, body = await api.call("POST", f"{G}/dispatch", lead, json={"graphId": graph.id, "nodeId": root.id, "assigneeId": users["outsider"].id})
    assert body["code"] == 1
    _, body = await api.call("POST", f"{G}/dispatch", lead, json={"graphId": graph.id, "nodeId": root.id, "assigneeId": users["tester"].id})
    assert body["code"] == 1


async def test_assignee_picker_lists_project_members_only(api, people):
    users = people["users"]
    graph = await create_graph(users["expert"], "图", (await Template.get(code="teaching")).id, people["projects"]["a"].id)
    lead = await api.login("expert")
    _, body = await api.call("GET", f"{G}/assignees?graphId={graph.id}", lead)
    assert body["code"] == 0
    # The tester is a member but testers take no tasks; the outsider is not a member.
    assert [row["userName"] for row in body["result"]] == ["expert"]
    _, body = await api.call("GET", f"{G}/assignees?graphId={graph.id}&keyword=nobody", lead)
    assert body["result"] == []


async def test_assignee_picker_of_a_graph_without_project_stays_in_the_unit(api, people):
    users = people["users"]
    graph = await create_graph(users["expert"], "自由图谱", (await Template.get(code="teaching")).id, None)
    root = await graph.nodes.all().first()
    lead = await api.login("expert")
    _, body = await api.call("GET", f"{G}/assignees?graphId={graph.id}", lead)
    assert {row["userName"] for row in body["result"]} == {"super", "admin", "expert"}
    _, body = await api.call("GET", f"{G}/assignees?graphId={graph.id}&keyword=ADM", lead)
    assert [row["name"] for row in body["result"]] == ["admin"]
    # Dispatch follows the same rule as the picker: the outsider of another unit is refused, nothing is written.
    _, refused = await api.call("POST", f"{G}/dispatch", lead, json={"graphId": graph.id, "nodeId": root.id, "assigneeId": users["outsider"].id})
    assert refused["code"] == 1 and "单位" in refused["message"]
    assert await GraphTask.filter(graph_id=graph.id).count() == 0
    _, given = await api.call("POST", f"{G}/dispatch", lead, json={"graphId": graph.id, "nodeId": root.id, "assigneeId": users["admin"].id})
    assert given["code"] == 0 and given["result"]["assigneeName"] == "admin"
    _, overview = await api.call("GET", f"{G}/overview/{graph.id}", lead)
    assert overview["result"]["items"][0]["assigneeName"] == "admin"


async def test_assignee_picker_authorisation(api, people):
    users = people["users"]
    graph = await create_graph(users["expert"], "图", (await Template.get(code="teaching")).id, people["projects"]["a"].id)
    status, body = await api.call("GET", f"{G}/assignees?graphId={graph.id}")
    assert status == 401
    # Someone who cannot see the graph, and a tester (no task actions), learn nothing about its people.
    status, body = await api.call("GET", f"{G}/assignees?graphId={graph.id}", await api.login("outsider"))
    assert status == 403 and not body.get("result")
    status, body = await api.call("GET", f"{G}/assignees?graphId={graph.id}", await api.login("tester"))
    assert status == 403 and body.get("reason") == "role"
    # A user of the same unit without a right to another user's graph is refused as well.
    reader = await User.create(user_name="reader", name="reader", role="30", unit=people["unit"], password_hash=users["expert"].password_hash)
    graph_b = await create_graph(users["outsider"], "别人的图", (await Template.get(code="teaching")).id, None)
    status, _ = await api.call("GET", f"{G}/assignees?graphId={graph_b.id}", await api.login("reader"))
    assert status == 403
    status, body = await api.call("GET", f"{G}/assignees", await api.login("expert"))
    assert body["code"] == 1
