"""Account login, refresh, check and logout."""
from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime, timezone

from tortoise.connection import connections
from tortoise.expressions import F

from toolkit import audit, db, settings, sqlite_reads
from toolkit.auth import attempts, passwords, tokens
from toolkit.errors import AuthError, LoginRefused
from toolkit.model import User


@dataclass
class Session:
    user: User
    access_token: str
    refresh_token: str
    expires_at: float  # epoch seconds of the access token's expiry

    def as_dict(self, profile: dict) -> dict:
        return {
            "accessToken": self.access_token,
            "refreshToken": self.refresh_token,
            "tokenType": "Bearer",
            "expiresIn": int(settings.get("access_token_minutes")) * 60,
            "expiresAt": int(self.expires_at * 1000),
            "profile": profile,
        }


async def open_session(user: User) -> Session:
    """Bump the session version (older tokens become 'replaced') and issue new tokens."""
    await User.filter(id=user.id).update(session_version=F("session_version") + 1, last_login_at=datetime.now(timezone.utc))
    await user.refresh_from_db(fields=["session_version", "last_login_at"])
    access, expires_at = tokens.issue(user.id, user.session_version, "access", int(settings.get("access_token_minutes")) * 60)
    refresh, _ = tokens.issue(user.id, user.session_version, "refresh", int(settings.get("refresh_token_seconds")))
    return Session(user, access, refresh, expires_at)


async def login(user_name: str, password: str, client: str = "") -> Session:
    """Check a user name and password under the attempt limits of toolkit.auth.attempts.

    The try is counted before the password is compared, per account on this client, per client
    and per account; the first limit without a free slot refuses and gives back the slots taken.
    """
    user_name = (user_name or "").strip()
    guards = login_guards(user_name, client)
    await take_all(guards, "auth.too_many_attempts")
    user = await User.get_or_none(user_name=user_name)
    # argon2 releases the GIL: verifying in a thread keeps the event loop answering.
    correct = await asyncio.to_thread(passwords.verify_password, user.password_hash if user else passwords.DUMMY_HASH,
                                      password or "")
    if user is None or not correct:
        for limit, subject in guards:
            await attempts.failed(limit, subject)
        await audit.record("login_failed", user.id if user else None, "user", user_name,
                           reason="password" if user else "unknown", client=client)
        raise LoginRefused("auth.bad_credentials")
    pair, *others = guards
    await attempts.succeeded(*pair, forgive=True)
    for limit, subject in others:
        await attempts.succeeded(limit, subject)
    if not user.enabled:
        raise LoginRefused("auth.disabled")
    session = await open_session(user)
    await audit.record("login", user.id, "user", user.id)
    return session


def login_guards(user_name: str, client: str) -> list[tuple[attempts.Limit, str]]:
    """The password limits in the order they are taken: this account on this client first."""
    client = client or "local"
    return [(attempts.login_pair(), f"{user_name}|{client}"), (attempts.login_client(), client),
            (attempts.login_account(), user_name)]


async def take_all(guards: list[tuple[attempts.Limit, str]], refusal: str) -> None:
    """A slot of every limit, or none: on a refusal the slots already taken are given back."""
    taken = []
    for limit, subject in guards:
        try:
            await attempts.take(limit, subject)
        except attempts.Throttled as exc:
            for given_limit, given_subject in taken:
                await attempts.succeeded(given_limit, given_subject)
            raise LoginRefused(refusal, seconds=exc.retry_after) from exc
        taken.append((limit, subject))


async def user_for_token(token: str | None, kind: str = "access") -> User:
    """The signed-in user of a token, or AuthError(missing|expired|invalid|replaced)."""
    if not token:
        raise AuthError("missing")
    claims = tokens.decode(token, kind)
    user = await user_by_id(claims.user_id)
    if user is None:
        raise AuthError("invalid")
    if not user.enabled:
        raise AuthError("invalid", "auth.disabled")
    if claims.session_version != user.session_version:
        raise AuthError("replaced")
    return user


async def user_by_id(user_id: int) -> User | None:
    """The user row as the database has it now: every request checks the session version, the enabled
    flag and the role, so a logout, a disabled account or a changed role counts at once in every
    worker. One statement written once (building it through the ORM cost more than running it), its
    answer kept until the next commit to the database (sqlite_reads.kept_rows)."""
    connection = connections.get("default")
    parameters = db.SqlParameters(connection)
    rows = await sqlite_reads.kept_rows(connection, f'SELECT * FROM "user" WHERE "id" = {parameters(user_id)}', parameters.values)
    return db.model_from_row(User, dict(rows[0])) if rows else None  # the kept row stays as read


def token_expiry(token: str) -> float:
    return tokens.decode(token, "access").expires_at


async def refresh(refresh_token: str | None) -> Session:
    """Trade a valid refresh token for a new pair; the session version stays."""
    try:
        user = await user_for_token(refresh_token, "refresh")
    except AuthError as exc:
        if exc.reason == "replaced":
            raise
        raise AuthError(exc.reason if exc.reason != "missing" else "invalid", "auth.refresh_invalid") from exc
    access, expires_at = tokens.issue(user.id, user.session_version, "access", int(settings.get("access_token_minutes")) * 60)
    new_refresh, _ = tokens.issue(user.id, user.session_version, "refresh", int(settings.get("refresh_token_seconds")))
    return Session(user, access, new_refresh, expires_at)


async def logout(user: User) -> None:
    """End every session of the user: their tokens answer 401 from now on."""
    await User.filter(id=user.id).update(session_version=F("session_version") + 1)
    await audit.record("logout", user.id, "user", user.id)
