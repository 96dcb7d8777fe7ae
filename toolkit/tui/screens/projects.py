"""Projects on the left, the highlighted project's graphs on the right (the same lists as the
project manager and the graph list of the web UI: toolkit.projects.search_projects, listing.list_graphs)."""
from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Footer, Header, Input, Label

from toolkit import projects
from toolkit.graphs.listing import GraphFilter, list_graphs
from toolkit.tui.screens.base import ZhituScreen

ALL = "all"  # the row key of "every graph I may see"
PAGE = 500


class ProjectsScreen(ZhituScreen):
    DEFAULT_CSS = """
    ProjectsScreen #panes { height: 1fr; }
    ProjectsScreen #left { width: 2fr; }
    ProjectsScreen #right { width: 3fr; }
    ProjectsScreen DataTable { height: 1fr; }
    ProjectsScreen .heading { padding: 0 1; text-style: bold; }
    ProjectsScreen #filter { display: none; }
    ProjectsScreen #filter.shown { display: block; }
    """
    BINDINGS = [
        Binding("slash", "filter", "tui.key.filter"),
        Binding("t", "tasks", "tui.key.tasks"),
        Binding("f5", "reload", "tui.key.reload"),
        Binding("tab", "switch", "tui.key.switch_pane", show=False),
    ]

    def __init__(self) -> None:
        super().__init__(id="projects")
        self.project_filter = ""
        self.current_project: str | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        yield Input(placeholder=self.t("tui.projects.filter"), id="filter")
        with Horizontal(id="panes"):
            with Vertical(id="left"):
                yield Label(self.t("tui.projects.title"), classes="heading")
                yield DataTable(id="project-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="right"):
                yield Label(self.t("tui.graphs.title"), classes="heading", id="graphs-heading")
                yield DataTable(id="graph-table", cursor_type="row", zebra_stripes=True)
        yield Footer()

    async def on_mount(self) -> None:
        self.title = self.t("tui.app.title")
        self.sub_title = self.t("tui.app.acting_as", name=self.user.name or self.user.user_name)
        self.query_one("#project-table", DataTable).add_columns(self.t("tui.col.project"), self.t("tui.col.graphs"),
                                                               self.t("tui.col.role"))
        self.query_one("#graph-table", DataTable).add_columns(self.t("tui.col.graph"), self.t("tui.col.template"),
                                                             self.t("tui.col.nodes"), self.t("tui.col.mode"))
        await self.load_projects()
        self.query_one("#project-table", DataTable).focus()

    async def load_projects(self) -> None:
        table = self.query_one("#project-table", DataTable)
        table.clear()
        with self.guarded():
            items, total = await projects.search_projects(self.user, 1, PAGE, name=self.project_filter)
            if not self.project_filter:
                table.add_row(self.t("tui.projects.all"), "", "", key=ALL)
            for item in items:
                role = {"10": self.t("tui.role.project_admin"), "20": self.t("tui.role.project_user")}.get(item["role"] or "", "")
                table.add_row(item["name"], str(item["graphCount"]), role, key=str(item["id"]))
        if table.row_count:
            table.move_cursor(row=0)
            await self.load_graphs(table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value)
        else:
            self.query_one("#graph-table", DataTable).clear()

    async def load_graphs(self, project_key: str | None) -> None:
        if project_key == self.current_project:
            return
        self.current_project = project_key
        table = self.query_one("#graph-table", DataTable)
        table.clear()
        if project_key is None:
            return
        filters = GraphFilter(project_id=None if project_key == ALL else int(project_key))
        with self.guarded():
            items, total = await list_graphs(self.user, 1, PAGE, filters, by_role=True, lang=self.zhitu.lang)
            for item in items:
                mode = self.t("tui.graph.editable") if item["isEdit"] else self.t("tui.graph.read_only")
                table.add_row(item["name"], item["templateName"], str(item["nodeCount"]), mode, key=str(item["id"]))
            self.query_one("#graphs-heading", Label).update(self.t("tui.graphs.count", count=total))

    @on(DataTable.RowHighlighted, "#project-table")
    async def project_highlighted(self, event: DataTable.RowHighlighted) -> None:
        await self.load_graphs(event.row_key.value)

    @on(DataTable.RowSelected, "#project-table")
    def project_chosen(self, event: DataTable.RowSelected) -> None:
        self.query_one("#graph-table", DataTable).focus()

    @on(DataTable.RowSelected, "#graph-table")
    async def graph_chosen(self, event: DataTable.RowSelected) -> None:
        await self.zhitu.open_graph(int(event.row_key.value))

    def action_filter(self) -> None:
        box = self.query_one("#filter", Input)
        box.add_class("shown")
        box.focus()

    @on(Input.Submitted, "#filter")
    async def filter_projects(self, event: Input.Submitted) -> None:
        self.project_filter = event.value.strip()
        if not self.project_filter:
            event.input.remove_class("shown")
        self.current_project = None
        await self.load_projects()
        self.query_one("#project-table", DataTable).focus()

    def action_switch(self) -> None:
        self.focus_next(DataTable)

    async def action_tasks(self) -> None:
        await self.zhitu.open_tasks(None)

    async def action_reload(self) -> None:
        self.current_project = None
        await self.load_projects()
