"""The one rule for text people write into Zhitu, and the one table of how long each field may be.

The rule, the same for every text field, from the API, the command line and imported files:

1. Refused (never stripped, so nothing is silently changed): NUL and every other C0 control
   character except tab, line feed and carriage return; lone surrogates (U+D800–U+DFFF, which no
   encoder can write); the non-characters U+FFFE and U+FFFF. None of them can be typed, XML
   (xlsx, docx, svg, pdf) cannot hold them, PostgreSQL text cannot hold NUL.
2. Line ends become "\n". In single-line fields (names, titles) tab and line ends become a space.
3. The length, in characters after steps 1–2, must not pass the field's limit in LIMITS.

Refused and oversize input raises ValidationError and changes nothing. A file is read by the same
rule with one difference: text over its limit is cut (…) with a warning in the import report
instead of refusing the whole file; a forbidden character still refuses it, naming the place.
"""
from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from toolkit.errors import FormatError, ValidationError


class TextLimit(NamedTuple):
    max: int          # characters
    multiline: bool   # keeps line ends and tabs
    label: str        # the field's name in messages (the API's name for it)


# Names and codes follow their database columns; long text is sized for real use with room to
# spare (a node description is rich text with formulas, not a document).
LIMITS: dict[str, TextLimit] = {
    "graph.name": TextLimit(200, False, "name"),
    "graph.description": TextLimit(10_000, True, "description"),
    "node.name": TextLimit(500, False, "name"),
    "node.desc": TextLimit(50_000, True, "desc"),
    "node.define": TextLimit(10_000, True, "define"),
    "node.attribute": TextLimit(10_000, True, "attributes"),     # one attribute's text
    # All of a node's attributes, as JSON: room for a picture an XMind topic carried (kept as a data
    # URI of up to 512 KB, formats.xmind_sheets.MAX_IMAGE_BYTES) beside the typed attributes.
    "node.attributes": TextLimit(1_000_000, True, "attributes"),
    "relation.attributes": TextLimit(10_000, True, "attributes"),
    "relation.name": TextLimit(100, False, "name"),
    "version.name": TextLimit(200, False, "name"),
    "version.remark": TextLimit(2_000, True, "remark"),
    "project.name": TextLimit(200, False, "name"),
    "project.description": TextLimit(10_000, True, "description"),
    "project.major_name": TextLimit(200, False, "majorName"),
    "unit.name": TextLimit(200, False, "name"),
    "unit.code": TextLimit(64, False, "code"),
    "unit.contact": TextLimit(200, False, "contact"),
    "user.user_name": TextLimit(64, False, "userName"),
    "user.name": TextLimit(100, False, "name"),
    "user.tel": TextLimit(32, False, "tel"),
    "user.email": TextLimit(200, False, "email"),
    "task.title": TextLimit(200, False, "title"),
    "opinion": TextLimit(2_000, True, "opinion"),
    "library.summary": TextLimit(10_000, True, "summary"),
    "library.graph_name": TextLimit(200, False, "graphName"),
    "library.remarks": TextLimit(2_000, True, "remarks"),
    "catalogue.name": TextLimit(100, False, "name"),               # entity types, relation groups, templates
    "template.description": TextLimit(10_000, True, "description"),
    "portal.title": TextLimit(200, False, "title"),                # help documents, carousel images
    "portal.link": TextLimit(500, False, "url"),
}
# Any one string in a request body, query or form, whatever field it is: twice the longest text a
# person types into one field (node.desc). The field's own limit is then checked where it is written.
MAX_ANY_TEXT = 100_000
# Nesting of a JSON request body: the deepest body the API takes (attribute groups, templates) is
# under ten; the limit stays far below Python's recursion limit.
MAX_JSON_DEPTH = 64
# Size of a JSON request body, refused before it is parsed: files come as uploads, so even a node
# with every field full (about 1.2 M characters, 3 bytes each) fits many times over.
MAX_JSON_BYTES = 16 * 1024 * 1024

FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
LINE_ENDS = re.compile(r"\r\n?")
SINGLE_LINE_BREAKS = re.compile(r"[\t\n]")


def forbidden_at(value: str) -> int | None:
    """The 1-based position of the first character rule 1 refuses, or None."""
    match = FORBIDDEN.search(value)
    return match.start() + 1 if match else None


def refuse_forbidden(value: str, field: str, where: str | None = None) -> None:
    position = forbidden_at(value)
    if position is not None:
        _raise("text.forbidden_char", field, where, position=position, code=f"U+{ord(value[position - 1]):04X}")


def clean_text(kind: str, value: Any, where: str | None = None) -> str:
    """A text value checked and normalised by the rule for field `kind` (a key of LIMITS).
    None is ""; any other non-text value is refused."""
    limit = LIMITS[kind]
    if value is None:
        return ""
    if not isinstance(value, str):
        _raise("error.field_invalid", limit.label, where)
    refuse_forbidden(value, limit.label, where)
    value = LINE_ENDS.sub("\n", value)
    if not limit.multiline:
        value = SINGLE_LINE_BREAKS.sub(" ", value)
    if len(value) > limit.max:
        _raise("text.too_long", limit.label, where, max=limit.max, length=len(value))
    return value


def clean_optional(kind: str, value: Any, where: str | None = None) -> str | None:
    """As clean_text, keeping None (an update that leaves the field alone)."""
    return None if value is None else clean_text(kind, value, where)


def check_json(kind: str, value: Any, where: str | None = None) -> Any:
    """A JSON value (attributes): every string in it by rule 1, its whole size by the field's limit."""
    limit = LIMITS[kind]
    if json_depth(value) > MAX_JSON_DEPTH:  # before json.dumps, which recurses
        _raise("text.too_deep", limit.label, where, max=MAX_JSON_DEPTH)
    for text in _strings(value):
        refuse_forbidden(text, limit.label, where)
    if value not in (None, {}, []):
        size = len(json.dumps(value, ensure_ascii=False, default=str))
        if size > limit.max:
            _raise("text.too_long", limit.label, where, max=limit.max, length=size)
    return value


def json_depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed JSON value (a scalar is 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        current, depth = stack.pop()
        if isinstance(current, dict):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in current.values())
        elif isinstance(current, list):
            deepest = max(deepest, depth)
            stack.extend((v, depth + 1) for v in current)
    return deepest


def _strings(value: Any):
    """Every string in a JSON value, keys included, without recursion."""
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, str):
            yield current
        elif isinstance(current, dict):
            for key, item in current.items():
                if isinstance(key, str):
                    yield key
                stack.append(item)
        elif isinstance(current, list):
            stack.extend(current)


def check_request_value(value: Any, path: str = "") -> None:
    """Any JSON body, query or form value from a request: rule 1 for every string and key, and no
    string longer than any field may be. `path` names where it is (`attributes.level`)."""
    stack: list[tuple[Any, str]] = [(value, path)]
    while stack:
        current, where = stack.pop()
        if isinstance(current, str):
            refuse_forbidden(current, where or "body")
            if len(current) > MAX_ANY_TEXT:
                raise ValidationError("text.too_long", field=where or "body", max=MAX_ANY_TEXT, length=len(current))
        elif isinstance(current, dict):
            for key, item in current.items():
                key_text = str(key)
                refuse_forbidden(key_text, f"{where}.{key_text[:40]!r}" if where else repr(key_text[:40]))
                stack.append((item, f"{where}.{key_text}" if where else key_text))
        elif isinstance(current, list):
            stack.extend((item, f"{where}[{index}]") for index, item in enumerate(current))


def check_document(doc, source: str) -> None:
    """Every text of a read file by the rule, in place. A forbidden character or attributes over
    their size raise FormatError naming the file and the node path (`file: root > chapter`); text
    over its limit is cut, with a warning in the import report, so that one long paragraph of a
    document does not refuse the whole file."""
    doc.name = _fit_text("graph.name", doc.name, source)
    doc.description = _fit_text("graph.description", doc.description, source)
    paths: dict[int, str] = {}
    for node, parent, _level in doc.walk():
        trail = f"{paths[id(parent)]} > " if parent is not None else ""
        where = f"{source}: {trail}{node.name[:60]}"
        paths[id(node)] = f"{trail}{node.name[:60]}"
        node.name, node.desc = fit_node_name(node.name, node.desc, where)
        node.name = _fit_text("node.name", node.name, where)
        node.desc = _fit_text("node.desc", node.desc, where)
        node.define = _fit_text("node.define", node.define, where)
        check_json("node.attributes", node.attributes, where)
        node.tags = [_fit_text("node.name", tag, where) for tag in node.tags]
    for index, relation in enumerate(doc.relations):
        where = f"{source}: relations[{index}]"
        relation.name = _fit_text("relation.name", relation.name, where)
        check_json("relation.attributes", relation.attributes, where)


def fit_node_name(name, desc, where: str) -> tuple:
    """The one policy for node names past their limit in any file read: the first line (or the
    start) becomes the name and the whole text goes before the description, with a warning, so no
    file is refused for it and nothing is lost."""
    if not isinstance(name, str) or len(name) <= LIMITS["node.name"].max:
        return name, desc
    from toolkit.formats.outline import paragraph_name

    name, full_text = paragraph_name(name, where)
    return name, f"{full_text}\n\n{desc}" if isinstance(desc, str) and desc.strip() else full_text


def _fit_text(kind: str, value, where: str) -> str:
    limit = LIMITS[kind]
    if isinstance(value, str) and len(value) > limit.max:
        from toolkit.formats import report

        report.warn("import.text_cut", where, field=limit.label, length=len(value), max=limit.max)
        value = value[:limit.max - 1] + "…"
    return clean_text(kind, value, where)


def drop_forbidden(doc) -> None:
    """Remove rule-1 characters from a graph about to be written to a file, in place. Input is
    refused by the rule, so this only meets text stored before it; without it one such name
    made the xlsx, docx, svg, png and pdf writers fail for the whole graph."""
    def clean(value):
        if isinstance(value, str):
            return FORBIDDEN.sub("", value)
        if isinstance(value, list):
            return [clean(v) for v in value]
        if isinstance(value, dict):
            return {clean(k): clean(v) for k, v in value.items()}
        return value

    doc.name, doc.description = clean(doc.name), clean(doc.description)
    for node, _parent, _level in doc.walk():
        node.name, node.desc, node.define = clean(node.name), clean(node.desc), clean(node.define)
        node.attributes, node.tags = clean(node.attributes), clean(node.tags)
    for relation in doc.relations:
        relation.name, relation.attributes = clean(relation.name), clean(relation.attributes)


def _raise(key: str, field: str, where: str | None, **params: object):
    """ValidationError for API and command-line input; FormatError naming the place for a file."""
    if where is not None:
        raise FormatError(f"{key}_at" if key.startswith("text.") else "text.not_text_at", where=where, field=field, **params)
    raise ValidationError(key, field=field, **params)
