"""The mining task runner on a real database: a batch of files drops points that are only the
batch's boilerplate, and attribution gets each graph node's ancestor path to tell same-named
nodes apart (issue 15)."""
from toolkit.graphs.crud import create_graph
from toolkit.mining import tasks
from toolkit.mining.sources import add_source
from toolkit.model import MiningResult, MiningTask, Node, Template, TextSource

BODIES = ["栈是一种后进先出的线性表。入栈和出栈都在栈顶进行。栈可以用数组实现。",
          "队列是一种先进先出的线性表。入队在队尾进行，出队在队头进行。循环队列节省空间。",
          "二叉树的每个结点最多有两个子树。二叉树的遍历有先序遍历、中序遍历和后序遍历。"]
# The header and footer every file of the batch repeats: a course label, a lecturer, a URL.
HEADER, FOOTER = "数据结构课程讲义 主讲 王建华", "课程网站 https://ds.example.edu.cn/course"
BST_PAGE = "# 二叉搜索树\n\n## 时间复杂度\n\n查找的时间复杂度与树高有关，平衡时为对数级．\n"


async def _source(user, name: str, text: str) -> TextSource:
    """Read as an upload is (the real reader, layout and all)."""
    made = await add_source(user, name, text.encode("utf-8"))
    return await TextSource.get(id=made["id"])


async def _run(user, kind: str, sources: list[TextSource], graph_id: int | None = None) -> list[MiningResult]:
    task = await MiningTask.create(kind=kind, source_ids=[s.id for s in sources], graph_id=graph_id,
                                   create_user_id=user.id)
    await tasks.work(concurrency=1, once=True, poll_seconds=0.05)
    task = await MiningTask.get(id=task.id)
    assert task.state == "done", task.error
    return await MiningResult.filter(task_id=task.id).order_by("id")


async def test_a_batch_leaves_out_its_repeated_header_and_footer(people):
    user = people["users"]["expert"]
    sources = [await _source(user, f"第{i}讲.txt", f"{HEADER}\n{body}\n{FOOTER}\n") for i, body in enumerate(BODIES)]
    terms = {r.payload["term"] for r in await _run(user, "points", sources)}
    assert {"线性表", "队列", "二叉树"} <= terms
    assert not terms & {"王建华", "课程讲义", "数据结构课程讲义"}
    # One file alone is no batch: its header is all it has to go by, so it stays.
    alone = {r.payload["term"] for r in await _run(user, "points", sources[:1])}
    assert "王建华" in alone


async def test_attribution_gets_the_ancestor_path_of_graph_nodes(people):
    user = people["users"]["expert"]
    template = await Template.get(code="teaching")
    graph = await create_graph(user, "算法", template.id, people["projects"]["a"].id)
    root = await Node.get(graph_id=graph.id, parent_id=None)
    order = iter(range(100))

    async def node(name: str, parent: Node, kind: str = "Catalogue") -> Node:
        return await Node.create(graph_id=graph.id, parent_id=parent.id, name=name, type=kind, level=parent.level + 1,
                                 order=next(order))

    sorting, trees = await node("排序", root), await node("树", root)
    # The wrong same-named node is made first, so neither order nor id may decide.
    wrong = await node("时间复杂度", await node("选择排序", sorting))
    right = await node("时间复杂度", await node("二叉搜索树", trees))
    context = await tasks.graph_context(graph.id)
    paths = {n["key"]: n["path"] for n in context.catalogue_nodes}
    assert paths[right.id] == ["树", "二叉搜索树"] and paths[wrong.id] == ["排序", "选择排序"]
    source = await _source(user, "bst.md", BST_PAGE)
    results = await _run(user, "belong", [source], graph.id)
    assert results and all(r.target_node_id == right.id and r.payload["reason"]["path"] == 1.0 for r in results), \
        [(r.payload, r.target_node_id) for r in results]
