"""Small modal dialogs: a line of text, a yes/no question, and picking a node from the tree."""
from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, Tree

from toolkit.graphs.nodes import TreeIndex
from toolkit.tui.screens.base import ZhituModal
from toolkit.tui.widgets.graph_tree import GraphTree

DIALOG_CSS = """
.dialog { width: 70%; max-width: 90; height: auto; max-height: 80%; border: thick $primary; background: $surface; padding: 1 2; }
.dialog Label { margin-bottom: 1; }
.dialog .hint { color: $text-muted; margin-top: 1; margin-bottom: 0; }
"""


class InputDialog(ZhituModal):
    """Ask for one line; dismisses with the text (stripped) or None."""

    DEFAULT_CSS = "InputDialog { align: center middle; }" + DIALOG_CSS

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text, self.value, self.placeholder = title, value, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text)
            yield Input(value=self.value, placeholder=self.placeholder, id="answer")
            yield Label(self.t("tui.dialog.input_hint"), classes="hint")

    @on(Input.Submitted)
    def submitted(self, event: Input.Submitted) -> None:
        value = event.value.strip()
        self.dismiss(value or None)


class ConfirmDialog(ZhituModal):
    """A yes/no question: y or Enter says yes, n or Escape no."""

    DEFAULT_CSS = "ConfirmDialog { align: center middle; }" + DIALOG_CSS
    BINDINGS = [Binding("y,enter", "yes", "tui.key.yes"), Binding("n", "cancel", "tui.key.no")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.question)
            yield Label(self.t("tui.dialog.confirm_hint"), classes="hint")

    def action_yes(self) -> None:
        self.dismiss(True)


class NodePicker(ZhituModal):
    """Choose a node of a graph from its (lazy) tree; dismisses with the node id or None."""

    DEFAULT_CSS = "NodePicker { align: center middle; } NodePicker GraphTree { height: 1fr; min-height: 10; }" + DIALOG_CSS

    def __init__(self, index: TreeIndex, title: str, start: int | None = None) -> None:
        super().__init__()
        self.index, self.title_text, self.start = index, title, start

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="picker"):
            yield Label(self.title_text)
            tree = GraphTree(self.index, id="picker-tree")
            tree.auto_expand = False
            yield tree
            yield Label(self.t("tui.dialog.pick_hint"), classes="hint")

    def on_mount(self) -> None:
        self.query_one("#picker", Vertical).styles.height = "80%"
        tree = self.query_one(GraphTree)
        tree.expand_node(tree.root)
        if self.start is not None:
            tree.reveal(self.start)
        tree.focus()

    @on(Tree.NodeSelected)
    def chosen(self, event: Tree.NodeSelected) -> None:
        event.stop()
        self.dismiss(event.node.data)
