"""Carrying what an outline format has no place for (type, definition, attributes, tags, relations)
as one small JSON value, so exports from Zhitu read back whole."""
from __future__ import annotations

import json

from toolkit.graphdoc import DocNode, DocRelation


def node_extras(node: DocNode) -> str:
    data = {"type": node.type, "define": node.define, "attributes": node.attributes, "tags": node.tags, "isCore": node.is_core}
    return json.dumps({k: v for k, v in data.items() if v}, ensure_ascii=False, separators=(",", ":"))


def apply_extras(item, raw: str | None) -> None:
    """Fill an OutlineItem from node_extras() output; anything unreadable is ignored (it is optional)."""
    if not raw:
        return
    try:
        data = json.loads(raw)
    except ValueError:
        return
    if not isinstance(data, dict):
        return
    item.type = str(data.get("type") or item.type or "")
    item.define = str(data.get("define") or item.define or "")
    if isinstance(data.get("attributes"), dict):
        item.attributes = data["attributes"]
    if isinstance(data.get("tags"), list):
        item.tags = [str(t) for t in data["tags"]]
    item.is_core = bool(data.get("isCore"))


def relations_json(relations: list[DocRelation]) -> str:
    return json.dumps([{"start": r.start, "target": r.target, "type": r.type, "attributes": r.attributes} for r in relations],
                      ensure_ascii=False, separators=(",", ":"))


def parse_relations(raw: str | None) -> list[DocRelation]:
    if not raw:
        return []
    try:
        data = json.loads(raw)
    except ValueError:
        return []
    return [DocRelation(str(r.get("start")), str(r.get("target")), str(r.get("type")), "", r.get("attributes") or {})
            for r in data if isinstance(r, dict)] if isinstance(data, list) else []
