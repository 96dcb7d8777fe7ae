"""Merging trees, merging several graphs, and duplicate checks through the API."""
from toolkit.graphdoc import from_dict
from toolkit.graphs.store import store_document
from toolkit.graphs.names import normalise_name
from toolkit.model import Graph, Node, Relation

G = "/basic-api/api/graph"


def _doc(name, units, relations=()):
    root = {"id": "r", "name": name, "type": "KnowGraph", "children": []}
    for unit, points in units.items():
        root["children"].append({"id": unit, "name": unit, "type": "KnowUnit",
                                 "children": [{"id": f"{unit}/{p}", "name": p, "type": "KnowPoint", "desc": f"{p}的描述"} for p in points]})
    return from_dict({"template": "teaching", "root": root,
                      "relations": [{"start": s, "target": t, "type": k} for s, t, k in relations]})


async def _graphs(people):
    user, project = people["users"]["expert"], people["projects"]["a"]
    target = await store_document(_doc("数据结构", {"线性表": ["顺序表", "链表"], "树": ["二叉树"]}), project, user)
    source = await store_document(_doc("数据结构补充", {"线性表": ["链 表", "静态链表"], "图": ["邻接表", "邻接矩阵"]},
                                       [("图/邻接表", "图/邻接矩阵", "Mutual"), ("线性表/链 表", "图/邻接表", "Behind")]), project, user)
    return target, source


def test_normalised_names_ignore_width_case_space_and_punctuation():
    assert normalise_name("Ｂ＋ 树") == normalise_name("b+树") == "b+树"  # B+ tree is not a B tree
    assert normalise_name("链　表。") == "链表"


async def test_prepare_then_merge(api, people):
    target, source = await _graphs(people)
    token = await api.login("expert")
    body = {"graphId": target.id, "sourceGraphId": source.id}
    _, check = await api.call("POST", f"{G}/mergeTreeCheck", token, json=body)
    assert check["result"] == {"ok": True, "conflicts": []}
    _, preview = await api.call("POST", f"{G}/prepareMergeTree", token, json=body)
    report = preview["result"]
    assert {m["name"] for m in report["merged"]} == {"线性表", "链 表"}
    assert {a["name"] for a in report["added"]} == {"静态链表", "图", "邻接表", "邻接矩阵"}
    assert report["relationsAdded"] == 2
    assert await Node.filter(graph_id=target.id).count() == 6  # a preview changes nothing
    _, merged = await api.call("POST", f"{G}/mergeTree", token, json=body)
    assert merged["code"] == 0 and merged["result"]["applied"]["created"] == 4
    assert await Node.filter(graph_id=target.id).count() == 10
    linked = await Node.get(graph_id=target.id, name="链表")
    assert await Relation.filter(graph_id=target.id, start_node_id=linked.id, relation_type="Behind").count() == 1
    assert (await Graph.get(id=target.id)).node_count == 10


async def test_conflicts_block_the_merge_until_renamed(api, people):
    target, source = await _graphs(people)
    clash = await Node.get(graph_id=source.id, name="静态链表")
    await Node.filter(id=clash.id).update(name="顺序表", type="KnowUnit")
    token = await api.login("expert")
    body = {"graphId": target.id, "sourceGraphId": source.id}
    _, check = await api.call("POST", f"{G}/mergeTreeCheck", token, json=body)
    assert check["result"]["ok"] is False and check["result"]["conflicts"][0]["kind"] == "typeClash"
    _, refused = await api.call("POST", f"{G}/mergeTree", token, json=body)
    assert refused["code"] == 1 and await Node.filter(graph_id=target.id).count() == 6
    _, merged = await api.call("POST", f"{G}/mergeTree", token, json={**body, "renames": {str(clash.id): "顺序表（补充）"}})
    assert merged["code"] == 0 and merged["result"]["counts"]["renamed"] == 1
    assert await Node.exists(graph_id=target.id, name="顺序表（补充）")


async def test_merge_all_and_duplicates(api, people):
    target, source = await _graphs(people)
    user, project = people["users"]["expert"], people["projects"]["a"]
    third = await store_document(_doc("查找", {"查找": ["折半查找"]}), project, user)
    token = await api.login("expert")
    _, preview = await api.call("POST", f"{G}/mergeAllPreview", token, json={"graphId": target.id, "sourceGraphIds": [source.id, third.id]})
    assert preview["result"]["ok"] is True and len(preview["result"]["sources"]) == 2
    _, done = await api.call("POST", f"{G}/mergeAll", token, json={"graphId": target.id, "sourceGraphIds": [source.id, third.id]})
    assert done["code"] == 0 and await Node.filter(graph_id=target.id).count() == 12
    await Node.create(graph_id=target.id, parent_id=(await Node.get(graph_id=target.id, name="树")).id, name="链表。", type="KnowPoint", level=2, order=1)
    _, duplicates = await api.call("GET", f"{G}/checkDuplicates/{target.id}", token)
    group = duplicates["result"][0]
    assert group["key"] == "链表" and {n["path"] for n in group["nodes"]} == {"数据结构 > 线性表 > 链表", "数据结构 > 树 > 链表。"}
