"""Guards every reader shares: file size, zip sanity and zip bombs, safe XML."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from toolkit import settings
from toolkit.errors import FormatError

MAX_UNZIPPED = 512 * 1024 * 1024  # all members together
MAX_RATIO = 200                   # a member may not expand more than this


def read_bytes(path: str | Path, data: bytes | None = None) -> bytes:
    """The file's bytes, refusing empty files and files over the upload limit."""
    where = Path(path).name
    if data is None:
        try:
            size = Path(path).stat().st_size
        except OSError as exc:
            raise FormatError("format.unreadable", where=where, detail=str(exc)) from exc
        if size > int(settings.get("upload_max_mb")) * 1024 * 1024:
            raise FormatError("format.too_large", where=where, limit=settings.get("upload_max_mb"))
        data = Path(path).read_bytes()
    if not data:
        raise FormatError("format.empty", where=where)
    if len(data) > int(settings.get("upload_max_mb")) * 1024 * 1024:
        raise FormatError("format.too_large", where=where, limit=settings.get("upload_max_mb"))
    return data


def open_zip(data: bytes, where: str) -> zipfile.ZipFile:
    """A zip that is whole and not a bomb."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        bad = archive.testzip()
    except (zipfile.BadZipFile, EOFError, ValueError, NotImplementedError) as exc:
        raise FormatError("format.not_zip", where=where) from exc
    if bad is not None:
        raise FormatError("format.not_zip", where=f"{where}: {bad}")
    total = 0
    for info in archive.infolist():
        total += info.file_size
        if info.compress_size and info.file_size / max(info.compress_size, 1) > MAX_RATIO and info.file_size > 10 * 1024 * 1024:
            raise FormatError("format.zip_bomb", where=f"{where}: {info.filename}")
        if total > MAX_UNZIPPED:
            raise FormatError("format.zip_bomb", where=where)
    return archive


def parse_xml(data: bytes, where: str):
    """XML without entity expansion or external entities."""
    try:
        return SafeET.fromstring(data)
    except DefusedXmlException as exc:
        raise FormatError("format.unsafe_xml", where=where) from exc
    except SafeET.ParseError as exc:
        raise FormatError("format.bad_xml", where=where, detail=str(exc)) from exc
