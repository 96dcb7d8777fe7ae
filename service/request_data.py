"""Reading bodies and query parameters; bad input raises the library's ValidationError."""
from __future__ import annotations

import json

from sanic import Request

from toolkit import textrules
from toolkit.errors import ValidationError

# Ids and counts are 32-bit in the database; anything larger is bad input, not a server error.
INT_MIN, INT_MAX = -(2 ** 31), 2 ** 31 - 1


def bounded(value: int, name: str) -> int:
    if not INT_MIN <= value <= INT_MAX:
        raise ValidationError("error.field_invalid", field=name)
    return value


def parse_json(raw: bytes | str) -> object:
    """A JSON body by the text rule (toolkit.textrules): no deeper than MAX_JSON_DEPTH, no string
    with a forbidden character (NUL, lone surrogates, controls) or longer than any field may be."""
    if len(raw) > textrules.MAX_JSON_BYTES:
        raise ValidationError("error.payload_too_large")
    try:
        data = json.loads(raw)
    except RecursionError as exc:  # the decoder gives up on deep nesting before our check can run
        raise ValidationError("error.json_too_deep", max=textrules.MAX_JSON_DEPTH) from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValidationError("error.bad_json") from exc
    if textrules.json_depth(data) > textrules.MAX_JSON_DEPTH:
        raise ValidationError("error.json_too_deep", max=textrules.MAX_JSON_DEPTH)
    textrules.check_request_value(data)
    return data


def check_request(request: Request) -> None:
    """Before any API handler: query values, path values and form fields by the text rule, so hostile
    input never reaches a handler or the database (PostgreSQL cannot store NUL). A JSON body is
    checked as json_body parses it."""
    textrules.check_request_value({key: values for key, values in request.args.items()})
    textrules.check_request_value({key: value for key, value in (request.match_info or {}).items()})
    if (request.headers.get("content-type") or "").lower().startswith(("multipart/", "application/x-www-form-urlencoded")):
        textrules.check_request_value({key: values for key, values in request.form.items()})


def json_body(request: Request) -> dict:
    raw = request.body
    if not raw or not raw.strip():
        raise ValidationError("error.body_required")
    data = parse_json(raw)
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


def optional_text(data: dict, name: str) -> str | None:
    """A text field an update may leave out (None); any other JSON type is refused."""
    value = data.get(name)
    if value is not None and not isinstance(value, str):
        raise ValidationError("error.field_invalid", field=name)
    return value


def query_int(request: Request, name: str, default: int | None = None) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        return bounded(int(raw), name)
    except ValueError as exc:
        raise ValidationError("error.field_invalid", field=name) from exc


def query_text(request: Request, name: str) -> str:
    return (request.args.get(name) or "").strip()


def int_field(data: dict, name: str, required: bool = True) -> int | None:
    value = data.get(name)
    if value is None or value == "":
        if required:
            raise ValidationError("error.field_required", field=name)
        return None
    if isinstance(value, bool):
        raise ValidationError("error.field_invalid", field=name)
    try:
        return bounded(int(value), name)
    except (TypeError, ValueError, OverflowError) as exc:
        raise ValidationError("error.field_invalid", field=name) from exc


def int_list(data: dict, name: str) -> list[int]:
    value = data.get(name)
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) and INT_MIN <= v <= INT_MAX for v in value):
        raise ValidationError("error.field_invalid", field=name)
    return value


def required_query_int(request: Request, name: str) -> int:
    value = query_int(request, name)
    if value is None:
        raise ValidationError("error.field_required", field=name)
    return value


def form_or_json(request: Request) -> dict:
    """Create calls accept JSON or a multipart/urlencoded form (SPEC §7 POST /api/graphList)."""
    content_type = request.headers.get("content-type", "")
    if content_type.startswith("multipart/") or content_type.startswith("application/x-www-form-urlencoded"):
        return {key: request.form.get(key) for key in request.form}
    return json_body(request)
