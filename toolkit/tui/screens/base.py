"""What every screen of the TUI shares: its words in the app's language, who it acts as,
and turning a toolkit error into a notification instead of a traceback."""
from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Iterator

from textual.binding import Binding
from textual.screen import ModalScreen, Screen

from toolkit.errors import ZhituError
from toolkit.tui.localise import localise_bindings, text

if TYPE_CHECKING:
    from toolkit.model import User
    from toolkit.tui.app import ZhituApp


class Localised:
    """Mixed into screens: binding descriptions are catalogue keys, translated on creation."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        localise_bindings(self, self.app.lang)

    @property
    def zhitu(self) -> "ZhituApp":
        return self.app  # type: ignore[return-value]

    @property
    def user(self) -> "User":
        return self.zhitu.user

    def t(self, key: str, **params: object) -> str:
        return text(key, self.zhitu.lang, **params)

    @contextlib.contextmanager
    def guarded(self) -> Iterator[None]:
        """Run toolkit calls; a ZhituError (not allowed, conflict, bad value) becomes a notification."""
        try:
            yield
        except ZhituError as exc:
            self.zhitu.report(exc)


class ZhituScreen(Localised, Screen):
    BINDINGS = [Binding("escape", "back", "tui.key.back")]

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()


class ZhituModal(Localised, ModalScreen):
    BINDINGS = [Binding("escape", "cancel", "tui.key.cancel")]

    def action_cancel(self) -> None:
        self.dismiss(None)
