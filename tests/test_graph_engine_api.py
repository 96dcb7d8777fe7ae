"""The graph engine through the API: graphs, tree edits, relations, reads, conflicts, permissions."""
import pytest

from toolkit.model import Graph, Node, Relation, Tag, Template

G = "/basic-api/api/graph"
GL = "/basic-api/api/graphList"


@pytest.fixture
async def expert(api, people):
    return await api.login("expert")


async def _create(api, token, people, code="teaching", name="数据结构"):
    template = await Template.get(code=code)
    status, body = await api.call("POST", GL, token, json={"name": name, "templateId": template.id, "projectId": people["projects"]["a"].id})
    assert status == 200 and body["code"] == 0, body
    return body["result"]


async def _child(api, token, graph_id, parent_id, name, **extra):
    _, body = await api.call("POST", f"{G}/createNode", token, json={"graphId": graph_id, "nodeId": parent_id, "name": name, **extra})
    assert body["code"] == 0, body
    return body["result"]


async def _tree(api, token, graph_id, **query):
    _, body = await api.call("GET", f"{G}/searchTree", token, params={"graphId": graph_id, **query})
    assert body["code"] == 0, body
    return body["result"]


def _names(node):
    return [c["name"] for c in node["childs"]]


async def test_create_graph_has_root_and_appears_in_list(api, people, expert):
    graph = await _create(api, expert, people)
    assert graph["nodeCount"] == 1 and graph["rootId"] and graph["isEdit"] == 1
    tree = await _tree(api, expert, graph["id"])
    assert tree["tree"]["name"] == "数据结构" and tree["tree"]["type"] == "KnowGraph" and tree["tree"]["childs"] == []
    _, listing = await api.call("GET", f"{GL}/list", expert)
    assert [g["name"] for g in listing["result"]["items"]] == ["数据结构"]


async def test_tree_edits_keep_order_and_levels(api, people, expert):
    graph = await _create(api, expert, people)
    gid, root = graph["id"], graph["rootId"]
    chapter = await _child(api, expert, gid, root, "线性表")
    assert chapter["type"] == "KnowUnit" and chapter["level"] == 1 and chapter["isNewNode"]
    stack = await _child(api, expert, gid, root, "栈和队列")
    first = await _child(api, expert, gid, chapter["id"], "顺序表", type="KnowPoint")
    await _child(api, expert, gid, first["id"], "链表", mode="sibling", type="KnowPoint")
    await _child(api, expert, gid, chapter["id"], "线性表的定义", type="KnowPoint", position=0)
    tree = (await _tree(api, expert, gid))["tree"]
    assert _names(tree) == ["线性表", "栈和队列"]
    assert _names(tree["childs"][0]) == ["线性表的定义", "顺序表", "链表"]
    assert [c["order"] for c in tree["childs"][0]["childs"]] == [0, 1, 2]
    # move 链表 under 栈和队列, then the moved node and its level follow
    linked = tree["childs"][0]["childs"][2]
    _, moved = await api.call("POST", f"{G}/moveNode", expert, json={"graphId": gid, "nodeId": linked["id"], "parentId": stack["id"], "position": 0})
    assert moved["code"] == 0 and moved["result"]["level"] == 2 and moved["result"]["parentId"] == stack["id"]
    tree = (await _tree(api, expert, gid))["tree"]
    assert _names(tree["childs"][0]) == ["线性表的定义", "顺序表"] and _names(tree["childs"][1]) == ["链表"]
    # re-order the root's children
    ids = [c["id"] for c in tree["childs"]]
    _, body = await api.call("POST", f"{G}/updateOrder", expert, json={"graphId": gid, "parentId": root, "ids": ids[::-1]})
    assert body["code"] == 0
    assert _names((await _tree(api, expert, gid))["tree"]) == ["栈和队列", "线性表"]
    _, body = await api.call("POST", f"{G}/updateOrder", expert, json={"graphId": gid, "parentId": root, "ids": ids[:1]})
    assert body["code"] == 1


async def test_moving_a_node_under_itself_is_refused(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    unit = await _child(api, expert, gid, graph["rootId"], "树")
    inner = await _child(api, expert, gid, unit["id"], "二叉树")
    for target in (unit["id"], inner["id"]):
        _, body = await api.call("POST", f"{G}/moveNode", expert, json={"graphId": gid, "nodeId": unit["id"], "parentId": target}, lang="en")
        assert body["code"] == 1 and "under itself" in body["message"]
    _, body = await api.call("POST", f"{G}/moveNode", expert, json={"graphId": gid, "nodeId": graph["rootId"], "parentId": unit["id"]})
    assert body["code"] == 1


async def test_template_rules_for_types(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    _, body = await api.call("POST", f"{G}/createNode", expert, json={"graphId": gid, "nodeId": graph["rootId"], "name": "能力", "type": "AbilityPoint"}, lang="en")
    assert body["code"] == 1 and "does not allow" in body["message"]
    point = await _child(api, expert, gid, graph["rootId"], "知识点", type="KnowPoint")
    _, body = await api.call("PUT", f"{G}/changeNodeType", expert, json={"graphId": gid, "nodeId": point["id"], "type": "KnowUnit"})
    assert body["code"] == 0 and body["result"]["type"] == "KnowUnit"
    _, body = await api.call("PUT", f"{G}/changeNodeType", expert, json={"graphId": gid, "nodeId": point["id"], "type": "Course"})
    assert body["code"] == 1
    # Refusals name the entity types as people know them, in the reader's language.
    assert "知识图谱" in body["message"] and "KnowGraph" not in body["message"], body["message"]
    _, body = await api.call("PUT", f"{G}/changeNodeType", expert, json={"graphId": gid, "nodeId": point["id"], "type": "Course"}, lang="en")
    assert "Knowledge graph" in body["message"], body["message"]


async def test_delete_subtree_with_relations_in_one_go(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    unit = await _child(api, expert, gid, graph["rootId"], "图")
    a = await _child(api, expert, gid, unit["id"], "深度优先搜索", type="KnowPoint")
    b = await _child(api, expert, gid, unit["id"], "广度优先搜索", type="KnowPoint")
    other = await _child(api, expert, gid, graph["rootId"], "栈", type="KnowPoint")
    _, rel = await api.call("POST", f"{G}/createRelation", expert, json={"graphId": gid, "startNodeId": other["id"], "targetNodeId": a["id"], "relationshipType": "Behind"})
    assert rel["code"] == 0
    _, body = await api.call("DELETE", f"{G}/deleteNode", expert, params={"graphId": gid, "nodeId": unit["id"]})
    assert body["result"]["deleted"] == 3
    assert await Node.filter(graph_id=gid).count() == 2
    assert await Relation.filter(graph_id=gid).count() == 0
    assert (await Graph.get(id=gid)).node_count == 2
    _, body = await api.call("DELETE", f"{G}/deleteNode", expert, params={"graphId": gid, "nodeId": graph["rootId"]})
    assert body["code"] == 1
    _, body = await api.call("DELETE", f"{G}/batchDeleteNode", expert, json={"graphId": gid, "ids": [other["id"], 999999]})
    assert body["code"] == 1 and await Node.filter(graph_id=gid).count() == 2


async def test_relations_follow_the_template_and_effect_scope(api, people, expert):
    graph = await _create(api, expert, people, code="experiment", name="物理实验")
    gid = graph["id"]
    experiment = await _child(api, expert, gid, graph["rootId"], "牛顿环", type="Experiment")
    point = await _child(api, expert, gid, experiment["id"], "等厚干涉", type="KnowPoint")
    _, ok = await api.call("POST", f"{G}/createRelation", expert, json={"graphId": gid, "startNodeId": experiment["id"], "targetNodeId": point["id"], "relationshipType": "Verify"})
    assert ok["code"] == 0 and ok["result"]["relationshipName"] == "验证"
    _, dup = await api.call("POST", f"{G}/createRelation", expert, json={"graphId": gid, "startNodeId": experiment["id"], "targetNodeId": point["id"], "relationshipType": "Verify"})
    assert dup["code"] == 1
    _, wrong_way = await api.call("POST", f"{G}/createRelation", expert, json={"graphId": gid, "startNodeId": point["id"], "targetNodeId": experiment["id"], "relationshipType": "Verify"})
    assert wrong_way["code"] == 1
    _, not_in_template = await api.call("POST", f"{G}/createRelation", expert, json={"graphId": gid, "startNodeId": point["id"], "targetNodeId": experiment["id"], "relationshipType": "Support"})
    assert not_in_template["code"] == 1
    _, listed = await api.call("GET", f"{G}/SearchRelationList", expert, params={"graphId": gid, "nodeId": point["id"]})
    group = listed["result"]["groups"][0]
    assert group["relationshipType"] == "Verify" and group["items"][0]["direction"] == "in" and group["items"][0]["startNodeName"] == "牛顿环"
    _, counts = await api.call("GET", f"{G}/getRelationNum/{gid}", expert)
    assert counts["result"]["byType"] == {"Contain": 2, "Verify": 1}
    _, body = await api.call("DELETE", f"{G}/deleteRelation", expert, params={"graphId": gid, "relationId": ok["result"]["relationId"]})
    assert body["code"] == 0 and await Relation.filter(graph_id=gid).count() == 0


async def test_descriptions_attributes_and_tags(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    point = await _child(api, expert, gid, graph["rootId"], "快速排序", type="KnowPoint")
    url = f"{G}/updateNode/{point['id']}"
    _, empty = await api.call("PUT", url, expert, json={"graphId": gid, "desc": "## <p> </p>"}, lang="en")
    assert empty["code"] == 1 and empty["message"] == "Enter description content"
    _, body = await api.call("PUT", url, expert, json={"graphId": gid, "desc": "<p>分治</p><script>x</script>##$formula$T(n)=2T(n/2)+O(n)"})
    assert body["code"] == 0 and body["result"]["desc"] == "<p>分治</p>##$formula$T(n)=2T(n/2)+O(n)"
    _, body = await api.call("PUT", url, expert, json={"graphId": gid, "attributes": {"difficulty": "难", "hours": 1.5}})
    assert body["result"]["attributes"] == {"difficulty": "难", "hours": 1.5}
    for bad in ({"difficulty": "超难"}, {"hours": -1}, {"hours": 1.25}, {"unknown": 1}):
        _, body = await api.call("PUT", url, expert, json={"graphId": gid, "attributes": bad})
        assert body["code"] == 1, bad
    # Fields of the wrong JSON type are refused by name, never a server error.
    for bad in ({"desc": 5}, {"name": 5}, {"define": [1]}, {"direction": 5}):
        status, body = await api.call("PUT", url, expert, json={"graphId": gid, **bad})
        assert status == 200 and body["code"] == 1, (bad, body)
    tags = await Tag.filter(name__in=["重点", "难点"]).values_list("id", flat=True)
    _, body = await api.call("PUT", url, expert, json={"graphId": gid, "id": point["id"], "nodeType": "KnowPoint", "tags": list(tags)})
    assert sorted(t["name"] for t in body["result"]["nodeTags"]) == ["重点", "难点"]
    _, body = await api.call("PUT", url, expert, json={"graphId": gid, "tags": [987654]})
    assert body["code"] == 1
    _, body = await api.call("PUT", url, expert, json={"graphId": gid, "define": "快速排序是一种分治排序算法。"})
    assert body["result"]["isDefine"] is True and body["result"]["isUpdateNode"] is True
    _, undefined = await api.call("GET", f"{G}/searchNodesByDefineStatus/{gid}", expert, params={"defined": 0})
    assert [n["name"] for n in undefined["result"]] == ["数据结构"]


async def test_ability_levels_are_validated(api, people, expert):
    graph = await _create(api, expert, people, code="courseAbility", name="课程能力")
    gid = graph["id"]
    target = await _child(api, expert, gid, graph["rootId"], "课程目标1")
    point = await _child(api, expert, gid, target["id"], "算法设计")
    url = f"{G}/updateNode/{point['id']}"
    good = [{"name": "优秀", "rangeStart": 90, "rangeEnd": 100}, {"name": "及格", "rangeStart": 60, "rangeEnd": 90}]
    _, body = await api.call("PUT", url, expert, json={"graphId": gid, "attributes": {"abilityLevels": good}})
    assert body["code"] == 0
    _, body = await api.call("PUT", url, expert, json={"graphId": gid, "tags": []})
    assert body["code"] == 1  # tags belong to teaching graphs only
    for bad in ([{"name": "", "rangeStart": 0, "rangeEnd": 10}], [{"name": "差", "rangeStart": 50, "rangeEnd": 40}],
                [{"name": "超", "rangeStart": 90, "rangeEnd": 120}]):
        _, body = await api.call("PUT", url, expert, json={"graphId": gid, "attributes": {"abilityLevels": bad}})
        assert body["code"] == 1, bad


async def test_stale_revision_is_a_conflict_and_changes_nothing(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    point = await _child(api, expert, gid, graph["rootId"], "散列表", type="KnowPoint")
    other = await _child(api, expert, gid, graph["rootId"], "堆", type="KnowPoint")
    url = f"{G}/updateNode/{point['id']}"
    revision = point["revision"]
    _, first = await api.call("PUT", url, expert, json={"graphId": gid, "name": "散列表（哈希表）", "revision": revision})
    assert first["code"] == 0
    _, stale = await api.call("PUT", url, expert, json={"graphId": gid, "name": "哈希表", "revision": revision}, lang="en")
    assert stale["code"] == 1 and stale["reason"] == "conflict"
    assert (await Node.get(id=point["id"])).name == "散列表（哈希表）"
    # a different node edited on its own revision is not blocked
    _, body = await api.call("PUT", f"{G}/updateNode/{other['id']}", expert, json={"graphId": gid, "name": "二叉堆", "revision": other["revision"]})
    assert body["code"] == 0


async def test_read_only_callers_cannot_edit(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    tester = await api.login("tester")
    tree = await _tree(api, tester, gid)
    assert tree["isEdit"] == 0
    status, body = await api.call("POST", f"{G}/createNode", tester, json={"graphId": gid, "nodeId": graph["rootId"], "name": "x"})
    assert status == 403 and body["code"] == 1
    outsider = await api.login("outsider")
    status, _ = await api.call("GET", f"{G}/searchTree", outsider, params={"graphId": gid})
    assert status == 403
    await Node.filter(id=graph["rootId"]).update(is_control=False)
    status, _ = await api.call("POST", f"{G}/createNode", expert, json={"graphId": gid, "nodeId": graph["rootId"], "name": "x"})
    assert status == 403


async def test_graph_rename_publish_delete(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    _, body = await api.call("PUT", f"{GL}/{gid}", expert, json={"name": "数据结构（第二版）", "revision": graph["revision"]})
    assert body["result"]["name"] == "数据结构（第二版）"
    assert (await _tree(api, expert, gid))["tree"]["name"] == "数据结构（第二版）"
    _, body = await api.call("PUT", f"{GL}/{gid}", expert, json={"name": "旧", "revision": graph["revision"]})
    assert body["code"] == 1 and body["reason"] == "conflict"
    _, body = await api.call("PUT", f"{GL}/publish/{gid}", expert)
    assert body["result"]["releaseState"] == 1
    _, body = await api.call("PUT", f"{GL}/unPublish/{gid}", expert)
    assert body["result"]["releaseState"] == 0
    _, body = await api.call("DELETE", f"{GL}/{gid}", expert)
    assert body["code"] == 0 and not await Graph.exists(id=gid) and not await Node.exists(graph_id=gid)


async def test_search_graph_sizes_and_cycles(api, people, expert):
    graph = await _create(api, expert, people)
    gid = graph["id"]
    a = await _child(api, expert, gid, graph["rootId"], "A", type="KnowPoint")
    b = await _child(api, expert, gid, graph["rootId"], "B", type="KnowPoint")
    c = await _child(api, expert, gid, graph["rootId"], "C", type="KnowPoint")
    for start, target in ((a, b), (b, c)):
        await api.call("POST", f"{G}/createRelation", expert, json={"graphId": gid, "startNodeId": start["id"], "targetNodeId": target["id"], "relationshipType": "Behind"})
    _, flat = await api.call("GET", f"{G}/searchGraph", expert, params={"graphId": gid})
    sizes = {n["name"]: n["size"] for n in flat["result"]["nodes"]}
    assert min(sizes.values()) == 50 and max(sizes.values()) == 80 and sizes["数据结构"] == 80
    _, check = await api.call("GET", f"{G}/checkGraph/{gid}", expert)
    assert check["result"]["cycles"] == [] and [n["name"] for n in check["result"]["learningOrder"]] == ["A", "B", "C"]
    assert check["result"]["integrity"] == []
    # A stored node count gone wrong is reported by code, worded in the reader's language.
    await Graph.filter(id=gid).update(node_count=99)
    for lang, words in (("zh-CN", "记录的节点数为 99，实际有 4 个节点"), ("en", "node count 99 but 4 nodes")):
        _, check = await api.call("GET", f"{G}/checkGraph/{gid}", expert, lang=lang)
        assert check["result"]["integrity"] == [{"code": "node_count", "params": {"recorded": 99, "count": 4}, "text": words}]
    await Graph.filter(id=gid).update(node_count=4)
    await api.call("POST", f"{G}/createRelation", expert, json={"graphId": gid, "startNodeId": c["id"], "targetNodeId": a["id"], "relationshipType": "Behind"})
    _, check = await api.call("GET", f"{G}/checkGraph/{gid}", expert)
    assert [sorted(n["name"] for n in cycle) for cycle in check["result"]["cycles"]] == [["A", "B", "C"]]
    _, points = await api.call("GET", f"{G}/searchPoint", expert, params={"graphId": gid, "keyword": "b"})
    assert [n["name"] for n in points["result"]["items"]] == ["B"]
    _, everywhere = await api.call("GET", f"{G}/searchPointAll", expert, params={"keyword": "C"})
    assert everywhere["result"]["items"][0]["graphName"] == "数据结构"


async def test_two_clients_racing_on_one_node(api, people):
    import asyncio

    expert = await api.login("expert")
    admin = await api.login("admin")
    graph = await _create(api, expert, people)
    point = await _child(api, expert, graph["id"], graph["rootId"], "树", type="KnowPoint")
    url = f"{G}/updateNode/{point['id']}"
    results = await asyncio.gather(*[
        api.call("PUT", url, token, json={"graphId": graph["id"], "name": name, "revision": point["revision"]})
        for token, name in ((expert, "树（甲）"), (admin, "树（乙）"))
    ])
    codes = sorted(body["code"] for _status, body in results)
    assert codes == [0, 1]
    winner = next(body["result"]["name"] for _status, body in results if body["code"] == 0)
    loser = next(body for _status, body in results if body["code"] == 1)
    assert loser["reason"] == "conflict"
    assert (await Node.get(id=point["id"])).name == winner


async def test_cross_bindings_node_relations_fan_out_and_relation_list(api, people, expert):
    teaching = await _create(api, expert, people)
    ability = await _create(api, expert, people, code="ability", name="能力")
    point = await _child(api, expert, teaching["id"], teaching["rootId"], "快速排序", type="KnowPoint")
    other = await _child(api, expert, teaching["id"], teaching["rootId"], "归并排序", type="KnowPoint")
    third = await _child(api, expert, teaching["id"], teaching["rootId"], "堆排序", type="KnowPoint")
    skill = await _child(api, expert, ability["id"], ability["rootId"], "算法设计")
    bind = {"graphId": teaching["id"], "nodeId": point["id"], "targetGraphId": ability["id"], "targetNodeId": skill["id"], "relationshipType": "Belong"}
    _, cross = await api.call("POST", f"{G}/createCrossRelation", expert, json=bind)
    assert cross["code"] == 0
    _, wrong = await api.call("POST", f"{G}/createCrossRelation", expert, json={**bind, "relationshipType": "Support"})
    assert wrong["code"] == 1
    _, related = await api.call("GET", f"{GL}/getRelateGraphList", expert, params={"graphId": teaching["id"]})
    assert [g["name"] for g in related["result"]] == ["能力"]
    _, listed = await api.call("GET", f"{G}/SearchRelationList", expert, params={"graphId": teaching["id"], "nodeId": point["id"]})
    assert listed["result"]["crossRelations"][0]["target_node__name"] == "算法设计"
    _, gone = await api.call("DELETE", f"{G}/deleteCrossRelation", expert, params={"id": cross["result"]["id"]})
    assert gone["code"] == 0
    _, updated = await api.call("POST", f"{G}/UpdateNodeRelation", expert, json={"graphId": teaching["id"], "nodeId": point["id"], "relationshipType": "Mutual", "targetIds": [other["id"], third["id"]]})
    assert sorted(r["targetNodeId"] for r in updated["result"]) == sorted([other["id"], third["id"]])
    _, updated = await api.call("POST", f"{G}/UpdateNodeRelation", expert, json={"graphId": teaching["id"], "nodeId": point["id"], "relationshipType": "Mutual", "targetIds": [third["id"]]})
    assert [r["targetNodeId"] for r in updated["result"]] == [third["id"]]
    _, fan = await api.call("GET", f"{G}/countFanOut/{teaching['id']}", expert)
    assert fan["result"][0]["name"] == "数据结构" and fan["result"][0]["outDegree"] == 3
    _, page = await api.call("GET", f"{G}/getGraphRelationList/{teaching['id']}", expert, params={"page": 1, "pageSize": 10})
    assert page["result"]["total"] == 1 and page["result"]["items"][0]["startNodeName"] == "快速排序"
