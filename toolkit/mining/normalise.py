"""One text normalisation for every miner: Markdown read as structure, and sentences cut the same way
for all of them.

Markdown is parsed with markdown-it-py, so only prose reaches the miners: headings become heading
paragraphs (they feed the catalogue); fenced and indented code, HTML, images, link targets, front
matter, footnote definitions, admonition and tab markers (`!!! note`, `???+ note "…"`, `=== "C++"`)
and display formulas are dropped; an inline formula keeps only its letters (`$O(\\log n)$` ->
`O(log n)`); emphasised spans are remembered, because textbooks set the term they define in bold.

Sentences end at 。．！？!?；; and at a line end (a paragraph is one line of the normalised text).
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache

@lru_cache(maxsize=65536)
def comparison_key(text: str) -> str:
    """Terms, titles and keywords compared without spaces, case or the width of brackets and digits."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text)).lower()


SENTENCE_END = re.compile(r"[。．！？!?；;]+[”’」』）)]*|(?<=[a-z0-9\)\u4e00-\u9fff])\.(?=\s|$)")
# LAC's models were trained on short texts; very long "sentences" (tables, lists) are cut at commas.
MAX_SENTENCE = 240

_ADMONITION = re.compile(r"^(\s*)(?:!!!|\?\?\?\+?|===)\s")
_FRONT_KEY = re.compile(r"^[A-Za-z_][\w-]*:\s")
_FOOTNOTE = re.compile(r"^\s*\[\^[^\]]+\]:")
_DISPLAY_MATH = re.compile(r"\$\$.*?\$\$", re.S)
_INLINE_MATH = re.compile(r"(?<![\\$])\$(?!\s)([^$\n]{1,200}?)(?<![\s\\])\$(?!\d)")
MAX_FORMULA_CHARS = 24
_SYMBOLS = {"mid": "|", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "equiv": "≡", "to": "→",
            "rightarrow": "→", "in": "∈", "times": "×", "cdot": "·", "cdots": "…", "dots": "…", "ldots": "…",
            "infty": "∞", "pm": "±", "perp": "⊥"}


@dataclass
class Block:
    """One paragraph of prose: its text, heading level (None for body text) and emphasised spans."""
    text: str
    level: int | None = None
    marks: list[tuple[int, int]] = field(default_factory=list)


def formula_text(tex: str) -> str:
    """What of an inline formula is worth reading as words: its letters, digits and operators."""
    text = re.sub(r"\\(?:operatorname|mathrm|mathbf|textit|text|mathit|mathcal|boldsymbol)\s*\{([^{}]*)\}", r"\1", tex)
    for command, symbol in _SYMBOLS.items():
        text = re.sub(r"\\" + command + r"(?![A-Za-z])", symbol, text)
    text = re.sub(r"\\(log|ln|lg|sin|cos|tan|max|min|gcd|lcm|exp|lim|det|deg|bmod|pmod|mod)(?![A-Za-z])", r"\1", text)
    text = re.sub(r"\\[A-Za-z]+\s*", " ", text)
    text = re.sub(r"[{}\\]", "", text)
    text = re.sub(r"\s+", " ", text).strip()
    return text if len(text) <= MAX_FORMULA_CHARS else "…"


def _unwrap_blocks(text: str) -> str:
    """Front matter and author lines go; admonition and tab markers go and their indented bodies
    are dedented so that Markdown reads them as prose (their code as code)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    start = 0
    if lines and lines[0].strip() == "---":
        for index in range(1, len(lines)):
            if lines[index].strip() in ("---", "..."):
                start = index + 1
                break
    while start < len(lines) and _FRONT_KEY.match(lines[start]) and not lines[start].startswith("#"):
        start += 1  # OI-wiki's "author: …" lines: contributors, not course text
    out: list[str] = []
    indents: list[int] = []  # body indents of the admonitions we are in
    fenced = False
    for line in lines[start:]:
        stripped = line.strip()
        if stripped.startswith(("```", "~~~")):
            fenced = not fenced
        elif not fenced:
            line = _strong_as_html(line)
        width = len(line) - len(line.lstrip(" "))
        while indents and stripped and width < indents[-1]:
            indents.pop()
        marker = _ADMONITION.match(line)
        if marker:
            indents.append(len(marker.group(1)) + 4)
            continue
        if _FOOTNOTE.match(line):
            continue
        cut = min(width, indents[-1]) if indents and stripped else 0
        out.append(line[cut:] if cut else line)
    return "\n".join(out)


_STRONG = re.compile(r"\*\*(?=\S)([^*\n]+?)(?<=\S)\*\*")


def _strong_as_html(line: str) -> str:
    """**X** as <b>X</b> outside inline code. CommonMark will not close ** between a bracket and a
    Chinese character (**欧拉路径（Eulerian path）**是…), so Chinese text loses its bold terms."""
    parts = line.split("`")
    for index in range(0, len(parts), 2):  # even pieces are outside code spans
        parts[index] = _STRONG.sub(r"<b>\1</b>", parts[index])
    return "`".join(parts)


def markdown_parser():
    """CommonMark with tables, and $…$ / $$…$$ read as formulas (mdit-py-plugins' dollarmath, with the
    rules of _INLINE_MATH: no space inside the dollars, none next to a digit), so that a formula's _ and *
    open no emphasis and its backslashes stay: $\\operatorname{id}_k(n)$，$\\operatorname{id}_{1}(n)$
    had read as one emphasised span, its underscores gone."""
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    return MarkdownIt("commonmark").enable("table").use(dollarmath_plugin, allow_space=False, allow_digits=False,
                                                         double_inline=True)


def markdown_blocks(text: str) -> list[Block]:
    tokens = markdown_parser().parse(_unwrap_blocks(text))
    blocks: list[Block] = []
    level: int | None = None
    row: list[str] = []
    in_cell = False
    for token in tokens:
        if token.type == "heading_open":
            level = int(token.tag[1:])
        elif token.type == "heading_close":
            level = None
        elif token.type in ("th_open", "td_open"):
            in_cell = True
        elif token.type in ("th_close", "td_close"):
            in_cell = False
        elif token.type == "tr_close":
            cells = [c for c in row if c]
            if cells:
                blocks.append(Block("；".join(cells)))
            row = []
        elif token.type == "inline":
            block = _inline(token.children or [], level)
            if in_cell:
                row.append(block.text)
            elif block.text:
                blocks.append(block)
    return blocks


def _inline(children, level: int | None) -> Block:
    parts: list[str] = []
    marks: list[tuple[int, int]] = []
    length = 0
    open_at: list[int] = []
    for child in children:
        kind = child.type
        if kind == "image":
            continue
        if kind in ("text", "code_inline"):
            piece = child.content
        elif kind in ("math_inline", "math_inline_double"):
            dollars = "$" if kind == "math_inline" else "$$"  # as written, for _without_formulas
            piece = dollars + child.content + dollars
        elif kind == "softbreak":
            piece = "" if parts and re.search(r"[\u3000-\u9fff\uff00-\uffef]$", parts[-1] or "") else " "
        elif kind == "hardbreak":
            piece = " "
        elif kind in ("strong_open", "em_open") or (kind == "html_inline" and child.content.lower() == "<b>"):
            open_at.append(length)
            continue
        elif kind in ("strong_close", "em_close") or (kind == "html_inline" and child.content.lower() == "</b>"):
            if open_at:
                begin = open_at.pop()
                if length > begin:
                    marks.append((begin, length))
            continue
        else:  # links keep their text (the children around link_open/close), html_inline goes
            continue
        parts.append(piece)
        length += len(piece)
    raw = "".join(parts)
    return _without_formulas(raw, marks, level)


def _without_formulas(raw: str, marks: list[tuple[int, int]], level: int | None) -> Block:
    """Replace formulas by their words and move the emphasised spans along with the text."""
    pieces: list[tuple[int, int, str]] = []  # (start, end, replacement) in raw
    for match in _DISPLAY_MATH.finditer(raw):
        pieces.append((match.start(), match.end(), ""))
    taken = [(s, e) for s, e, _ in pieces]
    for match in _INLINE_MATH.finditer(raw):
        if any(s <= match.start() < e for s, e in taken):
            continue
        pieces.append((match.start(), match.end(), formula_text(match.group(1))))
    pieces.sort()
    out, shift_points, position = [], [], 0
    for start, end, replacement in pieces:
        out.append(raw[position:start])
        out.append(replacement)
        shift_points.append((start, end, len(replacement)))
        position = end
    out.append(raw[position:])
    text = "".join(out)

    def moved(offset: int) -> int:
        delta = 0
        for start, end, size in shift_points:
            if offset >= end:
                delta += size - (end - start)
            elif offset > start:
                return start + delta + size
        return offset + delta

    stripped = text.strip()
    lead = len(text) - len(text.lstrip())
    new_marks = [(moved(s) - lead, moved(e) - lead) for s, e in marks]
    new_marks = [(max(s, 0), min(e, len(stripped))) for s, e in new_marks if e - lead > 0]
    return Block(stripped, level, [m for m in new_marks if m[1] > m[0]])


@dataclass
class Sentence:
    start: int
    end: int
    text: str
    paragraph: int
    heading: bool = False
    tokens: list = field(default_factory=list)
    # For a sentence put back together across a line break (wrapped_sentences): (offset in text,
    # characters of the document left out there), so offsets in text map back to the document.
    gaps: tuple[tuple[int, int], ...] = ()

    def document_offset(self, offset: int) -> int:
        return self.start + offset + sum(gap for at, gap in self.gaps if offset >= at)


def split_sentences(document) -> list[Sentence]:
    """Every paragraph of a `Document` cut into sentences with offsets into its text."""
    sentences: list[Sentence] = []
    for index, paragraph in enumerate(document.paragraphs):
        text = document.text[paragraph.start:paragraph.end]
        heading = paragraph.style_level is not None or (len(text) <= 30 and not SENTENCE_END.search(text))
        begin = 0
        for match in SENTENCE_END.finditer(text):
            if match.group(0) == "." and _open_brackets(text[begin:match.start()]):
                continue  # 亚种 (subspecies, subsp. 或 ssp.)：…: an abbreviation's dot inside brackets ends nothing
            _add(sentences, text, paragraph.start, begin, match.end(), index, heading)
            begin = match.end()
        _add(sentences, text, paragraph.start, begin, len(text), index, heading)
    return sentences


def _open_brackets(text: str) -> bool:
    return text.count("(") + text.count("（") > text.count(")") + text.count("）")


def _add(sentences: list[Sentence], text: str, offset: int, begin: int, end: int, paragraph: int, heading: bool) -> None:
    while begin < end and text[begin].isspace():
        begin += 1
    while end - begin > MAX_SENTENCE:
        cut = max(text.rfind("，", begin, begin + MAX_SENTENCE), text.rfind(",", begin, begin + MAX_SENTENCE))
        cut = cut + 1 if cut > begin else begin + MAX_SENTENCE
        sentences.append(Sentence(offset + begin, offset + cut, text[begin:cut], paragraph, heading))
        begin = cut
    if end > begin:
        sentences.append(Sentence(offset + begin, offset + end, text[begin:end], paragraph, heading))


# A line that opens a list item, a numbered point or a glossary entry (术语：…), not the rest of a sentence.
_ITEM_START = re.compile(r"^\s*(?:[^，,。；;：:、\s]{1,12}\s*[：:]|\d{1,2}(?:[.．、)）:：]|\s)|[（(]\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3}|[a-zA-Z])\s*[)）]"
                         r"|[一二三四五六七八九十]{1,3}\s*[、．.]|[①-⑳⑴-⒇•·\-*※■□◆●○>]|第[一二三四五六七八九十\d]+|[a-eA-E]\s*[.、)）])")
# What a line may end in when a line break, not the writer, ended it: a character of a word or a mark
# inside a sentence.
_OPEN_END = re.compile(r"[\u4e00-\u9fffA-Za-z0-9，,、“‘（(《]$")
_HEADING_CHARS = 30  # split_sentences takes a shorter line without a sentence end for a heading


def wrapped_sentences(document) -> list[Sentence]:
    """split_sentences, with the sentences that a hard line break cut in two (.docx and .pdf files made
    from printed pages keep one line a paragraph) put back together: a body line longer than a heading
    that stops mid-sentence goes on into the next body line unless that one opens a list item. A joined
    sentence keeps its first line's paragraph."""
    sentences = split_sentences(document)
    if document.kind == "md":
        return sentences  # Markdown paragraphs are the writer's, already joined across lines
    out: list[Sentence] = []
    last_line = -1  # the paragraph out[-1] ends in
    for sentence in sentences:
        if out and sentence.paragraph == last_line + 1 and sentence.start == document.paragraphs[sentence.paragraph].start \
                and out[-1].end == document.paragraphs[last_line].end and _continues(document, last_line):
            previous = out[-1]
            out[-1] = Sentence(previous.start, sentence.end, previous.text + sentence.text, previous.paragraph, False,
                               gaps=previous.gaps + ((len(previous.text), sentence.start - previous.end),))
        else:
            out.append(sentence)
        last_line = sentence.paragraph
    return out


def _continues(document, index: int) -> bool:
    """Paragraph `index` is a line a hard break ended mid-sentence, and the next line goes on with it."""
    line, following = document.paragraphs[index], document.paragraphs[index + 1]
    text, next_text = document.paragraph_text(index), document.paragraph_text(index + 1)
    return (line.style_level is None and following.style_level is None and len(text) > _HEADING_CHARS
            and "\t" not in text + next_text and bool(_OPEN_END.search(text)) and not _ITEM_START.match(next_text))
