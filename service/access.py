"""The one authorisation table: every route declares who may call it.

`@access(...)` authenticates the bearer token, checks the role, puts the user on
`request.ctx.user`, and records the rule in ACCESS_TABLE so a test can walk every route.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from sanic import Request

from toolkit import roles
from toolkit.auth import sessions
from toolkit.errors import RouteForbidden

SUPER, ADMIN, EXPERT, TEST = roles.SUPER, roles.ADMIN, roles.EXPERT, roles.TEST
EVERYONE = (SUPER, ADMIN, EXPERT, TEST)
MANAGERS = (SUPER, ADMIN)


@dataclass(frozen=True)
class Rule:
    public: bool
    roles: tuple[str, ...]


ACCESS_TABLE: dict[str, Rule] = {}


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


def access(*allowed: str, public: bool = False):
    """Declare a handler's access rule: public, or the role codes allowed (default everyone signed in)."""
    rule = Rule(public=public, roles=tuple(allowed) if allowed else EVERYONE)

    def decorate(handler):
        ACCESS_TABLE[handler.__qualname__] = rule

        @functools.wraps(handler)
        async def guarded(request: Request, *args, **kwargs):
            request.ctx.user = None
            if not rule.public:
                user = await sessions.user_for_token(bearer_token(request))
                if user.role not in rule.roles:
                    raise RouteForbidden()
                request.ctx.user = user
            return await handler(request, *args, **kwargs)

        guarded.access_rule = rule
        return guarded

    return decorate
