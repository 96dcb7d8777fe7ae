"""Guards every reader shares: file size, zip sanity and zip bombs, safe XML."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from toolkit import settings
from toolkit.errors import FormatError

MAX_UNZIPPED = 512 * 1024 * 1024  # all members together
MAX_RATIO = 200                   # a member may not expand more than this
# Levels of a graph's tree a file may hold. Real outlines are under twenty deep; the writers, the
# JSON encoder and XML serialisers recurse per level, so the limit stays well under Python's
# recursion limit (1,000 frames).
MAX_TREE_DEPTH = 200
# Nesting of the markup itself (XML elements, JSON arrays and objects): a topic level takes up to
# four (topic > children > topics > topic), so this leaves room for MAX_TREE_DEPTH and no more.
MAX_MARKUP_DEPTH = 4 * MAX_TREE_DEPTH + 20


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
    _refuse_doctypes(archive, where)
    total = 0
    for info in archive.infolist():
        total += info.file_size
        if info.compress_size and info.file_size / max(info.compress_size, 1) > MAX_RATIO and info.file_size > 10 * 1024 * 1024:
            raise FormatError("format.zip_bomb", where=f"{where}: {info.filename}")
        if total > MAX_UNZIPPED:
            raise FormatError("format.zip_bomb", where=where)
    return archive


# Office and XMind parts never declare a DTD; one that does is an entity bomb or an external
# entity, refused here because python-docx and openpyxl parse parts with lxml themselves.
DOCTYPES = (b"<!DOCTYPE", "<!DOCTYPE".encode("utf-16-le"), "<!DOCTYPE".encode("utf-16-be"))
XML_MEMBERS = (".xml", ".rels", ".vml")


def _refuse_doctypes(archive: zipfile.ZipFile, where: str) -> None:
    chunk = 1024 * 1024
    for info in archive.infolist():
        if not info.filename.lower().endswith(XML_MEMBERS):
            continue
        tail = b""
        with archive.open(info) as member:
            while block := member.read(chunk):
                window = tail + block
                if any(marker in window for marker in DOCTYPES):
                    raise FormatError("format.unsafe_xml", where=f"{where}: {info.filename}")
                tail = block[-32:]


def parse_xml(data: bytes, where: str):
    """XML without entity expansion or external entities, nested no deeper than MAX_MARKUP_DEPTH."""
    try:
        root = SafeET.fromstring(data)
    except DefusedXmlException as exc:
        raise FormatError("format.unsafe_xml", where=where) from exc
    except SafeET.ParseError as exc:
        raise FormatError("format.bad_xml", where=where, detail=str(exc)) from exc
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_MARKUP_DEPTH:
            raise FormatError("format.too_deep", where=where, max=MAX_TREE_DEPTH)
        stack.extend((child, depth + 1) for child in element)
    return root


def parse_json(data: bytes, where: str):
    """JSON from inside a file, nested no deeper than MAX_MARKUP_DEPTH."""
    from toolkit.textrules import json_depth

    try:
        value = json.loads(data.decode("utf-8-sig"))
    except RecursionError as exc:  # the decoder gives up on deep nesting first
        raise FormatError("format.too_deep", where=where, max=MAX_TREE_DEPTH) from exc
    except (UnicodeDecodeError, ValueError) as exc:
        raise FormatError("format.bad_json", where=where, detail=str(exc)[:120]) from exc
    if json_depth(value) > MAX_MARKUP_DEPTH:
        raise FormatError("format.too_deep", where=where, max=MAX_TREE_DEPTH)
    return value


def guard_depth(level: int, where: str) -> None:
    """Called by the readers' tree walks at each level, before going deeper."""
    if level > MAX_TREE_DEPTH:
        raise FormatError("format.too_deep", where=where, max=MAX_TREE_DEPTH)
