"""The authorisation walk: every API route declares its rule, and every role is allowed or denied by it."""
import re

from service.access import ACCESS_TABLE, EVERYONE
from tests.conftest import PASSWORD

ROLE_USERS = {"10": "super", "20": "admin", "30": "expert", "test": "tester"}


def _api_routes(app):
    for route in app.router.routes:
        path = "/" + route.path.lstrip("/")
        # sanic-ext adds automatic OPTIONS (CORS pre-flight) and HEAD routes of its own.
        if path.startswith("/basic-api") and not set(route.methods) <= {"OPTIONS", "HEAD"}:
            yield route, path


def _concrete(path: str) -> str:
    return re.sub(r"<[^>]+>", "1", path)


async def test_every_api_route_declares_an_access_rule(app):
    missing = [path for route, path in _api_routes(app) if not hasattr(route.handler, "access_rule")]
    assert missing == []
    assert len(ACCESS_TABLE) >= 10


async def test_walk_every_route_with_every_role(api, app, people):
    tokens = {role: await api.login(user) for role, user in ROLE_USERS.items()}
    checked = leaks = 0
    # Logging out ends the session, so that route is walked last.
    for route, path in sorted(_api_routes(app), key=lambda pair: pair[1].endswith("/logout")):
        rule = route.handler.access_rule
        method = sorted(route.methods)[0]
        url = _concrete(path)
        status, body = await api.call(method, url)
        checked += 1
        if rule.public:
            assert status != 401, url
            continue
        assert status == 401 and body["code"] == 401, url
        for role, token in tokens.items():
            status, body = await api.call(method, url, token)
            checked += 1
            denied_by_role = status == 403 and body.get("reason") == "role"
            if role in rule.roles:
                # A 403 without reason "role" is about the object (e.g. an admin and a super admin's account).
                assert status != 401 and not denied_by_role, (url, role, body)
            else:
                leaks += not denied_by_role
                assert denied_by_role and body["code"] == 1, (url, role)
    print(f"authorisation walk: {checked} route x role checks, {leaks} leaks")  # the figure for the closing note (pytest -s)
    assert leaks == 0 and checked > 10
