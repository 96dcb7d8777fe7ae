"""SMS-code login and single sign-on: codes and tickets expire, are used once, and wrong tries burn a code."""
import re
from datetime import datetime, timedelta, timezone
from urllib.parse import parse_qs, urlsplit

from tests.conftest import PASSWORD
from toolkit.graphs.crud import create_graph
from toolkit.model import AttemptLimit, Graph, SmsCode, SmsOutbox, SsoTicket, Template, User

A = "/basic-api/api/authorize"
TEL = "13800000001"


async def _code_from_outbox(tel: str) -> str:
    message = await SmsOutbox.filter(tel=tel).order_by("-id").first()
    return re.search(r"\d{6}", message.text).group(0)


async def _allow_resend(tel: str) -> None:
    """Two minutes pass: the phone's one-code-a-minute window is over."""
    two_minutes_ago = datetime.now(timezone.utc) - timedelta(minutes=2)
    await SmsCode.filter(tel=tel).update(created_at=two_minutes_ago)
    await AttemptLimit.filter(key=f"sms_send:tel:{tel}").update(window_start=two_minutes_ago)


async def test_sms_login_flow(api, people):
    await User.filter(user_name="expert").update(tel=TEL)
    _, sent = await api.call("GET", f"{A}/sms", params={"mode": "login", "tel": TEL})
    assert sent["code"] == 0 and sent["result"]["expiresIn"] == 300
    _, again = await api.call("GET", f"{A}/sms", params={"mode": "login", "tel": TEL})
    assert again["code"] == 1 and "60" in again["message"]
    code = await _code_from_outbox(TEL)
    _, wrong = await api.call("POST", f"{A}/smslogin", json={"tel": TEL, "code": "000000" if code != "000000" else "111111"})
    assert wrong["code"] == 1
    status, signed = await api.call("POST", f"{A}/smslogin", json={"tel": TEL, "code": code})
    assert status == 200 and signed["code"] == 0 and signed["result"]["profile"]["UserName"] == "expert"
    _, reused = await api.call("POST", f"{A}/smslogin", json={"tel": TEL, "code": code})
    assert reused["code"] == 1
    # The super admin reads the outbox; nobody else may.
    super_token = await api.login("super")
    _, outbox = await api.call("GET", f"{A}/smsOutbox", super_token)
    assert outbox["result"]["total"] == 1 and TEL in outbox["result"]["items"][0]["tel"]
    status, _ = await api.call("GET", f"{A}/smsOutbox", await api.login("admin"))
    assert status == 403


async def test_sms_codes_expire_and_wrong_tries_burn_them(api, people):
    await User.filter(user_name="expert").update(tel=TEL)
    await api.call("GET", f"{A}/sms", params={"mode": "login", "tel": TEL})
    code = await _code_from_outbox(TEL)
    await SmsCode.filter(tel=TEL).update(expires_at=datetime.now(timezone.utc) - timedelta(seconds=1))
    _, expired = await api.call("POST", f"{A}/smslogin", json={"tel": TEL, "code": code})
    assert expired["code"] == 1
    await _allow_resend(TEL)
    await api.call("GET", f"{A}/sms", params={"mode": "login", "tel": TEL})
    code = await _code_from_outbox(TEL)
    wrong = "000000" if code != "000000" else "111111"
    messages = [(await api.call("POST", f"{A}/smslogin", json={"tel": TEL, "code": wrong}, lang="en"))[1]["message"] for _ in range(5)]
    assert "Too many" in messages[-1]
    _, burnt = await api.call("POST", f"{A}/smslogin", json={"tel": TEL, "code": code})
    assert burnt["code"] == 1


async def test_sms_bad_input_and_unknown_phone(api, people):
    _, bad = await api.call("GET", f"{A}/sms", params={"mode": "login", "tel": "abc"})
    assert bad["code"] == 1
    _, bad_mode = await api.call("GET", f"{A}/sms", params={"mode": "nope", "tel": TEL})
    assert bad_mode["code"] == 1
    # A phone without an account gets the same answer but no text (no account probing).
    _, unknown = await api.call("GET", f"{A}/sms", params={"mode": "login", "tel": "13999999999"})
    assert unknown["code"] == 0 and await SmsOutbox.all().count() == 0
    _, no_code = await api.call("POST", f"{A}/smslogin", json={"tel": TEL})
    assert no_code["code"] == 1


async def test_sso_redirect_ticket_and_trade(api, people):
    home = "http://zhitu.test/home#/sso/"
    status, _ = await api.call("GET", f"{A}/redirect", params={"homeUrl": home})
    assert status == 302  # not signed in: to the login page
    _, login = await api.call("POST", "/basic-api/api/Authorize/login", json={"userName": "expert", "password": PASSWORD})
    assert login["code"] == 0
    response = await api.client.get(f"{A}/redirect", params={"homeUrl": home, "mode": "list"})
    assert response.status_code == 302
    location = response.headers["location"]
    assert location.startswith(home) and location.endswith("/list")
    ticket = location[len(home):].split("/")[0]
    _, traded = await api.call("POST", f"{A}/ssoLogin", json={"ticket": ticket})
    assert traded["code"] == 0 and traded["result"]["mode"] == "list" and traded["result"]["profile"]["UserName"] == "expert"
    assert traded["result"]["graphId"] is None
    _, again = await api.call("POST", f"{A}/ssoLogin", json={"ticket": ticket})
    assert again["code"] == 1


async def test_sso_refuses_foreign_home_and_expired_tickets(api, people):
    await api.call("POST", "/basic-api/api/Authorize/login", json={"userName": "expert", "password": PASSWORD})
    _, foreign = await api.call("GET", f"{A}/redirect", params={"homeUrl": "https://evil.example/#/sso/"})
    assert foreign["code"] == 1
    response = await api.client.get(f"{A}/redirect", params={"homeUrl": "/home#/sso/"})
    ticket = response.headers["location"].split("#/sso/")[1].split("/")[0]
    await SsoTicket.filter(ticket=ticket).update(expires_at=datetime.now(timezone.utc) - timedelta(seconds=1))
    _, expired = await api.call("POST", f"{A}/ssoLogin", json={"ticket": ticket})
    assert expired["code"] == 1
    # Logging out clears the cookie: the next visit goes to the login page with the way back.
    token = (await api.call("POST", "/basic-api/api/Authorize/login", json={"userName": "expert", "password": PASSWORD}))[1]["result"]["accessToken"]
    await api.call("GET", "/basic-api/api/Authorize/logout", token)
    response = await api.client.get(f"{A}/redirect", params={"homeUrl": "/home#/sso/"})
    target = urlsplit(response.headers["location"])
    assert target.path == "/login" and parse_qs(target.query)["redirect"][0].startswith("/basic-api/api/authorize/redirect")


async def _signed_in_browser(api, user_name: str) -> None:
    _, login = await api.call("POST", "/basic-api/api/Authorize/login", json={"userName": user_name, "password": PASSWORD})
    assert login["code"] == 0


async def test_sso_detail_carries_a_readable_graph_and_its_kind(api, people):
    course = await Template.get(code="course")
    graph = await create_graph(people["users"]["expert"], "课程图谱", course.id, people["projects"]["a"].id)
    await _signed_in_browser(api, "expert")
    home = "/sso/"
    response = await api.client.get(f"{A}/redirect", params={"homeUrl": home, "mode": "detail", "graphId": str(graph.id)})
    assert response.status_code == 302 and response.headers["location"].endswith("/detail")
    ticket = response.headers["location"][len(home):].split("/")[0]
    assert (await SsoTicket.get(ticket=ticket)).graph_id == graph.id
    _, traded = await api.call("POST", f"{A}/ssoLogin", json={"ticket": ticket})
    assert traded["code"] == 0 and traded["result"]["mode"] == "detail"
    assert traded["result"]["graphId"] == graph.id and traded["result"]["templateKind"] == "course"


async def test_sso_detail_refuses_bad_missing_and_unreadable_graphs(api, people):
    graph = await create_graph(people["users"]["outsider"], "别人的图谱", (await Template.get(code="teaching")).id,
                               people["projects"]["b"].id)
    await _signed_in_browser(api, "expert")
    home = "/sso/"
    for params in ({"mode": "detail"}, {"mode": "detail", "graphId": "abc"}, {"mode": "detail", "graphId": "-3"},
                   {"mode": "list", "graphId": str(graph.id)}):
        _, refused = await api.call("GET", f"{A}/redirect", params={"homeUrl": home, **params})
        assert refused["code"] == 1, params
    status, missing = await api.call("GET", f"{A}/redirect", params={"homeUrl": home, "mode": "detail", "graphId": "999999"})
    assert missing["code"] == 1
    # The expert may not read the other unit's graph: refused, and no ticket is made.
    status, forbidden = await api.call("GET", f"{A}/redirect", params={"homeUrl": home, "mode": "detail", "graphId": str(graph.id)})
    assert forbidden["code"] == 1
    assert await SsoTicket.all().count() == 0
    # The super admin may; a graph deleted before the trade leaves the jump without a graph.
    await _signed_in_browser(api, "super")
    response = await api.client.get(f"{A}/redirect", params={"homeUrl": home, "mode": "detail", "graphId": str(graph.id)})
    ticket = response.headers["location"][len(home):].split("/")[0]
    await Graph.filter(id=graph.id).delete()
    _, traded = await api.call("POST", f"{A}/ssoLogin", json={"ticket": ticket})
    assert traded["code"] == 0 and traded["result"]["mode"] == "detail" and traded["result"]["graphId"] is None
