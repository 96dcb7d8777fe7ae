"""OPML 2.0 outlines: <outline text=…> nesting; `_note` holds the description."""
from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from toolkit.formats.extras import node_extras, relations_json
from toolkit.graphdoc import GraphDoc


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    """Read tolerantly by toolkit.formats.mindmaps (placeholders, entities, links, recovering parser)."""
    from toolkit.formats.mindmaps import read_opml

    return read_opml(path, data)


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

