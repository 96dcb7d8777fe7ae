"""Markdown outlines: headings (#…######) and nested lists; paragraphs describe the node above them."""
from __future__ import annotations

import re
from pathlib import Path

from toolkit.errors import FormatError
from toolkit.formats.limits import read_bytes
from toolkit.formats.extras import apply_extras, node_extras, parse_relations, relations_json
from toolkit.formats.outline import OutlineItem, build
from toolkit.graphdoc import GraphDoc

HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
BULLET = re.compile(r"^(\s*)(?:[-*+]|\d+[.)])\s+(.*)$")
ID_MARK = re.compile(r"\s*<!--\s*id:\s*([^\s>]+)\s*(\{.*\})?\s*-->\s*$")
RELATIONS_MARK = re.compile(r"^<!--\s*relations:\s*(\[.*\])\s*-->\s*$")
# A description line that would read back as a heading, a list item, a quote or a mark is written with
# a Markdown backslash escape (CommonMark's: before ASCII punctuation, or "1\." for an ordered item).
NUMBERED_START = re.compile(r"^(\d+)(\\*[.)])")   # "1." and an already escaped "1\." alike
ESCAPED_NUMBER = re.compile(r"^(\d+)\\(\\*[.)])")
PUNCTUATION = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")


def escape_line(line: str) -> str:
    """A description line written so the reader takes it back as that same line of text."""
    text = line.strip()
    if text[:1] in PUNCTUATION:
        return "\\" + text
    return NUMBERED_START.sub(r"\1\\\2", text, count=1)


def unescape_line(text: str) -> str:
    if text[:1] == "\\" and text[1:2] in PUNCTUATION:
        return text[1:]
    return ESCAPED_NUMBER.sub(r"\1\2", text, count=1)


def _split_id(text: str) -> tuple[str, str | None, str | None]:
    match = ID_MARK.search(text)
    return (text[:match.start()].strip(), match.group(1), match.group(2)) if match else (text.strip(), None, None)


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    where = Path(path).name
    try:
        text = read_bytes(path, data).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FormatError("format.unreadable", where=where, detail="not UTF-8") from exc
    items: list[OutlineItem] = []
    relations = []
    heading_level = 0
    bullet_indents: list[int] = []
    for number, line in enumerate(text.splitlines(), 1):
        location = f"{where}: line {number}"
        if not line.strip():
            continue
        relations_line = RELATIONS_MARK.match(line.strip())
        if relations_line:
            relations = parse_relations(relations_line.group(1))
            continue
        heading = HEADING.match(line)
        bullet = BULLET.match(line)
        if heading:
            heading_level = len(heading.group(1)) - 1
            bullet_indents = []
            name, node_id, extra = _split_id(heading.group(2))
            items.append(OutlineItem(heading_level, name, location, node_id))
            apply_extras(items[-1], extra)
        elif bullet:
            indent = len(bullet.group(1).replace("\t", "    "))
            while bullet_indents and bullet_indents[-1] >= indent and bullet_indents[-1] != indent:
                bullet_indents.pop()
            if not bullet_indents or indent > bullet_indents[-1]:
                bullet_indents.append(indent)
            depth = bullet_indents.index(indent) + 1
            name, node_id, extra = _split_id(bullet.group(2))
            items.append(OutlineItem(heading_level + depth if items else depth - 1, name, location, node_id))
            apply_extras(items[-1], extra)
        elif items:
            paragraph = line.strip()
            if paragraph.startswith(">"):
                paragraph = paragraph.lstrip("> ").strip()
            paragraph = unescape_line(paragraph)
            items[-1].desc = f"{items[-1].desc}\n{paragraph}".strip()
    doc = build(items, where)
    doc.relations = relations
    return doc


def dumps(doc: GraphDoc) -> str:
    lines: list[str] = []
    for node, _parent, level in doc.walk():
        extras = node_extras(node)
        # Ids that Zhitu made up for a file without ids are not worth writing down.
        mark = "" if node.id.startswith("_") and extras == "{}" else f" <!-- id: {node.id} {extras} -->"
        if level < 6:
            lines.append(f"{'#' * (level + 1)} {node.name}{mark}")
        else:
            lines.append(f"{'  ' * (level - 6)}- {node.name}{mark}")
        if node.desc:
            lines.append("")
            lines.extend(escape_line(line) for line in node.desc.splitlines() if line.strip())
        lines.append("")
    if doc.relations:
        lines.append(f"<!-- relations: {relations_json(doc.relations)} -->")
    return "\n".join(lines)


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_text(dumps(doc), encoding="utf-8")
