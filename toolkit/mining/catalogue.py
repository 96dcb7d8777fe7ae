"""Catalogue recognition: the chapter/section tree of a document, with page numbers, from (in this
order of trust) Word heading styles, PDF bookmarks, or numbering and layout alone."""
from __future__ import annotations

import re
from statistics import median

from toolkit.mining.candidates import Candidate
from toolkit.mining.documents import Document

CN = "一二三四五六七八九十百零〇两"
# Numbering styles, outermost first as Chinese textbooks nest them; the rank orders them, the
# level of a heading is its depth among the ranks open above it.
NUMBERED = [
    (re.compile(rf"^第\s*[{CN}\d]+\s*[篇编部]"), 0),
    (re.compile(rf"^第\s*[{CN}\d]+\s*章|^(?:Chapter|CHAPTER)\s+\d+"), 1),
    # Lab manuals, project courses and lecture notes number their top units this way.
    # No boundary is asked after the number: OCR drops the space of 实验一 长度的测量.
    (re.compile(rf"^(?:实验|实训|项目|任务|模块|单元|专题|课题)\s*[{CN}\d]+|^第\s*[{CN}\d]+\s*(?:讲|课|单元)"), 1),
    (re.compile(r"^(?:绪论|绪言|引言|前言|附录|本章小结|参考文献)"), 1),
    (re.compile(rf"^第\s*[{CN}\d]+\s*节"), 2),
    # Regulations and syllabi number their articles 第N条, inside chapters (and sections if any).
    (re.compile(rf"^第\s*[{CN}\d]+\s*条"), 2.5),
    (re.compile(r"^\d+\.\d+\.\d+(?![.\d])"), 4),
    (re.compile(r"^\d+\.\d+(?![.\d])"), 3),
    (re.compile(rf"^[{CN}]+\s*[、.．]"), 5),
    (re.compile(rf"^[（(]\s*[{CN}]+\s*[)）]"), 6),
    (re.compile(r"^\d+\s*[、．](?!\d)|^\d+\.(?!\d)(?=\s*\D)"), 7),
    (re.compile(r"^[（(]\s*\d+\s*[)）]"), 8),
]
MAX_HEADING_CHARS = 40
SENTENCE_END = ("。", "；", ";", "，", ",", "：", ":", "！", "？")
# A numbered heading may end with a colon (一、实验目的：) when it is short: the body follows below.
MAX_COLON_HEADING_CHARS = 24
_TOC_LINE = re.compile(r"(?:\.{3,}|…{2,}|·{3,}|-{4,}|\s{3,})\s*\d{1,4}\s*$")
_PAGE_NUMBER = re.compile(r"^(?:[-—–\s]*\d{1,4}[-—–\s]*|第\s*\d+\s*页(?:\s*[/，,]?\s*共\s*\d+\s*页)?|\d+\s*/\s*\d+|page\s*\d+)$", re.I)
_DATE = re.compile(r"^\d{4}\s*[-./年]\s*\d{1,2}\s*(?:[-./月]\s*\d{1,2}\s*日?)?$|^\d{1,2}\s*月\s*\d{1,2}\s*日$")
_UNINFORMATIVE_BOOKMARK = re.compile(r"^(?:幻灯片(?:编号)?\s*\d+|slide\s*\d+|\d+|page\s*\d+|第\s*\d+\s*页)$", re.I)


def is_noise(text: str) -> bool:
    """Page numbers, dates, table-of-contents entries and formulas are never headings."""
    if _PAGE_NUMBER.match(text) or _DATE.match(text) or _TOC_LINE.search(text):
        return True
    letters = sum(ch.isalpha() for ch in text)
    cjk = len(re.findall(r"[\u4e00-\u9fff]", text))
    return cjk == 0 and letters <= 3  # J, x = vt, (2.3): formula pieces and labels


def running_lines(document: Document) -> set[str]:
    """Text on most pages (running headers and footers): on at least half of them, when there are 3+."""
    if len(document.pages) < 3:
        return set()
    pages_of: dict[str, set[int]] = {}
    for paragraph in document.paragraphs:
        text = re.sub(r"\d+", "#", document.text[paragraph.start:paragraph.end].strip())
        pages_of.setdefault(text, set()).add(paragraph.page)
    return {text for text, pages in pages_of.items() if len(pages) >= max(3, len(document.pages) / 2)}


_ARTICLE = re.compile(rf"^第\s*[{CN}\d]+\s*条")


def article_title(text: str) -> str:
    """第N条 starts a paragraph of body text: its node is named by the article's first clause."""
    return re.split(r"[。；;！？]", text, maxsplit=1)[0][:MAX_HEADING_CHARS].strip()


def numbered_rank(text: str) -> float | None:
    if _ARTICLE.match(text):
        return 2.5
    if len(text) > MAX_HEADING_CHARS or is_noise(text):
        return None
    if text.endswith(SENTENCE_END) and not (text.endswith(("：", ":")) and len(text) <= MAX_COLON_HEADING_CHARS):
        return None
    for pattern, rank in NUMBERED:
        if pattern.match(text):
            # 1. at the start of a body sentence is a list item, not a heading: headings are short.
            return rank
    return None


def _nest(items: list[dict]) -> list[dict]:
    """Give each item its parent index from the levels (a level jump attaches to the nearest above)."""
    stack: list[int] = []
    for index, item in enumerate(items):
        while stack and items[stack[-1]]["level"] >= item["level"]:
            stack.pop()
        item["parent"] = stack[-1] if stack else None
        stack.append(index)
    return items


def recognise(document: Document) -> tuple[str, list[dict]]:
    """(method, headings): each heading {title, level (1 = top), page, start, end, parent}."""
    styled = [(i, p) for i, p in enumerate(document.paragraphs) if p.style_level]
    if styled:
        items = [{"title": document.text[p.start:p.end], "level": p.style_level, "page": p.page, "start": p.start,
                  "end": p.end} for _, p in styled]
        return "styles", _nest(_renumber(items))
    informative = [m for m in document.bookmarks if not _UNINFORMATIVE_BOOKMARK.match(m.title.strip())]
    # Bookmarks that only number the slides (幻灯片编号 N) say nothing of the structure.
    if document.bookmarks and len(informative) >= len(document.bookmarks) / 2:
        items = []
        for mark in document.bookmarks:
            start = end = None
            if mark.page is not None:
                found = _find_title(document, mark.title, mark.page)
                if found is not None:
                    start, end = found
            items.append({"title": mark.title, "level": mark.level, "page": mark.page, "start": start, "end": end})
        return "bookmarks", _nest(_renumber(items))
    items = _by_numbering(document)
    method = "layout" if any(item.pop("by_layout") for item in items) else "numbering"
    return method, _nest(items)


def _find_title(document: Document, title: str, page: int) -> tuple[int, int] | None:
    compact = re.sub(r"\s+", "", title)
    for paragraph in document.paragraphs:
        if paragraph.page == page and re.sub(r"\s+", "", document.text[paragraph.start:paragraph.end]).startswith(compact):
            return paragraph.start, paragraph.end
    return None


def _renumber(items: list[dict]) -> list[dict]:
    """Levels as depth: styles 2, 3 with no 1 become 1, 2."""
    levels = sorted({item["level"] for item in items})
    depth = {level: index + 1 for index, level in enumerate(levels)}
    for item in items:
        item["level"] = depth[item["level"]]
    return items


LIST_RANKS = (7, 8)


def _list_items(ranks: list[float | None]) -> set[int]:
    """Paragraph indexes that are items of a numbered list, not headings: 1、 and (1) entries that
    follow one another with no body text between them (a heading has text below it)."""
    items: set[int] = set()
    for index in range(len(ranks) - 1):
        if ranks[index] in LIST_RANKS and ranks[index + 1] == ranks[index]:
            items.update((index, index + 1))
    return items


def _by_numbering(document: Document) -> list[dict]:
    sizes = [p.font_size for p in document.paragraphs if p.font_size]
    body_size = median(sizes) if sizes else None
    items: list[dict] = []
    open_ranks: list[float] = []
    texts = [document.text[p.start:p.end].strip() for p in document.paragraphs]
    running = running_lines(document)
    numbered = [None if re.sub(r"\d+", "#", text) in running else numbered_rank(text) for text in texts]
    in_lists = _list_items(numbered)
    # Numbering decides the nesting before font size does: with enough numbered headings, a line
    # that is only set larger (a slide's date, a formula, a callout) is not a heading.
    layout_allowed = sum(rank is not None for rank in numbered) - len(in_lists) < 3
    seen_titles: set[str] = set()
    for index, paragraph in enumerate(document.paragraphs):
        text = texts[index]
        rank: float | None = None if index in in_lists else numbered[index]
        by_layout = False
        if rank is None and layout_allowed and body_size and paragraph.font_size and paragraph.font_size >= body_size * 1.15 \
                and len(text) <= MAX_HEADING_CHARS and not text.endswith(SENTENCE_END) and not is_noise(text) \
                and re.sub(r"\d+", "#", text) not in running:
            # An unnumbered line set larger than the body text: rank it by its size among headings.
            rank = 10 - paragraph.font_size / body_size
            by_layout = True
        if rank is None:
            continue
        while open_ranks and open_ranks[-1] >= rank:
            open_ranks.pop()
        open_ranks.append(rank)
        title = article_title(text) if rank == 2.5 else text
        items.append({"title": title, "level": len(open_ranks), "page": paragraph.page, "start": paragraph.start,
                      "end": paragraph.end, "by_layout": by_layout, "paragraph": index})
    return _without_contents(items)


_CONTENTS_TITLE = re.compile(r"^(?:目\s*录|contents|table of contents)$", re.I)


def _toc_key(title: str) -> str:
    return re.sub(r"\s+", "", re.sub(r"[\s.…·]*\d{1,4}$", "", title))


def _without_contents(items: list[dict]) -> list[dict]:
    """A table of contents lists the headings the body repeats: an entry that is directly followed
    by another heading (no body text between) and whose title comes again later is the contents'."""
    later: dict[str, int] = {}
    for position, item in enumerate(items):
        later[_toc_key(item["title"])] = position
    # Runs of headings on consecutive paragraphs; a contents page is a run of three or more.
    run_length = [1] * len(items)
    for position in range(1, len(items)):
        if items[position]["paragraph"] == items[position - 1]["paragraph"] + 1:
            run_length[position] = run_length[position - 1] + 1
    for position in range(len(items) - 2, -1, -1):
        if items[position + 1]["paragraph"] == items[position]["paragraph"] + 1:
            run_length[position] = run_length[position + 1]
    kept = []
    for position, item in enumerate(items):
        if _CONTENTS_TITLE.match(item["title"].strip()):
            continue
        if run_length[position] >= 3 and later[_toc_key(item["title"])] > position + 1:
            continue
        kept.append(item)
    # Levels are recomputed by the caller's nesting; keep the stored level of each kept heading.
    for item in kept:
        item.pop("paragraph", None)
    return kept


def tree(items: list[dict]) -> list[dict]:
    """Nested form for the API and the CLI."""
    nodes = [{"title": i["title"], "level": i["level"], "page": i["page"], "children": []} for i in items]
    roots = []
    for item, node in zip(items, nodes):
        if item["parent"] is None:
            roots.append(node)
        else:
            nodes[item["parent"]]["children"].append(node)
    return roots


def mine(document: Document) -> list[Candidate]:
    """One candidate per heading, in order; payload parent is the index of the parent heading."""
    method, items = recognise(document)
    score = {"styles": 0.95, "bookmarks": 0.95, "numbering": 0.8, "layout": 0.7}[method]
    candidates = []
    for index, item in enumerate(items):
        location = document.locate(item["start"], item["end"]) if item["start"] is not None else {"page": item["page"]}
        candidates.append(Candidate("catalogue", score, {"title": item["title"], "level": item["level"], "index": index,
                                                          "parent": item["parent"], "page": item["page"],
                                                          "method": method}, location))
    return candidates
