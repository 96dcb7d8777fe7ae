"""The knowledge tree, built lazily: the graph's outline is read once (toolkit.graphs.nodes.load_index)
and a node's children become tree rows only when it is expanded, so a 100,000-node graph opens at
the cost of one read and the rows on screen."""
from __future__ import annotations

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from toolkit.graphs.nodes import TreeIndex

# What the outline needs of each node; the detail pane reads the rest of one node on demand.
OUTLINE_FIELDS = ("id", "parent_id", "order", "level", "name", "type", "define", "is_control")
POINT_TYPES = ("KnowPoint",)


def node_label(row: dict) -> Text:
    label = Text(row["name"])
    if row["type"] in POINT_TYPES and not (row.get("define") or "").strip():
        label.append(" ●", style="green")  # SPEC: undefined knowledge points carry a green dot
    label.append(f"  {row['type']}", style="dim")
    return label


class GraphTree(Tree[int]):
    """A Tree whose node data is the graph node id."""

    def __init__(self, index: TreeIndex, **kwargs) -> None:
        root_id = index.root_id
        super().__init__(node_label(index.rows[root_id]), data=root_id, **kwargs)
        self.index = index
        self.populated: set[int] = set()
        self.by_id: dict[int, TreeNode[int]] = {root_id: self.root}

    def populate(self, tree_node: TreeNode[int]) -> None:
        node_id = tree_node.data
        if node_id is None or node_id in self.populated:
            return
        self.populated.add(node_id)
        for child_id in self.index.children.get(node_id, []):
            row = self.index.rows[child_id]
            child = tree_node.add(node_label(row), data=child_id, allow_expand=bool(self.index.children.get(child_id)))
            self.by_id[child_id] = child

    def expand_node(self, tree_node: TreeNode[int]) -> None:
        self.populate(tree_node)
        tree_node.expand()

    def on_tree_node_expanded(self, event: Tree.NodeExpanded) -> None:
        self.populate(event.node)

    def reveal(self, node_id: int) -> TreeNode[int] | None:
        """Expand the way down to a node and put the cursor on it."""
        if node_id not in self.index.rows:
            return None
        for ancestor in reversed(self.index.ancestors(node_id)):
            self.expand_node(self.by_id[ancestor])
        tree_node = self.by_id[node_id]
        self.call_after_refresh(self._place_cursor, tree_node)
        return tree_node

    def _place_cursor(self, tree_node: TreeNode[int]) -> None:
        self.move_cursor(tree_node)
        self.scroll_to_node(tree_node, animate=False)

    def expand_levels(self, depth: int) -> None:
        """Expand the first `depth` levels (the root is level 0)."""
        layer = [self.root]
        for _ in range(depth):
            below: list[TreeNode[int]] = []
            for tree_node in layer:
                self.expand_node(tree_node)
                below.extend(tree_node.children)
            layer = below

    def reload(self, index: TreeIndex, parents: list[int]) -> None:
        """Take a fresh outline and rebuild the rows under `parents`, keeping what was expanded."""
        self.index = index
        for parent_id in dict.fromkeys(parents):
            tree_node = self.by_id.get(parent_id)
            if tree_node is None or parent_id not in self.populated:
                continue
            self._rebuild(tree_node)
        for node_id, tree_node in list(self.by_id.items()):
            row = index.rows.get(node_id)
            if row is not None:
                tree_node.set_label(node_label(row))
                tree_node.allow_expand = bool(index.children.get(node_id))

    def _rebuild(self, tree_node: TreeNode[int]) -> None:
        expanded = [n.data for n in self._walk(tree_node) if n.is_expanded and n is not tree_node]
        for gone in self._walk(tree_node):
            if gone is not tree_node:
                self.by_id.pop(gone.data, None)
                self.populated.discard(gone.data)
        tree_node.remove_children()
        self.populated.discard(tree_node.data)
        self.populate(tree_node)
        for node_id in expanded:
            if node_id in self.by_id and node_id in self.index.rows:
                self.expand_node(self.by_id[node_id])

    @staticmethod
    def _walk(tree_node: TreeNode[int]):
        stack = [tree_node]
        while stack:
            current = stack.pop()
            yield current
            stack.extend(current.children)
