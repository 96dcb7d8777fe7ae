"""The curator's terminal (issue 7), driven by Textual's Pilot on a real database: each test asserts
what changed in the graph or the review, not only what is on screen."""
from __future__ import annotations

import asyncio

import pytest
from textual.screen import ModalScreen
from textual.widgets import DataTable, Input

from toolkit.graphs import tree
from toolkit.graphs.crud import create_graph
from toolkit.mining import sources
from toolkit.model import GraphVersion, MiningResult, MiningTask, Node, Template
from toolkit.tui.app import ZhituApp
from toolkit.tui.screens.dialogs import NodePicker
from toolkit.tui.screens.graph import GraphScreen
from toolkit.tui.screens.review import ReviewScreen
from toolkit.tui.screens.tasks import TasksScreen
from toolkit.tui.widgets.graph_tree import GraphTree

SIZE = (110, 36)
LOOKUPS = ("detail", "passage", "lookup")
TEXT = "线性表是最基本的数据结构。栈是一种只能在一端进行插入和删除的线性表。队列是先进先出的线性表。二叉树是每个结点最多有两个子树的树。"


@pytest.fixture
async def course(people):
    """A small teaching graph of project A, owned by the expert."""
    expert = people["users"]["expert"]
    template = await Template.get(code="teaching")
    graph = await create_graph(expert, "数据结构", template.id, people["projects"]["a"].id)
    root = await Node.get(graph_id=graph.id, parent_id=None)
    linear = await tree.create_node(expert, graph.id, root.id, "线性表")
    trees = await tree.create_node(expert, graph.id, root.id, "树与二叉树")
    for name in ("顺序表", "链表", "栈"):
        await tree.create_node(expert, graph.id, linear["id"], name, node_type="KnowPoint")
    await tree.create_node(expert, graph.id, trees["id"], "二叉树", node_type="KnowPoint")
    return {"graph": graph, "root": root.id, "linear": linear["id"], "trees": trees["id"], "user": expert}


@pytest.fixture
async def mined(course):
    """A finished points task with four candidates pointing into a text material."""
    user, graph = course["user"], course["graph"]
    source = await sources.add_source(user, "教材.txt", TEXT.encode("utf-8"), graph_id=graph.id)
    task = await MiningTask.create(kind="points", state="done", progress=100, source_ids=[source["id"]], graph_id=graph.id,
                                   create_user_id=user.id)
    rows = []
    for term, score in (("队列", 0.95), ("二叉树", 0.9), ("先进先出", 0.6), ("插入", 0.3)):
        start = TEXT.index(term)
        payload = {"term": term, "count": 1}
        if term == "队列":  # a point the text defines carries its definition (points.mine)
            payload["definition"] = "队列是先进先出的线性表。"
        rows.append(await MiningResult.create(task=task, kind="points", score=score, payload=payload,
                                              source_id=source["id"], location={"page": 1, "start": start, "end": start + len(term)}))
    return {**course, "task": task, "results": rows, "source": source}


def app_for(user, lang="zh-CN", theme="dark") -> ZhituApp:
    return ZhituApp(user, lang=lang, theme=theme)


async def settle(pilot) -> None:
    """Let messages and workers finish (no timing involved). While a dialog is open, the worker
    that opened it waits for its answer: only the look-ups are waited for then."""
    app = pilot.app
    for _ in range(20):
        await pilot.pause()
        busy = [w for w in app.workers if not w.is_finished]
        if isinstance(app.screen, ModalScreen):
            busy = [w for w in busy if w.group in LOOKUPS]
        if not busy:
            return
        await asyncio.gather(*(w.wait() for w in busy), return_exceptions=True)


async def open_graph(pilot, graph_id: int) -> GraphScreen:
    await pilot.app.open_graph(graph_id)
    await settle(pilot)
    assert isinstance(pilot.app.screen, GraphScreen)
    return pilot.app.screen


def screen_text(app) -> str:
    """The SVG screenshot's text, with the non-breaking spaces Rich writes made plain."""
    import html
    import re

    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def drawn_with(pilot, words) -> str:
    """The screen's text once every word is drawn, or as it stands after a bounded wait. The footer
    redraws its keys when the new screen's bindings are published, on the app's next idle, which a
    busy machine can put after the messages settle() waits for."""
    for _ in range(100):
        shot = screen_text(pilot.app)
        if all(word in shot for word in words):
            return shot
        await pilot.pause(0.05)
    return screen_text(pilot.app)


def labels(tree_widget: GraphTree) -> list[str]:
    return [str(node.label).split("  ")[0].rstrip(" ●") for node in tree_widget.root.children]


async def test_projects_then_graphs_then_the_lazy_tree(course):
    app = app_for(course["user"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        projects = app.screen.query_one("#project-table", DataTable)
        graphs = app.screen.query_one("#graph-table", DataTable)
        assert projects.row_count == 2  # all graphs, and project A (the expert's only project)
        assert graphs.row_count == 1
        await pilot.press("down")  # project A
        await settle(pilot)
        assert graphs.get_row_at(0)[0] == "数据结构"
        await pilot.press("enter")  # into the graph list
        await pilot.press("enter")  # open the graph
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GraphScreen)
        tree_widget = screen.query_one(GraphTree)
        assert labels(tree_widget) == ["线性表", "树与二叉树"]
        # Lazy: the chapters' children are not rows until a chapter is expanded.
        assert course["linear"] not in tree_widget.populated
        await pilot.press("down", "space")
        await settle(pilot)
        assert [str(n.label).split("  ")[0].rstrip(" ●") for n in tree_widget.by_id[course["linear"]].children] == ["顺序表", "链表", "栈"]
        assert screen.detail["name"] == "线性表" and "KnowUnit" in screen_text(app)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen.id == "projects"


async def test_rename_add_child_move_and_save_a_version(course):
    app = app_for(course["user"])
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_graph(pilot, course["graph"].id)
        await pilot.press("down")  # 线性表
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        box = app.screen.query_one(Input)
        box.value = "线性结构"
        await pilot.press("enter")
        await settle(pilot)
        assert (await Node.get(id=course["linear"])).name == "线性结构"
        assert labels(screen.query_one(GraphTree))[0] == "线性结构"

        await pilot.press("a")
        await settle(pilot)
        app.screen.query_one(Input).value = "循环链表"
        await pilot.press("enter")
        await settle(pilot)
        added = await Node.get(graph_id=course["graph"].id, name="循环链表")
        assert added.parent_id == course["linear"]
        assert screen.tree.cursor_node.data == added.id  # the cursor follows the new node

        await pilot.press("m")  # move it under 树与二叉树, chosen in the picker
        await settle(pilot)
        picker = app.screen.query_one("#picker-tree", GraphTree)
        picker.move_cursor(picker.by_id[course["trees"]])
        await pilot.press("enter")
        await settle(pilot)
        assert (await Node.get(id=added.id)).parent_id == course["trees"]
        assert added.id in [n.data for n in screen.tree.by_id[course["trees"]].children]

        await pilot.press("v")
        await settle(pilot)
        app.screen.query_one(Input).value = "终审前"
        await pilot.press("enter")
        await settle(pilot)
        version = await GraphVersion.get(graph_id=course["graph"].id)
        assert version.name == "终审前" and version.node_count == 8


async def test_a_stale_edit_is_refused_and_reported(course):
    app = app_for(course["user"], lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await open_graph(pilot, course["graph"].id)
        await pilot.press("down")
        await settle(pilot)
        # Someone else renames the node after the curator saw it.
        await tree.update_node(course["user"], course["graph"].id, course["linear"], None, name="别人改的")
        await pilot.press("r")
        await settle(pilot)
        app.screen.query_one(Input).value = "我改的"
        await pilot.press("enter")
        await settle(pilot)
        assert (await Node.get(id=course["linear"])).name == "别人改的"
        assert app.last_error == "The data was changed by someone else; reload and try again"


async def test_read_only_graph_refuses_edits(course, people):
    app = app_for(people["users"]["tester"])  # a project user of project A: sees, may not edit here
    async with app.run_test(size=SIZE) as pilot:
        await open_graph(pilot, course["graph"].id)
        await pilot.press("down", "a")
        await settle(pilot)
        app.screen.query_one(Input).value = "不该出现"
        await pilot.press("enter")
        await settle(pilot)
        assert not await Node.filter(name="不该出现").exists()
        assert app.last_error


async def test_search_jumps_to_a_deep_node(course):
    app = app_for(course["user"])
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_graph(pilot, course["graph"].id)
        await pilot.press("slash")
        await settle(pilot)
        await pilot.press(*"二叉")
        await settle(pilot)
        assert "树与二叉树" in screen_text(app) and "2 found" not in screen_text(app)
        await pilot.press("down", "down", "enter")  # into the list, the second hit (the deeper one)
        await settle(pilot)
        target = await Node.get(graph_id=course["graph"].id, name="二叉树")
        assert screen.tree.cursor_node.data == target.id
        assert screen.detail["name"] == "二叉树"
        assert course["trees"] in screen.tree.populated  # its chapter was expanded on the way


async def palette_choose(pilot, query: str, expect: str) -> None:
    """Type into the command palette and run the first hit once it is the one expected (the palette
    gathers hits in the background, so this waits for them, not for a time)."""
    from textual.command import CommandList

    await pilot.press("ctrl+p")
    await settle(pilot)
    await pilot.press(*query)
    hits = pilot.app.screen.query_one(CommandList)
    for _ in range(200):
        await pilot.pause()
        if hits.option_count and expect in str(hits.get_option_at_index(0).prompt):
            break
    assert hits.option_count and expect in str(hits.get_option_at_index(0).prompt)
    await pilot.press("down", "enter") if hits.highlighted is None else await pilot.press("enter")
    await settle(pilot)


async def test_command_palette_runs_actions_and_jumps(course):
    app = app_for(course["user"], lang="en")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_graph(pilot, course["graph"].id)
        await palette_choose(pilot, "链表", "Go to node: 链表")
        target = await Node.get(graph_id=course["graph"].id, name="链表")
        assert screen.tree.cursor_node.data == target.id
        await palette_choose(pilot, "light/dark", "Light/dark theme")
        assert app.theme == "textual-light"


async def test_review_accept_reject_edit_skip_undo(mined):
    user = mined["user"]
    first, second, third, fourth = mined["results"]
    app = app_for(user)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.open_review(mined["task"].id)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        table = screen.query_one(DataTable)
        assert table.row_count == 4
        passage = str(screen.query_one("#passage").render())
        assert "队列是先进先出的线性表" in passage  # the source around the candidate
        assert "文中定义：队列是先进先出的线性表。" in passage  # and the point's definition from the text

        await pilot.press("a")  # accept 队列: the parent is asked for (the picker starts at the top, the root)
        await settle(pilot)
        assert isinstance(app.screen, NodePicker)
        await pilot.press("enter")
        await settle(pilot)
        row = await MiningResult.get(id=first.id)
        assert row.state == "accepted"
        node = await Node.get(id=row.created_node_id)
        assert node.name == "队列" and node.parent_id == mined["root"] and node.origin["resultId"] == first.id

        await pilot.press("r")  # reject 二叉树
        await settle(pilot)
        assert (await MiningResult.get(id=second.id)).state == "rejected"

        await pilot.press("s")  # skip 先进先出
        await pilot.press("e")  # edit 插入
        await settle(pilot)
        app.screen.query_one(Input).value = "插入运算"
        await pilot.press("enter")
        await settle(pilot)
        edited = await MiningResult.get(id=fourth.id)
        assert edited.state == "edited" and edited.edited_payload["term"] == "插入运算"

        await pilot.press("u")  # undo the edit
        await settle(pilot)
        back = await MiningResult.get(id=fourth.id)
        assert back.state == "pending" and back.edited_payload is None
        await pilot.press("u")  # undo the skip (nothing stored)
        await pilot.press("u")  # undo the reject
        await settle(pilot)
        assert (await MiningResult.get(id=second.id)).state == "pending"
        await pilot.press("u")  # undo the accept: the node it made goes too
        await settle(pilot)
        assert (await MiningResult.get(id=first.id)).state == "pending"
        assert not await Node.filter(id=node.id).exists()
        assert (await MiningResult.get(id=third.id)).state == "pending"


async def test_bulk_accept_above_a_score_under_a_chosen_target(mined):
    app = app_for(mined["user"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.open_review(mined["task"].id)
        await settle(pilot)
        await pilot.press("t")
        await settle(pilot)
        picker = app.screen.query_one("#picker-tree", GraphTree)
        picker.move_cursor(picker.by_id[mined["trees"]])
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("b")
        await settle(pilot)
        app.screen.query_one(Input).value = "0.85"
        await pilot.press("enter")
        await settle(pilot)
        states = {r.payload["term"]: r.state for r in await MiningResult.filter(task_id=mined["task"].id)}
        assert states == {"队列": "accepted", "二叉树": "accepted", "先进先出": "pending", "插入": "pending"}
        # 二叉树 existed already under 树与二叉树: the same node, not a second one.
        assert await Node.filter(graph_id=mined["graph"].id, name="二叉树").count() == 1
        assert (await Node.get(graph_id=mined["graph"].id, name="队列")).parent_id == mined["trees"]
        assert "已接受" in str(app.screen.query_one(DataTable).get_row_at(0)[0])


async def test_quitting_keeps_an_accepted_result(mined):
    app = app_for(mined["user"])
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.open_review(mined["task"].id)
        await settle(pilot)
        await pilot.press("a")  # asks for the parent; the write starts once it is chosen
        await settle(pilot)
        await pilot.press("enter", "q")
        await pilot.pause()
    assert app.return_code == 0
    assert (await MiningResult.get(id=mined["results"][0].id)).state == "accepted"
    assert await Node.filter(graph_id=mined["graph"].id, name="队列").exists()


async def test_task_list_follows_a_running_task(mined):
    task = mined["task"]
    await MiningTask.filter(id=task.id).update(state="running", progress=40)
    app = app_for(mined["user"], lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.open_tasks(mined["graph"].id)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TasksScreen)
        table = screen.query_one(DataTable)
        assert "running" in str(table.get_row_at(0)) and "40%" in str(table.get_row_at(0))
        await MiningTask.filter(id=task.id).update(state="done", progress=100)
        await screen.tick()  # what the one-second interval does
        await settle(pilot)
        assert "done" in str(table.get_row_at(0)) and "100%" in str(table.get_row_at(0))
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)


async def test_help_lists_the_keys_in_the_chosen_language(course):
    for lang, words in (("en", ["Keys", "Rename", "Add child", "Search nodes"]), ("zh-CN", ["快捷键", "重命名", "添加下级", "搜索节点"])):
        app = app_for(course["user"], lang=lang)
        async with app.run_test(size=SIZE) as pilot:
            await open_graph(pilot, course["graph"].id)
            await pilot.press("f1")
            await settle(pilot)
            svg = app.export_screenshot()
            for word in words:
                assert word.replace(" ", "&#160;") in svg or word in svg, (lang, word)


async def test_snapshots_of_the_main_screens_light_dark_and_resized(mined):
    app = app_for(mined["user"], lang="en", theme="light")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shot = screen_text(app)
        assert "Projects" in shot and "项目A" in shot and "数据结构" in shot
        screen = await open_graph(pilot, mined["graph"].id)
        await pilot.press("down")
        await settle(pilot)
        words = ("数据结构", "线性表", "树与二叉树", "Type", "KnowUnit", "Rename", "Search nodes")
        shot = await drawn_with(pilot, words)
        for word in words:
            assert word in shot, word
        assert "#f" in app.export_screenshot().lower()  # light background colours
        await pilot.press("ctrl+t")
        await settle(pilot)
        assert app.theme == "textual-dark"
        await pilot.resize_terminal(60, 30)  # narrow: the detail goes under the tree
        await settle(pilot)
        assert screen.has_class("narrow")
        shot = screen_text(app)
        assert "线性表" in shot and "Type" in shot
        await pilot.resize_terminal(*SIZE)
        await settle(pilot)
        assert not screen.has_class("narrow")
        await app.open_review(mined["task"].id)
        await settle(pilot)
        words = ("Review task", "队列", "0.950", "pending", "Accept", "Reject", "Undo", "Page 1/1")
        shot = await drawn_with(pilot, words)
        for word in words:
            assert word in shot, word


async def test_the_mouse_works_too(course):
    app = app_for(course["user"])
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.click("#project-table", offset=(4, 2))  # the header, "(all graphs)", then 项目A
        await settle(pilot)
        assert app.screen.current_project == str(course["graph"].project_id)
        await pilot.click("#graph-table", offset=(4, 1))
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GraphScreen)
        await pilot.click("#tree", offset=(8, 1))  # the first chapter: selected and expanded
        await settle(pilot)
        assert screen.detail["id"] == course["linear"]
        assert course["linear"] in screen.tree.populated


async def test_keys_typed_into_a_dialog_are_text_not_commands(course):
    app = app_for(course["user"])
    async with app.run_test(size=SIZE) as pilot:
        await open_graph(pilot, course["graph"].id)
        await pilot.press("down", "a")
        await settle(pilot)
        await pilot.press(*"quiz")  # q would quit, u undo, i nothing, z nothing: here they are a name
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running
        assert (await Node.get(graph_id=course["graph"].id, name="quiz")).parent_id == course["linear"]


async def test_an_empty_relation_review_says_the_less_sure_ones_were_left_out(course):
    user, graph = course["user"], course["graph"]
    source = await sources.add_source(user, "随记.txt", "今天下雨了。".encode("utf-8"), graph_id=graph.id)
    surer = await MiningTask.create(kind="relations", state="done", progress=100, source_ids=[source["id"]], graph_id=graph.id,
                                    create_user_id=user.id)
    every = await MiningTask.create(kind="relations", state="done", progress=100, source_ids=[source["id"]], graph_id=graph.id,
                                    create_user_id=user.id, params={"minScore": 0})
    for task, told in ((surer, True), (every, False)):
        app = app_for(user)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.app.open_review(task.id)
            await settle(pilot)
            passage = str(app.screen.query_one("#passage").render())
            assert "该任务没有结果" in passage
            assert ("zhitu mine relations --min-score 0" in passage) is told
