"""HEAD for every GET route and OPTIONS for every path, added while the app is built.

sanic-ext adds these itself at server start, one route at a time on an already finalised app:
each addition compiles the routers again, so with our ~270 routes every worker spent 10 s or
more (minutes under CPU load) before answering, past Sanic's start-up limit (sanic#3087).
Added here, before the app starts, they cost nothing more than the routes themselves
(service/app.py turns sanic-ext's pass off). The answers are the ones sanic-ext would give.
"""
from __future__ import annotations

from functools import partial
from inspect import isawaitable

from sanic import Sanic
from sanic.response import empty


async def _head(request, get_handler, *args, **kwargs):
    answer = get_handler(request, *args, **kwargs)
    return await answer if isawaitable(answer) else answer


async def _options(request, methods, *args, **kwargs):
    response = empty()
    response.headers["allow"] = ",".join([*methods, "OPTIONS"])
    return response


def install(app: Sanic) -> None:
    """Call after every route is added: routes added later get no HEAD or OPTIONS."""
    for group in list(app.router.groups.values()):
        if "GET" not in group.methods or "HEAD" in group.methods:
            continue
        for route in group:
            if "GET" in route.methods:
                handler = partial(_head, get_handler=route.handler)
                handler.__auto_handler__ = True  # what sanic-ext marks its own with
                handler.__route_handler__ = route.handler
                app.add_route(handler, group.uri, methods=["HEAD"], strict_slashes=group.strict,
                              name=f"{route.name}_head", host=route.requirements.get("host"), unquote=group.unquote)
    for group in list(app.router.groups.values()):  # again: the HEAD routes joined the groups
        if "OPTIONS" in group.methods:
            continue
        hosts = [requirement["host"] for requirement in group.requirements] or None
        base = next((r for r in group if not r.name.endswith("_head")), group[0])
        handler = partial(_options, methods=group.methods)
        handler.__auto_handler__ = True
        app.add_route(handler, group.uri, methods=["OPTIONS"], strict_slashes=group.strict, name=f"{base.name}_options",
                      host=hosts, unquote=group.unquote)
