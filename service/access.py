"""The one authorisation table: every route declares who may call it.

`@access(...)` authenticates the bearer token, checks the role, puts the user on
`request.ctx.user`, and records the rule in ACCESS_TABLE so a test can walk every route.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from sanic import Request

from toolkit import projects, roles
from toolkit.auth import sessions
from service.request_data import bounded, check_request
from toolkit.errors import RouteForbidden, ValidationError

SUPER, ADMIN, EXPERT, TEST = roles.SUPER, roles.ADMIN, roles.EXPERT, roles.TEST
EVERYONE = (SUPER, ADMIN, EXPERT, TEST)
MANAGERS = (SUPER, ADMIN)


PROJECT_ADMIN, PROJECT_USER = roles.PROJECT_ADMIN, roles.PROJECT_USER
PROJECT_MEMBERS = (PROJECT_ADMIN, PROJECT_USER)


@dataclass(frozen=True)
class Rule:
    public: bool
    roles: tuple[str, ...]
    # Project roles the caller needs in the project named by the path (project_id) or the
    # query (projectId); super admins and the project's unit admins need none.
    project_roles: tuple[str, ...] = ()


ACCESS_TABLE: dict[str, Rule] = {}


def bearer_token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


def _project_id(request: Request, kwargs: dict) -> int | None:
    raw = kwargs.get("project_id", request.args.get("projectId"))
    try:
        return int(raw) if raw not in (None, "") else None
    except ValueError:
        return None


def check_input(request: Request, path_params: dict) -> None:
    """Bad input common to every route: path ids out of range, a form that cannot be parsed."""
    for name, value in path_params.items():
        if isinstance(value, int):
            bounded(value, name)
    content_type = request.headers.get("content-type", "")
    if content_type.startswith(("multipart/", "application/x-www-form-urlencoded")):
        try:
            request.form  # noqa: B018 - parsing now turns a broken form into a clear error
        except (ValueError, KeyError, IndexError, UnicodeDecodeError) as exc:
            raise ValidationError("error.bad_form") from exc
    check_request(request)


def access(*allowed: str, public: bool = False, project: tuple[str, ...] = ()):
    """Declare a handler's access rule: public, or the role codes allowed (default everyone signed in),
    and optionally the project roles needed in the project the request names."""
    rule = Rule(public=public, roles=tuple(allowed) if allowed else EVERYONE, project_roles=tuple(project))

    def decorate(handler):
        ACCESS_TABLE[handler.__qualname__] = rule

        @functools.wraps(handler)
        async def guarded(request: Request, *args, **kwargs):
            request.ctx.user = None
            check_input(request, kwargs)
            if not rule.public:
                user = await sessions.user_for_token(bearer_token(request))
                if user.role not in rule.roles:
                    raise RouteForbidden()
                request.ctx.user = user
                if rule.project_roles:
                    await projects.check_project_role(user, _project_id(request, kwargs), rule.project_roles)
            return await handler(request, *args, **kwargs)

        guarded.access_rule = rule
        return guarded

    return decorate
