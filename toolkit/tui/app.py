"""The curator's terminal (issue 7): projects → graphs → the lazy tree and node detail, search,
mining tasks and their review, small edits; keyboard first, mouse too, zh-CN/en, light and dark.

It acts as one user (toolkit.accounts.operator) and calls the toolkit exactly as the web service
does; it keeps no state of its own beyond what is on screen."""
from __future__ import annotations

import asyncio
import contextlib
from typing import AsyncIterator

from textual.app import App
from textual.binding import Binding
from textual.command import CommandPalette

from toolkit import messages
from toolkit.errors import ZhituError
from toolkit.model import User
from toolkit.tui.commands import ZhituCommands
from toolkit.tui.localise import localise_bindings, text

THEMES = {"dark": "textual-dark", "light": "textual-light"}


class ZhituApp(App):
    COMMANDS = {ZhituCommands}
    BINDINGS = [
        Binding("f1,question_mark", "help", "tui.key.help"),
        Binding("ctrl+t", "toggle_theme", "tui.key.theme"),
        Binding("ctrl+p", "command_palette", "tui.key.palette", show=False),
        Binding("ctrl+g", "projects", "tui.key.projects", show=False),
        Binding("ctrl+q,q", "quit", "tui.key.quit"),
    ]
    ENABLE_COMMAND_PALETTE = True

    def __init__(self, user: User, lang: str | None = None, theme: str = "dark") -> None:
        self.lang = messages.normalise_lang(lang or messages.system_lang())
        super().__init__()
        localise_bindings(self, self.lang)
        self.user = user
        self.theme = THEMES.get(theme, theme if theme in THEMES.values() else THEMES["dark"])
        self.title = self.t("tui.app.title")
        self.last_error: str | None = None
        self._writes = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def t(self, key: str, **params: object) -> str:
        return text(key, self.lang, **params)

    def report(self, exc: ZhituError) -> None:
        self.last_error = exc.message(self.lang)
        self.notify(self.last_error, title=self.t("tui.error.title"), severity="error", timeout=6)

    @contextlib.asynccontextmanager
    async def writing(self) -> AsyncIterator[None]:
        """Mark a write under way: quitting waits for it, so a decision reported as made is kept."""
        self._writes += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._writes -= 1
            if not self._writes:
                self._idle.set()

    async def on_mount(self) -> None:
        from toolkit.tui.screens.projects import ProjectsScreen

        await self.push_screen(ProjectsScreen())

    # Navigation -----------------------------------------------------------------------------

    async def open_graph(self, graph_id: int, node_id: int | None = None) -> None:
        from toolkit.tui.screens.graph import GraphScreen

        try:
            screen = await GraphScreen.load(self.user, graph_id)
        except ZhituError as exc:
            self.report(exc)
            return
        await self.push_screen(screen)
        if node_id is not None:
            screen.jump_to(node_id)

    async def open_tasks(self, graph_id: int | None) -> None:
        from toolkit.tui.screens.tasks import TasksScreen

        await self.push_screen(TasksScreen(graph_id))

    async def open_review(self, task_id: int) -> None:
        from toolkit.tui.screens.review import ReviewScreen

        try:
            screen = await ReviewScreen.load(self.user, task_id)
        except ZhituError as exc:
            self.report(exc)
            return
        await self.push_screen(screen)

    async def action_projects(self) -> None:
        while len(self.screen_stack) > 2:
            await self.pop_screen()

    def action_help(self) -> None:
        from toolkit.tui.screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.screen))

    def action_toggle_theme(self) -> None:
        self.theme = THEMES["light"] if self.theme == THEMES["dark"] else THEMES["dark"]

    def action_command_palette(self) -> None:
        if not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(placeholder=self.t("tui.palette.placeholder"), id="--command-palette"))

    async def action_quit(self) -> None:
        await self._idle.wait()
        self.exit()
