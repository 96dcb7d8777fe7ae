"""The keys of the screen below and of the whole app, in the app's language."""
from __future__ import annotations

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, Static

from toolkit.tui.localise import own_bindings
from toolkit.tui.screens.base import ZhituModal


class HelpScreen(ZhituModal):
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll { width: 72; max-width: 95%; height: auto; max-height: 90%; border: thick $primary; background: $surface; padding: 1 2; }
    HelpScreen #help-title { text-style: bold; margin-bottom: 1; }
    """
    BINDINGS = [Binding("q,f1,question_mark", "cancel", "tui.key.close")]

    def __init__(self, below: Screen) -> None:
        super().__init__()
        self.below = below

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Label(self.t("tui.help.title"), id="help-title")
            yield Static(self._table(self.below, self.t("tui.help.this_screen")))
            yield Static(self._table(self.app, self.t("tui.help.everywhere")))
            yield Label(self.t("tui.help.mouse"))

    def _table(self, node, heading: str) -> Table:
        table = Table(title=heading, title_justify="left", show_header=False, box=None, padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        rows: dict[str, tuple[list[str], str]] = {}
        for _key, binding in own_bindings(node):
            keys, _ = rows.setdefault(binding.action, ([], binding.description))
            keys.append(self.app.get_key_display(binding))
        for keys, description in rows.values():
            table.add_row(", ".join(dict.fromkeys(keys)), description)
        return table
