"""Sanic's own logging of a client's malformed request, made one warning line.

Sanic logs two client faults at ERROR level: a form body it cannot parse ("Failed when parsing
form", with a full traceback) and a body sent where the route reads none ("… body not consumed.",
a GET with a body). Our answers to both are already right (the envelope's 4xx, or the route's
answer), so a client sending thousands of them would only flood an operator's log with errors that
are not the server's. This filter keeps one WARNING line per such request, without the traceback.
"""
from __future__ import annotations

import logging

from sanic.log import error_logger

_CLIENT_FAULTS = ("Failed when parsing form",)
_CLIENT_FAULT_ENDINGS = ("body not consumed.",)


class ClientFaultsAsWarnings(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if message.startswith(_CLIENT_FAULTS) or message.endswith(_CLIENT_FAULT_ENDINGS):
            reason = f": {record.exc_info[1]!r}" if record.exc_info and record.exc_info[1] else ""
            record.msg, record.args = f"client fault: {message}{reason}", ()
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
            record.exc_info = record.exc_text = None
        return True


def install() -> None:
    """Idempotent: every app in a process shares Sanic's error logger."""
    if not any(isinstance(f, ClientFaultsAsWarnings) for f in error_logger.filters):
        error_logger.addFilter(ClientFaultsAsWarnings())
