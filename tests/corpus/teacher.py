"""What a teacher expects from a file, read independently of Zhitu's readers (zipfile, ElementTree,
openpyxl, python-docx, pdfminer): the names of every topic of every sheet, every mind-map node and
outline row, every heading and knowledge-table row; or that the file is not an outline at all.

An expectation is `names` (None stands for a node without text: an image, a blank line) or
`refuse` with the reason a person would give."""
from __future__ import annotations

import json
import re
import zipfile
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree as ET


@dataclass
class Expectation:
    names: list[str | None] = field(default_factory=list)
    refuse: str = ""           # why it is not an outline (empty when it is one)
    sheets: int = 1            # graphs the file should give


def clean(text: str | None) -> str:
    return " ".join((text or "").split())


# ---------------------------------------------------------------- XMind

XMIND_NS = "{urn:xmind:xmap:xmlns:content:2.0}"


def _zen_topics(topic: dict) -> list[str | None]:
    names = [clean(topic.get("title")) or None]
    for kind_topics in (topic.get("children") or {}).values():
        for child in kind_topics or []:
            names.extend(_zen_topics(child))
    return names


def _legacy_topics(topic) -> list[str | None]:
    names = [clean(topic.findtext(f"{XMIND_NS}title")) or None]
    for child in topic.findall(f"{XMIND_NS}children/{XMIND_NS}topics/{XMIND_NS}topic"):
        names.extend(_legacy_topics(child))
    return names


def xmind(path: Path) -> Expectation:
    with zipfile.ZipFile(path) as archive:
        members = archive.namelist()
        if "content.json" in members:
            sheets = [_zen_topics(s["rootTopic"]) for s in json.loads(archive.read("content.json")) if s.get("rootTopic")]
        else:
            root = ET.fromstring(archive.read("content.xml"))
            sheets = [_legacy_topics(s.find(f"{XMIND_NS}topic")) for s in root.findall(f"{XMIND_NS}sheet")
                      if s.find(f"{XMIND_NS}topic") is not None]
    # A sheet holding one untitled central topic and nothing else is an empty sheet.
    sheets = [s for s in sheets if not (len(s) == 1 and s[0] is None)]
    if not sheets:
        return Expectation(refuse="no topics")
    return Expectation([name for sheet in sheets for name in sheet], sheets=len(sheets))


# ---------------------------------------------------------------- FreeMind / Freeplane / OPML

class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def _html_text(element) -> str:
    parser = _Text()
    parser.feed(ET.tostring(element, encoding="unicode"))
    return clean(" ".join(parser.parts))


def mm(path: Path) -> Expectation:
    data = path.read_bytes()
    if not data.strip():
        return Expectation(refuse="empty file")
    # Freeplane writes HTML's &nbsp; raw inside rich content; a person's reader shrugs it off.
    root = ET.fromstring(data.replace(b"&nbsp;", b"&#160;"))
    names = []
    for node in root.iter("node"):
        text = node.get("TEXT") or node.get("LOCALIZED_TEXT")
        if not clean(text):
            rich = node.find("richcontent[@TYPE='NODE']")
            text = _html_text(rich) if rich is not None else ""
        names.append(clean(text) or None)
    if not names:
        return Expectation(refuse="no nodes")
    return Expectation(names)


def opml(path: Path) -> Expectation:
    root = ET.fromstring(path.read_bytes())
    body = root.find("body")
    outlines = list(body.iter("outline")) if body is not None else []
    if not outlines:
        return Expectation(refuse="no outlines")
    return Expectation([clean(o.get("text") or o.get("title")) or None for o in outlines])


# ---------------------------------------------------------------- Excel

def xlsx(path: Path) -> Expectation:
    """Outline sheets name their levels in the header; every real workbook of the corpus is a data
    table or a flat list (course catalogues, measurements, calamine's test sheets)."""
    import openpyxl

    workbook = openpyxl.load_workbook(path, read_only=True, data_only=True)
    level_words = re.compile(r"^(?:[一二三四五六七八九十]级|level ?\d|章|节|知识点|领域|分层|模块|单元)$", re.I)
    names: list[str | None] = []
    outline_sheets = 0
    for sheet in workbook.worksheets:
        rows = [[clean(str(v)) if v is not None else "" for v in row] for row in sheet.iter_rows(values_only=True)]
        header = next((r for r in rows[:10] if sum(bool(level_words.match(c)) for c in r) >= 2), None)
        if header is None:
            continue
        outline_sheets += 1
        columns = [i for i, c in enumerate(header) if level_words.match(c)]
        seen: set[tuple] = set()
        path_: list[str] = []
        for row in rows[rows.index(header) + 1:]:
            cells = [row[i] if i < len(row) else "" for i in columns]
            if not any(cells):
                continue
            path_ = [cells[i] or (path_[i] if i < len(path_) else "") for i in range(len(cells))]
            deepest = max(i for i, c in enumerate(cells) if c)
            for depth in range(deepest + 1):
                key = tuple(path_[:depth + 1])
                if key not in seen:
                    seen.add(key)
                    names.append(path_[depth])
    workbook.close()
    if not outline_sheets:
        return Expectation(refuse="not an outline")
    return Expectation(names, sheets=1)


# ---------------------------------------------------------------- Word

HEADING = re.compile(r"^(?:heading|标题)\s*\d$|^title$", re.I)
NUMBERING = re.compile(r"^(?:第[一二三四五六七八九十百\d]+[章节条]|\d+(?:\.\d+)+(?![\d.])|[一二三四五六七八九十]+[、.．]|"
                       r"[（(][一二三四五六七八九十]+[)）]|\d+[、.．](?!\d)|[（(]\d+[)）])")
SENTENCE_END = ("。", "；", ";", "，", ",")


def docx(path: Path) -> Expectation:
    """Headings by style when the document has them; else paragraphs that are numbered in their text
    or by Word's list numbering (short ones: a numbered sentence is body text); rows of a knowledge
    table (a header naming 知识点 or 知识单元). A table of contents is not content."""
    import docx as word

    document = word.Document(str(path))
    paragraphs = [p for p in document.paragraphs if clean(p.text)]
    styled = [p for p in paragraphs if HEADING.match((p.style.name or "").strip())]
    names: list[str | None] = []
    if styled:
        names = [clean(p.text) for p in styled]
    else:
        for p in paragraphs:
            text = clean(p.text)
            if len(text) > 40 or text.endswith(SENTENCE_END) or (p.style.name or "").lower().startswith("toc"):
                continue
            numbering = p._p.pPr.numPr if p._p.pPr is not None else None
            numbered = numbering is not None and numbering.numId is not None and numbering.numId.val != 0
            if numbered or NUMBERING.match(text):
                names.append(text)
    for table in document.tables:
        rows = [[clean(c.text) for c in row.cells] for row in table.rows]
        if rows and any(("知识点" in c or "知识单元" in c) for c in rows[0]):
            previous_unit = None
            for row in rows[1:]:
                unit, point = (row + ["", ""])[:2]
                if unit and unit != previous_unit:  # a merged unit cell repeats in every row
                    names.append(unit)
                if point and point != unit:
                    names.append(point)
                previous_unit = unit or previous_unit
    if not names:
        return Expectation(refuse="no structure")
    return Expectation(names)


# ---------------------------------------------------------------- PDF

def pdf(path: Path) -> Expectation:
    """Bookmarks are the outline a person sees in the reader's side panel; without them an import
    must go through the layout preview, so a plain import refuses with that advice."""
    from pdfminer.pdfdocument import PDFDocument, PDFNoOutlines
    from pdfminer.pdfparser import PDFParser

    with path.open("rb") as handle:
        try:
            titles = [clean(str(title)) for _level, title, *_rest in PDFDocument(PDFParser(handle)).get_outlines()]
        except PDFNoOutlines:
            titles = []
    titles = [t for t in titles if t]
    if not titles:
        return Expectation(refuse="no bookmarks")
    return Expectation(titles)


READERS = {".xmind": xmind, ".mm": mm, ".opml": opml, ".xlsx": xlsx, ".docx": docx, ".pdf": pdf}


def expect(path: Path) -> Expectation:
    return READERS[path.suffix.lower()](path)
