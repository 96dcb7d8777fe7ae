"""Word outlines: heading styles (Heading 1…/标题 1…), or numbering alone (第一章, 第1节, 一、, （一）,
1.1, 1、, (1)); body paragraphs describe the heading above them. A Zhitu export keeps node ids and
the rest in the document properties, so it reads back whole."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part

from toolkit.formats.extras import node_extras, relations_json
from toolkit.graphdoc import GraphDoc

CN = "一二三四五六七八九十百零〇"
NUMBERED = [
    (re.compile(rf"^第[{CN}\d]+章"), 1),
    (re.compile(rf"^第[{CN}\d]+节"), 2),
    (re.compile(r"^\d+\.\d+\.\d+(?![.\d])"), 4),
    (re.compile(r"^\d+\.\d+(?![.\d])"), 3),
    (re.compile(rf"^[{CN}]+[、.．]"), 5),
    (re.compile(rf"^[（(][{CN}]+[)）]"), 6),
    (re.compile(r"^\d+[、.．](?!\d)"), 7),
    (re.compile(r"^[（(]\d+[)）]"), 8),
]
HEADING_STYLE = re.compile(r"^(?:heading|标题)\s*(\d)$", re.I)
MAX_HEADING_CHARS = 40


def _style_level(paragraph) -> int | None:
    name = (paragraph.style.name if paragraph.style is not None else "") or ""
    match = HEADING_STYLE.match(name.strip())
    if match:
        return int(match.group(1))
    if name.strip().lower() in ("title", "标题"):
        return 0
    return None


def _numbered_rank(text: str) -> int | None:
    if len(text) > MAX_HEADING_CHARS or text.endswith(("。", "；", ";", "，", ",")):
        return None
    for pattern, rank in NUMBERED:
        if pattern.match(text):
            return rank
    return None


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    """Read by toolkit.formats.word_read (Title root, styles or numbering, knowledge tables, TOC)."""
    from toolkit.formats.word_read import read as read_word

    return read_word(path, data)


PART_NAME = "/customXml/zhitu.json"


def _stored(document) -> dict | None:
    """Node ids and extras that a Zhitu export keeps in a part of its own."""
    for relationship in document.part.rels.values():
        if relationship.is_external:
            continue
        part = relationship.target_part
        if str(part.partname) == PART_NAME:
            try:
                return json.loads(part.blob.decode("utf-8"))
            except (UnicodeDecodeError, ValueError):
                return None
    return None


def dumps(doc: GraphDoc) -> bytes:
    document = docx.Document()
    document.core_properties.title = doc.name
    stored = {"nodes": [], "relations": relations_json(doc.relations)}
    for node, _parent, level in doc.walk():
        if level == 0:
            document.add_heading(node.name, level=0)
        else:
            document.add_heading(node.name, level=min(level, 9))
        # Word has nine heading levels; the true level of every node is kept with its id.
        stored["nodes"].append({"id": node.id, "extras": node_extras(node), "level": level})
        for paragraph in node.desc.splitlines():
            if paragraph.strip():
                document.add_paragraph(paragraph)
    blob = json.dumps(stored, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    part = Part(PackURI(PART_NAME), "application/json", blob, document.part.package)
    document.part.relate_to(part, RT.CUSTOM_XML)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))

