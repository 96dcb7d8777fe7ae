"""Text materials (.txt .md .docx .pdf .jpg .jpeg .png) as normalised text that remembers where each
piece came from: page, paragraph and character offsets, heading styles, PDF bookmarks, and for OCR
the box of every recognised line, so a mined result can point back at its place in the original.

Everything here is storage-free: `read_document(name, data)` -> `Document`.
"""
from __future__ import annotations

import io
import re
import unicodedata
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from toolkit.errors import FormatError, ValidationError
from toolkit.mining import ocr
from toolkit.uploads import SOURCE_SUFFIXES, check_suffix

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")
# A PDF page with no text layer (fewer characters than this) is treated as scanned and read by OCR.
MIN_TEXT_LAYER_CHARS = 1
# Tesseract's confidence (0-100) in a line of print is about 90 (median 93 on the evaluation's
# rendered scans, no line under 40); in handwriting it is 10 to 55. A page whose median line is
# under this is not read: its lines stay for the image-text compare view, the miners skip them.
OCR_RELIABLE_CONFIDENCE = 60.0


_REFERENCES_HEADING = re.compile(r"^(?:\d+(?:\.\d+)*\s*)?(?:参考(?:资料|文献|链接|书目)|延伸阅读|扩展阅读|拓展阅读|外部链接|相关链接|引用|注释与参考"
                                 r"|references?|further reading|external links|see also|bibliography)\s*[：:]?$", re.I)
_CREDIT_LINE = re.compile(r"^[（(]?\s*(?:图片?|图源|资料|数据|本文)?\s*(?:源自|来自|来源|出自|引自|转载自)[^。．]{0,40}[）)]?[。．]?$"
                          # a page's note on where it was translated or quoted from, naming a post, a link or a licence
                          # (本页面译自博文…版权协议为…); 本节内容摘自教材：栈是… goes on to teach and stays
                          r"|^(?:本页面?|本文|本节|本章)(?:的)?(?:部分内容|部分|内容)?(?:主要)?(?:译自|翻译自|引用自|引自|转载自|改编自|摘自|参考自)"
                          r"(?=.*(?:博文|原文|版权|许可|协议|CC[- ]?BY|https?:))", re.I)


@dataclass
class Paragraph:
    page: int
    start: int
    end: int
    # Heading level from a Word style (1 = Heading 1), None for body text.
    style_level: int | None = None
    # Largest font size on the paragraph (PDF text layer), for layout-based headings.
    font_size: float | None = None
    # [x0, y0, x1, y1] in page pixels (top-left origin) when known.
    box: list[float] | None = None
    # Emphasised spans [start, end) relative to the paragraph (Markdown bold/italic): textbooks set
    # the term they define or introduce this way.
    marks: list[list[int]] | None = None
    # A table row read as one paragraph: where each cell starts in it (a row header names the row).
    cells: list[int] | None = None


@dataclass
class Line:
    page: int
    start: int
    end: int
    box: list[float]
    confidence: float | None = None


@dataclass
class Page:
    page: int
    start: int
    end: int
    ocr: bool = False
    width: float | None = None
    height: float | None = None
    # The median confidence of the page's recognised lines (OCR pages).
    ocr_confidence: float | None = None

    @property
    def unreliable(self) -> bool:
        return self.ocr and self.ocr_confidence is not None and self.ocr_confidence < OCR_RELIABLE_CONFIDENCE


@dataclass
class Bookmark:
    title: str
    level: int
    page: int | None


@dataclass
class Document:
    text: str = ""
    paragraphs: list[Paragraph] = field(default_factory=list)
    pages: list[Page] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    bookmarks: list[Bookmark] = field(default_factory=list)
    kind: str = "txt"

    def paragraph_text(self, index: int) -> str:
        paragraph = self.paragraphs[index]
        return self.text[paragraph.start:paragraph.end]

    def page_at(self, offset: int) -> int:
        for page in self.pages:
            if page.start <= offset <= page.end:
                return page.page
        return self.pages[-1].page if self.pages else 1

    def paragraph_at(self, offset: int) -> int:
        """Index of the paragraph holding `offset` (binary search: paragraphs are in order)."""
        low, high = 0, len(self.paragraphs) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if self.paragraphs[middle].start <= offset:
                low = middle
            else:
                high = middle - 1
        return max(low, 0)

    def locate(self, start: int, end: int) -> dict:
        return {"page": self.page_at(start), "paragraph": self.paragraph_at(start), "start": start, "end": end}

    def reference_paragraphs(self) -> set[int]:
        """Paragraphs that cite instead of teach: a 参考资料/References section (from its heading to the
        next heading of its level or above) and credit lines such as （图源自维基百科）."""
        found, level = set(), None
        for index, paragraph in enumerate(self.paragraphs):
            text = self.text[paragraph.start:paragraph.end].strip()
            if paragraph.style_level is not None:
                if level is not None and paragraph.style_level <= level:
                    level = None
                if level is None and _REFERENCES_HEADING.match(text):
                    level = paragraph.style_level
                    continue  # the heading itself names a part of the document (the catalogue keeps it)
            if level is not None or _CREDIT_LINE.match(text):
                found.add(index)
        return found

    def unreliable_pages(self) -> list[int]:
        return [page.page for page in self.pages if page.unreliable]

    def for_mining(self) -> "Document":
        """The document as the miners read it: the paragraphs of pages OCR could not read reliably
        (handwriting, a poor photo) are blanked, so their misread letters are never mined; offsets
        and paragraph numbers stay those of the stored text."""
        unreliable = set(self.unreliable_pages())
        if not unreliable:
            return self
        pieces, done = [], 0
        for paragraph in self.paragraphs:
            if paragraph.page in unreliable:
                pieces += [self.text[done:paragraph.start], " " * (paragraph.end - paragraph.start)]
                done = paragraph.end
        pieces.append(self.text[done:])
        return replace(self, text="".join(pieces))

    def layout(self) -> dict:
        """The JSON kept on TextSource.layout."""
        return {"kind": self.kind, "paragraphs": [_compact(asdict(p)) for p in self.paragraphs],
                "pages": [_compact(asdict(p)) for p in self.pages], "lines": [_compact(asdict(l)) for l in self.lines],
                "bookmarks": [asdict(b) for b in self.bookmarks]}

    @classmethod
    def from_layout(cls, text: str, layout: dict) -> "Document":
        layout = layout or {}
        return cls(text=text, kind=layout.get("kind", "txt"),
                   paragraphs=[Paragraph(**p) for p in layout.get("paragraphs", [])],
                   pages=[Page(**p) for p in layout.get("pages", [])],
                   lines=[Line(**l) for l in layout.get("lines", [])],
                   bookmarks=[Bookmark(**b) for b in layout.get("bookmarks", [])])

    @classmethod
    def from_text(cls, text: str) -> "Document":
        """A plain string (tests, the CLI on stdin) as a one-page document."""
        builder = _Builder()
        for raw_line in normalise(text).split("\n"):
            builder.add(raw_line)
        builder.end_page(1)
        return builder.document("txt")


def _compact(row: dict) -> dict:
    return {k: v for k, v in row.items() if v is not None and v is not False}


_SPACE = re.compile(r"[ \t\u00a0\u3000]+")
_CJK_GAP = re.compile(r"(?<=[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef])\s+(?=[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef])")


def normalise(text: str, join_cjk: bool = False) -> str:
    """NFKC for full-width letters and digits (Chinese punctuation kept), one kind of newline,
    runs of spaces folded; `join_cjk` drops spaces between Chinese characters, which OCR and some
    PDFs put between every character (a typed file keeps its own spaces)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    text = "".join(_fold(ch) for ch in text)
    text = _SPACE.sub(" ", text)
    return _CJK_GAP.sub("", text) if join_cjk else text


# "．" stays full-width: many Chinese texts (OI-wiki, textbooks) end sentences with it.
_KEEP_PUNCTUATION = set("，。．：；！？（）、“”‘’《》【】")


def _fold(ch: str) -> str:
    if ch in _KEEP_PUNCTUATION or ch < "\uff01" or ch > "\uff5e":
        return ch if ch.isprintable() or ch == "\n" else " "
    return unicodedata.normalize("NFKC", ch)


class _Builder:
    """Appends paragraphs and pages, keeping offsets right."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.paragraphs: list[Paragraph] = []
        self.pages: list[Page] = []
        self.lines: list[Line] = []
        self.page_start = 0
        self.page = 1

    def add(self, text: str, join_cjk: bool = False, **extra) -> Paragraph | None:
        text = normalise(text, join_cjk).strip()
        if not text:
            return None
        if self.parts:
            self.parts.append("\n")
            self.length += 1
        start = self.length
        self.parts.append(text)
        self.length += len(text)
        paragraph = Paragraph(page=self.page, start=start, end=self.length, **extra)
        self.paragraphs.append(paragraph)
        return paragraph

    def end_page(self, number: int, **extra) -> None:
        self.pages.append(Page(page=number, start=self.page_start, end=self.length, **extra))
        self.page = number + 1
        self.page_start = self.length + 1

    def document(self, kind: str, bookmarks: list[Bookmark] | None = None) -> Document:
        return Document(text="".join(self.parts), paragraphs=self.paragraphs, pages=self.pages, lines=self.lines,
                        bookmarks=bookmarks or [], kind=kind)


# Course text is rarely over a few MB; past this a "text" is a mistake or an attack, and the miners
# would hold a task for hours.
MAX_SOURCE_MB = 20


def max_bytes() -> int:
    return MAX_SOURCE_MB * 1024 * 1024


def read_document(name: str, data: bytes) -> Document:
    """Read one text material; bad files raise FormatError/ValidationError naming the file."""
    where = Path(name).name
    suffix = check_suffix(name, SOURCE_SUFFIXES)
    if not data:
        raise FormatError("format.empty", where=where)
    if len(data) > max_bytes():
        raise FormatError("format.too_large", where=where, limit=max_bytes() // (1024 * 1024))
    if suffix == ".txt":
        document = _read_txt(where, data)
    elif suffix == ".md":
        document = _read_markdown(where, data)
    elif suffix == ".docx":
        document = _read_docx(where, data)
    elif suffix == ".pdf":
        document = _read_pdf(where, data)
    else:
        document = _read_image(where, data)
    if not document.text.strip():
        raise ValidationError("mining.no_text", where=where)
    return document


def decode_text(data: bytes, where: str) -> str:
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise FormatError("format.unreadable", where=where, detail="binary data, not text")
    for encoding in ("utf-8-sig", "utf-16", "gb18030"):
        if encoding == "utf-16" and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
            continue
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise FormatError("format.unreadable", where=where, detail="unknown text encoding")


def _read_txt(where: str, data: bytes) -> Document:
    text = decode_text(data, where)
    builder = _Builder()
    pages = text.split("\f")
    for number, page_text in enumerate(pages, 1):
        for raw_line in page_text.replace("\r\n", "\n").split("\n"):
            builder.add(raw_line)
        builder.end_page(number)
    return builder.document("txt")


def _read_markdown(where: str, data: bytes) -> Document:
    """Markdown through a real parser: headings as heading paragraphs, code, formulas, link targets
    and front matter left out (toolkit.mining.normalise)."""
    from toolkit.mining.normalise import markdown_blocks

    builder = _Builder()
    for block in markdown_blocks(decode_text(data, where)):
        marks = []
        for start, end in block.marks:
            begin = len(normalise(block.text[:start]).lstrip())
            marks.append([begin, begin + len(normalise(block.text[start:end]))])
        builder.add(block.text, style_level=block.level, marks=marks or None)
    builder.end_page(1)
    return builder.document("md")


def _read_docx(where: str, data: bytes) -> Document:
    import docx
    from docx.opc.exceptions import PackageNotFoundError

    from toolkit.formats.docx import _style_level
    from toolkit.formats.limits import open_zip

    open_zip(data, where)
    try:
        word = docx.Document(io.BytesIO(data))
    except (PackageNotFoundError, KeyError, ValueError) as exc:
        raise FormatError("format.unreadable", where=where, detail="not a Word document") from exc
    builder = _Builder()
    body = word.element.body
    numbering = _WordNumbering(word)
    from docx.table import Table
    from docx.text.paragraph import Paragraph as WordParagraph

    for child in body.iterchildren():
        tag = child.tag.rsplit("}", 1)[-1]
        if tag == "p":
            paragraph = WordParagraph(child, word)
            label = numbering.label(child)
            text = paragraph.text
            builder.add(f"{label} {text}" if label and text.strip() else text, style_level=_style_level(paragraph))
        elif tag == "tbl":
            for row in Table(child, word).rows:
                cells = []
                for cell in row.cells:
                    value = cell.text.strip()
                    if value and (not cells or cells[-1] != value):  # merged cells repeat
                        cells.append(value)
                paragraph = builder.add("\t".join(cells))
                if paragraph is not None and len(cells) > 1:
                    row, starts, offset = builder.parts[-1], [], 0
                    for value in cells:
                        found = row.find(normalise(value).strip()[:20], offset)
                        if found >= 0:
                            starts.append(found)
                            offset = found + 1
                    paragraph.cells = starts if len(starts) == len(cells) else None
    builder.end_page(1)
    return builder.document("docx")


_CHINESE_DIGITS = "零一二三四五六七八九"


def _chinese_number(value: int) -> str:
    """一 … 九十九 as Word's chineseCounting writes them (十一, 二十, not 一十一)."""
    if value < 10:
        return _CHINESE_DIGITS[value]
    tens, units = divmod(value, 10)
    if tens >= 10:
        return str(value)
    return ("" if tens == 1 else _CHINESE_DIGITS[tens]) + "十" + (_CHINESE_DIGITS[units] if units else "")


def _roman(value: int) -> str:
    out = ""
    for number, letters in ((1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"),
                            (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i")):
        while value >= number:
            out, value = out + letters, value - number
    return out


def _format_number(value: int, style: str) -> str:
    if not 0 < value <= 1000:  # a file's start value may be anything: no thousand-letter numbers
        return str(value)
    if style in ("chineseCounting", "chineseCountingThousand", "japaneseCounting", "taiwaneseCounting",
                 "chineseLegalSimplified", "ideographDigital"):
        return _chinese_number(value)
    if style in ("upperLetter", "lowerLetter"):
        letter = chr(ord("a") + (value - 1) % 26) * ((value - 1) // 26 + 1)
        return letter.upper() if style == "upperLetter" else letter
    if style in ("upperRoman", "lowerRoman"):
        return _roman(value).upper() if style == "upperRoman" else _roman(value)
    if style == "decimalEnclosedCircle" and 1 <= value <= 20:
        return chr(0x2460 + value - 1)
    if style == "decimalZero":
        return f"{value:02d}"
    return str(value)


class _WordNumbering:
    """Word's automatic list numbers (w:numPr), which python-docx leaves out of a paragraph's text:
    a reader sees 一、实验目的 where the file holds 实验目的 and a number format, and headings of
    unstyled documents are often told only by that number."""

    def __init__(self, word) -> None:
        from docx.oxml.ns import qn

        self._qn = qn
        self.levels: dict[str, dict[int, tuple[int, str, str]]] = {}
        self.counts: dict[str, dict[int, int]] = {}
        try:
            root = word.part.numbering_part.element
        except (NotImplementedError, KeyError, AttributeError):  # no numbering part: nothing is numbered
            return
        try:
            self._read(root)
        except (ValueError, TypeError):  # a malformed numbering part: the text without numbers, as before
            self.levels = {}

    def _read(self, root) -> None:
        qn = self._qn
        abstract: dict[str, dict[int, tuple[int, str, str]]] = {}
        for definition in root.findall(qn("w:abstractNum")):
            abstract[definition.get(qn("w:abstractNumId"))] = {
                int(level.get(qn("w:ilvl"), "0")): self._level(level) for level in definition.findall(qn("w:lvl"))}
        for instance in root.findall(qn("w:num")):
            reference = instance.find(qn("w:abstractNumId"))
            levels = dict(abstract.get(reference.get(qn("w:val")), {})) if reference is not None else {}
            for override in instance.findall(qn("w:lvlOverride")):
                start = override.find(qn("w:startOverride"))
                level = int(override.get(qn("w:ilvl"), "0"))
                if start is not None and level in levels:
                    levels[level] = (int(start.get(qn("w:val"), "1")), *levels[level][1:])
            self.levels[instance.get(qn("w:numId"))] = levels

    def _level(self, level) -> tuple[int, str, str]:
        qn = self._qn
        start, style, text = level.find(qn("w:start")), level.find(qn("w:numFmt")), level.find(qn("w:lvlText"))
        try:
            first = int(start.get(qn("w:val"))) if start is not None else 1
        except (TypeError, ValueError):
            first = 1
        return (first, style.get(qn("w:val"), "decimal") if style is not None else "decimal",
                text.get(qn("w:val"), "") if text is not None else "")

    def label(self, element) -> str:
        """The number Word shows before this paragraph ("" for none or a bullet); counts as it goes."""
        try:
            return self._label(element)
        except (ValueError, TypeError):  # a malformed level number
            return ""

    def _label(self, element) -> str:
        qn = self._qn
        properties = element.find(qn("w:pPr"))
        reference = properties.find(qn("w:numPr")) if properties is not None else None
        if reference is None:
            return ""
        number_id, depth = reference.find(qn("w:numId")), reference.find(qn("w:ilvl"))
        levels = self.levels.get(number_id.get(qn("w:val")) if number_id is not None else None)
        level = int(depth.get(qn("w:val"), "0")) if depth is not None else 0
        if not levels or level not in levels:
            return ""
        counts = self.counts.setdefault(number_id.get(qn("w:val")), {})
        counts[level] = counts.get(level, levels[level][0] - 1) + 1
        for deeper in [key for key in counts if key > level]:
            del counts[deeper]  # a new item restarts the levels below it
        if levels[level][1] in ("bullet", "none"):
            return ""
        return re.sub(r"%(\d)", lambda match: _format_number(
            counts.get(int(match.group(1)) - 1, levels.get(int(match.group(1)) - 1, (1,))[0]),
            levels.get(int(match.group(1)) - 1, (1, "decimal"))[1]), levels[level][2]).strip()


def _read_pdf(where: str, data: bytes) -> Document:
    from pdfminer.layout import LAParams, LTChar, LTTextBox, LTTextLine
    from pdfminer.high_level import extract_pages
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psparser import PSException

    builder = _Builder()
    try:
        pages = list(extract_pages(io.BytesIO(data), laparams=LAParams(line_margin=0.3)))
    except (PDFSyntaxError, PSException, ValueError, TypeError, KeyError, AssertionError) as exc:
        raise FormatError("format.unreadable", where=where, detail="not a readable PDF") from exc
    if not pages:
        raise FormatError("format.unreadable", where=where, detail="the PDF has no pages")
    for number, layout in enumerate(pages, 1):
        height = float(layout.height)
        boxes = sorted((item for item in layout if isinstance(item, LTTextBox)), key=lambda b: (-b.y1, b.x0))
        page_chars = sum(len(box.get_text().strip()) for box in boxes)
        if page_chars < MIN_TEXT_LAYER_CHARS:
            _ocr_pdf_page(builder, where, data, number)
            continue
        # pdfminer joins a box's lines with newlines; a box is one paragraph, unless a numbered line
        # starts after a heading line or a finished sentence (四、…的传递函数 / 1．开环传递函数).
        paragraphs = [lines for box in boxes for lines in _pdf_paragraphs([line for line in box if isinstance(line, LTTextLine)])]
        for lines in _join_wrapped_lines(paragraphs, LTChar):
            sizes = [char.size for line in lines for char in line if isinstance(char, LTChar)]
            builder.add(_joined_text(lines),
                        font_size=round(max(sizes), 1) if sizes else None,
                        box=[round(min(l.x0 for l in lines), 1), round(height - max(l.y1 for l in lines), 1),
                             round(max(l.x1 for l in lines), 1), round(height - min(l.y0 for l in lines), 1)])
        builder.end_page(number, width=float(layout.width), height=height)
    return builder.document("pdf", _pdf_bookmarks(data))


_NUMBERED_LINE = re.compile(r"^(?:第[一二三四五六七八九十百零〇\d]+[章节篇部分]|\d+(?:\.\d+)+\s*\S|[一二三四五六七八九十]+[、.．]"
                            r"|\d+\s*[、．]|\d+\.(?!\d)|[（(]\s*[\d一二三四五六七八九十]+\s*[)）])")


def _line_size(line, char_type) -> float:
    sizes = sorted(char.size for char in line if isinstance(char, char_type))
    return sizes[len(sizes) // 2] if sizes else max(1.0, line.y1 - line.y0)


def _join_wrapped_lines(paragraphs: list[list], char_type) -> list[list]:
    """Paragraphs whose line spacing is wider than pdfminer's line margin come one box per line, so
    a word wrapped at the line's end was cut in two (动态范 / 围输出). A paragraph continues into the
    next when its last line runs to the page's right edge without ending a sentence, and the next
    starts right below it, at its left edge or further left, in the same font size, not numbered."""
    lines = [line for paragraph in paragraphs for line in paragraph]
    if not lines:
        return paragraphs
    right = max(line.x1 for line in lines)
    joined: list[list] = []
    for paragraph in paragraphs:
        if joined and _continues(joined[-1], paragraph[0], right, char_type):
            joined[-1] = joined[-1] + paragraph
        else:
            joined.append(list(paragraph))
    return joined


def _continues(before: list, line, right: float, char_type) -> bool:
    last = before[-1]
    size, next_size = _line_size(last, char_type), _line_size(line, char_type)
    last_text, text = normalise(last.get_text()).strip(), normalise(line.get_text()).strip()
    if not last_text or not text or last_text.endswith(_PARAGRAPH_END + ("。", ".", "．")) or _NUMBERED_LINE.match(text):
        return False
    return (abs(size - next_size) <= 0.5 and last.x1 >= right - 2 * size
            and 0 <= last.y0 - line.y1 <= size and line.x0 <= min(l.x0 for l in before) + size / 2)


def _joined_text(lines: list) -> str:
    """A paragraph's lines as one text: Chinese lines wrap mid-word and join without a space;
    English lines join with one."""
    text = ""
    for line in lines:
        piece = line.get_text().replace("\n", "")
        if text and text.rstrip()[-1:].isascii() and text.rstrip()[-1:].isalnum() and piece.lstrip()[:1].isascii() \
                and piece.lstrip()[:1].isalnum() and not text.endswith(" ") and not piece.startswith(" "):
            text += " "
        text += piece
    return text


def _pdf_paragraphs(lines: list) -> list[list]:
    """A text box's lines in paragraphs: a new one starts at a numbered line that follows a line
    which is a numbered heading itself or ends a sentence (Word-made PDFs put both in one box)."""
    groups: list[list] = []
    previous = ""
    for line in lines:
        text = normalise(line.get_text()).strip()
        if groups and _NUMBERED_LINE.match(text) and (_NUMBERED_HEADING.match(previous) or previous.endswith(_PARAGRAPH_END)
                                                      or previous.endswith(("。", "."))):
            groups.append([])
        if not groups:
            groups.append([])
        groups[-1].append(line)
        previous = text
    return groups or [lines]


def _pdf_bookmarks(data: bytes) -> list[Bookmark]:
    """The PDF outline with the page each entry points at (None when it cannot be resolved)."""
    from pdfminer.pdfdocument import PDFDocument, PDFNoOutlines
    from pdfminer.pdfpage import PDFPage
    from pdfminer.pdfparser import PDFParser

    try:
        document = PDFDocument(PDFParser(io.BytesIO(data)))
        page_numbers = {page.pageid: number for number, page in enumerate(PDFPage.create_pages(document), 1)}
    except Exception:  # a broken outline is no reason to refuse the text
        return []
    marks: list[Bookmark] = []
    seen: set[tuple] = set()
    try:
        for level, title, dest, action, _se in document.get_outlines():
            # A circular outline (an entry's Next pointing back) would repeat forever: stop at the
            # first entry seen before, keeping what came until then.
            key = (level, str(title), repr(dest), repr(action))
            if key in seen or len(marks) >= MAX_BOOKMARKS:
                break
            seen.add(key)
            marks.append(Bookmark(title=normalise(str(title)).strip(), level=int(level),
                                  page=_bookmark_page(document, dest, action, page_numbers)))
    except PDFNoOutlines:
        return []
    except Exception:  # RecursionError in a looping tree, a broken entry: keep the entries read so far
        pass
    return [m for m in marks if m.title]


MAX_BOOKMARKS = 5000


def _bookmark_page(document, dest, action, page_numbers: dict) -> int | None:
    from pdfminer.pdftypes import resolve1

    try:
        target = dest
        if target is None and action is not None:
            action = resolve1(action)
            target = action.get("D") if isinstance(action, dict) else None
        target = resolve1(target)
        if isinstance(target, (bytes, str)):
            try:
                target = resolve1(document.get_dest(target))
            except Exception:  # a named destination missing from the file
                target = None
        if isinstance(target, dict):
            target = resolve1(target.get("D"))
        if isinstance(target, list) and target:
            return page_numbers.get(getattr(target[0], "objid", None))
    except Exception:  # an unresolvable destination: the bookmark keeps its title without a page
        return None
    return None


def _ocr_pdf_page(builder: _Builder, where: str, data: bytes, number: int) -> None:
    image, width, height = ocr.render_pdf_page(data, number, where)
    confidence = _add_ocr_lines(builder, ocr.recognise(image, where))
    builder.end_page(number, ocr=True, width=width, height=height, ocr_confidence=confidence)


def _read_image(where: str, data: bytes) -> Document:
    width, height = ocr.image_size(data, where)
    builder = _Builder()
    confidence = _add_ocr_lines(builder, ocr.recognise(data, where))
    builder.end_page(1, ocr=True, width=width, height=height, ocr_confidence=confidence)
    return builder.document("image")


_PARAGRAPH_END = tuple("。！？：；!?:;")
_NUMBERED_HEADING = re.compile(r"^(?:第[一二三四五六七八九十百零〇\d]+[章节篇部分]|\d+(?:\.\d+)+\s*\S|[一二三四五六七八九十]+[、.．])")


def _split_ocr_paragraph(lines: list[ocr.RecognisedLine]) -> list[list[ocr.RecognisedLine]]:
    """Tesseract often puts a heading and the text below it in one paragraph: a line that ends a
    sentence, or stops well short of the widest line, ends a paragraph of ours."""
    widest = max(line.box[2] - line.box[0] for line in lines)
    groups: list[list[ocr.RecognisedLine]] = [[]]
    for line in lines:
        text = normalise(line.text, join_cjk=True).strip()
        heading = len(text) <= 30 and _NUMBERED_HEADING.match(text) is not None
        if heading and groups[-1]:
            groups.append([])
        groups[-1].append(line)
        if heading or text.endswith(_PARAGRAPH_END) or (line.box[2] - line.box[0]) < 0.7 * widest:
            groups.append([])
    return [group for group in groups if group]


def _add_ocr_lines(builder: _Builder, blocks: list[list[ocr.RecognisedLine]]) -> float | None:
    """Paragraphs from OCR lines; every line keeps its box and its offsets in the text. Answers the
    median confidence of the lines added (None when there were none)."""
    added = len(builder.lines)
    _add_ocr_paragraphs(builder, blocks)
    confidences = sorted(line.confidence for line in builder.lines[added:] if line.confidence is not None)
    return round(confidences[len(confidences) // 2], 1) if confidences else None


def _add_ocr_paragraphs(builder: _Builder, blocks: list[list[ocr.RecognisedLine]]) -> None:
    paragraphs = [group for lines in blocks if lines for group in _split_ocr_paragraph(lines)]
    for lines in paragraphs:
        pieces = [normalise(line.text, join_cjk=True).strip() for line in lines]
        if not any(pieces):
            continue
        # Chinese lines wrap mid-sentence: join them without a space (English gets one).
        text, spans = "", []
        for piece in pieces:
            if not piece:
                spans.append(None)
                continue
            joiner = " " if text and text[-1].isascii() and piece[0].isascii() and text[-1].isalnum() else ""
            text += joiner
            spans.append((len(text), len(text) + len(piece)))
            text += piece
        paragraph = builder.add(text, join_cjk=True)
        if paragraph is None:
            continue
        boxes = [line.box for line in lines]
        paragraph.box = [min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)]
        for line, span in zip(lines, spans):
            if span is not None:
                builder.lines.append(Line(page=builder.page, start=paragraph.start + span[0], end=paragraph.start + span[1],
                                          box=line.box, confidence=line.confidence))
