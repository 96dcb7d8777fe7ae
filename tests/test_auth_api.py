"""Sign-in through the real app: login, refresh, check, logout, profile, bad input."""
import time

import jwt

from tests.conftest import PASSWORD
from toolkit.auth import tokens
from toolkit.model import AuditEvent, User

LOGIN = "/basic-api/api/Authorize/login"


async def test_login_returns_tokens_and_profile(api, people):
    status, body = await api.call("POST", LOGIN, json={"userName": "expert", "password": PASSWORD})
    assert status == 200 and body["code"] == 0
    result = body["result"]
    assert result["tokenType"] == "Bearer" and result["accessToken"] and result["refreshToken"]
    assert result["expiresAt"] > time.time() * 1000
    assert result["profile"] == {"Id": people["users"]["expert"].id, "Name": "expert", "UserName": "expert",
                                 "UnitName": "测试大学", "Role": "30", "Photo": None}


async def test_profile_and_perm_codes(api, people):
    token = await api.login("tester")
    status, body = await api.call("GET", "/basic-api/api/Authorize/profile", token)
    assert status == 200 and body["result"]["Role"] == "test"
    _, body = await api.call("GET", "/basic-api/api/Authorize/getPermCode", token)
    assert "graph:view" in body["result"] and "graph:edit" not in body["result"]
    _, body = await api.call("GET", "/basic-api/api/Authorize/check", token)
    assert body["result"]["valid"] is True


async def test_wrong_password_and_unknown_user_get_the_same_message(api, people):
    _, wrong = await api.call("POST", LOGIN, json={"userName": "expert", "password": "nope"}, lang="en")
    _, unknown = await api.call("POST", LOGIN, json={"userName": "ghost", "password": "nope"}, lang="en")
    assert wrong["code"] == unknown["code"] == 1
    assert wrong["message"] == unknown["message"] == "Wrong user name or password"
    _, zh = await api.call("POST", LOGIN, json={"userName": "ghost", "password": "nope"})
    assert zh["message"] == "用户名或密码错误"


async def test_bad_bodies_are_refused_and_write_nothing(api, people):
    before = await AuditEvent.all().count()
    for content in (b"", b"not json", b"[1, 2]", b"{\"userName\": 5, \"password\": \"x\"}"):
        status, body = await api.call("POST", LOGIN, content=content, headers={"content-type": "application/json"})
        assert status == 200 and body["code"] == 1 and body["message"]
    status, body = await api.call("POST", LOGIN, json={"userName": "expert"})
    assert body["code"] == 1 and "password" in body["message"]
    assert await AuditEvent.all().count() == before


async def test_failed_logins_are_limited_per_minute(api, people):
    for _ in range(5):
        _, body = await api.call("POST", LOGIN, json={"userName": "expert", "password": "wrong"}, lang="en")
        assert body["message"] == "Wrong user name or password"
    _, body = await api.call("POST", LOGIN, json={"userName": "expert", "password": PASSWORD}, lang="en")
    assert body["code"] == 1 and "Too many" in body["message"]
    _, other = await api.call("POST", LOGIN, json={"userName": "admin", "password": PASSWORD})
    assert other["code"] == 0


async def test_missing_malformed_forged_and_expired_tokens_answer_401(api, people):
    profile = "/basic-api/api/Authorize/profile"
    status, body = await api.call("GET", profile)
    assert status == 401 and body["code"] == 401 and body["reason"] == "missing"
    status, body = await api.call("GET", profile, "garbage.token.here")
    assert status == 401 and body["reason"] == "invalid"
    user = people["users"]["expert"]
    forged = jwt.encode({"sub": str(user.id), "sv": 0, "typ": "access", "exp": int(time.time()) + 600}, "a-wrong-key-of-full-length-0123456789", algorithm="HS256")
    status, body = await api.call("GET", profile, forged)
    assert status == 401 and body["reason"] == "invalid"
    await api.login("expert")
    await user.refresh_from_db()
    expired, _ = tokens.issue(user.id, user.session_version, "access", 10, now=time.time() - 3600)
    status, body = await api.call("GET", profile, expired, lang="en")
    assert status == 401 and body["reason"] == "expired" and "timed out" in body["message"]
    refresh_as_access, _ = tokens.issue(user.id, user.session_version, "refresh", 600)
    status, body = await api.call("GET", profile, refresh_as_access)
    assert status == 401 and body["reason"] == "invalid"


async def test_newer_login_replaces_older_token(api, people):
    first = await api.login("expert")
    second = await api.login("expert")
    status, body = await api.call("GET", "/basic-api/api/Authorize/profile", first, lang="en")
    assert status == 401 and body["reason"] == "replaced" and "another computer" in body["message"]
    status, _ = await api.call("GET", "/basic-api/api/Authorize/profile", second)
    assert status == 200


async def test_refresh_gives_a_working_token_and_rejects_garbage(api, people):
    _, body = await api.call("POST", LOGIN, json={"userName": "expert", "password": PASSWORD})
    refresh_token = body["result"]["refreshToken"]
    _, refreshed = await api.call("POST", "/basic-api/api/Authorize/refresh", json={"refreshToken": refresh_token})
    assert refreshed["code"] == 0
    status, _ = await api.call("GET", "/basic-api/api/Authorize/profile", refreshed["result"]["accessToken"])
    assert status == 200
    status, body = await api.call("POST", "/basic-api/api/Authorize/refresh", json={"refreshToken": "x.y.z"})
    assert status == 401 and body["code"] == 401
    access = body  # an access token is not a refresh token
    status, body = await api.call("POST", "/basic-api/api/Authorize/refresh", json={"refreshToken": refreshed["result"]["accessToken"]})
    assert status == 401


async def test_logout_ends_the_session(api, people):
    token = await api.login("admin")
    status, body = await api.call("GET", "/basic-api/api/Authorize/logout", token)
    assert status == 200 and body["code"] == 0
    status, body = await api.call("GET", "/basic-api/api/Authorize/profile", token)
    assert status == 401


async def test_disabled_user_cannot_sign_in(api, people):
    await User.filter(user_name="expert").update(enabled=False)
    _, body = await api.call("POST", LOGIN, json={"userName": "expert", "password": PASSWORD}, lang="en")
    assert body["code"] == 1 and "disabled" in body["message"]


async def test_unknown_route_and_method_use_the_envelope(api, people):
    status, body = await api.call("GET", "/basic-api/api/nothing/here")
    assert status == 404 and body["code"] == 1
    status, body = await api.call("DELETE", LOGIN)
    assert status == 405 and body["code"] == 1
