"""Account login, refresh, check and logout."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from tortoise.expressions import F

from toolkit import audit, settings
from toolkit.auth import passwords, tokens
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


async def login(user_name: str, password: str) -> Session:
    """Check a user name and password; failed tries per account are limited per minute."""
    user_name = (user_name or "").strip()
    limit = int(settings.get("login_failures_per_minute"))
    if await audit.count_recent("login_failed", user_name, 60) >= limit:
        raise LoginRefused("auth.too_many_attempts")
    user = await User.get_or_none(user_name=user_name)
    if user is None:
        passwords.verify_password(passwords.DUMMY_HASH, password or "")
        await audit.record("login_failed", None, "user", user_name, reason="unknown")
        raise LoginRefused("auth.bad_credentials")
    if not passwords.verify_password(user.password_hash, password or ""):
        await audit.record("login_failed", user.id, "user", user_name, reason="password")
        raise LoginRefused("auth.bad_credentials")
    if not user.enabled:
        raise LoginRefused("auth.disabled")
    session = await open_session(user)
    await audit.record("login", user.id, "user", user.id)
    return session


async def user_for_token(token: str | None, kind: str = "access") -> User:
    """The signed-in user of a token, or AuthError(missing|expired|invalid|replaced)."""
    if not token:
        raise AuthError("missing")
    claims = tokens.decode(token, kind)
    user = await User.get_or_none(id=claims.user_id)
    if user is None:
        raise AuthError("invalid")
    if not user.enabled:
        raise AuthError("invalid", "auth.disabled")
    if claims.session_version != user.session_version:
        raise AuthError("replaced")
    return user


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
