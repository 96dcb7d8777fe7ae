"""Issue 18, item 12: single sign-on sends browsers back only to configured hosts.

The redirect trusted the request's Host: with `Host: evil.com` and `homeUrl=http://evil.com/`
a signed-in browser was sent to evil.com with a fresh ticket. Now the allowed hosts come from
configuration only (public_url, else the server's host and port; and sso_home_hosts), and a
homeUrl a browser would read differently than the server (a backslash, a tab, user info) is refused.
"""
from __future__ import annotations

import pytest

from tests.conftest import PASSWORD
from toolkit.model import SsoTicket

REDIRECT = "/basic-api/api/authorize/redirect"
EVIL = "http://evil.com/#/sso/"


@pytest.fixture
async def browser(api, people):
    """A signed-in browser: the sign-in cookie is what the redirect reads."""
    _, login = await api.call("POST", "/basic-api/api/Authorize/login", json={"userName": "expert", "password": PASSWORD})
    assert login["code"] == 0
    return api


async def _visit(api, home_url: str, headers: dict | None = None):
    return await api.client.get(REDIRECT, params={"homeUrl": home_url, "mode": "list"}, headers=headers or {})


async def _assert_refused(api, response) -> None:
    assert response.status_code != 302 and "location" not in response.headers, response.headers.get("location")
    assert response.json()["code"] == 1
    assert await SsoTicket.all().count() == 0


async def test_a_forged_host_header_is_not_this_site(browser):
    await _assert_refused(browser, await _visit(browser, EVIL, {"Host": "evil.com"}))


async def test_forwarded_host_headers_are_not_this_site_even_behind_a_proxy(browser, app):
    forwarded = {"X-Forwarded-Host": "evil.com", "X-Forwarded-Proto": "http", "X-Forwarded-For": "203.0.113.9",
                 "Forwarded": "for=203.0.113.9;host=evil.com;proto=http"}
    await _assert_refused(browser, await _visit(browser, EVIL, forwarded))
    # Deployed behind a proxy, Sanic itself believes forwarded headers; the redirect still does not.
    before = app.config.PROXIES_COUNT
    app.config.PROXIES_COUNT = 1
    try:
        await _assert_refused(browser, await _visit(browser, EVIL, forwarded))
    finally:
        app.config.PROXIES_COUNT = before


@pytest.mark.parametrize("home_url", [
    "https://evil.com/#/sso/",
    "//evil.com/#/sso/",
    "/\\evil.com/#/sso/",  # a browser reads the backslash as a slash: //evil.com
    "/\t/evil.com/#/sso/",  # a browser drops the tab: //evil.com
    "http://zhitu.test@evil.com/#/sso/",
    "http://evil.com\\@zhitu.test/#/sso/",
    "http://zhitu.test.evil.com/#/sso/",
    "http://evil.com/zhitu.test/#/sso/",
    "http://zhitu.test:99999/#/sso/",
    "javascript:alert(1)//zhitu.test",
    "ftp://zhitu.test/#/sso/",
])
async def test_a_home_url_off_the_configured_hosts_is_refused(browser, home_url):
    await _assert_refused(browser, await _visit(browser, home_url, {"Host": "evil.com"}))


async def test_configured_hosts_still_get_their_ticket(browser, monkeypatch):
    monkeypatch.setenv("ZHITU_SSO_HOME_HOSTS", "portal.example.edu, apps.example.edu:8443")
    for home_url in ("http://zhitu.test/home#/sso/", "https://portal.example.edu/#/sso/",
                     "https://PORTAL.example.edu/#/sso/", "https://apps.example.edu:8443/zhitu/#/sso/"):
        response = await _visit(browser, home_url, {"Host": "evil.com"})
        assert response.status_code == 302 and response.headers["location"].startswith(home_url), home_url
        assert response.headers["location"].endswith("/list")
    # A listed host on another port is another site.
    await SsoTicket.all().delete()
    await _assert_refused(browser, await _visit(browser, "https://apps.example.edu/#/sso/"))


async def test_without_a_public_url_this_site_is_the_address_the_server_listens_on(browser, monkeypatch):
    monkeypatch.delenv("ZHITU_PUBLIC_URL")
    monkeypatch.setenv("ZHITU_HOST", "127.0.0.1")
    monkeypatch.setenv("ZHITU_PORT", "8123")
    for home_url in ("http://127.0.0.1:8123/#/sso/", "http://localhost:8123/#/sso/"):
        response = await _visit(browser, home_url, {"Host": "evil.com"})
        assert response.status_code == 302 and response.headers["location"].startswith(home_url), home_url
    await SsoTicket.all().delete()
    # The request's own Host (the test client's zhitu.test) no longer counts; nor does another port.
    for home_url in ("http://zhitu.test/home#/sso/", "http://127.0.0.1:8000/#/sso/"):
        await _assert_refused(browser, await _visit(browser, home_url))
    # A server on a named address answers for that name only.
    monkeypatch.setenv("ZHITU_HOST", "10.1.2.3")
    assert (await _visit(browser, "http://10.1.2.3:8123/#/sso/")).status_code == 302
    await SsoTicket.all().delete()
    await _assert_refused(browser, await _visit(browser, "http://localhost:8123/#/sso/"))
