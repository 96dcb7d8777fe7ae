"""Mining tasks (toolkit.mining.tasks.list_tasks): kind, sources, state and progress, refreshed
while a worker runs them; Enter reviews a task's results."""
from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Header, Label

from toolkit.errors import ZhituError
from toolkit.mining import sources, tasks
from toolkit.tui.screens.base import ZhituScreen

ACTIVE = ("queued", "running")
PAGE = 200
BAR = 10


def progress_bar(percent: int) -> str:
    filled = max(0, min(BAR, round(percent * BAR / 100)))
    return "█" * filled + "░" * (BAR - filled) + f" {percent:>3}%"


class TasksScreen(ZhituScreen):
    DEFAULT_CSS = """
    TasksScreen DataTable { height: 1fr; }
    TasksScreen #tasks-status { padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("c", "cancel_task", "tui.key.cancel_task"),
        Binding("y", "retry_task", "tui.key.retry_task"),
        Binding("f5", "reload", "tui.key.reload"),
    ]
    ACTIVE_EVERY = 1.0   # seconds between refreshes while a task is queued or running
    IDLE_EVERY = 5.0

    def __init__(self, graph_id: int | None = None) -> None:
        super().__init__()
        self.graph_id = graph_id
        self.rows: dict[int, dict] = {}
        self.source_names: dict[int, str] = {}
        self._since_refresh = 0.0

    def compose(self) -> ComposeResult:
        yield Header()
        yield DataTable(id="task-table", cursor_type="row", zebra_stripes=True)
        yield Label("", id="tasks-status")
        yield Footer()

    async def on_mount(self) -> None:
        self.title = self.t("tui.tasks.title")
        table = self.query_one(DataTable)
        for key, column in (("id", "tui.col.id"), ("kind", "tui.col.kind"), ("source", "tui.col.source"),
                            ("state", "tui.col.state"), ("progress", "tui.col.progress"), ("results", "tui.col.results")):
            table.add_column(self.t(column), key=key)
        await self.reload()
        table.focus()
        self.set_interval(self.ACTIVE_EVERY, self.tick)

    async def tick(self) -> None:
        self._since_refresh += self.ACTIVE_EVERY
        active = any(row["state"] in ACTIVE for row in self.rows.values())
        if active or self._since_refresh >= self.IDLE_EVERY:
            await self.reload()

    async def _source_name(self, source_id: int) -> str:
        if source_id not in self.source_names:
            try:
                self.source_names[source_id] = (await sources.get_source(self.user, source_id)).name
            except ZhituError:
                self.source_names[source_id] = f"#{source_id}"
        return self.source_names[source_id]

    async def reload(self) -> None:
        self._since_refresh = 0.0
        table = self.query_one(DataTable)
        with self.guarded():
            items, total = await tasks.list_tasks(self.user, 1, PAGE, graph_id=self.graph_id)
            seen = set()
            for item in items:
                seen.add(item["id"])
                names = [await self._source_name(s) for s in item["sourceIds"][:2]]
                source = ", ".join(names) + (f" +{len(item['sourceIds']) - 2}" if len(item["sourceIds"]) > 2 else "")
                counts = item["resultCounts"]
                results = self.t("tui.tasks.counts", pending=counts.get("pending", 0) + counts.get("edited", 0),
                                 accepted=counts.get("accepted", 0), rejected=counts.get("rejected", 0))
                state = self.t(f"tui.state.{item['state']}")
                if item.get("waitingForWorker"):
                    state = self.t("tui.tasks.waiting", state=state)
                cells = {"id": str(item["id"]), "kind": self.t(f"tui.kind.{item['kind']}"), "source": source,
                         "state": state, "progress": progress_bar(item["progress"]),
                         "results": results}
                key = str(item["id"])
                if item["id"] in self.rows:
                    for column, value in cells.items():
                        table.update_cell(key, column, value)
                else:
                    table.add_row(*cells.values(), key=key)
                self.rows[item["id"]] = item
            for gone in [i for i in self.rows if i not in seen]:
                table.remove_row(str(gone))
                del self.rows[gone]
            status = self.t("tui.tasks.status", count=total)
            waiting = next((item for item in items if item.get("waitingForWorker")), None)
            if waiting is not None:
                # Nothing claims the queue: say so, with the command that starts a worker.
                status += " · " + self.t("tui.tasks.no_worker", command=waiting["workerCommand"])
            self.query_one("#tasks-status", Label).update(status)

    @property
    def current(self) -> dict | None:
        table = self.query_one(DataTable)
        if not table.row_count:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return self.rows.get(int(key))

    @on(DataTable.RowSelected)
    async def chosen(self, event: DataTable.RowSelected) -> None:
        await self.zhitu.open_review(int(event.row_key.value))

    async def action_cancel_task(self) -> None:
        task = self.current
        if task is None:
            return
        with self.guarded():
            await tasks.cancel_task(self.user, task["id"])
            self.notify(self.t("tui.done.task_cancelled", id=task["id"]))
        await self.reload()

    async def action_retry_task(self) -> None:
        task = self.current
        if task is None:
            return
        with self.guarded():
            await tasks.retry_task(self.user, task["id"])
            self.notify(self.t("tui.done.task_retried", id=task["id"]))
        await self.reload()

    async def action_reload(self) -> None:
        await self.reload()
