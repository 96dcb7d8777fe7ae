"""Search a graph's nodes by name (toolkit.graphs.reads.search_points, the web UI's searchPoint)
and jump to the one chosen."""
from __future__ import annotations

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option
from textual.worker import WorkerCancelled, WorkerFailed

from toolkit.graphs import reads
from toolkit.tui.screens.base import ZhituModal
from toolkit.tui.screens.dialogs import DIALOG_CSS

LIMIT = 50


class SearchDialog(ZhituModal):
    DEFAULT_CSS = "SearchDialog { align: center top; } SearchDialog .dialog { margin-top: 2; } SearchDialog OptionList { height: auto; max-height: 20; }" + DIALOG_CSS
    BINDINGS = [Binding("down", "into_results", "tui.key.results", show=False)]

    def __init__(self, graph_id: int) -> None:
        super().__init__()
        self.graph_id = graph_id

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.t("tui.search.title"))
            yield Input(placeholder=self.t("tui.search.placeholder"), id="query")
            yield OptionList(id="results")
            yield Label(self.t("tui.search.hint"), classes="hint", id="search-status")

    @on(Input.Changed, "#query")
    def changed(self, event: Input.Changed) -> None:
        self.pending = self.search(event.value)

    @work(exclusive=True, group="lookup")
    async def search(self, keyword: str) -> None:
        results = self.query_one("#results", OptionList)
        status = self.query_one("#search-status", Label)
        if not keyword.strip():
            results.clear_options()
            status.update(self.t("tui.search.hint"))
            return
        with self.guarded():
            items, total = await reads.search_points(self.user, self.graph_id, keyword, page_size=LIMIT)
            results.clear_options()
            for item in items:
                label = Text(item["name"])
                label.append(f"  {item['type']} · L{item['level']}", style="dim")
                results.add_option(Option(label, id=str(item["id"])))
            if items:
                results.highlighted = 0
            status.update(self.t("tui.search.count", count=total, shown=len(items)) if total else self.t("tui.search.none"))

    @on(Input.Submitted, "#query")
    async def submitted(self) -> None:
        pending = getattr(self, "pending", None)
        if pending is not None and not pending.is_finished:
            try:
                await pending.wait()
            except (WorkerCancelled, WorkerFailed):
                return
        results = self.query_one("#results", OptionList)
        if results.option_count:
            self.dismiss(int(results.get_option_at_index(results.highlighted or 0).id))

    def action_into_results(self) -> None:
        self.query_one("#results", OptionList).focus()

    @on(OptionList.OptionSelected, "#results")
    def chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id))
