"""One graph: the lazy knowledge tree beside the highlighted node's detail, search with jump,
and the small edits (rename, add a child or a sibling, move, delete, save a version), each through
the graph engine (toolkit.graphs.tree / versions) with the revision the curator saw."""
from __future__ import annotations

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Header, Tree

from toolkit.graphs import crud, reads, tree, versions
from toolkit.graphs.nodes import TreeIndex, load_index
from toolkit.tui.screens.base import ZhituScreen
from toolkit.tui.screens.dialogs import ConfirmDialog, InputDialog, NodePicker
from toolkit.tui.screens.search import SearchDialog
from toolkit.tui.widgets.graph_tree import OUTLINE_FIELDS, GraphTree
from toolkit.tui.widgets.node_detail import NodeDetail


async def load_outline(graph_id: int) -> TreeIndex:
    return await load_index(graph_id, OUTLINE_FIELDS)


class GraphScreen(ZhituScreen):
    DEFAULT_CSS = """
    GraphScreen #body { height: 1fr; }
    GraphScreen GraphTree { width: 3fr; border-right: solid $primary-darken-2; }
    GraphScreen #detail-pane { width: 2fr; padding: 0 1; }
    GraphScreen.narrow #body { layout: vertical; }
    GraphScreen.narrow GraphTree { width: 1fr; height: 3fr; border-right: none; border-bottom: solid $primary-darken-2; }
    GraphScreen.narrow #detail-pane { width: 1fr; height: 2fr; }
    """
    BINDINGS = [
        Binding("slash,ctrl+f", "search", "tui.key.search"),
        Binding("f2,r", "rename", "tui.key.rename"),
        Binding("a", "add_child", "tui.key.add_child"),
        Binding("s", "add_sibling", "tui.key.add_sibling", show=False),
        Binding("m", "move", "tui.key.move"),
        Binding("delete", "delete", "tui.key.delete", show=False),
        Binding("v", "save_version", "tui.key.save_version"),
        Binding("t", "tasks", "tui.key.tasks"),
        Binding("f5", "reload", "tui.key.reload", show=False),
    ]
    NARROW = 90  # columns below which the detail goes under the tree

    def __init__(self, graph: dict, index: TreeIndex) -> None:
        super().__init__()
        self.graph, self.index = graph, index
        self.detail: dict | None = None

    @classmethod
    async def load(cls, user, graph_id: int) -> "GraphScreen":
        graph = await crud.graph_detail(user, graph_id)  # the access check, isEdit, root, revision
        return cls(graph, await load_outline(graph_id))

    @property
    def graph_id(self) -> int:
        return self.graph["id"]

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="body"):
            yield GraphTree(self.index, id="tree")
            with VerticalScroll(id="detail-pane"):
                yield NodeDetail(self.t("tui.detail.choose"), id="detail")
        yield Footer()

    def on_mount(self) -> None:
        self.title = self.graph["name"]
        mode = self.t("tui.graph.editable") if self.graph["isEdit"] else self.t("tui.graph.read_only")
        self.sub_title = self.t("tui.graph.subtitle", template=self.graph["templateName"], count=self.graph["nodeCount"], mode=mode)
        tree_widget = self.tree
        tree_widget.expand_levels(1)
        tree_widget.focus()
        self.on_resize()

    def on_resize(self, event=None) -> None:
        self.set_class(self.app.size.width < self.NARROW, "narrow")

    @property
    def tree(self) -> GraphTree:
        return self.query_one(GraphTree)

    @property
    def cursor_id(self) -> int | None:
        node = self.tree.cursor_node
        return node.data if node is not None else None

    @on(Tree.NodeHighlighted)
    def highlighted(self, event: Tree.NodeHighlighted) -> None:
        if event.node.data is not None:
            self.show_detail(event.node.data)

    @work(exclusive=True, group="detail")
    async def show_detail(self, node_id: int) -> None:
        with self.guarded():
            node = await tree.get_node(self.user, self.graph_id, node_id)
            relations = await reads.node_relations(self.user, self.graph_id, node_id)
            self.detail = node
            path = self.index.path_names(node_id) if node_id in self.index.rows else [node["name"]]
            self.query_one(NodeDetail).show(node, relations, path, self.zhitu.lang)

    async def _current(self) -> dict | None:
        """The node under the cursor as the detail pane shows it (with the revision the edit is based on)."""
        node_id = self.cursor_id
        if node_id is None:
            return None
        if self.detail is None or self.detail["id"] != node_id:
            with self.guarded():
                self.detail = await tree.get_node(self.user, self.graph_id, node_id)
        return self.detail if self.detail and self.detail["id"] == node_id else None

    async def refresh_after(self, parents: list[int], select: int | None = None) -> None:
        self.index = await load_outline(self.graph_id)
        self.tree.reload(self.index, parents)
        target = select if select is not None else self.cursor_id
        if target is not None and target in self.index.rows:
            self.tree.reveal(target)
            self.show_detail(target)

    # Edits ------------------------------------------------------------------------------------

    def _ask(self, title: str, value: str = ""):
        return self.app.push_screen_wait(InputDialog(title, value))

    @work(group="edit")
    async def action_rename(self) -> None:
        node = await self._current()
        if node is None:
            return
        name = await self._ask(self.t("tui.ask.rename", name=node["name"]), node["name"])
        if not name or name == node["name"]:
            return
        with self.guarded():
            await tree.update_node(self.user, self.graph_id, node["id"], node["revision"], name=name)
            self.notify(self.t("tui.done.renamed", name=name))
            if node["parentId"] is None:
                self.title = name
            await self.refresh_after([node["parentId"]] if node["parentId"] else [], node["id"])

    async def _add(self, mode: str) -> None:
        node = await self._current()
        if node is None:
            return
        name = await self._ask(self.t("tui.ask.add_child" if mode == "child" else "tui.ask.add_sibling", name=node["name"]))
        if not name:
            return
        with self.guarded():
            created = await tree.create_node(self.user, self.graph_id, node["id"], name, mode=mode,
                                             revision=node["revision"] if mode == "child" else None)
            self.notify(self.t("tui.done.added", name=name))
            await self.refresh_after([created["parentId"]], created["id"])

    @work(group="edit")
    async def action_add_child(self) -> None:
        await self._add("child")

    @work(group="edit")
    async def action_add_sibling(self) -> None:
        await self._add("sibling")

    @work(group="edit")
    async def action_move(self) -> None:
        node = await self._current()
        if node is None:
            return
        target = await self.app.push_screen_wait(NodePicker(self.index, self.t("tui.ask.move", name=node["name"]), node["parentId"]))
        if target is None or target == node["parentId"]:
            return
        with self.guarded():
            await tree.move_node(self.user, self.graph_id, node["id"], target, revision=node["revision"])
            self.notify(self.t("tui.done.moved", name=node["name"], parent=self.index.rows[target]["name"]))
            await self.refresh_after([node["parentId"], target], node["id"])

    @work(group="edit")
    async def action_delete(self) -> None:
        node = await self._current()
        if node is None:
            return
        count = len(self.index.subtree_ids(node["id"]))
        if not await self.app.push_screen_wait(ConfirmDialog(self.t("tui.ask.delete", name=node["name"], count=count))):
            return
        with self.guarded():
            await tree.delete_nodes(self.user, self.graph_id, [node["id"]], {node["id"]: node["revision"]})
            self.notify(self.t("tui.done.deleted", count=count))
            await self.refresh_after([node["parentId"]], node["parentId"])

    @work(group="edit")
    async def action_save_version(self) -> None:
        name = await self._ask(self.t("tui.ask.version"))
        if name is None:
            return
        with self.guarded():
            version = await versions.save_version(self.user, self.graph_id, name)
            self.notify(self.t("tui.done.version", number=version["number"], name=name))

    # Navigation -------------------------------------------------------------------------------

    @work(group="search")
    async def action_search(self) -> None:
        node_id = await self.app.push_screen_wait(SearchDialog(self.graph_id))
        if node_id is not None:
            self.jump_to(node_id)

    def jump_to(self, node_id: int) -> None:
        if self.tree.reveal(node_id) is not None:
            self.tree.focus()
            self.show_detail(node_id)

    async def action_tasks(self) -> None:
        await self.zhitu.open_tasks(self.graph_id)

    async def action_reload(self) -> None:
        with self.guarded():
            self.graph = await crud.graph_detail(self.user, self.graph_id)
            await self.refresh_after([n for n in self.tree.populated])
