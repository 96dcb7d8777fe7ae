"""Reviewing one mining task's results: the candidates table (paged from toolkit.mining.review.list_results)
with the source passage around the highlighted candidate, and keys to accept, reject, edit, skip,
undo, bulk-accept above a score and choose the target node; every decision is the web UI's own call
(review.accept_results / reject_results / edit_result / accept_above / reopen_result)."""
from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import DataTable, Footer, Header, Label, Static

from toolkit.errors import ValidationError, ZhituError
from toolkit.graphs import crud
from toolkit.mining import review, sources, tasks
from toolkit.tui.screens.base import ZhituScreen
from toolkit.tui.screens.dialogs import InputDialog, NodePicker

PAGE_SIZE = 50
AROUND = 120  # characters of source shown on each side of a candidate
# The field the edit key changes, per kind (review.EDITABLE_FIELDS lists every editable one).
EDIT_FIELD = {"points": "term", "definitions": "sentence", "relations": "type", "belong": "term", "catalogue": "title"}
POINT_KINDS = ("points", "belong", "catalogue")


def candidate_text(kind: str, payload: dict) -> str:
    if kind == "definitions":
        return f"{payload.get('term', '')}：{payload.get('sentence', '')}"
    if kind == "relations":
        return f"{payload.get('start', '')} —{payload.get('type', '')}→ {payload.get('target', '')}"
    if kind == "belong":
        return f"{payload.get('term', '')} ⇒ {payload.get('nodeName', '')}"
    if kind == "catalogue":
        return "  " * max(0, int(payload.get("level") or 1) - 1) + str(payload.get("title", ""))
    return str(payload.get("term", ""))


@dataclass
class Step:
    """One review decision, kept so that undo can take it back."""

    action: str  # accept, reject, edit, skip
    result_id: int
    row: int
    edited_payload: dict | None = None  # the curator's edit before the decision (None: the miner's own)


class ReviewScreen(ZhituScreen):
    DEFAULT_CSS = """
    ReviewScreen #results { height: 2fr; }
    ReviewScreen #passage-pane { height: 1fr; border-top: solid $primary-darken-2; padding: 0 1; }
    ReviewScreen #review-status { padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("a", "accept", "tui.key.accept"),
        Binding("r", "reject", "tui.key.reject"),
        Binding("e", "edit", "tui.key.edit"),
        Binding("s", "skip", "tui.key.skip"),
        Binding("u", "undo", "tui.key.undo"),
        Binding("b", "accept_above", "tui.key.accept_above"),
        Binding("t", "target", "tui.key.target"),
        Binding("n,right_square_bracket", "next_page", "tui.key.next_page"),
        Binding("p,left_square_bracket", "previous_page", "tui.key.previous_page"),
    ]

    def __init__(self, task: dict) -> None:
        super().__init__()
        self.mining_task = task
        self.page = 1
        self.total = 0
        self.rows: list[dict] = []
        self.texts: dict[int, str] = {}
        self.source_names: dict[int, str] = {}
        self.target_node_id: int | None = None
        self.target_name = ""
        self.outline = None
        self.steps: list[Step] = []

    @classmethod
    async def load(cls, user, task_id: int) -> "ReviewScreen":
        return cls(await tasks.task_detail(user, task_id))

    @property
    def task_id(self) -> int:
        return self.mining_task["id"]

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // PAGE_SIZE))

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="results", cursor_type="row", zebra_stripes=True)
        with VerticalScroll(id="passage-pane"):
            yield Static("", id="passage")
        yield Label("", id="review-status")
        yield Footer()

    async def on_mount(self) -> None:
        self.title = self.t("tui.review.title", id=self.task_id, kind=self.t(f"tui.kind.{self.mining_task['kind']}"))
        table = self.query_one(DataTable)
        for key, column in (("state", "tui.col.state"), ("score", "tui.col.score"), ("candidate", "tui.col.candidate"),
                            ("where", "tui.col.where")):
            table.add_column(self.t(column), key=key)
        await self.load_page(1)
        table.focus()

    # Loading ----------------------------------------------------------------------------------

    async def load_page(self, page: int, row: int = 0) -> None:
        with self.guarded():
            items, total = await review.list_results(self.user, task_ids=[self.task_id], page=page, page_size=PAGE_SIZE)
            self.page, self.total, self.rows = page, total, items
            for source_id in {item["sourceId"] for item in items if item["sourceId"]}:
                await self._source_name(source_id)
            table = self.query_one(DataTable)
            table.clear()
            for item in items:
                table.add_row(*self._cells(item), key=str(item["id"]))
            if items:
                table.move_cursor(row=max(0, min(row, len(items) - 1)))
            else:
                empty = self.t("tui.review.empty")
                if self.mining_task.get("lessSureLeftOut"):
                    empty += "\n" + self.t("tui.review.less_sure_left_out", command=tasks.LESS_SURE_COMMAND)
                self.query_one("#passage", Static).update(empty)
            self.show_status()

    def _cells(self, item: dict) -> tuple:
        location = item.get("location") or {}
        where = self.source_names.get(item["sourceId"], "") if item["sourceId"] else ""
        if location.get("page"):
            where += " " + self.t("tui.review.page", page=location["page"])
        state = Text(self.t(f"tui.result.{item['state']}"),
                     style={"accepted": "green", "rejected": "red", "edited": "yellow"}.get(item["state"], ""))
        return state, f"{item['score']:.3f}", candidate_text(item["kind"], item["payload"]), where.strip()

    async def _source_name(self, source_id: int) -> str:
        if source_id not in self.source_names:
            try:
                self.source_names[source_id] = (await sources.get_source(self.user, source_id)).name
            except ZhituError:
                self.source_names[source_id] = f"#{source_id}"
        return self.source_names[source_id]

    def show_status(self) -> None:
        target = self.target_name or self.t("tui.review.target_default")
        self.query_one("#review-status", Label).update(
            self.t("tui.review.status", page=self.page, pages=self.pages, total=self.total, target=target))

    @property
    def row_index(self) -> int | None:
        table = self.query_one(DataTable)
        if not self.rows or table.cursor_row is None or table.cursor_row >= len(self.rows):
            return None
        return table.cursor_row

    @property
    def current(self) -> dict | None:
        index = self.row_index
        return self.rows[index] if index is not None else None

    @on(DataTable.RowHighlighted)
    def highlighted(self, event: DataTable.RowHighlighted) -> None:
        self.show_passage(event.cursor_row)

    @work(exclusive=True, group="passage")
    async def show_passage(self, index: int) -> None:
        if index >= len(self.rows):
            return
        item = self.rows[index]
        passage = self.query_one("#passage", Static)
        location = item.get("location") or {}
        text = ""
        if item["sourceId"]:
            if item["sourceId"] not in self.texts:
                try:
                    self.texts[item["sourceId"]] = (await sources.source_detail(self.user, item["sourceId"]))["text"]
                except ZhituError:
                    self.texts[item["sourceId"]] = ""
            text = self.texts[item["sourceId"]]
        start, end = location.get("start"), location.get("end")
        shown = Text()
        if text and isinstance(start, int) and isinstance(end, int):
            left = max(0, start - AROUND)
            right = min(len(text), end + AROUND)
            shown.append(("…" if left else "") + text[left:start])
            shown.append(text[start:end], style="bold reverse")
            shown.append(text[end:right] + ("…" if right < len(text) else ""))
        else:
            shown.append(item["payload"].get("sentence") or candidate_text(item["kind"], item["payload"]))
        if item["kind"] == "points" and item["payload"].get("definition"):
            shown.append("\n" + self.t("tui.review.defined", text=item["payload"]["definition"]))
        if item.get("original"):
            shown.append("\n" + self.t("tui.review.original", text=candidate_text(item["kind"], item["original"])), style="dim")
        passage.update(shown)

    def _replace(self, index: int, item: dict) -> None:
        self.rows[index] = item
        table = self.query_one(DataTable)
        key = str(item["id"])
        for column, value in zip(("state", "score", "candidate", "where"), self._cells(item)):
            table.update_cell(key, column, value)
        self.show_passage(index)

    def _mark(self, index: int, state: str) -> None:
        item = dict(self.rows[index])
        item["state"] = state
        self._replace(index, item)

    def _next(self) -> None:
        table = self.query_one(DataTable)
        if table.cursor_row is not None and table.cursor_row + 1 < len(self.rows):
            table.move_cursor(row=table.cursor_row + 1)

    def _edited(self, item: dict) -> dict | None:
        return item["payload"] if item.get("original") is not None else None

    def _reviewable(self, item: dict | None) -> bool:
        if item is None:
            return False
        if item["state"] not in review.REVIEWABLE:
            self.notify(self.t("tui.review.already", state=self.t(f"tui.result.{item['state']}")), severity="warning")
            return False
        return True

    # Decisions --------------------------------------------------------------------------------

    @work(group="review")
    async def action_accept(self) -> None:
        index, item = self.row_index, self.current
        if not self._reviewable(item):
            return
        parent = None
        if item["kind"] in POINT_KINDS:
            parent = await self._parent_for(item)
            if parent is False:
                return
        async with self.zhitu.writing():
            with self.guarded():
                try:
                    outcome = await review.accept_results(self.user, [item["id"]], parent_node_id=parent)
                except ValidationError as exc:
                    # A definition goes to the node named like its term; failing that, to the chosen target.
                    if exc.key != "mining.node_required" or self.target_node_id is None:
                        raise
                    outcome = await review.accept_results(self.user, [item["id"]], node_id=self.target_node_id)
                self.steps.append(Step("accept", item["id"], index, self._edited(item)))
                self._mark(index, "accepted")
                self.notify(self.t("tui.done.accepted", count=outcome["accepted"]))
                self._next()

    async def _parent_for(self, item: dict) -> int | None | bool:
        """Where an accepted point goes: the chosen target; else, for a point (not a belong result
        with its own node, nor a catalogue entry, which starts at the root), the curator is asked,
        the picker starting at the node attribution suggests; the answer becomes the target.
        False: the curator cancelled."""
        if self.target_node_id is not None:
            return self.target_node_id
        if item["kind"] == "catalogue" or (item["kind"] == "belong" and item.get("targetNodeId")):
            return None
        with self.guarded():
            suggestion = await review.suggest_parent(self.user, [item["id"]])
        if await self._load_outline() is None:
            return False
        node_id = await self.app.push_screen_wait(NodePicker(self.outline, self.t("tui.ask.parent"), suggestion["nodeId"]))
        if node_id is None:
            return False
        self.target_node_id, self.target_name = node_id, self.outline.rows[node_id]["name"]
        self.show_status()
        return node_id

    async def _load_outline(self):
        graph_id = self.mining_task.get("graphId")
        if graph_id is None:
            self.notify(self.t("tui.review.no_graph"), severity="warning")
            return None
        with self.guarded():
            if self.outline is None:
                from toolkit.tui.screens.graph import load_outline

                await crud.graph_detail(self.user, graph_id)  # may the curator see it
                self.outline = await load_outline(graph_id)
        return self.outline

    async def action_reject(self) -> None:
        index, item = self.row_index, self.current
        if not self._reviewable(item):
            return
        async with self.zhitu.writing():
            with self.guarded():
                await review.reject_results(self.user, [item["id"]])
                self.steps.append(Step("reject", item["id"], index, self._edited(item)))
                self._mark(index, "rejected")
                self._next()

    @work(group="review")
    async def action_edit(self) -> None:
        index, item = self.row_index, self.current
        if not self._reviewable(item):
            return
        field = EDIT_FIELD.get(item["kind"], "term")
        value = await self.app.push_screen_wait(InputDialog(self.t("tui.ask.edit", field=field), str(item["payload"].get(field, ""))))
        if value is None or value == item["payload"].get(field):
            return
        async with self.zhitu.writing():
            with self.guarded():
                changed = await review.edit_result(self.user, item["id"], {field: value})
                self.steps.append(Step("edit", item["id"], index, self._edited(item)))
                self._replace(index, changed)

    def action_skip(self) -> None:
        index = self.row_index
        if index is None:
            return
        self.steps.append(Step("skip", self.rows[index]["id"], index))
        self._next()

    async def action_undo(self) -> None:
        if not self.steps:
            self.notify(self.t("tui.review.nothing_to_undo"), severity="warning")
            return
        step = self.steps[-1]
        table = self.query_one(DataTable)
        if step.action != "skip":
            async with self.zhitu.writing():
                with self.guarded():
                    item = await review.reopen_result(self.user, step.result_id, step.edited_payload)
                    for index, row in enumerate(self.rows):
                        if row["id"] == item["id"]:
                            self._replace(index, item)
                    self.notify(self.t("tui.done.undone", action=self.t(f"tui.step.{step.action}")))
                    self.steps.pop()
                    if step.row < len(self.rows) and self.rows[step.row]["id"] == step.result_id:
                        table.move_cursor(row=step.row)
            return
        self.steps.pop()
        if step.row < len(self.rows):
            table.move_cursor(row=step.row)

    @work(group="review")
    async def action_accept_above(self) -> None:
        answer = await self.app.push_screen_wait(InputDialog(self.t("tui.ask.min_score"), "0.8"))
        if answer is None:
            return
        if self.mining_task["kind"] == "points" and self.current is not None and await self._parent_for(self.current) is False:
            return
        try:
            score = float(answer)
        except ValueError:
            self.notify(self.t("tui.error.score", value=answer), severity="error")
            return
        async with self.zhitu.writing():
            with self.guarded():
                outcome = await review.accept_above(self.user, self.task_id, score, parent_node_id=self.target_node_id)
                self.notify(self.t("tui.done.accepted", count=outcome["accepted"]))
                self.steps.clear()  # a bulk decision is not taken back key by key
                await self.load_page(self.page, self.row_index or 0)

    @work(group="review")
    async def action_target(self) -> None:
        if await self._load_outline() is None:
            return
        node_id = await self.app.push_screen_wait(NodePicker(self.outline, self.t("tui.ask.target"), self.target_node_id))
        if node_id is None:
            return
        self.target_node_id, self.target_name = node_id, self.outline.rows[node_id]["name"]
        self.show_status()
        index, item = self.row_index, self.current
        if item is not None and item["kind"] == "belong" and item["state"] in review.REVIEWABLE:
            async with self.zhitu.writing():
                with self.guarded():
                    changed = await review.edit_result(self.user, item["id"], {"nodeKey": node_id, "nodeName": self.target_name})
                    self.steps.append(Step("edit", item["id"], index, self._edited(item)))
                    self._replace(index, changed)

    async def action_next_page(self) -> None:
        if self.page < self.pages:
            await self.load_page(self.page + 1)

    async def action_previous_page(self) -> None:
        if self.page > 1:
            await self.load_page(self.page - 1)
