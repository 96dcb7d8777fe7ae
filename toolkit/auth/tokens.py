"""Signed, stateless access and refresh tokens (JWT, HS256).

A token carries the user id and the user's session version; a newer login or a logout bumps
the version, so older tokens are refused as 'replaced'.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import jwt

from toolkit import settings
from toolkit.errors import AuthError

ALGORITHM = "HS256"


@dataclass
class TokenClaims:
    user_id: int
    session_version: int
    kind: str
    expires_at: float


def issue(user_id: int, session_version: int, kind: str, lifetime_seconds: int, now: float | None = None) -> tuple[str, float]:
    now = time.time() if now is None else now
    expires_at = now + lifetime_seconds
    payload = {"sub": str(user_id), "sv": session_version, "typ": kind, "iat": int(now), "exp": int(expires_at)}
    return jwt.encode(payload, settings.secret_key(), algorithm=ALGORITHM), expires_at


def decode(token: str, kind: str) -> TokenClaims:
    try:
        payload = jwt.decode(token, settings.secret_key(), algorithms=[ALGORITHM], options={"require": ["exp", "sub"]})
    except jwt.ExpiredSignatureError as exc:
        raise AuthError("expired") from exc
    except jwt.PyJWTError as exc:
        raise AuthError("invalid") from exc
    if payload.get("typ") != kind:
        raise AuthError("invalid")
    try:
        return TokenClaims(int(payload["sub"]), int(payload.get("sv", -1)), kind, float(payload["exp"]))
    except (TypeError, ValueError) as exc:
        raise AuthError("invalid") from exc
