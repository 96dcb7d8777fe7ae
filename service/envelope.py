"""The answer envelope {code, message, result} and the mapping of errors onto it (SPEC §8)."""
from __future__ import annotations

import json as stdlib_json
import logging

import orjson
from sanic import Request
from sanic.exceptions import MethodNotAllowed, NotFound, PayloadTooLarge, SanicException
from sanic.response import HTTPResponse, raw

from tortoise.exceptions import ParamsError
from tortoise.exceptions import ValidationError as OrmValidationError

from toolkit import messages
from toolkit.errors import AuthError, Conflict, Forbidden, FormErrors, RouteForbidden, ZhituError

SUCCESS, ERROR, TIMEOUT = 0, 1, 401
log = logging.getLogger("zhitu.service")


def lang_of(request: Request) -> str:
    return messages.normalise_lang(request.headers.get("accept-language"))


def encode(document: object) -> bytes:
    """Every answer's JSON, by one fast encoder (orjson); what it cannot write (an integer past 64
    bits) goes through the standard library as before."""
    try:
        return orjson.dumps(document, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:
        return stdlib_json.dumps(document, ensure_ascii=False).encode()


def json(document: object, status: int = 200, headers: dict | None = None) -> HTTPResponse:
    return raw(encode(document), status=status, headers=headers, content_type="application/json")


def ok_body(request: Request, result: object = None) -> bytes:
    """The serialised success envelope (what read caches keep)."""
    return encode({"code": SUCCESS, "message": messages.text("ok", lang_of(request)), "result": result})


def ok(request: Request, result: object = None) -> HTTPResponse:
    return raw(ok_body(request, result), content_type="application/json")


def tagged(body: bytes, tag: str) -> HTTPResponse:
    """A stored answer with its ETag; browsers keep it and ask again with If-None-Match."""
    return raw(body, content_type="application/json", headers={"ETag": tag, "Cache-Control": "private, no-cache"})


def not_modified(tag: str) -> HTTPResponse:
    return HTTPResponse(status=304, headers={"ETag": tag, "Cache-Control": "private, no-cache"})


def page(request: Request, items: list, total: int) -> HTTPResponse:
    return ok(request, {"items": items, "total": total})


def failure(request: Request, message: str, status: int = 200, code: int = ERROR, **extra) -> HTTPResponse:
    return json({"code": code, "message": message, "result": None, **extra}, status=status)


def handle_error(request: Request, exc: Exception) -> HTTPResponse:
    """One place that turns every exception into the envelope; no traceback reaches a user."""
    lang = lang_of(request)
    if isinstance(exc, AuthError):
        return failure(request, exc.message(lang), status=401, code=TIMEOUT, reason=exc.reason)
    if isinstance(exc, RouteForbidden):
        return failure(request, exc.message(lang), status=403, reason="role")
    if isinstance(exc, Forbidden):
        return failure(request, exc.message(lang), status=403)
    if isinstance(exc, Conflict):
        return failure(request, exc.message(lang), reason="conflict")
    if isinstance(exc, FormErrors):
        # Every invalid field at once, each message under its field (toolkit.admin.forms).
        return failure(request, exc.message(lang), reason="form", errors=exc.field_messages(lang))
    if isinstance(exc, ZhituError):
        return failure(request, exc.message(lang))
    if isinstance(exc, (OrmValidationError, ParamsError, OverflowError)):
        # The ORM or the driver refused a value (too long for its column, a negative offset, an
        # integer past 64 bits): bad input, code 1.
        return failure(request, messages.text("error.bad_value", lang))
    if isinstance(exc, NotFound):
        return failure(request, messages.text("error.route_not_found", lang), status=404)
    if isinstance(exc, MethodNotAllowed):
        return failure(request, messages.text("error.method_not_allowed", lang), status=405)
    if isinstance(exc, PayloadTooLarge):
        return failure(request, messages.text("error.payload_too_large", lang), status=413)
    if isinstance(exc, SanicException) and 400 <= exc.status_code < 500:
        return failure(request, messages.text("error.generic", lang), status=exc.status_code)
    log.exception("unhandled error on %s %s", request.method, request.path)
    return failure(request, messages.text("error.internal", lang), status=500)
