"""Reading Word outlines as teachers write them. A Title or "Heading 0" paragraph is the root;
heading styles give the levels (a skipped level attaches to the nearest heading above, with a
warning); without heading styles, numbering in the text (第一章, 第1节, 第N条, 1.1, 一、, （一）,
1、, (1)) or Word's own list numbering gives them. Body paragraphs describe the heading above them.
A 知识单元/知识点 table becomes nodes under its chapter; a table of contents is skipped; a
document with none of this is refused with that reason."""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path

import docx
from docx.oxml.ns import qn
from docx.table import Table
from docx.text.paragraph import Paragraph

from toolkit.errors import FormatError
from toolkit.formats import report
from toolkit.formats.docx import FACTS_STYLE
from toolkit.formats.extras import apply_extras, parse_relations
from toolkit.formats.limits import open_zip, read_bytes
from toolkit.formats.outline import OutlineItem, attach_level_jumps, build
from toolkit.graphdoc import GraphDoc

ARTICLE = re.compile(r"^第[一二三四五六七八九十百零〇\d]+条")
TOC_LINE = re.compile(r"^(.*?\S)\s*(?:\t|[.·…]{2,}|\s{2,})[\s.·…]*\d+\s*$")
KNOWLEDGE_HEADERS = ("知识点", "知识单元")
TOC_TITLES = {"目录", "contents", "tableofcontents"}
LIST_RANK = 20  # Word list numbering ranks below every numbering written in the text


@dataclass
class _Block:
    text: str
    style: str
    level: int | None          # heading style level, 0 for Title / Heading 0
    list_rank: float | None    # Word list numbering: rank by list and indent level
    number: int                # paragraph number for messages
    raw: str = ""              # the text as written, for descriptions


def _style_level(paragraph: Paragraph) -> int | None:
    from toolkit.formats.docx import _style_level as style_level

    return style_level(paragraph)


def _blocks(document, where: str) -> tuple[list[_Block], list[list[list[str]]], int, list[int]]:
    """Paragraphs in order, tables as rows of cell texts, the table-of-contents lines skipped, and
    for each table the number of paragraphs before it."""
    blocks: list[_Block] = []
    tables: list[tuple[int, list[list[str]]]] = []
    toc = 0
    lists: dict[str, int] = {}
    number = 0
    for child in document.element.body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "sdt":
            # Content controls: Word puts its generated table of contents in one.
            if "TOC" in "".join(child.itertext()) or child.find(f".//{qn('w:docPartGallery')}") is not None:
                toc += sum(1 for _ in child.iter(qn("w:p")))
                continue
            paragraphs = [Paragraph(p, document) for p in child.iter(qn("w:p"))]
        elif tag == "p":
            paragraphs = [Paragraph(child, document)]
        elif tag == "tbl":
            rows = []
            for row in Table(child, document).rows:
                rows.append([" ".join(cell.text.split()) for cell in row.cells])
            tables.append((len(blocks), rows))
            continue
        else:
            continue
        for paragraph in paragraphs:
            number += 1
            pictures = len(paragraph._p.findall(f".//{qn('w:drawing')}")) + len(paragraph._p.findall(f".//{qn('w:pict')}"))
            if pictures:
                report.drop("image", f"{where}: paragraph {number}", pictures)
            text = " ".join(paragraph.text.split())  # names are one line; runs of spaces align columns
            if not text:
                continue
            style = ((paragraph.style.name if paragraph.style is not None else "") or "").strip()
            if style == FACTS_STYLE:  # a Zhitu export's type, attributes and relations: the stored part has them
                continue
            if style.lower().startswith("toc"):
                toc += 1
                continue
            list_rank = None
            properties = paragraph._p.pPr
            numbering = properties.numPr if properties is not None else None
            if numbering is not None and numbering.numId is not None and numbering.numId.val != 0:  # 0: numbering removed
                list_id = str(properties.numPr.numId.val)
                indent = properties.numPr.ilvl.val if properties.numPr.ilvl is not None else 0
                # The first list met is the outline's top; other lists nest under it.
                lists.setdefault(list_id, 0 if not lists else 1)
                list_rank = LIST_RANK + lists[list_id] + 2 * indent
            blocks.append(_Block(text, style, _style_level(paragraph), list_rank, number, paragraph.text.strip()))
    return blocks, [rows for _at, rows in tables], toc, [at for at, _rows in tables]


def _numbered_rank(text: str) -> float | None:
    from toolkit.formats.docx import _numbered_rank as text_rank

    if ARTICLE.match(text) and len(text) <= 40 and not text.endswith(("。", "；", ";", "，", ",")):
        return 2.5
    return text_rank(text)


def _skip_text_toc(blocks: list[_Block], is_heading) -> tuple[list[_Block], int]:
    """A typed table of contents: lines before a heading that end in a page number after a tab or
    dot leaders, whose title is that later heading; and the 目录 line above them."""
    later: dict[str, int] = {}
    for index, block in enumerate(blocks):
        if is_heading(block):
            later.setdefault(block.text, index)
    toc_lines = set()
    for index, block in enumerate(blocks):
        match = TOC_LINE.match(block.raw or block.text)
        if match and later.get(" ".join(match.group(1).split()), -1) > index:
            toc_lines.add(index)
    for index in list(toc_lines):
        if index and blocks[index - 1].text.replace(" ", "").lower() in TOC_TITLES:
            toc_lines.add(index - 1)
    return [b for i, b in enumerate(blocks) if i not in toc_lines], len(toc_lines)


def _knowledge_rows(rows: list[list[str]]) -> list[tuple[str, str]]:
    if not rows or not any(any(word in cell for word in KNOWLEDGE_HEADERS) for cell in rows[0]):
        return []
    pairs, previous = [], None
    for row in rows[1:]:
        unit = row[0] if row else ""
        point = row[1] if len(row) > 1 and row[1] != unit else ""
        if unit or point:
            pairs.append((unit if unit != previous else "", point))
            previous = unit or previous
    return pairs


def _restore_levels(items: list[OutlineItem], levels: list) -> None:
    """Levels past Word's nine headings, as a Zhitu export kept them; ignored unless they form a tree."""
    if not levels or levels[0] != 0 or not all(isinstance(level, int) and not isinstance(level, bool) for level in levels):
        return
    if any(level < 1 or level > above + 1 for above, level in zip(levels, levels[1:])):
        return
    for item, level in zip(items, levels):
        item.level = level


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    from toolkit.formats.docx import _stored

    where = Path(path).name
    data = read_bytes(path, data)
    open_zip(data, where)
    try:
        document = docx.Document(io.BytesIO(data))
    except Exception as exc:  # python-docx and lxml raise many kinds for a broken package
        raise FormatError("format.unreadable", where=where, detail="not a Word document") from exc
    blocks, tables, toc, table_positions = _blocks(document, where)
    # Each table follows a paragraph; remember which, since skipping a table of contents renumbers them.
    table_after = [blocks[position - 1] if position else None for position in table_positions]
    styled = any(b.level is not None and b.level > 0 for b in blocks)
    stored = _stored(document)
    if stored:  # a Zhitu export has no typed contents; a description line like "1..2" is only text
        typed_toc = 0
    else:
        blocks, typed_toc = _skip_text_toc(blocks, (lambda b: b.level is not None) if styled else
                                           (lambda b: _numbered_rank(b.text) is not None))
    toc += typed_toc
    if toc:
        report.notice("import.toc_skipped", where, count=toc)
        report.current().not_carried["toc"] += 1
    items: list[OutlineItem] = []
    open_ranks: list[float] = []
    block_item: list[int] = []   # for each block, the index of the item it belongs under (-1: none yet)
    root_seen = False
    for block in blocks:
        location = f"{where}: paragraph {block.number}"
        if styled:
            rank = block.level
        else:
            rank = _numbered_rank(block.text)
            if rank is None and block.list_rank is not None and len(block.text) <= 40 \
                    and not block.text.endswith(("。", "；", ";", "，", ",")):
                rank = block.list_rank
        if rank == 0 and not root_seen and not items:
            items.append(OutlineItem(0, block.text, location))
            root_seen = True
        elif rank is not None and rank > 0:
            while open_ranks and open_ranks[-1] >= rank:
                open_ranks.pop()
            if styled and open_ranks and rank - open_ranks[-1] > 1:
                report.warn("import.level_jump", location, above=int(open_ranks[-1]), level=int(rank))
            elif styled and not open_ranks and rank > 1 and items and any(i.level > 0 for i in items):
                report.warn("import.level_jump", location, above=0, level=int(rank))
            open_ranks.append(rank)
            items.append(OutlineItem(len(open_ranks), block.text, location))
        elif items and (items[-1].level > 0 or root_seen):
            items[-1].desc = f"{items[-1].desc}\n{block.raw}".strip()
        elif not items:
            items.append(OutlineItem(0, block.text, location))
            root_seen = True
        else:
            items[-1].desc = f"{items[-1].desc}\n{block.raw}".strip()
        block_item.append(len(items) - 1)
    # Knowledge tables go under the heading they follow.
    inserted: list[tuple[int, list[OutlineItem]]] = []
    kept = {id(block): index for index, block in enumerate(blocks)}
    for rows, after in zip(tables, table_after):
        position = kept.get(id(after), -1) + 1 if after is not None else 0
        pairs = _knowledge_rows(rows)
        if not pairs:
            if rows:
                report.drop("table", f"{where}: table after paragraph {after.number if after is not None else 0}")
            continue
        anchor = block_item[position - 1] if position and block_item else -1
        base = items[anchor].level if anchor >= 0 else 0
        rows_items: list[OutlineItem] = []
        unit_open = False
        for index, (unit, point) in enumerate(pairs, 2):
            location = f"{where}: table row {index}"
            if unit:
                rows_items.append(OutlineItem(base + 1, unit, location))
                unit_open = True
            if point:
                rows_items.append(OutlineItem(base + (2 if unit_open else 1), point, location))
        inserted.append((anchor, rows_items))
    for anchor, rows_items in reversed(inserted):
        # Right after the heading the table follows, before the headings written after the table.
        items[anchor + 1:anchor + 1] = rows_items
    if not any(item.level > 0 for item in items):
        raise FormatError("format.not_outline", where=where, reason="format.reason.no_structure")
    if items[0].level != 0:
        title = (document.core_properties.title or "").strip()
        items.insert(0, OutlineItem(0, title or Path(path).stem, where))
    if stored and len(stored.get("nodes", [])) == len(items):
        for item, extra in zip(items, stored["nodes"]):
            item.id = extra.get("id") or None
            apply_extras(item, extra.get("extras"))
        _restore_levels(items, [extra.get("level") for extra in stored["nodes"]])
    doc = build(attach_level_jumps(items), where, name=Path(path).stem)
    if stored:
        doc.relations = parse_relations(stored.get("relations"))
    return doc
