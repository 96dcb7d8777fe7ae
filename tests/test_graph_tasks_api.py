"""Graph tasks: dispatch a subtree, submit, return with an opinion, approve, overview."""
from toolkit.model import Graph, ProjectMember, Template
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
