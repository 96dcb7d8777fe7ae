"""FreeMind / Freeplane `.mm`: <node TEXT=…>; the description is a NOTE. Reading is tolerant (toolkit.formats.mindmaps)."""
from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from toolkit.formats.extras import node_extras
from toolkit.graphdoc import GraphDoc


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    """Read tolerantly by toolkit.formats.mindmaps (placeholders, rich text, details, icons, links)."""
    from toolkit.formats.mindmaps import read_mm

    return read_mm(path, data)


def dumps(doc: GraphDoc) -> bytes:
    mind = ET.Element("map", version="1.0.1")
    elements = {}
    outgoing: dict[str, list] = {}
    for relation in doc.relations:
        outgoing.setdefault(relation.start, []).append(relation)
    for node, parent, _level in doc.walk():
        element = ET.SubElement(elements[parent.id] if parent is not None else mind, "node", {"TEXT": node.name, "ID": node.id})
        ET.SubElement(element, "attribute", NAME="zhitu", VALUE=node_extras(node))
        for relation in outgoing.get(node.id, []):
            ET.SubElement(element, "arrowlink", DESTINATION=relation.target, ZHITU_TYPE=relation.type)
        if node.desc:
            note = ET.SubElement(element, "richcontent", TYPE="NOTE")
            html = ET.SubElement(note, "html")
            ET.SubElement(html, "head")
            body = ET.SubElement(html, "body")
            for paragraph in node.desc.splitlines() or [node.desc]:
                ET.SubElement(body, "p").text = paragraph
        elements[node.id] = element
    ET.indent(mind)
    return ET.tostring(mind, encoding="utf-8")


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))

