"""The address a request came from, as the attempt limits see it."""
from __future__ import annotations

from sanic import Request


def client_address(request: Request) -> str:
    """The peer address; behind `proxies_count` trusted proxies, the one they forwarded."""
    return request.remote_addr or request.ip or "unknown"
