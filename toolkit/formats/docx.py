"""Word outlines: heading styles (Heading 1…/标题 1…), or numbering alone (第一章, 第1节, 一、, （一）,
1.1, 1、, (1)); body paragraphs describe the heading above them. A Zhitu export keeps node ids and
the rest in a part of its own, so it reads back whole; what a reader sees of a node's type,
attributes and relations is named in the export's language, in paragraphs of FACTS_STYLE that
the reader skips."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path

import docx
from docx.opc.constants import RELATIONSHIP_TYPE as RT
from docx.opc.packuri import PackURI
from docx.opc.part import Part
from docx.enum.style import WD_STYLE_TYPE
from docx.shared import Pt, RGBColor

from toolkit.formats.extras import node_extras, relations_json
from toolkit.formats.labels import Labels
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
FACTS_STYLE = "Zhitu Facts"
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


def _facts_style(document):
    """The paragraph style of what a reader sees of a node besides its name and description (type,
    attributes, relations); the reader skips it, since the stored part holds the codes."""
    style = document.styles.add_style(FACTS_STYLE, WD_STYLE_TYPE.PARAGRAPH)
    style.base_style = document.styles["Normal"]
    style.font.size = Pt(9)
    style.font.color.rgb = RGBColor(0x59, 0x59, 0x59)
    return style


def _shown(value) -> str:
    """An attribute value as a reader reads it: a list joined, records (能力分级) by their names."""
    if isinstance(value, dict):
        return str(value.get("name") or ", ".join(f"{k}={v}" for k, v in value.items()))
    if isinstance(value, list):
        return ", ".join(_shown(item) for item in value)
    return str(value)


def _attribute_facts(attributes: dict, heading_of, labels: Labels) -> list[str]:
    return [labels.fact(heading_of(code), _shown(value)) for code, value in attributes.items() if value not in (None, "", [], {})]


def _node_facts(node, labels: Labels) -> list[str]:
    facts = [labels.fact(labels.word("type"), labels.entity(node.type))] if node.type else []
    facts += _attribute_facts(node.attributes, lambda code: labels.attribute(code, [node.type]), labels)
    if node.tags:
        facts.append(labels.fact(labels.word("tags"), ", ".join(node.tags)))
    lines = [labels.join(facts)] if facts else []
    if node.define:
        lines.append(labels.fact(labels.word("define"), node.define))
    return lines


def dumps(doc: GraphDoc, labels: Labels | None = None) -> bytes:
    labels = labels or Labels.builtin(template=doc.template)
    document = docx.Document()
    document.core_properties.title = doc.name
    facts_style = _facts_style(document)
    stored = {"nodes": [], "relations": relations_json(doc.relations)}
    names = {}
    for node, _parent, level in doc.walk():
        names[node.id] = node.name
        if level == 0:
            document.add_heading(node.name, level=0)
        else:
            document.add_heading(node.name, level=min(level, 9))
        # Word has nine heading levels; the true level of every node is kept with its id.
        stored["nodes"].append({"id": node.id, "extras": node_extras(node), "level": level})
        for line in _node_facts(node, labels):
            document.add_paragraph(line, style=facts_style)
        for paragraph in node.desc.splitlines():
            if paragraph.strip():
                document.add_paragraph(paragraph)
    if doc.relations:
        document.add_paragraph(labels.word("relations"), style=facts_style).runs[0].bold = True
        for relation in doc.relations:
            facts = _attribute_facts(relation.attributes, lambda code: labels.relation_attribute(code, [relation.type]), labels)
            document.add_paragraph(f"{names.get(relation.start, relation.start)} —{labels.relation(relation.type)}→ "
                                   f"{names.get(relation.target, relation.target)}" + (labels.aside(labels.join(facts)) if facts else ""),
                                   style=facts_style)
    blob = json.dumps(stored, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    part = Part(PackURI(PART_NAME), "application/json", blob, document.part.package)
    document.part.relate_to(part, RT.CUSTOM_XML)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))

