"""Signed, stateless access and refresh tokens (JWT, HS256).

A token carries the user id and the user's session version; a newer login or a logout bumps
the version, so older tokens are refused as 'replaced'.

Checking a signature costs more than the rest of a cached read, and a client sends the same token
with every request: a token's claims are kept after the first check (they cannot change; the
expiry is still compared on every use, and the session version against the database by the caller).
"""
from __future__ import annotations

import time
from dataclasses import dataclass

import jwt

from toolkit import db, settings
from toolkit.errors import AuthError

ALGORITHM = "HS256"
CHECKED_TOKENS_KEPT = 10_000


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


class _CheckedTokens:
    """Claims of tokens whose signature was checked, by token, for one opening of the storage
    (another storage may mean another data directory and so another signing key)."""

    def __init__(self) -> None:
        self._claims: dict[str, TokenClaims] = {}
        self._database = db.opened_count

    def get(self, token: str) -> TokenClaims | None:
        if self._database != db.opened_count:
            self._claims.clear()
            self._database = db.opened_count
        return self._claims.get(token)

    def put(self, token: str, claims: TokenClaims) -> None:
        if len(self._claims) >= CHECKED_TOKENS_KEPT:
            del self._claims[next(iter(self._claims))]  # the oldest first
        self._claims[token] = claims

    def clear(self) -> None:
        self._claims.clear()


CHECKED = _CheckedTokens()


def decode(token: str, kind: str) -> TokenClaims:
    claims = CHECKED.get(token)
    if claims is None:
        claims = _verify(token, kind)
        CHECKED.put(token, claims)
    if claims.kind != kind:
        raise AuthError("invalid")
    if claims.expires_at <= time.time():
        raise AuthError("expired")
    return claims


def _verify(token: str, kind: str) -> TokenClaims:
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
