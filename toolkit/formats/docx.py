"""Word outlines: heading styles (Heading 1…/标题 1…), or numbering alone (第一章, 第1节, 一、, （一）,
1.1, 1、, (1)); body paragraphs describe the heading above them. A Zhitu export keeps node ids and
the rest in the document properties, so it reads back whole."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import docx
from lxml import etree
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.exceptions import PackageNotFoundError
from docx.opc.packuri import PackURI
from docx.opc.part import Part

from toolkit.errors import FormatError
from toolkit.formats.extras import apply_extras, node_extras, parse_relations, relations_json
from toolkit.formats.limits import open_zip, read_bytes
from toolkit.formats.outline import OutlineItem, build
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
    where = Path(path).name
    data = read_bytes(path, data)
    open_zip(data, where)
    try:
        document = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, KeyError, ValueError, etree.XMLSyntaxError) as exc:
        raise FormatError("format.unreadable", where=where, detail="not a Word document") from exc
    paragraphs = [p for p in document.paragraphs if p.text.strip()]
    uses_styles = any((_style_level(p) or 0) > 0 for p in paragraphs)
    items: list[OutlineItem] = []
    open_ranks: list[int] = []
    for number, paragraph in enumerate(paragraphs, 1):
        text = paragraph.text.strip()
        location = f"{where}: paragraph {number}"
        if uses_styles:
            level = _style_level(paragraph)
        else:
            rank = _numbered_rank(text)
            level = None
            if rank is not None:
                while open_ranks and open_ranks[-1] >= rank:
                    open_ranks.pop()
                open_ranks.append(rank)
                level = len(open_ranks)
        if level is not None:
            items.append(OutlineItem(level, text, location))
        elif items:
            items[-1].desc = f"{items[-1].desc}\n{text}".strip()
        else:
            items.append(OutlineItem(0, text, location))
    if items and items[0].level != 0 and (document.core_properties.title or "").strip():
        items.insert(0, OutlineItem(0, document.core_properties.title.strip(), where))
    stored = _stored(document)
    if stored and len(stored.get("nodes", [])) == len(items):
        for item, extra in zip(items, stored["nodes"]):
            item.id = extra.get("id") or None
            apply_extras(item, extra.get("extras"))
    doc = build(items, where, name=Path(path).stem)
    if stored:
        doc.relations = parse_relations(stored.get("relations"))
    return doc


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
        stored["nodes"].append({"id": node.id, "extras": node_extras(node)})
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


# Reading (Title root, styles or numbering, knowledge tables, tables of contents) lives in word_read.
from toolkit.formats.word_read import read  # noqa: E402,F401,F811
