"""Versions, compare, restore, copies and template conversion through the API."""
import json

from tests.conftest import TEST_EXAMPLES
from toolkit.demo import load_examples
from toolkit.model import Graph, Node, Relation, Template

GL = "/basic-api/api/graphList"
G = "/basic-api/api/graph"


async def _demo_graph(api):
    await load_examples(TEST_EXAMPLES)
    token = await api.login("teacher", "Zhitu@2026")
    graph = await Graph.get(name="数据结构")
    return token, graph


async def test_save_compare_restore(api, database):
    token, graph = await _demo_graph(api)
    _, saved = await api.call("POST", f"{GL}/saveVersion/{graph.id}", token, json={"name": "初稿"})
    assert saved["code"] == 0 and saved["result"]["number"] == 1 and saved["result"]["nodeCount"] == 154
    stack = await Node.get(graph_id=graph.id, name="栈的定义")
    queue_unit = await Node.get(graph_id=graph.id, name="队列")
    sorting = await Node.get(graph_id=graph.id, name="排序")
    await api.call("PUT", f"{G}/updateNode/{stack.id}", token, json={"graphId": graph.id, "name": "栈"})
    await api.call("POST", f"{G}/moveNode", token, json={"graphId": graph.id, "nodeId": stack.id, "parentId": queue_unit.id})
    await api.call("DELETE", f"{G}/deleteNode", token, params={"graphId": graph.id, "nodeId": sorting.id})
    await api.call("POST", f"{G}/createNode", token, json={"graphId": graph.id, "nodeId": queue_unit.id, "name": "优先队列", "type": "KnowPoint"})
    _, diff = await api.call("GET", f"{GL}/compareHisVersion", token, params={"graphId": graph.id, "versionId": saved["result"]["id"]})
    counts = diff["result"]["counts"]
    assert counts["added"] == 1 and counts["renamed"] == 1 and counts["removed"] == 22 and counts["moved"] >= 1
    assert counts["relationsRemoved"] > 0
    before = await Node.filter(graph_id=graph.id).count()
    _, restored = await api.call("POST", f"{GL}/restoreVersion/{graph.id}", token, json={"versionId": saved["result"]["id"]})
    assert restored["code"] == 0 and restored["result"]["backupVersion"] == 2
    assert await Node.filter(graph_id=graph.id).count() == 154
    assert (await Node.get(id=stack.id)).name == "栈的定义"  # kept its row and id
    _, again = await api.call("GET", f"{GL}/compareHisVersion", token, params={"graphId": graph.id, "versionId": saved["result"]["id"]})
    assert again["result"]["counts"] == {"added": 0, "removed": 0, "renamed": 0, "moved": 0, "changed": 0, "relationsAdded": 0, "relationsRemoved": 0}
    # the state before restoring is itself a version: nothing is lost
    _, listing = await api.call("GET", f"{GL}/getHisVersion/{graph.id}", token)
    assert [v["number"] for v in listing["result"]] == [2, 1] and listing["result"][0]["nodeCount"] == before
    # named in the caller's language (issue 17: it was English in the Chinese UI)
    assert listing["result"][0]["name"] == "恢复版本 1 前的自动备份"


async def test_save_as_copies_the_whole_graph_or_a_subtree(api, database):
    token, graph = await _demo_graph(api)
    _, copy = await api.call("POST", f"{GL}/saveGraphAs/{graph.id}", token, json={"name": "数据结构（副本）", "projectId": graph.project_id})
    assert copy["code"] == 0 and copy["result"]["nodeCount"] == 154 and copy["result"]["sourceGraphId"] == graph.id
    assert await Relation.filter(graph_id=copy["result"]["id"]).count() == await Relation.filter(graph_id=graph.id).count()
    tree_unit = await Node.get(graph_id=graph.id, name="树和二叉树")
    _, sub = await api.call("POST", f"{GL}/saveGraphAs/{graph.id}", token, json={"name": "树", "projectId": graph.project_id, "nodeId": tree_unit.id})
    assert sub["code"] == 0
    root = await Node.get(graph_id=sub["result"]["id"], parent_id=None)
    assert root.type == "KnowGraph" and root.name == "树和二叉树"
    _, related = await api.call("GET", f"{GL}/getRelateGraphList", token, params={"graphId": graph.id})
    assert {g["name"] for g in related["result"]} == {"数据结构（副本）", "树"}


async def test_trans_graph_reports_before_changing(api, database):
    token, _ = await _demo_graph(api)
    graph = await Graph.get(name="操作系统")
    teaching = await Template.get(code="teaching")
    ability = await Template.get(code="ability")
    _, report = await api.call("POST", f"{GL}/transGraph/{graph.id}", token, json={"templateId": ability.id, "mapping": {}})
    assert report["result"]["ok"] is False and report["result"]["applied"] is False and report["result"]["problems"]
    assert (await Graph.get(id=graph.id)).template_id != ability.id
    _, done = await api.call("POST", f"{GL}/transGraph/{graph.id}", token, json={"templateId": teaching.id, "mapping": {}})
    assert done["result"] == {"ok": True, "applied": True, "problems": []}
    assert (await Graph.get(id=graph.id)).template_id == teaching.id
    assert (await Node.get(graph_id=graph.id, parent_id=None)).type == "KnowGraph"


async def test_major_list(api, database):
    token, _ = await _demo_graph(api)
    _, majors = await api.call("GET", f"{GL}/getMajorList", token)
    assert {g["templateKind"] for g in majors["result"]} == {"majorTeaching", "majorAbilityTarget"}
