"""Stored uploads (POST /api/file): suffix check of SPEC §5, content-addressed files in the data directory."""
from __future__ import annotations

import hashlib
from pathlib import Path

from toolkit import settings
from toolkit.errors import ValidationError

SOURCE_SUFFIXES = (".jpg", ".jpeg", ".png", ".docx", ".pdf", ".txt", ".md")


def check_suffix(name: str, allowed: tuple[str, ...] = SOURCE_SUFFIXES) -> str:
    suffix = Path(name or "").suffix.lower()
    if suffix not in allowed:
        raise ValidationError("upload.bad_suffix", name=name or "?", allowed=" ".join(allowed))
    return suffix


def store(name: str, data: bytes, allowed: tuple[str, ...] = SOURCE_SUFFIXES) -> dict:
    suffix = check_suffix(name, allowed)
    if not data:
        raise ValidationError("format.empty", where=name)
    digest = hashlib.sha256(data).hexdigest()
    path = settings.uploads_dir() / f"{digest}{suffix}"
    if not path.exists():
        path.write_bytes(data)
    return {"fileId": digest, "name": Path(name).name, "suffix": suffix, "size": len(data)}
