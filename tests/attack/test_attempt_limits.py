"""Issue 18, failures 1–3 and the other counters: limits that hold under parallel attack.

Each burst is sent at once through the real app; a limit holds if no more tries are compared
than it allows, whatever the interleaving, and the owner is not locked out by a stranger.
"""
from __future__ import annotations

import asyncio

import pytest

from tests.conftest import PASSWORD
from toolkit.auth import attempts, sessions, sms
from toolkit.errors import LoginRefused
from toolkit.model import AttemptLimit, SmsCode, SmsOutbox, TrialApplication, User

A = "/basic-api/api/authorize"
LOGIN = "/basic-api/api/Authorize/login"
TEL = "13800000009"


def _codes(answers) -> list[str]:
    return [body["message"] for _, body in answers]


async def _code_of(tel: str) -> str:
    text = (await SmsOutbox.filter(tel=tel).order_by("-id").first()).text
    return next(part for part in text.replace("，", " ").replace("：", " ").split() if part.isdigit() and len(part) == 6)


async def test_parallel_sms_guesses_compare_at_most_the_allowed_tries(database, people):
    """Failure 1 (critical): 1,000 guesses at once, the right one last, signed in. The guesses
    come from many client addresses, so only the code's own limit can stop them."""
    await User.filter(id=people["users"]["admin"].id).update(tel=TEL)
    await sms.send_code(TEL, client="198.51.100.1")
    code = await _code_of(TEL)
    wrong = [f"{(int(code) + n) % 10 ** 6:06d}" for n in range(1, 1000)]

    async def guess(n: int, value: str):
        try:
            return await sms.login_with_code(TEL, value, client=f"10.0.{n // 250}.{n % 250}")
        except LoginRefused as refused:
            return refused.key

    answers = await asyncio.gather(*[guess(n, value) for n, value in enumerate(wrong + [code])])
    assert all(isinstance(answer, str) for answer in answers), "a parallel guess signed in"
    assert answers.count("sms.code_wrong") <= 4
    row = await SmsCode.filter(tel=TEL).order_by("-id").first()
    assert row.used and row.failed_tries <= 5


async def test_parallel_sms_guesses_through_the_api_never_sign_in(api, people):
    await User.filter(id=people["users"]["admin"].id).update(tel=TEL)
    await api.call("GET", f"{A}/sms", params={"mode": "login", "tel": TEL})
    code = await _code_of(TEL)
    wrong = [f"{(int(code) + n) % 10 ** 6:06d}" for n in range(1, 200)]
    answers = await asyncio.gather(*[api.call("POST", f"{A}/smslogin", json={"tel": TEL, "code": guess}, lang="en")
                                     for guess in wrong + [code]])
    assert all(body["code"] == 1 for _, body in answers), "a parallel guess signed in"
    assert _codes(answers).count("Wrong code") <= 4


async def test_sms_guesses_from_one_client_are_limited_across_phones(api, people):
    refused = 0
    for n in range(25):
        _, body = await api.call("POST", f"{A}/smslogin", json={"tel": f"1380000{n:04d}", "code": "123456"}, lang="en")
        refused += body["message"].startswith("Too many")
    assert refused >= 5


async def test_parallel_wrong_passwords_are_not_all_checked(api, people):
    """Failure 2 (high): 200 wrong passwords at once were all checked."""
    answers = await asyncio.gather(*[
        api.call("POST", LOGIN, json={"userName": "expert", "password": f"wrong-{n}"}, lang="en") for n in range(200)])
    checked = sum(1 for message in _codes(answers) if message == "Wrong user name or password")
    assert checked <= 5, checked
    assert all(body["code"] == 1 for _, body in answers)


async def test_a_burst_ending_with_the_right_password_does_not_sign_in(api, people):
    burst = await asyncio.gather(*[
        api.call("POST", LOGIN, json={"userName": "expert", "password": f"wrong-{n}"}) for n in range(29)])
    assert all(body["code"] == 1 for _, body in burst)
    _, last = await api.call("POST", LOGIN, json={"userName": "expert", "password": PASSWORD}, lang="en")
    assert last["code"] == 1 and last["message"].startswith("Too many")


async def test_a_stranger_does_not_lock_the_owner_out(database, people):
    """Failure 3 (medium): five wrong passwords from anyone blocked the right one."""
    for n in range(8):
        with pytest.raises(LoginRefused):
            await sessions.login("expert", f"wrong-{n}", client="203.0.113.7")
    with pytest.raises(LoginRefused) as refused:
        await sessions.login("expert", PASSWORD, client="203.0.113.7")
    assert refused.value.key == "auth.too_many_attempts"
    session = await sessions.login("expert", PASSWORD, client="198.51.100.2")
    assert session.user.user_name == "expert"


async def test_blocks_grow_exponentially_and_a_success_forgives(database, people):
    limit = attempts.login_pair()
    subject = "expert|203.0.113.8"
    for _ in range(limit.limit):
        with pytest.raises(LoginRefused):
            await sessions.login("expert", "wrong", client="203.0.113.8")
    first = await AttemptLimit.get(key=f"{limit.name}:{subject}")
    assert first.strikes == 1 and first.blocked_until is not None
    # Lift the block by time travel, fail a window again: the second block is twice as long.
    await AttemptLimit.filter(id=first.id).update(blocked_until=None)
    for _ in range(limit.limit):
        with pytest.raises(LoginRefused):
            await sessions.login("expert", "wrong", client="203.0.113.8")
    second = await AttemptLimit.get(id=first.id)
    assert second.strikes == 2
    assert limit.block_seconds(1) == 2 * limit.block_seconds(0)
    await AttemptLimit.filter(id=first.id).update(blocked_until=None)
    await sessions.login("expert", PASSWORD, client="203.0.113.8")
    forgiven = await AttemptLimit.get(id=first.id)
    assert forgiven.strikes == 0 and forgiven.count == 0


async def test_a_guess_spread_over_many_clients_meets_the_account_limit(database, people):
    limit = attempts.login_account()
    for n in range(limit.limit):
        with pytest.raises(LoginRefused):
            await sessions.login("expert", "wrong", client=f"192.0.2.{n}")
    with pytest.raises(LoginRefused) as refused:
        await sessions.login("expert", PASSWORD, client="198.51.100.3")
    assert refused.value.key == "auth.too_many_attempts"


async def test_parallel_code_requests_send_one_code(api, people):
    await User.filter(id=people["users"]["admin"].id).update(tel=TEL)
    answers = await asyncio.gather(*[api.call("GET", f"{A}/sms", params={"mode": "login", "tel": TEL}) for _ in range(30)])
    assert sum(body["code"] == 0 for _, body in answers) == 1
    assert await SmsOutbox.filter(tel=TEL).count() == 1
    assert await SmsCode.filter(tel=TEL).count() == 1


async def test_one_client_cannot_send_codes_to_every_phone(database, people):
    sent = 0
    for n in range(attempts.SMS_SEND_CLIENT.limit + 5):
        try:
            await sms.send_code(f"1390000{n:04d}", client="203.0.113.9")
            sent += 1
        except Exception:
            pass
    assert sent == attempts.SMS_SEND_CLIENT.limit


async def test_parallel_trial_applications_make_one(api, database):
    body = {"name": "张老师", "unitName": "某大学", "tel": "13700000001", "reason": "课程建设"}
    answers = await asyncio.gather(*[api.call("POST", "/basic-api/api/trial/apply", json=body) for _ in range(20)])
    assert sum(answer["code"] == 0 for _, answer in answers) == 1
    assert await TrialApplication.filter(tel="13700000001").count() == 1


def test_an_operator_lifts_an_accounts_limits_from_the_terminal(demo_db, monkeypatch):
    from typer.testing import CliRunner

    from toolkit import db
    from toolkit.cli.main import app

    async def fail_then_try():
        async with db.opened(demo_db):
            for _ in range(attempts.login_pair().limit):
                with pytest.raises(LoginRefused):
                    await sessions.login("root", "wrong", client="203.0.113.5")
            try:
                await sessions.login("root", "secret123", client="203.0.113.5")
            except LoginRefused as refused:
                return refused.key
            return "signed in"

    assert asyncio.run(fail_then_try()) == "auth.too_many_attempts"
    monkeypatch.setenv("ZHITU_LANG", "en")
    lifted = CliRunner().invoke(app, ["user", "unblock", "root"])
    assert lifted.exit_code == 0 and "Lifted the sign-in limits of root" in lifted.output

    async def sign_in():
        async with db.opened(demo_db):
            return (await sessions.login("root", "secret123", client="203.0.113.5")).user.user_name

    assert asyncio.run(sign_in()) == "root"
    assert CliRunner().invoke(app, ["user", "unblock", "nobody"]).exit_code == 4
