"""The back office's form rules: one description that the server checks every field of a form by,
and that the web UI reads (GET /api/formRules) to check the same rules before it sends.

A form is checked whole: every invalid field is reported at once (errors.FormErrors, a field →
message map in the answer), each message naming the field by its display name, never its code.
Lengths come from the one text table (textrules.LIMITS), not from here.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from toolkit import messages, roles, textrules
from toolkit.auth import passwords
from toolkit.errors import FormErrors, ValidationError

CREATE = "create"  # required when a record is created; an update may leave the field out
CODE = r"[A-Za-z][A-Za-z0-9_]{0,63}"  # catalogue codes: a letter, then letters, digits, underscores
COLOUR = r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})"
LINK = r"(?:/|https?://).*"  # a path of this site or a web address
TEMPLATE_KINDS = ("teaching", "ability", "experiment", "course", "courseGroup", "majorTeaching", "majorAbilityTarget", "courseAbility")
DOC_KINDS = ("video", "doc")  # help videos and help documents


@dataclass(frozen=True)
class FieldRule:
    label: str                         # message key of the field's display name
    required: bool | str = False       # True, or CREATE
    text: str | None = None            # textrules.LIMITS kind: forbidden characters, line ends, max length
    min_length: int | None = None
    pattern: str | None = None         # the whole value must match (a regular expression JavaScript reads alike)
    choices: tuple[str | int, ...] | None = None  # whole-number choices also take their digits as text
    minimum: int | None = None         # set for whole-number fields: the value is an integer at least this
    maximum: int | None = None         # (whole-number fields) and at most this


FORMS: dict[str, dict[str, FieldRule]] = {
    "user": {
        "userName": FieldRule("field.userName", True, "user.user_name"),
        "password": FieldRule("field.password", CREATE, min_length=passwords.MIN_LENGTH),
        "name": FieldRule("field.personName", True, "user.name"),
        "role": FieldRule("field.role", True, choices=roles.ROLE_CODES),
        "tel": FieldRule("field.tel", text="user.tel", pattern=r"\+?\d{6,20}"),
        "email": FieldRule("field.email", text="user.email", pattern=r"[^@\s]+@[^@\s]+\.[^@\s]+"),
    },
    "password": {
        "password": FieldRule("field.password", True, min_length=passwords.MIN_LENGTH),
    },
    "unit": {
        "name": FieldRule("field.unitName", True, "unit.name"),
        "code": FieldRule("field.unitCode", text="unit.code"),
        "contact": FieldRule("field.contact", text="unit.contact"),
    },
    "relationType": {
        "code": FieldRule("field.code", True, pattern=CODE),
        "name": FieldRule("field.relationName", True, "relation.name"),
        "nameEn": FieldRule("field.relationNameEn", text="relation.name"),
        "color": FieldRule("field.color", True, pattern=COLOUR),
    },
    "entityType": {
        "code": FieldRule("field.code", True, pattern=CODE),
        "name": FieldRule("field.entityName", True, "catalogue.name"),
        "nameEn": FieldRule("field.nameEn", text="catalogue.name"),
    },
    "relationGroup": {
        "code": FieldRule("field.code", True, pattern=CODE),
        "name": FieldRule("field.groupName", True, "catalogue.name"),
        "nameEn": FieldRule("field.nameEn", text="catalogue.name"),
        "sort": FieldRule("field.sort", minimum=0),
    },
    "template": {
        "code": FieldRule("field.code", True, pattern=CODE),
        "kind": FieldRule("field.templateKind", True, choices=TEMPLATE_KINDS),
        "name": FieldRule("field.templateName", True, "catalogue.name"),
        "nameEn": FieldRule("field.nameEn", text="catalogue.name"),
        "description": FieldRule("field.description", text="template.description"),
    },
    "doc": {
        "kind": FieldRule("field.docKind", True, choices=DOC_KINDS),
        "title": FieldRule("field.title", True, "portal.title"),
        "url": FieldRule("field.url", text="portal.link", pattern=LINK),  # a video's is required (toolkit.portal)
        "sort": FieldRule("field.sort", minimum=0),
    },
    "carousel": {
        "title": FieldRule("field.title", True, "portal.title"),
        "link": FieldRule("field.link", text="portal.link", pattern=LINK),
        "sort": FieldRule("field.sort", minimum=0),
        "file": FieldRule("field.image", CREATE),  # the image's name; its content is checked by toolkit.portal
    },
    "project": {
        "name": FieldRule("field.projectName", True, "project.name"),
        "majorName": FieldRule("field.majorName", text="project.major_name"),
        "description": FieldRule("field.description", text="project.description"),
    },
    # Decision dialogs: the opinion a refusal needs is required by the toolkit function (it depends on the decision).
    "trialDecision": {  # toolkit.trials.handle: approve 1 (for `days` days) or reject 2
        "state": FieldRule("field.decision", True, choices=(1, 2)),
        "days": FieldRule("field.trialDays", minimum=1, maximum=366),
        "opinion": FieldRule("field.opinion", text="opinion"),
    },
    "libraryReview": {  # toolkit.library.update_public_state: publish 4 or refuse 2 a waiting graph
        "publicState": FieldRule("field.decision", True, choices=(4, 2)),
        "opinion": FieldRule("field.opinion", text="opinion"),
    },
    "libraryApproval": {  # toolkit.library.approve: pass 2 or reject 3 an application, always with an opinion
        "state": FieldRule("field.decision", True, choices=(2, 3)),
        "opinion": FieldRule("field.opinion", True, "opinion"),
    },
}


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _whole(value: Any) -> Any:
    """A whole number sent as text (a multipart form, a select's value) as the number; else as it is."""
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,18}\s*", value):
        return int(value)
    return value


def _problem(rule: FieldRule, value: Any, creating: bool) -> tuple[Any, tuple[str, dict] | None]:
    """The field's cleaned value and its problem (message key, parameters), or None."""
    if _blank(value):
        needed = rule.required is True or (rule.required == CREATE and creating)
        return value, (("form.required", {}) if needed else None)
    if rule.choices is not None:
        if any(isinstance(choice, int) for choice in rule.choices):
            value = _whole(value)
        return value, (None if value in rule.choices and not isinstance(value, bool) else ("form.choice", {}))
    if rule.minimum is not None:
        value = _whole(value)
        if isinstance(value, bool) or not isinstance(value, int):
            return value, ("form.integer", {})
        if value < rule.minimum:
            return value, ("form.too_small", {"min": rule.minimum})
        return value, (("form.too_large", {"max": rule.maximum}) if rule.maximum is not None and value > rule.maximum else None)
    if not isinstance(value, str):
        return value, ("form.invalid_value", {})
    if rule.text:
        try:
            value = textrules.clean_text(rule.text, value)
        except ValidationError as exc:
            if exc.key == "text.too_long":
                return value, ("form.too_long", {"max": exc.params["max"]})
            return value, ("form.forbidden_char", {"position": exc.params.get("position", "")})
    if rule.min_length is not None and len(value) < rule.min_length:
        return value, ("form.too_short", {"min": rule.min_length})
    if rule.pattern and not re.fullmatch(rule.pattern, value.strip()):
        return value, ("form.pattern", {})
    return value, None


class FormCheck:
    """Collects a form's problems field by field, then raises them together."""

    def __init__(self, form: str) -> None:
        self.form = form
        self.rules = FORMS[form]
        self.problems: dict[str, tuple[str, dict]] = {}

    def field(self, name: str, value: Any, creating: bool = True) -> Any:
        """The value cleaned by the field's rule (text normalised); a problem is kept for done()."""
        cleaned, problem = _problem(self.rules[name], value, creating)
        if problem:
            self.problems[name] = problem
        return cleaned

    def fields(self, data: dict[str, Any], creating: bool, fixed: tuple[str, ...] = ()) -> dict[str, Any]:
        """Every field of the form that `data` sets (each of them when creating), cleaned by its
        rule; an update leaves out the `fixed` fields, set once when the record is created."""
        return {name: self.field(name, data.get(name), creating) for name in self.rules
                if creating or (name in data and name not in fixed)}

    def add(self, name: str, key: str, /, **params: Any) -> None:
        """A problem found otherwise (a name taken): the first problem of a field stays."""
        self.problems.setdefault(name, (key, params))

    def done(self) -> None:
        if self.problems:
            raise FormErrors({name: (key, {**params, "label": self.rules[name].label}) for name, (key, params) in self.problems.items()})


def check(form: str, values: dict[str, Any], creating: bool) -> dict[str, Any]:
    """Every field of `values` the form knows, by its rule; the cleaned values, or FormErrors naming each bad field."""
    checker = FormCheck(form)
    cleaned = checker.fields(values, creating)
    checker.done()
    return cleaned


def check_decision(form: str, state_field: str, refusal: int, values: dict[str, Any],
                   clean_opinion: Callable[[str], str] = str.strip) -> dict[str, Any]:
    """A decision dialog's form checked whole: every field by its rule, and a refusal needs an
    opinion. The opinion is cleaned by `clean_opinion` first (the cleaning that is stored), so one
    that cleans to nothing (markup only) counts as none, where the form or the refusal needs one.
    The cleaned values, or FormErrors naming every bad field at once."""
    checker = FormCheck(form)
    cleaned = {name: checker.field(name, values.get(name)) for name in checker.rules}
    cleaned["opinion"] = clean_opinion(cleaned["opinion"]) if isinstance(cleaned["opinion"], str) else ""
    if (checker.rules["opinion"].required is True or cleaned[state_field] == refusal) and not cleaned["opinion"]:
        checker.add("opinion", "form.required")
    checker.done()
    return cleaned


def describe(lang: str | None = None) -> dict[str, dict[str, dict]]:
    """The rules as the web UI reads them: per form and field, required / maxLength / minLength /
    pattern / choices / integer and min, and the display name in the caller's language."""
    described: dict[str, dict[str, dict]] = {}
    for form, rules in FORMS.items():
        described[form] = {}
        for name, rule in rules.items():
            item: dict[str, Any] = {"label": messages.text(rule.label, lang), "required": rule.required}
            if rule.text:
                item["maxLength"] = textrules.LIMITS[rule.text].max
            if rule.min_length is not None:
                item["minLength"] = rule.min_length
            if rule.pattern:
                item["pattern"] = rule.pattern
            if rule.choices is not None:
                item["choices"] = list(rule.choices)
            if rule.minimum is not None:
                item["integer"] = True
                item["min"] = rule.minimum
            if rule.maximum is not None:
                item["max"] = rule.maximum
            described[form][name] = item
    return described
