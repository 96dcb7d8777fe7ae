"""OPML 2.0 outlines: <outline text=…> nesting; `_note` holds the description."""
from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from toolkit.errors import FormatError
from toolkit.formats.limits import parse_xml, read_bytes
from toolkit.formats.extras import apply_extras, node_extras, parse_relations, relations_json
from toolkit.formats.outline import OutlineItem, build
from toolkit.graphdoc import GraphDoc


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    where = Path(path).name
    root = parse_xml(read_bytes(path, data), where)
    if root.tag != "opml":
        raise FormatError("format.bad_xml", where=where, detail="no <opml> root")
    body = root.find("body")
    if body is None:
        raise FormatError("format.no_nodes", where=where)
    title = (root.findtext("head/title") or "").strip()
    items: list[OutlineItem] = []

    def walk(element, level: int, trail: str) -> None:
        for index, outline in enumerate(element.findall("outline"), 1):
            name = (outline.get("text") or outline.get("title") or "").strip()
            location = f"{where}: {trail} > {name or index}"
            item = OutlineItem(level, name, location, outline.get("zhituId"), desc=(outline.get("_note") or "").strip())
            apply_extras(item, outline.get("zhitu"))
            items.append(item)
            walk(outline, level + 1, f"{trail} > {name}")

    top = body.findall("outline")
    if len(top) == 1:
        walk(body, 0, title or where)
    else:
        items.append(OutlineItem(0, title or Path(path).stem, where))
        walk(body, 1, title or where)
    doc = build(items, where)
    doc.relations = parse_relations(root.findtext("head/zhituRelations"))
    return doc


def dumps(doc: GraphDoc) -> bytes:
    opml = ET.Element("opml", version="2.0")
    head = ET.SubElement(opml, "head")
    ET.SubElement(head, "title").text = doc.name
    if doc.relations:
        ET.SubElement(head, "zhituRelations").text = relations_json(doc.relations)
    body = ET.SubElement(opml, "body")
    elements = {}
    for node, parent, _level in doc.walk():
        attributes = {"text": node.name, "zhituId": node.id, "zhitu": node_extras(node)}
        if node.desc:
            attributes["_note"] = node.desc
        elements[node.id] = ET.SubElement(elements[parent.id] if parent is not None else body, "outline", attributes)
    ET.indent(opml)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(opml, encoding="utf-8")


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))


# Reading tolerantly (placeholders, entities, links, recovering parser) lives in mindmaps.
from toolkit.formats.mindmaps import read_opml as read  # noqa: E402,F401,F811
