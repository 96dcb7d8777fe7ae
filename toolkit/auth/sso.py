"""Single sign-on: a signed-in browser gets a single-use ticket on its way back to a home URL.

The browser visits `/api/authorize/redirect?homeUrl=…`; if it carries a session (the sign-in
cookie), it is sent to homeUrl + ``{ticket}/{mode}``, and the web UI trades the ticket, valid for
`sso_ticket_seconds` and usable once, for a token. homeUrl must be a path on this site or point
at a configured host (site_hosts), so the endpoint cannot be used to send people elsewhere.
In detail mode the visit names the graph to open (graphId); the user must be able to read it, and
the ticket carries it to the web UI, which opens the graph's screen for its template kind.
"""
from __future__ import annotations

import re
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


# Browsers drop tabs and newlines from URLs and read a backslash as a slash, so "/\evil.example"
# or "/<tab>/evil.example" would leave the site: no such characters in a homeUrl.
_UNSAFE = re.compile(r"[\\\s\x00-\x1f\x7f]")
_LOOPBACK = ("127.0.0.1", "localhost", "::1")
_DEFAULT_PORTS = (80, 443)


def _host_port(hostname: str, port: int | None) -> tuple[str, int | None]:
    hostname = hostname.lower().strip("[]").rstrip(".")
    return hostname, None if port in _DEFAULT_PORTS else port


def _configured_host(text: str) -> tuple[str, int | None] | None:
    """One entry of sso_home_hosts or the host of public_url: "host" or "host:port"."""
    try:
        parts = urlsplit(text if "//" in text else "//" + text)
        return _host_port(parts.hostname, parts.port) if parts.hostname else None
    except ValueError:
        return None


def site_hosts() -> set[tuple[str, int | None]]:
    """Where single sign-on may send a browser back to, from configuration only: this site's
    public address (public_url; without it, the host and port the server listens on, and the
    loopback names when it listens on a loopback or every address) and sso_home_hosts.
    Never the request's Host or X-Forwarded-Host: the sender of the request chooses those."""
    hosts = set()
    public_url = str(settings.get("public_url") or "").strip()
    if public_url:
        hosts.add(_configured_host(public_url))
    else:
        host, port = str(settings.get("host") or "").strip(), int(settings.get("port"))
        names = _LOOPBACK if host in ("", "0.0.0.0", "::") or host in _LOOPBACK else (host,)
        hosts |= {_host_port(name, port) for name in names}
    hosts |= {_configured_host(entry.strip()) for entry in str(settings.get("sso_home_hosts") or "").split(",") if entry.strip()}
    return hosts - {None}


def check_home_url(home_url: str | None) -> str:
    """A path on this site, or an http(s) address on a configured host (site_hosts)."""
    home_url = (home_url or "").strip()
    if not home_url:
        raise ValidationError("error.field_required", field="homeUrl")
    if _UNSAFE.search(home_url):
        raise ValidationError("sso.bad_home_url")
    try:
        parts = urlsplit(home_url)
        port = parts.port
    except ValueError:
        raise ValidationError("sso.bad_home_url") from None
    if not parts.scheme and not parts.netloc and home_url.startswith("/") and not home_url.startswith("//"):
        return home_url
    if parts.scheme not in ("http", "https") or not parts.hostname or "@" in parts.netloc \
            or _host_port(parts.hostname, port) not in site_hosts():
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
