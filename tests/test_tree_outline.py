"""searchTree's outline view: only what drawing the tree needs, the same shape and access as the full view."""
from toolkit.model import Node, Template

G = "/basic-api/api/graph"
GL = "/basic-api/api/graphList"
OUTLINE_KEYS = {"id", "parentId", "name", "type", "order", "level", "isControl", "direction", "isNewNode", "isUpdateNode",
                "isDefine", "revision", "childs"}


async def _graph_with_children(api, people):
    expert = await api.login("expert")
    template = await Template.get(code="teaching")
    _, body = await api.call("POST", GL, expert, json={"name": "数据结构", "templateId": template.id, "projectId": people["projects"]["a"].id})
    graph = body["result"]
    _, chapter = await api.call("POST", f"{G}/createNode", expert, json={"graphId": graph["id"], "nodeId": graph["rootId"], "name": "线性表"})
    chapter = chapter["result"]
    _, point = await api.call("POST", f"{G}/createNode", expert, json={"graphId": graph["id"], "nodeId": chapter["id"], "name": "顺序表", "type": "KnowPoint"})
    await Node.filter(id=point["result"]["id"]).update(define="用一组地址连续的存储单元依次存放的线性表", desc="很长的描述……",
                                                       attributes={"CourseName": "数据结构"})
    return expert, graph, chapter


async def _search(api, token, **query):
    return await api.call("GET", f"{G}/searchTree", token, params=query)


async def test_outline_carries_only_what_the_tree_draws(api, people):
    expert, graph, chapter = await _graph_with_children(api, people)
    _, full = await _search(api, expert, graphId=graph["id"])
    _, outline = await _search(api, expert, graphId=graph["id"], view="outline")
    assert outline["code"] == 0
    assert {k: v for k, v in outline["result"].items() if k != "tree"} == {k: v for k, v in full["result"].items() if k != "tree"}

    def walk(node):
        yield node
        for child in node["childs"]:
            yield from walk(child)

    full_nodes = {node["id"]: node for node in walk(full["result"]["tree"])}
    outline_nodes = list(walk(outline["result"]["tree"]))
    assert [node["id"] for node in outline_nodes] == list(full_nodes)
    for node in outline_nodes:
        assert set(node) == OUTLINE_KEYS
        assert {key: node[key] for key in OUTLINE_KEYS - {"childs"}} == {key: full_nodes[node["id"]][key] for key in OUTLINE_KEYS - {"childs"}}
    point = outline_nodes[-1]
    assert point["name"] == "顺序表" and point["isDefine"] is True and "desc" not in point and "attributes" not in point
    # The full view stays the default and keeps what the outline leaves out.
    assert full_nodes[point["id"]]["attributes"] == {"CourseName": "数据结构"} and full_nodes[point["id"]]["define"]


async def test_outline_honours_node_and_depth(api, people):
    expert, graph, chapter = await _graph_with_children(api, people)
    _, body = await _search(api, expert, graphId=graph["id"], view="outline", depth=1)
    tree = body["result"]["tree"]
    assert [child["name"] for child in tree["childs"]] == ["线性表"]
    assert tree["childs"][0]["childs"] == [] and tree["childs"][0]["hasChilds"] is True
    _, body = await _search(api, expert, graphId=graph["id"], view="outline", nodeId=chapter["id"])
    assert body["result"]["tree"]["name"] == "线性表" and [c["name"] for c in body["result"]["tree"]["childs"]] == ["顺序表"]


async def test_unknown_view_is_refused(api, people):
    expert, graph, _ = await _graph_with_children(api, people)
    status, body = await _search(api, expert, graphId=graph["id"], view="everything")
    assert status == 200 and body["code"] == 1 and "view" in body["message"]


async def test_outline_is_read_only_to_those_who_may_read_the_graph(api, people):
    _, graph, _ = await _graph_with_children(api, people)
    tester = await api.login("tester")
    status, body = await _search(api, tester, graphId=graph["id"], view="outline")
    assert status == 200 and body["result"]["isEdit"] == 0
    outsider = await api.login("outsider")
    status, body = await _search(api, outsider, graphId=graph["id"], view="outline")
    assert status == 403 and body["code"] == 1 and body["result"] is None
    status, body = await _search(api, None, graphId=graph["id"], view="outline")
    assert status == 401 and body["code"] == 401


async def test_outline_is_documented(api):
    spec = (await api.client.get("/docs/openapi.json")).json()
    operation = spec["paths"]["/basic-api/api/graph/searchTree"]["get"]
    assert {"graphId", "nodeId", "depth", "view"} <= {p["name"] for p in operation["parameters"]}
    assert "outline" in operation["description"]


async def test_depth_from_the_root_matches_the_whole_tree_cut(api, people):
    expert, graph, chapter = await _graph_with_children(api, people)
    gid = graph["id"]
    _, deeper = await api.call("POST", f"{G}/createNode", expert, json={"graphId": gid, "nodeId": chapter["id"], "name": "链表", "type": "KnowPoint"})
    await api.call("POST", f"{G}/createNode", expert, json={"graphId": gid, "nodeId": deeper["result"]["id"], "name": "单链表", "type": "KnowPoint"})

    def cut(node, depth):
        copy = {key: value for key, value in node.items() if key != "childs"}
        if depth == 0:
            copy["hasChilds"] = bool(node["childs"])
            copy["childs"] = []
        else:
            copy["childs"] = [cut(child, depth - 1) for child in node["childs"]]
        return copy

    for view in ("full", "outline"):
        _, whole = await _search(api, expert, graphId=gid, view=view)
        for depth in (0, 1, 2, 3):
            _, part = await _search(api, expert, graphId=gid, view=view, depth=depth)
            assert part["result"]["tree"] == cut(whole["result"]["tree"], depth), (view, depth)
