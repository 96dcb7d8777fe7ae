"""FreeMind / Freeplane `.mm`: <node TEXT=…>; a NOTE richcontent (or a LOCALIZED_TEXT) is the description."""
from __future__ import annotations

import re
from pathlib import Path
from xml.etree import ElementTree as ET

from toolkit.errors import FormatError
from toolkit.formats.limits import parse_xml, read_bytes
from toolkit.formats.extras import apply_extras, node_extras
from toolkit.formats.outline import OutlineItem, build
from toolkit.graphdoc import DocRelation
from toolkit.graphdoc import GraphDoc

TAGS = re.compile(r"<[^>]+>")


def _text_of(element) -> str:
    return re.sub(r"\s+", " ", TAGS.sub(" ", ET.tostring(element, encoding="unicode"))).strip()


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    where = Path(path).name
    root = parse_xml(read_bytes(path, data), where)
    if root.tag != "map" or root.find("node") is None:
        raise FormatError("format.bad_xml", where=where, detail="no <map><node>")
    items: list[OutlineItem] = []
    links: list[DocRelation] = []

    def walk(element, level: int, trail: str) -> None:
        name = (element.get("TEXT") or element.get("LOCALIZED_TEXT") or "").strip()
        if not name:
            rich = element.find("richcontent[@TYPE='NODE']")
            name = _text_of(rich) if rich is not None else ""
        note = element.find("richcontent[@TYPE='NOTE']")
        paragraphs = note.findall(".//p") if note is not None else []
        desc = "\n".join(p.text or "" for p in paragraphs) if paragraphs else (_text_of(note) if note is not None else "")
        location = f"{where}: {trail}{' > ' if trail else ''}{name}"
        node_id = element.get("ID")
        item = OutlineItem(level, name, location, node_id, desc=desc)
        attributes = {a.get("NAME"): a.get("VALUE") for a in element.findall("attribute") if a.get("NAME")}
        apply_extras(item, attributes.pop("zhitu", None))
        for key, value in attributes.items():
            item.attributes.setdefault(key, value)
        for link in element.findall("arrowlink"):
            if node_id and link.get("DESTINATION"):
                links.append(DocRelation(node_id, link.get("DESTINATION"), link.get("ZHITU_TYPE") or "Mutual"))
        items.append(item)
        for child in element.findall("node"):
            walk(child, level + 1, f"{trail}{' > ' if trail else ''}{name}")

    walk(root.find("node"), 0, "")
    doc = build(items, where)
    known = {n.id for n, _p, _l in doc.walk()}
    doc.relations = [link for link in links if link.start in known and link.target in known]
    return doc


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


# Reading tolerantly (placeholders, rich text, details, icons, links, recovering parser) lives in mindmaps.
from toolkit.formats.mindmaps import read_mm as read  # noqa: E402,F401,F811
