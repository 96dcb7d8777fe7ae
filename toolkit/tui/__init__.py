"""`zhitu tui`: the curator's terminal over the same toolkit functions the web service calls."""
from __future__ import annotations


async def run(user_name: str | None = None, lang: str | None = None, theme: str = "dark") -> None:
    """Open the database, act as `user_name` (default: the first super admin) and run the app."""
    from toolkit import db
    from toolkit.accounts import operator
    from toolkit.tui.app import ZhituApp

    async with db.opened():
        user = await operator(user_name)
        await ZhituApp(user, lang=lang, theme=theme).run_async()
