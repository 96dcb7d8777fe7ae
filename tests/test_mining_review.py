"""Review (issue 15 item 8): accepting points asks for the parent (attribution's node by default,
never silently the root), rejected results reopen, accepted results name their node, a result's
passage keeps the source's lines."""
from __future__ import annotations

from toolkit.graphs import tree
from toolkit.graphs.crud import create_graph
from toolkit.mining.review import PASSAGE_RADIUS, passage
from toolkit.model import MiningResult, MiningTask, Node, Template

E = "/basic-api/api/excavate"


async def _mined(people, with_chapter: bool = True):
    expert = people["users"]["expert"]
    template = await Template.get(code="teaching")
    graph = await create_graph(expert, "数据结构", template.id, people["projects"]["a"].id)
    root = await Node.get(graph_id=graph.id, parent_id=None)
    chapter = None
    if with_chapter:
        made = await tree.create_node(expert, graph.id, root.id, "第一章 线性表", mode="child")
        chapter = await Node.get(id=made["id"])
    task = await MiningTask.create(kind="points", state="done", progress=100, source_ids=[], graph_id=graph.id,
                                   create_user_id=expert.id)
    points = [await MiningResult.create(task=task, kind="points", score=0.9 - i / 10, payload={"term": term, "count": 1})
              for i, term in enumerate(("栈", "队列", "链表"))]
    return graph, root, chapter, task, points


async def test_a_point_is_not_put_under_the_root_unasked(api, people):
    graph, root, chapter, _, points = await _mined(people)
    token = await api.login("expert")
    before = await Node.filter(graph_id=graph.id).count()
    _, suggestion = await api.call("GET", f"{E}/result/parentSuggestion?ids={points[0].id}", token)
    assert suggestion["result"] == {"nodeId": None, "nodeName": None, "reason": None}
    _, refused = await api.call("POST", f"{E}/result/accept", token, json={"ids": [points[0].id]})
    assert refused["code"] == 1 and refused["message"] == "请选择挂载的目录节点"
    _, refused = await api.call("POST", f"{E}/result/acceptAbove", token, json={"taskId": points[0].task_id, "minScore": 0})
    assert refused["code"] == 1
    assert await Node.filter(graph_id=graph.id).count() == before
    assert {r.state for r in await MiningResult.filter(id__in=[p.id for p in points])} == {"pending"}
    # The root is a parent like any other when the reviewer chooses it.
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [points[0].id], "parentNodeId": root.id})
    assert accepted["code"] == 0 and (await Node.get(id=accepted["result"]["nodeIds"][0])).parent_id == root.id


async def test_the_parent_defaults_to_the_node_attribution_chose(api, people):
    graph, _, chapter, task, points = await _mined(people)
    belong_task = await MiningTask.create(kind="belong", state="done", progress=100, source_ids=[], graph_id=graph.id,
                                          create_user_id=task.create_user_id)
    await MiningResult.create(task=belong_task, kind="belong", score=0.8, target_node_id=chapter.id,
                              payload={"term": "队列", "nodeKey": chapter.id, "nodeName": chapter.name, "reason": {}})
    token = await api.login("expert")
    _, suggestion = await api.call("GET", f"{E}/result/parentSuggestion?ids={points[1].id}", token)
    assert suggestion["result"] == {"nodeId": chapter.id, "nodeName": "第一章 线性表", "reason": "attribution"}
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [points[1].id]})
    assert accepted["code"] == 0, accepted
    node = await Node.get(id=accepted["result"]["nodeIds"][0])
    assert node.name == "队列" and node.parent_id == chapter.id
    # The accepted result names its node, for the review's link to it.
    _, listed = await api.call("GET", f"{E}/result/list?taskIds={task.id}&state=accepted", token)
    assert [(r["createdNodeId"], r["createdNodeName"]) for r in listed["result"]["items"]] == [(node.id, "队列")]


async def test_an_accept_answers_the_nodes_it_made_by_name(api, people):
    """The review's banner links to what an accept made by the nodes' names, not their ids."""
    graph, _, chapter, task, points = await _mined(people)
    token = await api.login("expert")
    _, accepted = await api.call("POST", f"{E}/result/accept", token,
                                 json={"ids": [points[0].id, points[2].id], "parentNodeId": chapter.id})
    assert accepted["code"] == 0, accepted
    made = {n.name: n.id for n in await Node.filter(graph_id=graph.id, parent_id=chapter.id)}
    assert accepted["result"]["nodes"] == [{"id": made["栈"], "name": "栈"}, {"id": made["链表"], "name": "链表"}]
    assert accepted["result"]["nodeIds"] == [made["栈"], made["链表"]]
    _, none_left = await api.call("POST", f"{E}/result/acceptAbove", token, json={"taskId": task.id, "minScore": 0.95})
    assert none_left["result"]["nodes"] == [] and none_left["result"]["accepted"] == 0


async def test_in_a_graph_of_only_its_root_the_root_is_the_parent(api, people):
    graph, root, _, _, points = await _mined(people, with_chapter=False)
    token = await api.login("expert")
    _, suggestion = await api.call("GET", f"{E}/result/parentSuggestion?ids={points[0].id}", token)
    assert suggestion["result"]["nodeId"] == root.id and suggestion["result"]["reason"] == "only_root"
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [points[0].id]})
    assert accepted["code"] == 0 and (await Node.get(id=accepted["result"]["nodeIds"][0])).parent_id == root.id


async def test_a_rejected_result_reopens(api, people):
    graph, _, chapter, _, points = await _mined(people)
    token = await api.login("expert")
    await api.call("POST", f"{E}/result/reject", token, json={"ids": [points[2].id]})
    assert (await MiningResult.get(id=points[2].id)).state == "rejected"
    tester = await api.login("tester")
    status, _ = await api.call("POST", f"{E}/result/reopen", tester, json={"ids": [points[2].id]})
    assert status == 403 and (await MiningResult.get(id=points[2].id)).state == "rejected"
    _, reopened = await api.call("POST", f"{E}/result/reopen", token, json={"ids": [points[2].id]})
    assert reopened["code"] == 0 and reopened["result"]["reopened"] == 1
    row = await MiningResult.get(id=points[2].id)
    assert row.state == "pending" and row.reviewer_id is None
    _, accepted = await api.call("POST", f"{E}/result/accept", token, json={"ids": [row.id], "parentNodeId": chapter.id})
    assert accepted["code"] == 0
    _, bad = await api.call("POST", f"{E}/result/reopen", token, json={"ids": []})
    assert bad["code"] == 1


MATERIAL = "# 第一章 线性表\n\n线性表是由零个或多个数据元素组成的有限序列。\n\n\n## 1.1 顺序表\n\n顺序表用一组连续的存储单元依次存放线性表的元素。\n"


async def test_a_passage_keeps_the_heading_on_its_own_line(api, people):
    graph, _, _, task, points = await _mined(people)
    token = await api.login("expert")
    _, uploaded = await api.call("POST", f"{E}/textSource", token, files={"file": ("线性表.md", MATERIAL.encode("utf-8"))},
                                 data={"graphId": str(graph.id)})
    assert uploaded["code"] == 0, uploaded
    source_id = uploaded["result"]["id"]
    _, detail = await api.call("GET", f"{E}/textSource/{source_id}", token)
    text = detail["result"]["text"]
    start = text.index("有限序列")
    await MiningResult.filter(id=points[0].id).update(source_id=source_id, payload={"term": "有限序列", "count": 1},
                                                      location={"start": start, "end": start + 4})
    _, listed = await api.call("GET", f"{E}/result/list?taskIds={task.id}&kind=points&pageSize=10", token)
    shown = next(item["passage"] for item in listed["result"]["items"] if item["id"] == points[0].id)
    # The heading is a line of its own, the paragraph another; the mined span stays apart.
    assert shown["before"] == "第一章 线性表\n线性表是由零个或多个数据元素组成的"
    assert shown["match"] == "有限序列"
    assert shown["after"] == "。\n1.1 顺序表\n顺序表用一组连续的存储单元依次存放线性表的元素。"


def test_a_passage_folds_blank_lines_and_stays_bounded():
    text = "# 第一章 线性表\r\n\r\n  \n线性表是有限序列。\n\n\n" + "后文" * 100
    start = text.index("有限序列")
    shown = passage(text, {"start": start, "end": start + 4})
    assert shown == {"before": "# 第一章 线性表\n线性表是", "match": "有限序列", "after": shown["after"]}
    assert shown["after"].startswith("。\n后文后文") and shown["after"].endswith("…") and "\n\n" not in shown["after"]
    # Clipped as before: at most the radius either side, an ellipsis marking each cut.
    long = "前文" * 100 + "\n\n" + "栈" + "\n\n" + "后文" * 100
    at = long.index("栈")
    shown = passage(long, {"start": at, "end": at + 1})
    assert shown["before"].startswith("…") and shown["before"].endswith("前文\n") and len(shown["before"]) <= PASSAGE_RADIUS + 1
    assert shown["after"].startswith("\n后文") and shown["after"].endswith("…") and len(shown["after"]) <= PASSAGE_RADIUS + 1
    # An empty span between two lines: one line break, not two.
    shown = passage("甲\n\n乙", {"start": 2, "end": 2})
    assert shown["before"] + shown["match"] + shown["after"] == "甲\n乙"


def test_a_cut_near_a_line_break_moves_to_it():
    # The radius ending 3 characters into a line, or starting 2 before one's end, showed "…表" or
    # "第二…" on a line of their own: the passage stops at the line break, with no ellipsis.
    text = "甲" * 40 + "数据结构中的线性表\n" + "线性表是有限序列。" + "乙" * 40 + "\n第二章 栈和队列" + "丙" * 40
    start = text.index("有限序列")
    shown = passage(text, {"start": start, "end": start + 4}, radius=start - text.index("线性表\n") - 1)
    assert shown["before"] == "线性表是"
    tail = text.index("\n第二章") + 4 - (start + 4)
    shown = passage(text, {"start": start, "end": start + 4}, radius=tail)
    assert shown["after"] == "。" + "乙" * 40
    # Far from a line break, the cut and its ellipsis stay.
    shown = passage(text, {"start": start, "end": start + 4}, radius=20)
    assert shown["before"].startswith("…") and shown["after"].endswith("…")
