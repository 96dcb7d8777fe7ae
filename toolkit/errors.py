"""The library's exceptions: each carries a message key and parameters, never a language."""
from __future__ import annotations

from toolkit import messages


class ZhituError(Exception):
    """Base of every error the library raises on purpose."""

    key = "error.generic"
    exit_code = 1

    def __init__(self, key: str | None = None, **params: object) -> None:
        self.key = key or self.key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str | None = None) -> str:
        return messages.text(self.key, lang, **self.params)


class ValidationError(ZhituError):
    key = "error.field_invalid"
    exit_code = 3


class FormErrors(ValidationError):
    """Several fields of one form are invalid: each field's message key and parameters (a "label"
    parameter is the message key of the field's display name). The answer carries them as a
    field → message map (toolkit.admin.forms)."""

    key = "form.invalid"

    def __init__(self, fields: dict[str, tuple[str, dict]]) -> None:
        self.fields = fields
        super().__init__(count=len(fields))

    def __reduce__(self):
        # Raised in an offload worker too (toolkit.graphs.big): it crosses back by its fields.
        return (FormErrors, (self.fields,))

    def field_messages(self, lang: str | None = None) -> dict[str, str]:
        return {name: messages.text(key, lang, **params) for name, (key, params) in self.fields.items()}

    def message(self, lang: str | None = None) -> str:
        labels = messages.listed((messages.text(params["label"], lang) for _key, params in self.fields.values()), lang)
        return messages.counted(self.key, len(self.fields), lang, labels=labels)


class NotFound(ZhituError):
    key = "error.not_found"
    exit_code = 4


class Forbidden(ZhituError):
    key = "error.forbidden"
    exit_code = 5


class RouteForbidden(Forbidden):
    """The caller's role may not call this route at all (as opposed to this one object)."""


class Conflict(ZhituError):
    key = "error.conflict"
    exit_code = 6


class AuthError(ZhituError):
    """A sign-in problem. reason: missing, expired, invalid, replaced (answers HTTP 401)."""

    exit_code = 7

    def __init__(self, reason: str, key: str | None = None, **params: object) -> None:
        self.reason = reason
        super().__init__(key or f"auth.{reason}", **params)


class LoginRefused(ZhituError):
    """Wrong credentials, a disabled account, too many attempts: code 1, not 401."""

    key = "auth.bad_credentials"
    exit_code = 7


class DatabaseError(ZhituError):
    key = "db.unreachable"
    exit_code = 8


class FormatError(ValidationError):
    """A bad file: one location (file, sheet/row/column or topic path) and a plain message."""

    key = "graphdoc.invalid"
    exit_code = 3
