"""SMS-code sign-in: send a one-time code to a phone, trade it for a session.

Codes live `sms_code_minutes`, a phone gets at most one code a minute, and `sms_max_tries`
wrong tries burn a code. Only an HMAC of a code is stored. Sending goes through a pluggable
sender (setting `sms_sender`, ``module:attribute``); the default writes the text to the log and
to the outbox the super admin reads.
"""
from __future__ import annotations

import hashlib
import hmac
import importlib
import logging
import re
import secrets
from datetime import datetime, timedelta, timezone
from typing import Awaitable, Callable

from tortoise.expressions import F

from toolkit import audit, messages, settings
from toolkit.auth import attempts
from toolkit.auth.sessions import Session, open_session
from toolkit.errors import LoginRefused, ValidationError
from toolkit.model import SmsCode, SmsOutbox, User

log = logging.getLogger("zhitu.sms")
MODES = ("login",)
RESEND_SECONDS = 60
_TEL = re.compile(r"^\+?[0-9]{6,20}$")

Sender = Callable[[str, str], Awaitable[None]]


async def outbox_sender(tel: str, text: str) -> None:
    """The default sender: no SMS gateway, the code goes to the log and the outbox."""
    log.info("SMS to %s: %s", tel, text)
    await SmsOutbox.create(tel=tel, text=text)


def sender() -> Sender:
    spec = str(settings.get("sms_sender") or "")
    if not spec:
        return outbox_sender
    module_name, _, attribute = spec.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def clean_tel(tel: str | None) -> str:
    tel = re.sub(r"[\s-]", "", tel or "")
    if not tel:
        raise ValidationError("error.field_required", field="tel")
    if not _TEL.match(tel):
        raise ValidationError("sms.bad_tel")
    return tel


def _digest(tel: str, code: str) -> str:
    return hmac.new(settings.secret_key().encode(), f"{tel}:{code}".encode(), hashlib.sha256).hexdigest()


async def send_code(tel: str | None, mode: str | None = "login", lang: str | None = None, client: str = "") -> dict:
    """Send a sign-in code. A phone without an account gets no text, but the answer is the same.

    A phone gets one code per RESEND_SECONDS and a client a bounded number per hour; both are
    counted before the code is made, so parallel sends cannot slip past the check.
    """
    tel = clean_tel(tel)
    mode = (mode or "login").strip()
    if mode not in MODES:
        raise ValidationError("error.field_invalid", field="mode")
    try:
        await attempts.take(attempts.SMS_SEND_CLIENT, client or "local")
    except attempts.Throttled as exc:
        raise ValidationError("sms.too_soon", seconds=exc.retry_after) from exc
    try:
        await attempts.take(attempts.sms_send_tel(RESEND_SECONDS), tel)
    except attempts.Throttled as exc:
        await attempts.succeeded(attempts.SMS_SEND_CLIENT, client or "local")
        raise ValidationError("sms.too_soon", seconds=exc.retry_after) from exc
    now = datetime.now(timezone.utc)
    minutes = int(settings.get("sms_code_minutes"))
    code = f"{secrets.randbelow(10 ** 6):06d}"
    # Older codes of the phone stop working once a new one is sent.
    await SmsCode.filter(tel=tel, used=False).update(used=True)
    await SmsCode.create(tel=tel, code_hash=_digest(tel, code), mode=mode, expires_at=now + timedelta(minutes=minutes))
    user = await User.get_or_none(tel=tel, enabled=True)
    if user is not None:
        await sender()(tel, messages.text("sms.text", lang, code=code, minutes=minutes))
    await audit.record("sms.send", user.id if user else None, "tel", tel, known=user is not None)
    return {"resendAfter": RESEND_SECONDS, "expiresIn": minutes * 60}


async def login_with_code(tel: str | None, code: str | None, client: str = "") -> Session:
    """Trade a code for a session; a wrong, expired, used or burnt code signs nobody in.

    Each try takes one of the code's `sms_max_tries` slots by a conditional update before the
    code is compared: of any number of parallel guesses at most that many are compared at all.
    A client also has a bounded number of tries a minute across phones.
    """
    tel = clean_tel(tel)
    code = (code or "").strip()
    if not code:
        raise ValidationError("error.field_required", field="code")
    try:
        await attempts.take(attempts.SMS_LOGIN_CLIENT, client or "local")
    except attempts.Throttled as exc:
        raise LoginRefused("auth.too_many_attempts", seconds=exc.retry_after) from exc
    now = datetime.now(timezone.utc)
    record = await SmsCode.filter(tel=tel, used=False).order_by("-id").first()
    if record is None or record.expires_at <= now:
        raise LoginRefused("sms.code_expired")
    tries = int(settings.get("sms_max_tries"))
    if not await SmsCode.filter(id=record.id, used=False, failed_tries__lt=tries).update(failed_tries=F("failed_tries") + 1):
        await SmsCode.filter(id=record.id).update(used=True)
        raise LoginRefused("sms.code_burnt")
    if not hmac.compare_digest(record.code_hash, _digest(tel, code)):
        tried = await SmsCode.filter(id=record.id).first().values_list("failed_tries", flat=True)
        burnt = tried is None or tried >= tries
        if burnt:
            await SmsCode.filter(id=record.id).update(used=True)
        await audit.record("login_failed", None, "tel", tel, reason="sms", client=client)
        await attempts.failed(attempts.SMS_LOGIN_CLIENT, client or "local")
        raise LoginRefused("sms.code_burnt" if burnt else "sms.code_wrong")
    # Claim the code atomically so two requests with the same code cannot both sign in.
    if not await SmsCode.filter(id=record.id, used=False).update(used=True):
        raise LoginRefused("sms.code_expired")
    await attempts.succeeded(attempts.SMS_LOGIN_CLIENT, client or "local")
    user = await User.get_or_none(tel=tel)
    if user is None:
        raise LoginRefused("sms.code_wrong")
    if not user.enabled:
        raise LoginRefused("auth.disabled")
    session = await open_session(user)
    await audit.record("login", user.id, "user", user.id, way="sms")
    return session


async def outbox(page: int = 1, page_size: int = 10, tel: str = "") -> tuple[list[dict], int]:
    from toolkit.graphs.listing import check_paging

    check_paging(page, page_size)
    query = SmsOutbox.all()
    if tel:
        query = query.filter(tel__contains=tel)
    total = await query.count()
    rows = await query.order_by("-id").offset((page - 1) * page_size).limit(page_size)
    return [{"id": r.id, "tel": r.tel, "text": r.text, "createTime": r.created_at.isoformat()} for r in rows], total
