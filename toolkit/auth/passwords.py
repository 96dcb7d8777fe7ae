"""Password hashing with argon2 (passlib breaks with bcrypt 5)."""
from __future__ import annotations

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()
MIN_LENGTH = 6


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(password_hash: str, password: str) -> bool:
    try:
        return _hasher.verify(password_hash, password)
    except (VerificationError, InvalidHashError):
        return False


_dummy_hash: list[str] = []


def __getattr__(name: str) -> str:
    """DUMMY_HASH: verifying against it when the user does not exist keeps the timing alike.
    Made on first use: hashing is slow on purpose, and every server worker imports this module."""
    if name != "DUMMY_HASH":
        raise AttributeError(name)
    if not _dummy_hash:
        _dummy_hash.append(hash_password("not-a-real-password"))
    return _dummy_hash[0]
