"""Single sign-on: a signed-in browser gets a single-use ticket on its way back to a home URL.

The browser visits `/api/authorize/redirect?homeUrl=…`; if it carries a session (the sign-in
cookie), it is sent to homeUrl + ``{ticket}/{mode}``, and the web UI trades the ticket, valid for
`sso_ticket_seconds` and usable once, for a token. homeUrl must point at this site or a host
listed in `sso_home_hosts`, so the endpoint cannot be used to send people elsewhere.
In detail mode the visit names the graph to open (graphId); the user must be able to read it, and
the ticket carries it to the web UI, which opens the graph's screen for its template kind.
"""
from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from urllib.parse import urlsplit

from toolkit import audit, settings
from toolkit.auth.sessions import Session, open_session
from toolkit.errors import Forbidden, LoginRefused, NotFound, ValidationError
from toolkit.graphs.guard import open_graph
from toolkit.model import SsoTicket, User

MODES = ("list", "detail")
COOKIE = "zhitu_session"


def check_home_url(home_url: str | None, request_host: str) -> str:
    home_url = (home_url or "").strip()
    if not home_url:
        raise ValidationError("error.field_required", field="homeUrl")
    parts = urlsplit(home_url)
    if not parts.scheme and not parts.netloc and home_url.startswith("/") and not home_url.startswith("//"):
        return home_url
    allowed = {request_host.lower()} | {h.strip().lower() for h in str(settings.get("sso_home_hosts") or "").split(",") if h.strip()}
    if parts.scheme not in ("http", "https") or parts.netloc.lower() not in allowed:
        raise ValidationError("sso.bad_home_url")
    return home_url


def check_mode(mode: str | None) -> str:
    mode = (mode or "list").strip()
    if mode not in MODES:
        raise ValidationError("error.field_invalid", field="mode")
    return mode


def check_graph_id(mode: str, raw: str | None) -> int | None:
    """Detail mode needs the graph to open (a positive whole number); list mode takes none."""
    raw = (raw or "").strip()
    if mode != "detail":
        if raw:
            raise ValidationError("sso.graph_only_detail")
        return None
    if not raw:
        raise ValidationError("error.field_required", field="graphId")
    if not raw.isdigit() or not 0 < int(raw) < 2**31:
        raise ValidationError("error.field_invalid", field="graphId")
    return int(raw)


async def issue_ticket(user: User, mode: str, graph_id: int | None = None) -> str:
    """A ticket for a signed-in user; a detail ticket only for a graph the user may read."""
    mode = check_mode(mode)
    if mode == "detail":
        if graph_id is None:
            raise ValidationError("error.field_required", field="graphId")
        await open_graph(user, graph_id)
    elif graph_id is not None:
        raise ValidationError("sso.graph_only_detail")
    ticket = secrets.token_urlsafe(32)
    expires = datetime.now(timezone.utc) + timedelta(seconds=int(settings.get("sso_ticket_seconds")))
    await SsoTicket.create(ticket=ticket, user_id=user.id, mode=mode, graph_id=graph_id, expires_at=expires)
    await audit.record("sso.ticket", user.id, "user", user.id, mode=mode, graphId=graph_id)
    return ticket


def return_url(home_url: str, ticket: str, mode: str) -> str:
    """homeUrl ends with '#/sso/' (SPEC §2); the ticket and mode complete the path."""
    if not home_url.endswith("/"):
        home_url += "/" if "#" in home_url else "#/sso/"
    return f"{home_url}{ticket}/{mode}"


@dataclass
class SsoJump:
    """Where the web UI goes after the trade: the mode, and in detail mode the graph and its template kind."""

    mode: str
    graph_id: int | None = None
    template_kind: str | None = None

    def as_dict(self) -> dict:
        return {"mode": self.mode, "graphId": self.graph_id, "templateKind": self.template_kind}


async def _jump(user: User, record: SsoTicket) -> SsoJump:
    if record.mode != "detail" or record.graph_id is None:
        return SsoJump(record.mode)
    try:
        # Read again at the trade: the graph or the user's rights may have changed since the visit.
        graph = (await open_graph(user, record.graph_id)).graph
    except (Forbidden, NotFound):
        return SsoJump(record.mode)
    return SsoJump(record.mode, graph.id, graph.template.kind)


async def trade_ticket(ticket: str | None) -> tuple[Session, SsoJump]:
    """A ticket signs its user in once, within its lifetime; the answer carries where to jump."""
    ticket = (ticket or "").strip()
    if not ticket:
        raise ValidationError("error.field_required", field="ticket")
    record = await SsoTicket.get_or_none(ticket=ticket)
    now = datetime.now(timezone.utc)
    if record is None or record.used or record.expires_at <= now:
        raise LoginRefused("sso.ticket_invalid")
    if not await SsoTicket.filter(id=record.id, used=False).update(used=True):
        raise LoginRefused("sso.ticket_invalid")
    user = await User.get(id=record.user_id)
    if not user.enabled:
        raise LoginRefused("auth.disabled")
    session = await open_session(user)
    await audit.record("login", user.id, "user", user.id, way="sso")
    return session, await _jump(user, record)
