"""Validating node attributes against the entity type's attribute definitions (SPEC §3, §5)."""
from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal, InvalidOperation

import nh3

from toolkit import textrules
from toolkit.errors import ValidationError

VALUE_TYPES = ("datetime", "decimal", "integer", "list", "richText", "text", "group", "multiSelect")
DATETIME_FORMAT = "%Y-%m-%d %H:%M"
COURSE_NAME = "CourseName"


def _fail(code: str, detail: str) -> ValidationError:
    return ValidationError("attribute.invalid", field=code, detail=detail)


def _number(code: str, value: object, integer: bool) -> Decimal:
    if isinstance(value, bool):
        raise _fail(code, "number")
    try:
        number = Decimal(str(value).strip())
    except (InvalidOperation, ValueError) as exc:
        raise _fail(code, "number") from exc
    if not number.is_finite():
        raise _fail(code, "number")
    if number < 0:
        raise _fail(code, "min0")
    if integer and number != number.to_integral_value():
        raise _fail(code, "integer")
    return number


def check_ability_levels(code: str, levels: object) -> list[dict]:
    """Each level needs a name; scores 0–100; the end must be greater than the start."""
    if not isinstance(levels, list) or not levels:
        raise _fail(code, "levels")
    result = []
    for level in levels:
        if not isinstance(level, dict) or not str(level.get("name", "")).strip():
            raise ValidationError("attribute.level_name", field=code)
        try:
            start, end = float(level.get("rangeStart")), float(level.get("rangeEnd"))
        except (TypeError, ValueError) as exc:
            raise ValidationError("attribute.level_range", field=code, name=level.get("name")) from exc
        if not (0 <= start <= 100 and 0 <= end <= 100):
            raise ValidationError("attribute.level_range", field=code, name=level["name"])
        if end <= start:
            raise ValidationError("attribute.level_order", field=code, name=level["name"])
        result.append({
            "name": str(level["name"]).strip(), "rangeStart": start, "rangeEnd": end,
            "rangeStartType": 1 if level.get("rangeStartType", 1) else 0,
            "rangeEndType": 1 if level.get("rangeEndType", 0) else 0,
            "desc": str(level.get("desc", "")).strip(),
        })
    return result


def clean_value(definition: dict, value: object) -> object:
    """One attribute value, trimmed and checked; None means empty."""
    code, kind = definition["code"], definition.get("valueType", "text")
    length = definition.get("valueLength")
    param = definition.get("param") or {}
    if value is None or (isinstance(value, str) and not value.strip()) or value == []:
        return None
    if isinstance(value, str):
        value = textrules.clean_text("node.attribute", value)
    if kind == "text":
        text = str(value).strip()
        if length and len(text) > int(length):
            raise _fail(code, f"max {length}")
        return text
    if kind == "richText":
        html = nh3.clean(str(value))
        if length and len(html) > int(length):
            raise _fail(code, f"max {length}")
        return html
    if kind == "integer":
        number = _number(code, value, integer=True)
        if length and len(str(int(number))) > int(length):
            raise _fail(code, f"max {length} digits")
        return int(number)
    if kind == "decimal":
        number = _number(code, value, integer=False)
        precision = int(param.get("precision", 2))
        if -number.as_tuple().exponent > precision and number != number.quantize(Decimal(1).scaleb(-precision)):
            raise _fail(code, f"precision {precision}")
        if length and len(str(int(number))) > int(length):
            raise _fail(code, f"max {length} digits")
        return float(number)
    if kind == "datetime":
        try:
            return datetime.strptime(str(value).strip(), DATETIME_FORMAT).strftime(DATETIME_FORMAT)
        except ValueError as exc:
            raise _fail(code, "YYYY-MM-DD HH:mm") from exc
    if kind == "list":
        options = param.get("options") or []
        if options and value not in options:
            raise _fail(code, "option")
        return value
    if kind == "multiSelect":
        options = param.get("options") or []
        if not isinstance(value, list) or any(v not in options for v in value if options):
            raise _fail(code, "options")
        return list(dict.fromkeys(value))
    if kind == "group":
        if param.get("kind") == "abilityLevels":
            return check_ability_levels(code, value)
        if not isinstance(value, list) or any(not isinstance(row, dict) or not any(str(v).strip() for v in row.values()) for row in value):
            raise _fail(code, "rows")
        return value
    raise _fail(code, "valueType")


def clean_attributes(definitions: list[dict], current: dict, changes: dict) -> dict:
    """Apply `changes` to `current`: unknown codes, read-only fields and empty required ones are refused."""
    by_code = {d["code"]: d for d in definitions}
    result = dict(current or {})
    for code, value in (changes or {}).items():
        definition = by_code.get(code)
        if definition is None:
            raise ValidationError("attribute.unknown", field=code)
        if not definition.get("isEdit", True) and value != result.get(code):
            raise ValidationError("attribute.read_only", field=code)
        cleaned = clean_value(definition, value)
        if cleaned is None:
            result.pop(code, None)
        else:
            result[code] = cleaned
    for definition in definitions:
        if definition.get("isEdit", True) and not definition.get("isNull", True) and result.get(definition["code"]) in (None, "", []):
            raise ValidationError("attribute.required", field=definition["code"])
    return textrules.check_json("node.attributes", result)


DESC_SEPARATOR = "##"
FORMULA_PREFIX = "$formula$"


def clean_description(text: str | None) -> str:
    """SPEC §3 description text: segments joined by '##'; a formula segment starts with '$formula$'.
    Each text segment is sanitised; empty content is refused (SPEC §5)."""
    segments = []
    for segment in textrules.clean_text("node.desc", text).split(DESC_SEPARATOR):
        if segment.startswith(FORMULA_PREFIX):
            formula = segment[len(FORMULA_PREFIX):].strip()
            if formula:
                segments.append(FORMULA_PREFIX + formula)
        else:
            cleaned = nh3.clean(segment).strip()
            if cleaned:
                segments.append(cleaned)
    if not segments:
        raise ValidationError("node.desc_empty")
    joined = textrules.clean_text("node.desc", DESC_SEPARATOR.join(segments))  # escaping may have lengthened it
    if not re.sub(r"<[^>]+>|&nbsp;|\s", "", joined):
        raise ValidationError("node.desc_empty")
    return joined
