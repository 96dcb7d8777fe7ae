"""`.edg`: our lossless exchange file, a zip holding graph.json (schema: schema/graph.schema.json)."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from toolkit import graphdoc
from toolkit.errors import FormatError
from toolkit.formats.limits import open_zip, parse_json, read_bytes

MEMBER = "graph.json"


def read(path: str | Path, data: bytes | None = None) -> graphdoc.GraphDoc:
    where = Path(path).name
    data = read_bytes(path, data)
    if data.lstrip()[:1] == b"{":  # a bare graph.json is accepted too
        raw = data
    else:
        archive = open_zip(data, where)
        if MEMBER not in archive.namelist():
            raise FormatError("format.missing_member", where=where, member=MEMBER)
        raw = archive.read(MEMBER)
    return graphdoc.from_dict(parse_json(raw, f"{where}: {MEMBER}"), where)


def dumps(doc: graphdoc.GraphDoc) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(MEMBER, json.dumps(graphdoc.to_dict(doc), ensure_ascii=False, indent=1))
    return buffer.getvalue()


def write(doc: graphdoc.GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))
