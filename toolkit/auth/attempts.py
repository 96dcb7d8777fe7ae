"""Attempt limits that hold under parallel requests.

Every limit counts a try *before* the thing it guards is compared or done: one conditional
UPDATE (`count < limit`, not blocked) takes a slot or refuses, so a burst of parallel requests
gets at most `limit` slots whatever the timing, on SQLite and PostgreSQL alike. When a window's
slots are used up by failures the subject is blocked for `base_block` seconds, doubled on each
further block (exponential backoff, capped), instead of a lock that only time or an admin lifts.
A success gives its slot back, so only failures count.

Subjects are kept apart per limit: an account, a client address, an account on one client
address, a phone. The owner of an account signs in from their own client while a guesser's
client is blocked; only a guess spread over many clients reaches the account-wide limit, which is
set several times higher.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F, Q

from toolkit import settings
from toolkit.model import AttemptLimit

MAX_KEY = 255
STRIKES_FORGOTTEN_AFTER = timedelta(days=1)


@dataclass(frozen=True)
class Limit:
    name: str
    limit: int            # tries per window
    window: int           # seconds
    base_block: int       # seconds of the first block; 0: no block, the window alone limits
    max_block: int = 3600

    def block_seconds(self, strikes: int) -> int:
        return min(self.max_block, self.base_block * 2 ** min(strikes, 20))


class Throttled(Exception):
    """No slot for this try: the caller answers with its own message and `retry_after`."""

    def __init__(self, limit: Limit, retry_after: int) -> None:
        super().__init__(limit.name)
        self.limit = limit
        self.retry_after = max(1, retry_after)


def _per_minute() -> int:
    return max(1, int(settings.get("login_failures_per_minute")))


def login_pair() -> Limit:
    """One account from one client: the owner's own budget."""
    return Limit("login:pair", _per_minute(), 60, 60)


def login_client() -> Limit:
    """One client across accounts: stops spraying one password over many accounts."""
    return Limit("login:client", 4 * _per_minute(), 60, 60)


def login_account() -> Limit:
    """One account across clients: only a guess spread over many clients reaches it."""
    return Limit("login:account", 10 * _per_minute(), 900, 300)


SMS_LOGIN_CLIENT = Limit("sms_login:client", 20, 60, 60)
SMS_SEND_CLIENT = Limit("sms_send:client", 20, 3600, 600)
TRIAL_CLIENT = Limit("trial:client", 10, 3600, 600)
TRIAL_TEL = Limit("trial:tel", 1, 60, 0)


def sms_send_tel(seconds: int) -> Limit:
    return Limit("sms_send:tel", 1, seconds, 0)


def _key(limit: Limit, subject: str) -> str:
    key = f"{limit.name}:{subject}"
    return key if len(key) <= MAX_KEY else key[:MAX_KEY]


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _not_blocked(now: datetime) -> Q:
    return Q(blocked_until__isnull=True) | Q(blocked_until__lte=now)


async def _ensure_row(key: str, now: datetime) -> None:
    if await AttemptLimit.exists(key=key):
        return
    try:
        await AttemptLimit.create(key=key, window_start=now)
    except IntegrityError:
        pass  # a parallel request made it first


async def take(limit: Limit, subject: str) -> None:
    """Count one try of `subject` against `limit`, or raise Throttled without counting it."""
    key, now = _key(limit, subject), _now()
    await _ensure_row(key, now)
    # An old window starts afresh; strikes are forgotten after a quiet day. Both are
    # conditional, so parallel requests restart a window once.
    await AttemptLimit.filter(Q(key=key), Q(window_start__lt=now - STRIKES_FORGOTTEN_AFTER), _not_blocked(now)).update(
        window_start=now, count=0, strikes=0)
    await AttemptLimit.filter(Q(key=key), Q(window_start__lt=now - timedelta(seconds=limit.window)), _not_blocked(now)).update(
        window_start=now, count=0)
    taken = await AttemptLimit.filter(Q(key=key), Q(count__lt=limit.limit), _not_blocked(now)).update(count=F("count") + 1)
    if not taken:
        raise Throttled(limit, await retry_after(limit, subject))


async def retry_after(limit: Limit, subject: str) -> int:
    row = await AttemptLimit.get_or_none(key=_key(limit, subject))
    if row is None:
        return 0
    now = _now()
    if row.blocked_until and row.blocked_until > now:
        return math.ceil((row.blocked_until - now).total_seconds())
    return math.ceil((row.window_start + timedelta(seconds=limit.window) - now).total_seconds())


async def failed(limit: Limit, subject: str) -> None:
    """After a failed try: a window used up by failures blocks the subject, longer each time."""
    if not limit.base_block:
        return
    key, now = _key(limit, subject), _now()
    row = await AttemptLimit.get_or_none(key=key)
    if row is None or row.count < limit.limit:
        return
    until = now + timedelta(seconds=limit.block_seconds(row.strikes))
    # Conditional on the strikes read, so parallel failures block once, not once each.
    await AttemptLimit.filter(Q(key=key), Q(strikes=row.strikes), Q(count__gte=limit.limit), _not_blocked(now)).update(
        blocked_until=until, strikes=F("strikes") + 1, count=0, window_start=until)


async def succeeded(limit: Limit, subject: str, forgive: bool = False) -> None:
    """Give the slot back; `forgive` also clears the subject's strikes (the owner signed in)."""
    key = _key(limit, subject)
    if forgive:
        await AttemptLimit.filter(key=key).update(count=0, strikes=0, blocked_until=None)
    else:
        await AttemptLimit.filter(key=key, count__gt=0).update(count=F("count") - 1)


async def unblock_account(user_name: str) -> int:
    """Lift an account's password limits on every client (an operator's tool); the count lifted."""
    pair, account = login_pair(), login_account()
    return await AttemptLimit.filter(Q(key__startswith=_key(pair, f"{user_name}|")) | Q(key=_key(account, user_name))).delete()
