"""The public library end to end: publish, review, apply, duplicate check, approve, the copy; and the token-less preview."""
from toolkit.graphs.crud import create_graph
from toolkit.graphs.tree import create_node
from toolkit.model import Graph, LibraryApply, Node, Project, ProjectMember, Template

L = "/basic-api/api/common/graph"
PV = "/basic-api/api/preview"


async def _graph(people):
    teaching = await Template.get(code="teaching")
    graph = await create_graph(people["users"]["expert"], "数据结构", teaching.id, people["projects"]["a"].id)
    root = await Node.get(graph_id=graph.id, parent_id=None)
    unit = await create_node(people["users"]["expert"], graph.id, root.id, "线性表", node_type="KnowUnit")
    await create_node(people["users"]["expert"], graph.id, unit["id"], "顺序表", node_type="KnowPoint")
    other = await create_node(people["users"]["expert"], graph.id, root.id, "树", node_type="KnowUnit")
    return graph, root, unit, other


async def test_library_workflow_end_to_end(api, people):
    graph, root, unit, other = await _graph(people)
    expert, admin, outsider = await api.login("expert"), await api.login("admin"), await api.login("outsider")
    # Offer, then review: refusing needs an opinion; only the unit's admin reviews.
    _, offered = await api.call("POST", f"{L}/publish", expert, json={"graphId": graph.id, "summary": "<p>数据结构课程</p>"})
    assert offered["result"]["publicState"] == 0
    _, twice = await api.call("POST", f"{L}/publish", expert, json={"graphId": graph.id})
    assert twice["code"] == 1
    _, no_opinion = await api.call("POST", f"{L}/updatePublicState", admin, json={"graphId": graph.id, "publicState": 2})
    assert no_opinion["code"] == 1
    status, _ = await api.call("POST", f"{L}/updatePublicState", expert, json={"graphId": graph.id, "publicState": 4})
    assert status == 403
    _, waiting = await api.call("GET", f"{L}/listManageGraph", admin, params={"publicState": 0})
    assert [e["graphId"] for e in waiting["result"]["items"]] == [graph.id]
    _, published = await api.call("POST", f"{L}/updatePublicState", admin, json={"graphId": graph.id, "publicState": 4})
    assert published["result"]["publicState"] == 4 and (await Graph.get(id=graph.id)).is_public
    _, detail = await api.call("GET", f"/basic-api/api/graphList/{graph.id}", expert)
    assert detail["result"]["publicState"] == 4
    _, library = await api.call("GET", f"{L}/list", outsider)
    assert [e["graphId"] for e in library["result"]["items"]] == [graph.id]
    # Everyone signed in can read a library graph, but not edit it.
    _, read = await api.call("GET", "/basic-api/api/graph/searchGraph", outsider, params={"graphId": graph.id})
    assert read["code"] == 0 and len(read["result"]["nodes"]) == 4
    # The outsider applies for project B, whose admin is the outsider; the form needs every field.
    project_b = people["projects"]["b"]
    outsider_id = people["users"]["outsider"].id
    for missing in ("graphName", "projectId", "receiveUserId", "remarks"):
        body = {"graphId": graph.id, "graphName": "我的数据结构", "projectId": project_b.id, "receiveUserId": outsider_id, "remarks": "教学使用"}
        body.pop(missing)
        _, refused = await api.call("POST", f"{L}/apply", outsider, json=body)
        assert refused["code"] == 1, missing
    _, none_yet = await api.call("GET", f"{L}/getApplyList", outsider, params={"page": 1, "size": 1, "type": 0, "graphId": graph.id})
    assert none_yet["result"]["total"] == 0
    _, applied = await api.call("POST", f"{L}/apply", outsider, json={"graphId": graph.id, "graphName": "我的数据结构",
                                                                      "projectId": project_b.id, "receiveUserId": outsider_id, "remarks": "教学使用"})
    assert applied["result"]["state"] == 0, applied
    _, exists = await api.call("GET", f"{L}/getApplyList", outsider, params={"page": 1, "size": 1, "type": 0, "graphId": graph.id})
    assert exists["result"]["total"] == 1
    _, duplicate = await api.call("POST", f"{L}/apply", outsider, json={"graphId": graph.id, "graphName": "再来一份",
                                                                        "projectId": project_b.id, "receiveUserId": outsider_id, "remarks": "再次"})
    assert duplicate["code"] == 1
    # Approval: by the person in charge only, with an opinion, once.
    apply_id = applied["result"]["id"]
    status, _ = await api.call("POST", f"{L}/approval", expert, json={"id": apply_id, "state": 2, "approvalProposal": "同意"})
    assert status == 403
    _, no_opinion = await api.call("POST", f"{L}/approval", outsider, json={"id": apply_id, "state": 2})
    assert no_opinion["code"] == 1
    _, to_approve = await api.call("GET", f"{L}/getApplyList", outsider, params={"type": 1})
    assert to_approve["result"]["items"][0]["state"] == 0
    _, passed = await api.call("POST", f"{L}/approval", outsider, json={"id": apply_id, "state": 2, "approvalProposal": "同意"})
    assert passed["result"]["state"] == 2 and passed["result"]["copyGraphId"]
    copy = await Graph.get(id=passed["result"]["copyGraphId"])
    assert copy.project_id == project_b.id and copy.source_graph_id == graph.id and copy.name == "我的数据结构"
    assert await Node.filter(graph_id=copy.id).count() == 4
    _, again = await api.call("POST", f"{L}/approval", outsider, json={"id": apply_id, "state": 3, "approvalProposal": "改主意"})
    assert again["code"] == 1
    _, mine = await api.call("GET", "/basic-api/api/graphList/list", outsider, params={"pageSize": 50})
    assert copy.id in [g["id"] for g in mine["result"]["items"]]
    # The record of publication, then unpublishing hides it from the library.
    _, record = await api.call("GET", f"{L}/getGraphPublicRecord/{graph.id}", expert)
    assert [r["action"] for r in record["result"]] == ["publish", "review"]
    _, gone = await api.call("PUT", f"{L}/unPublish/{graph.id}", expert)
    assert gone["result"]["publicState"] == 6
    _, empty = await api.call("GET", f"{L}/list", outsider)
    assert empty["result"]["total"] == 0


async def test_authorization_grant_and_preview(api, people):
    graph, root, unit, other = await _graph(people)
    admin = await api.login("admin")
    # Nothing is previewable before publication.
    status, unpublished = await api.call("GET", f"{PV}/searchGraph", params={"graphId": graph.id})
    assert unpublished["code"] == 1
    await api.call("POST", f"{L}/publish", await api.login("expert"), json={"graphId": graph.id})
    await api.call("POST", f"{L}/updatePublicState", admin, json={"graphId": graph.id, "publicState": 4})
    _, whole = await api.call("GET", f"{PV}/searchGraph", params={"graphId": graph.id})
    assert len(whole["result"]["nodes"]) == 4
    _, narrowed = await api.call("POST", f"{L}/definePreviewNode", await api.login("expert"), json={"graphId": graph.id, "nodeIds": [unit["id"]]})
    assert narrowed["code"] == 0
    _, part = await api.call("GET", f"{PV}/searchGraph", params={"graphId": graph.id})
    assert {n["name"] for n in part["result"]["nodes"]} == {"数据结构", "线性表", "顺序表"}
    _, detail = await api.call("GET", f"{PV}/graphList/{graph.id}")
    assert detail["result"]["name"] == "数据结构" and detail["result"]["isEdit"] == 0
    _, structure = await api.call("GET", f"{PV}/getTemplateStructure/{graph.template_id}")
    assert structure["code"] == 0
    _, other_template = await api.call("GET", f"{PV}/getTemplateStructure/{(await Template.get(code='ability')).id}")
    assert other_template["code"] == 1
    # The library list and a published entry are public too; nothing else answers without a token.
    _, public_list = await api.call("GET", f"{L}/list")
    assert [e["graphId"] for e in public_list["result"]["items"]] == [graph.id]
    _, public_entry = await api.call("GET", f"{L}/getGraph/{graph.id}")
    assert public_entry["result"]["name"] == "数据结构"
    status, _ = await api.call("GET", "/basic-api/api/graph/searchGraph", params={"graphId": graph.id})
    assert status == 401
    # A direct grant: state 1 and a copy at once.
    new_project = await Project.create(name="项目C", unit=people["unit"], leader=people["users"]["admin"])
    await ProjectMember.create(project=new_project, user=people["users"]["admin"], role="10")
    _, granted = await api.call("POST", f"{L}/authorizationGraph", admin, json={"graphId": graph.id, "projectId": new_project.id})
    assert granted["result"]["state"] == 1 and granted["result"]["copyGraphId"]
    _, grants = await api.call("GET", f"{L}/getApplyList", admin, params={"type": 2})
    assert grants["result"]["total"] == 1
    status, _ = await api.call("POST", f"{L}/authorizationGraph", await api.login("outsider"), json={"graphId": graph.id, "projectId": new_project.id})
    assert status == 403
    assert await LibraryApply.filter(state=1).count() == 1


async def test_image_text_compare_is_public_only_for_materials_of_library_graphs(api, people):
    graph, root, unit, other = await _graph(people)
    expert = await api.login("expert")
    _, uploaded = await api.call("POST", "/basic-api/api/excavate/textSource", expert,
                                 files={"file": ("讲义.txt", "第一章 线性表\n线性表是有限序列。\n".encode())},
                                 data={"graphId": str(graph.id)})
    source_id = uploaded["result"]["id"]
    _, loose = await api.call("POST", "/basic-api/api/excavate/textSource", expert,
                              files={"file": ("草稿.txt", "草稿内容\n".encode())}, data={"projectId": str(people["projects"]["a"].id)})
    # Before the graph is published, a visitor is refused clearly, the same for an unknown id.
    for sid in (source_id, loose["result"]["id"], 999999):
        status, refused = await api.call("GET", f"{PV}/textSource/{sid}/compare", lang="en")
        assert status == 403 and refused["code"] == 1 and "not public" in refused["message"], (sid, refused)
    await api.call("POST", f"{L}/publish", expert, json={"graphId": graph.id})
    status, waiting = await api.call("GET", f"{PV}/textSource/{source_id}/compare")
    assert status == 403  # waiting for review is not public yet
    await api.call("POST", f"{L}/updatePublicState", await api.login("admin"), json={"graphId": graph.id, "publicState": 4})
    status, shown = await api.call("GET", f"{PV}/textSource/{source_id}/compare")
    assert status == 200 and shown["code"] == 0 and shown["result"]["name"] == "讲义.txt"
    assert any("线性表是有限序列" in line["text"] for line in shown["result"]["pages"][0]["lines"])
    assert shown["result"]["pages"][0]["image"] is None
    status, no_image = await api.call("GET", f"{PV}/textSource/{source_id}/page/1")
    assert no_image["code"] == 1
    # The material not bound to a library graph stays refused; unpublishing closes the bound one again.
    status, _ = await api.call("GET", f"{PV}/textSource/{loose['result']['id']}/compare")
    assert status == 403
    await api.call("PUT", f"{L}/unPublish/{graph.id}", expert)
    status, closed = await api.call("GET", f"{PV}/textSource/{source_id}/compare")
    assert status == 403 and closed["code"] == 1
