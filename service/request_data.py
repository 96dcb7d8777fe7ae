"""Reading bodies and query parameters; bad input raises the library's ValidationError."""
from __future__ import annotations

import json

from sanic import Request

from toolkit.errors import ValidationError


def json_body(request: Request) -> dict:
    raw = request.body
    if not raw or not raw.strip():
        raise ValidationError("error.body_required")
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValidationError("error.bad_json") from exc
    if not isinstance(data, dict):
        raise ValidationError("error.bad_json")
    return data


def text_field(data: dict, name: str, required: bool = True) -> str:
    value = data.get(name)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ValidationError("error.field_required", field=name)
        return ""
    if not isinstance(value, str):
        raise ValidationError("error.field_invalid", field=name)
    return value


def query_int(request: Request, name: str, default: int | None = None) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ValidationError("error.field_invalid", field=name) from exc


def query_text(request: Request, name: str) -> str:
    return (request.args.get(name) or "").strip()
