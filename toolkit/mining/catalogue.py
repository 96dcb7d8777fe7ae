"""Catalogue recognition: the chapter/section tree of a document, with page numbers, from (in this
order of trust) Word heading styles, PDF bookmarks, or numbering and layout alone."""
from __future__ import annotations

import re

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
    # A component of more than two digits is a value or a date (11.1997年3月), not a section.
    (re.compile(r"^\d{1,2}\.\d{1,2}\.\d{1,2}(?![.\d])"), 4),
    (re.compile(r"^\d{1,2}\.\d{1,2}(?![.\d])"), 3),
    (re.compile(rf"^[{CN}]+\s*[、.．]"), 5),
    (re.compile(rf"^[（(]\s*[{CN}]+\s*[)）]"), 6),
    (re.compile(r"^\d+\s*[、．](?!\d)|^\d+\.(?!\d)(?=\s*\D)"), 7),
    # (1) and 1) number the same level: steps and items inside a section.
    (re.compile(r"^[（(]\s*\d+\s*[)）]|^\d+\s*[)）](?!\d)"), 8),
]
MAX_HEADING_CHARS = 40
SENTENCE_END = ("。", "．", "；", ";", "，", ",", "：", ":", "！", "？")  # ． ends sentences in science texts
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


def pattern_rank(text: str) -> float | None:
    """The rank of the numbering a line starts with, whatever follows it."""
    for pattern, rank in NUMBERED:
        if pattern.match(text):
            return rank
    return None


def ends_sentence(text: str) -> bool:
    """Chinese sentence ends, and a Western full stop after Chinese text (由真值表分析电路功能.)."""
    return text.endswith(SENTENCE_END) or (text.endswith(".") and len(text) > 1 and "\u4e00" <= text[-2] <= "\u9fff")


# A line that stops on a word still waiting for its object (…的标准形式为, …是指, 当输入信号为) was cut
# short by a formula the text layer lost: it is part of a sentence, not a title.
_CUT_SHORT = re.compile(r"(?:是指|指的是|(?<![行作认成因称以视])为|(?<![手戒拇食])指|等于|如下|以及|对于)$")
# (Only words that cannot end a noun: 总则, 自由, 总和, 行为 are titles.)
# An exam note after a title (第八章（填空、选择）, 8.3.2 逻辑结构设计（大题）) says how it is examined.
_EXAM_NOTE = re.compile(r"\s*[（(](?:填空|选择|单选|多选|判断|简答|问答|论述|计算|名词解释|综合|应用|证明|大题|小题|重点|"
                        r"了解|理解|掌握|必考|[、，,\s\d分题])+[)）]\s*$")


def without_exam_note(text: str) -> str:
    while True:
        shorter = _EXAM_NOTE.sub("", text)
        if shorter == text or not shorter:
            return text
        text = shorter


# An exercise: an answer blank (（ ）, ____) or an answer key in it ((abc), （B）, 受（ B ）的领导).
_EXERCISE = re.compile(r"[（(]\s*[)）]|_{3,}|[（(]\s*[a-dA-D]{1,5}\s*[)）]\s*[。.]?\s*$|[（(]\s*[a-eA-E]{2,5}\s*[)）]"
                       r"|(?<=[\u4e00-\u9fff])[（(]\s*[A-E]\s*[)）]")
_SMALL_CN = {ch: value for value, ch in enumerate("零一二三四五六七八九十")}


def _item_number(text: str) -> tuple[str, int] | None:
    """(scheme, number) of the item marker a line starts with: ("一、", 1), ("(1)", 1), ("1、", 1)."""
    match = re.match(rf"^(?:([{CN}]{{1,3}})\s*([、.．])|[（(]\s*([{CN}]{{1,3}}|\d{{1,2}})\s*[)）]|(\d{{1,2}})\s*([、．.)）])(?!\d))", text)
    if match is None:
        return None
    numeral = match.group(1) or match.group(3) or match.group(4)
    if numeral.isdigit():
        value = int(numeral)
    elif all(ch in _SMALL_CN for ch in numeral):
        digits = [_SMALL_CN[ch] for ch in numeral]
        value = digits[0] if len(digits) == 1 else (10 + digits[1] if digits[0] == 10 else digits[0] * 10 + (digits[2] if len(digits) > 2 else 0))
    else:
        return None
    if match.group(3):
        scheme = "(cn)" if not numeral.isdigit() else "(1)"
    else:
        scheme = ("cn" if match.group(1) else "1") + (match.group(2) or match.group(5))
    return scheme, value


def _chinese_numeral(value: int) -> str:
    digits = "零一二三四五六七八九"
    return digits[value] if value < 10 else ("十" if value < 20 else digits[value // 10] + "十") + (digits[value % 10] if value % 10 else "")


def runs_on_into_next_item(text: str) -> bool:
    """A line that goes on to the next item of its own list ((1)辽沈战役；(2)淮海战役…, 一、…二、…) is
    an enumeration written on one line, not a heading."""
    found = _item_number(text)
    if found is None:
        return False
    scheme, value = found
    following = {"(1)": rf"[（(]\s*{value + 1}\s*[)）]", "(cn)": rf"[（(]\s*{_chinese_numeral(value + 1)}\s*[)）]"}.get(scheme)
    if following is None:
        numeral = str(value + 1) if scheme.startswith("1") else _chinese_numeral(value + 1)
        following = rf"(?<![\d{CN}]){numeral}\s*{re.escape(scheme[-1])}"
    return re.search(following, text[1:]) is not None


def numbered_rank(text: str) -> float | None:
    if _ARTICLE.match(text):
        return 2.5
    if len(text) > MAX_HEADING_CHARS or is_noise(text) or _EXERCISE.search(text) or runs_on_into_next_item(text):
        return None
    if ends_sentence(text) and not (text.endswith(("：", ":")) and len(text) <= MAX_COLON_HEADING_CHARS):
        return None
    rank = pattern_rank(text)
    if rank is None or rank >= 5 and not _numbering_body(text):
        return None  # a bare 三、 names nothing
    body = re.sub(r"^\S*?[、.．)）:：]\s*|^第\s*\S+?[章节篇部讲]\s*", "", text, count=1)
    if _CUT_SHORT.search(text) or (rank in LIST_RANKS and re.search(r"[：:]", body)):
        # A list item with a colon introduces its content (1. 稳态误差定义：…): a point, not a section.
        return None
    if rank in LIST_RANKS and re.search(r"[，,。？！]", body):
        # One with a comma is a sentence of clauses (3.如果有左子树,找到…), one with a sentence end
        # inside it a sentence and more (22、谈一谈日本的威胁。117页): a step, not a section.
        return None
    # 1. at the start of a body sentence is a list item, not a heading: headings are short.
    return rank


# Chinese-numeral sections (第一章, 第一节, 一、) are sections whatever their length: review notes run
# the heading on into its explanation (一、根轨迹定义：开环系统…), or write it as one long sentence.
# The title is the heading's own part: up to its colon, or its first sentence.
SECTION_RANKS = 5
RUN_ON_RANKS = 6
MAX_SENTENCE_HEADING_CHARS = 80


_NUMBERING = re.compile(rf"^(?:第\s*[{CN}\d]+\s*(?:部分|[篇编部章节讲课条]|单元)|(?:实验|实训|项目|任务|模块|单元|专题|课题)\s*[{CN}\d]+|[{CN}]+\s*[、.．]|[（(]\s*[{CN}\d]+\s*[)）]|\d+(?:\.\d+)*\s*[、.．)）]?)")


def _numbering_body(text: str) -> str:
    """What a numbered line says after its number (第一部分 → "", 一、目标 → 目标)."""
    return _NUMBERING.sub("", text.strip(), count=1).strip()


def long_section_title(text: str) -> str | None:
    rank = pattern_rank(text)
    if rank is None or rank > RUN_ON_RANKS or _ARTICLE.match(text) or is_noise(text) or _EXERCISE.search(text) \
            or runs_on_into_next_item(text):
        return None
    match = re.search(r"[：:](?=\s*\S)|[。？！?!]", text)
    if rank > SECTION_RANKS:
        # A （一） heading runs on only after a short title and a colon ((二)过程：该算法…); one that
        # runs on into a sentence is a point of the text ((一)军事思想是军事实践的指南。…).
        if match is None or match.group() not in "：:" or match.start() > MAX_COLON_HEADING_CHARS:
            return None
    if match is not None and match.group() in "：:" and not _numbering_body(text[:match.start()]):
        # Only the number stands before the colon (第一部分：中国国防): the title is what follows.
        match = re.search(r"[。？！?!]", text)
    if match is None:
        title = text  # a long heading of its own (一、基本控制规律 P、PI（…）、PD（…）、PID 的特点)
    else:
        title = text[:match.start()] if match.group() in "：:" else text[:match.end()]
    title = title.strip()
    if _CUT_SHORT.search(title) or len(title) > MAX_SENTENCE_HEADING_CHARS or not re.search(r"[\u4e00-\u9fff]", _numbering_body(title)):
        return None
    return title


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
    """Line indexes that are items of a numbered list, not headings: 1、 and (1) entries that
    follow one another with no body text between them (a heading has text below it). `ranks` are
    the numbering patterns alone, so an item that ends with ；or runs long still makes a run.
    (A formula line between two items counts as body: a summary's 1. 转动惯量 may have only a
    formula below it.)"""
    return {i for index in range(len(ranks) - 1) if ranks[index] in LIST_RANKS and ranks[index + 1] == ranks[index]
            for i in (index, index + 1)}


# A worked example, exercise or proof: the numbered steps that follow (1.列真值表, (3)画出电路图) are
# steps of the solution, until the next section heading or slide title.
_EXAMPLE = re.compile(r"^(?:例(?!如)\s*\d*|例题|习题|练习|思考题?|证明\s*[:：]|解法?\s*[一二三四\d]*\s*[:：\s]|解$)")
_EXERCISE_PART = re.compile(r"题库|习题|练习|思考题|(?:填空|选择|判断|简答|论述|问答|计算|应用|综合|分析|证明|名词解释)题")
_SECTIONS_ON_LINE = re.compile(r"\s+(?=\d+(?:\.\d+)+)")


def _sections_on_line(text: str) -> list[tuple[int, str]]:
    """A terse outline puts several numbered sections on one line (5.1 视图概念 5.2 定义视图):
    (offset, piece) for each; a bare number (7.2.3 with no title) is dropped."""
    chapter = re.match(r"^(\d+)\.\d+", text)
    if chapter is None:
        return [(0, text)]
    pieces, offset = [], 0
    for piece in _SECTIONS_ON_LINE.split(text):
        start = text.index(piece, offset)
        offset = start + len(piece)
        if pieces and not piece.startswith(chapter.group(1) + "."):
            # 3.2 设 x 在 2.5 之间: a number of another chapter is a value in the sentence.
            pieces[-1] = (pieces[-1][0], text[pieces[-1][0]:offset].strip())
        elif re.search(r"[^\d\s.]", piece):
            pieces.append((start, piece.strip()))
    return pieces or [(0, text)]


def _is_slides(document: Document) -> bool:
    """Landscape pages, most of them: a slide deck, whose first line on a page is the slide's title."""
    sized = [page for page in document.pages if page.width and page.height]
    return len(sized) >= 3 and sum(page.width > page.height for page in sized) > len(sized) / 2


MAX_SLIDE_TITLE_CHARS = 20
MAX_ROW_HEAD_CHARS = 150  # a syllabus objective is one long sentence
SLIDE_TITLE_RANK = 4.5  # below numbered sections (3.4 …), above their numbered items
DOCUMENT_TITLE_RANK = -1
PLAIN_HEADING_RANK = 4.5  # a heading only by its place: short, plain, body text below
MAX_DOCUMENT_TITLE_CHARS = 30


# A line that is only the name of a standard part (例题, 习题, 参考资料) heads that part of a section.
_PART_NAME = re.compile(r"^(?:例题|例子|示例|习题|练习题?|思考题|参考资料|参考文献|延伸阅读|外部链接|小结|本章小结)$")


# Words that open or join a clause of a sentence (若将, 所以令…, 我们注意到…), never a title.
_CLAUSE_OPENING = re.compile(r"^(?:若|如果|假如|倘若|因为|所以|由于|于是|则|即|我们|你们|它们|他们)")


def _plain_title(text: str) -> bool:
    """A short unnumbered line that could name a slide or a document: no sentence punctuation, no
    formula, not an example (an example's opening line; a bare 例题 names the part), not a note
    in brackets (（图源自维基百科）)."""
    return len(text) >= 2 and bool(re.search(r"[\u4e00-\u9fff]", text)) and not re.search(r"[，。；：,;:=？?！!]", text) \
        and not is_noise(text) and (not _EXAMPLE.match(text) or bool(_PART_NAME.match(text))) \
        and pattern_rank(text) is None and not re.match(r"^[（(［\[【].*[)）］\]】]$", text) \
        and not _CUT_SHORT.search(text) and not text.endswith(("…", "..."))  \
        and not _CLAUSE_OPENING.match(text) and not ends_sentence(text)  # the rest of a wrapped sentence, or a clause a formula cut


def _body_size(document: Document) -> float | None:
    """The font size of the body text: the median size over the text's characters, not over its
    paragraphs, so a few long paragraphs outweigh many short headings however the lines were joined."""
    sized = sorted((p.font_size, p.end - p.start) for p in document.paragraphs if p.font_size)
    half, seen = sum(length for _, length in sized) / 2, 0
    for size, length in sized:
        seen += length
        if seen >= half:
            return size
    return None


_BULLET = re.compile(r"^[•·▪■□◆◇●○►▶➢❖√✓]\s*")


def _as_read(text: str) -> str:
    """A line as a reader reads it: without a leading bullet (•药用植物…), and once where a shadowed
    slide title repeats every character (药药用用植植物物 → 药用植物)."""
    text = _BULLET.sub("", text)
    if len(text) >= 2 and len(text) % 2 == 0 and text[0::2] == text[1::2] and re.search(r"[\u4e00-\u9fff]", text):
        return text[0::2]
    return text


_BARE_CHAPTER = re.compile(rf"^第\s*[{CN}\d]+\s*[章篇编部讲]$")


def _join_split_titles(document: Document, lines: list[tuple[int, int, str]], noted: list[str]) -> set[int]:
    """A bare chapter number (第1章) whose title follows letter by letter on the next lines (a slide
    sets 绪 and 论 apart, the text layer reads them as lines of their own): the title is joined onto
    the number's line, in `noted`; returns the indexes of the lines taken into it. (A whole word on
    the next line may be the chapter's first point: 第一章 / 数据库的概念 stay apart.) So is the rest
    of a numbered heading that a lost formula broke in two."""
    taken: set[int] = set()
    for i, text in enumerate(noted):
        if not _BARE_CHAPTER.match(text) or i in taken:
            continue
        page, parts, j = document.paragraphs[lines[i][0]].page, [], i + 1
        while j < len(lines) and document.paragraphs[lines[j][0]].page == page and len(noted[j]) == 1 \
                and re.match(r"[\u4e00-\u9fff]", noted[j]):
            parts.append(noted[j])
            j += 1
        if len(parts) >= 2:
            noted[i] = f"{text} {''.join(parts)}"
            taken.update(range(i + 1, j))
    for i in range(len(noted) - 1):
        # A numbered heading that a lost formula broke (…或者说 [G(s)] / 的极点都在…, …标准形式为 [formula]
        # / ——时间常数形式): the next line goes on with it, for no sentence opens on 的 or a dash.
        if i not in taken and i + 1 not in taken and (pattern_rank(noted[i]) if pattern_rank(noted[i]) is not None else 9) <= SECTION_RANKS \
                and not noted[i].endswith(SENTENCE_END) and re.match(r"^(?:的|——|--)", noted[i + 1]) \
                and document.paragraphs[lines[i][0]].page == document.paragraphs[lines[i + 1][0]].page:
            noted[i] += noted[i + 1]
            taken.add(i + 1)
    return taken


# A figure's caption names a picture, not a section (亚种和变种形成演化示意图).
_FIGURE_CAPTION = re.compile(r"(?:示意图|图示|图解)$")


def _titles_its_slide(document: Document, lines: list[tuple[int, int, str]], i: int, on_page: dict[int, list[int]]) -> bool:
    """A slide's first line titles the slide when something follows it there and it is not set
    smaller than the slide's other text (a small first line is a label or a note, 商陆苦寒…; below
    a larger line it is a cover's blurb), and it is not a figure's caption. `on_page`: the
    paragraph index of each line, by page."""
    paragraph = document.paragraphs[lines[i][0]]
    others = [index for index in on_page[paragraph.page] if index != lines[i][0]]
    if not others or len(_as_read(lines[i][2])) < 2 or _FIGURE_CAPTION.search(_as_read(lines[i][2])):
        return False
    sizes = [document.paragraphs[index].font_size for index in others if document.paragraphs[index].font_size
             and re.search(r"[\u4e00-\u9fff]", document.paragraph_text(index))]
    return not (paragraph.font_size and sizes and paragraph.font_size < 0.9 * max(sizes))


MIN_UNNUMBERED_STRETCH = 30  # 15 to 80 score the same on the tuning sets: the middle, in ratio
_FIRST_CHAPTER = re.compile(r"^第\s*[一1]\s*[篇编部章讲节]")
_FULL_STOP = re.compile(r"[。！？!?．]$|(?<=[\u4e00-\u9fff])\.$")


_INTRODUCES_LIST = re.compile(r"(?:有|包括|包含|分为|如下|下列|以下)$")


def _defines(term: str, following: str) -> bool:
    """The line below says what `term` is (商品是…, 是指…, 商品：…)."""
    return bool(re.match(r"^(?:是|指|即)", following)
                or following.startswith(term) and re.match(r"^\s*(?:是|指|即|[，,：:（(])", following[len(term):]))


def _reads_as_body(text: str) -> bool:
    """A line of body text that starts afresh: long, or punctuated as a sentence or a statement
    (术语：解释), and not opening on punctuation (（有复极点），: the rest of a sentence) unless on a
    number ((五)落实…)."""
    return (pattern_rank(text) is not None or not re.match(r"^[（(，,。；;：:、）)\]】]", text)) and (len(text) > MAX_HEADING_CHARS or bool(re.search(r"[。！？，,：:；;]", text)))


def _hard_wrapped(noted: list[str]) -> int | None:
    """Text broken into lines of one width (a copy of a PDF's text, notes typed with hard line
    breaks): two in five of its lines of 15+ characters are within two characters of the commonest
    length, which is returned (else None). There a paragraph's first line does not end a sentence:
    a plain heading is followed by a line that reads as body (has a comma) or runs to that width."""
    lengths = [len(text) for text in noted if len(text) >= 15]
    if len(lengths) < 10:
        return None
    mode = max(set(lengths), key=lengths.count)
    return mode if sum(abs(length - mode) <= 2 for length in lengths) * 5 >= len(lengths) * 2 else None


def _unnumbered_stretches(noted: list[str]) -> set[int]:
    """Lines of the stretches, MIN_UNNUMBERED_STRETCH lines or longer, that no numbered line breaks
    (neither heading nor item): a document may number an outline or its first part and leave the
    rest's headings unnumbered, and there a heading shows only by its place."""
    numbered = [i for i, text in enumerate(noted) if pattern_rank(text) is not None]
    bounds = [-1, *numbered, len(noted)]
    return {i for before, after in zip(bounds, bounds[1:]) if after - before - 1 >= MIN_UNNUMBERED_STRETCH
            for i in range(before + 1, after)}


def _by_numbering(document: Document) -> list[dict]:
    body_size = _body_size(document)
    running = running_lines(document)
    slides = _is_slides(document)
    # Lines: (paragraph index, offset in it, text); a line of several numbered sections is split.
    lines: list[tuple[int, int, str]] = []
    row_heads: set[int] = set()
    for index, paragraph in enumerate(document.paragraphs):
        text = document.text[paragraph.start:paragraph.end].strip()
        if paragraph.cells and len(paragraph.cells) > 1 and pattern_rank(text[:paragraph.cells[1]].strip()) is not None:
            # A table row led by a numbered cell (（1）掌握… | 1. … 2. …, a syllabus's objectives or
            # chapters): the first cell names the row, the others detail it.
            row_heads.add(len(lines))
            lines.append((index, 0, text[:paragraph.cells[1]].strip()))
            continue
        for offset, piece in _sections_on_line(text):
            lines.append((index, offset, piece))
    noted = [_CONTINUED.sub("", without_exam_note(_as_read(text))) for _, _, text in lines]
    joined = _join_split_titles(document, lines, noted)
    repeated = [re.sub(r"\d+", "#", document.paragraph_text(index).strip()) in running for index, _, _ in lines]
    numbered = [None if repeated[i] or i in joined else numbered_rank(noted[i]) for i in range(len(lines))]
    titles = list(noted)
    for i, rank in enumerate(numbered):
        if (rank is None or rank <= RUN_ON_RANKS) and not repeated[i]:
            title = long_section_title(noted[i])
            if title is not None:
                numbered[i], titles[i] = pattern_rank(title), title
    for i in row_heads:
        head = re.split(r"(?<=[。？！?!])|[：:](?=\s*\S)", noted[i], maxsplit=1)[0].strip()
        numbered[i], titles[i] = (pattern_rank(head), head) if len(head) <= MAX_ROW_HEAD_CHARS else (None, noted[i])
    in_lists = _list_items([None if i in row_heads else pattern_rank(text) for i, text in enumerate(noted)])
    first_on_page, on_page = {}, {}
    for i, (index, offset, _) in enumerate(lines):
        if not repeated[i]:  # a running header above the slide title (the course name on every slide)
            first_on_page.setdefault(document.paragraphs[index].page, i)
        on_page.setdefault(document.paragraphs[index].page, []).append(index)
    slide_titles = {i for i in first_on_page.values() if slides and numbered[i] is None and not repeated[i]
                    and i not in joined and len(noted[i]) <= MAX_SLIDE_TITLE_CHARS and _plain_title(re.sub(r"[:：]$", "", noted[i]))
                    and _titles_its_slide(document, lines, i, on_page)}
    # Numbering decides the nesting before font size does: with enough numbered headings, a line
    # that is only set larger (a slide's date, a formula, a callout) is not a heading.
    layout_allowed = sum(rank is not None and i not in in_lists for i, rank in enumerate(numbered)) + len(slide_titles) < 3
    # The document's own title: a short plain first line above numbered headings (数据库重点).
    document_title = 0 if lines and not layout_allowed and numbered[0] is None and not repeated[0] \
        and not document.paragraphs[lines[0][0]].cells \
        and len(noted[0]) <= MAX_DOCUMENT_TITLE_CHARS and _plain_title(noted[0]) and not _CONTENTS_TITLE.match(noted[0]) \
        and not re.search(r"[#*]", noted[0]) else None  # ###本文档在…添加###: a note set off by marks, not a title
    larger = layout_allowed and body_size and any(p.font_size and p.font_size >= body_size * 1.15 for p in document.paragraphs)
    plain_headings = set()
    unmarked = _unnumbered_stretches(noted) if not slides else set()
    plain_copy = layout_allowed and not larger
    wrapped = _hard_wrapped(noted)
    if plain_copy or unmarked:
        # Neither numbering nor font size marks the headings (a plain-text copy, or a long stretch of
        # a document with no numbered heading in it): a short plain line that a sentence of body
        # text follows names the section below it.
        for i in range(len(lines) - 2, -1, -1):
            following = noted[i + 1]
            if (plain_copy or i in unmarked) and not repeated[i] and not document.paragraphs[lines[i][0]].cells and len(noted[i]) <= MAX_SLIDE_TITLE_CHARS \
                    and _plain_title(noted[i]) and not ends_sentence(noted[i]) \
                    and (ends_sentence(following) or len(following) > MAX_HEADING_CHARS or i + 1 in plain_headings
                         or _PART_NAME.match(noted[i]) or (wrapped or not plain_copy) and _reads_as_body(following)
                         or wrapped and abs(len(following) - wrapped) <= 2):
                plain_headings.add(i)
    if not plain_copy:
        # A short plain line over the first item of a list (专有名词 / 1、国防：…) or over a first
        # chapter (填空选择 / 第一章) names what follows.
        for i in range(len(lines) - 1):
            first = _item_number(noted[i + 1])
            if (first is not None and first[1] == 1 or _FIRST_CHAPTER.match(noted[i + 1])) and numbered[i] is None and not repeated[i] and i not in joined \
                    and not document.paragraphs[lines[i][0]].cells and len(noted[i]) <= MAX_SLIDE_TITLE_CHARS \
                    and _plain_title(noted[i]) and not ends_sentence(noted[i]):
                plain_headings.add(i)
    if not plain_copy:
        # A term over its definition (商品 / 商品是用来交换的劳动产品) is a glossary entry, and a line
        # that ends on the verb of the list below (其特点有, 主要包括) introduces it: neither heads a section.
        plain_headings -= {i for i in plain_headings if _defines(noted[i], noted[i + 1]) or _INTRODUCES_LIST.search(noted[i])}
    def after_a_statement(i: int) -> bool:
        return i == 0 or numbered[i - 1] is not None or i - 1 in plain_headings \
            or _reads_as_body(noted[i - 1]) and not noted[i - 1].endswith(("：", ":", "，", ",", "、"))

    def before_a_statement(i: int) -> bool:
        # A statement, another heading or a numbered section (战略环境概述 / 一.填空题) comes after it.
        return i + 1 in plain_headings or numbered[i + 1] is not None and numbered[i + 1] <= SECTION_RANKS \
            or _reads_as_body(noted[i + 1])

    while not plain_copy:
        # Amid numbered text a short line may be a piece of a sentence a lost formula cut (若将,
        # 代入特征方程): there a heading stands between statements (or other headings), after one
        # that does not end on a colon or comma and before one that starts afresh. (Passes forward
        # and backward, so a chain of short lines falls in one pass, not one line a pass.)
        before = len(plain_headings)
        for i in sorted(plain_headings):
            if not after_a_statement(i):
                plain_headings.discard(i)
        for i in sorted(plain_headings, reverse=True):
            if not before_a_statement(i):
                plain_headings.discard(i)
        if len(plain_headings) == before:
            break
    items: list[dict] = []
    open_ranks: list[float] = []
    in_example = in_exercises = False
    for i, (index, offset, text) in enumerate(lines):
        paragraph = document.paragraphs[index]
        if i in joined:
            continue
        rank: float | None = None if i in in_lists else numbered[i]
        if rank is not None and rank <= 6 or i in slide_titles or i in plain_headings:
            in_example = False
            # Under 简答题 or 题库 the numbered items are questions, not sections.
            in_exercises = bool(_EXERCISE_PART.search(titles[i]))
        if _EXAMPLE.match(text):
            in_example = True
        if (in_example or in_exercises) and rank in LIST_RANKS:
            rank = None
        if i in slide_titles:
            rank = SLIDE_TITLE_RANK
        if i == document_title:
            rank = DOCUMENT_TITLE_RANK
        by_layout = False
        if rank is None and layout_allowed and body_size and paragraph.font_size and paragraph.font_size >= body_size * 1.15 \
                and len(text) <= MAX_HEADING_CHARS and not ends_sentence(text) and not is_noise(text) and not repeated[i]:
            # An unnumbered line set larger than the body text: rank it by its size among headings.
            rank = 10 - paragraph.font_size / body_size
            by_layout = True
        if rank is None and i in plain_headings:
            rank, by_layout = PLAIN_HEADING_RANK, True
        if rank is None:
            continue
        while open_ranks and open_ranks[-1] >= rank:
            open_ranks.pop()
        open_ranks.append(rank)
        title = article_title(text) if rank == 2.5 else titles[i]
        start = paragraph.start + offset
        items.append({"title": title, "level": len(open_ranks), "page": paragraph.page, "start": start,
                      "end": start + len(text) if offset or len(lines) > i + 1 and lines[i + 1][0] == index else paragraph.end,
                      "by_layout": by_layout, "paragraph": index})
    return _continued_once(_without_contents(items))


# A slide title carried on to the next slide (…（续）, (cont.)): the same section goes on.
_CONTINUED = re.compile(r"(?<=\S)\s*(?:[（(]\s*(?:续|续上页|接上页|cont(?:inued|\.)?)\s*[)）]|[-—–]+\s*续)\s*$", re.I)


def _continued_once(items: list[dict]) -> list[dict]:
    """A heading that repeats the one just before it at its level (a deck's slide title on each
    slide of its section, with or without （续）) is that section going on, not a section of its own.
    (A chapter and its first section may share a title: 向量组的线性相关性 over 向量组的线性相关性.)"""
    kept: list[dict] = []
    for item in items:
        if kept and item["level"] == kept[-1]["level"] \
                and re.sub(r"\s+", "", item["title"]) == re.sub(r"\s+", "", kept[-1]["title"]):
            continue
        kept.append(item)
    return kept


_CONTENTS_TITLE = re.compile(r"^(?:目\s*录|contents|table of contents)$", re.I)


def _toc_key(title: str) -> str:
    return re.sub(r"\s+", "", re.sub(r"[\s.…·]*\d{1,4}$", "", title))


MIN_OUTLINE_REPEATS = 3


def _outline_runs(items: list[dict], run_length: list[int]) -> set[int]:
    """Positions of the runs of consecutive headings that outline the document: a run (no body text
    between its entries) of which a third or more name, without their numbers, a heading that comes
    later (2.1模拟输入通道 … then 模拟输入通道 over its section; 3.2输入通道接口 … AD输入通道接口). A
    review sheet lists the sections this way before its notes; the entries are not sections again."""
    names = [_numbering_body(_toc_key(item["title"])) for item in items]
    outline: set[int] = set()
    position = 0
    while position < len(items):
        end = position + run_length[position]
        if run_length[position] >= 3:
            named_later = [any(len(names[p]) >= 4 and len(names[q]) >= 4 and (names[p] in names[q] or names[q] in names[p])
                               for q in range(end, len(items))) for p in range(position, end)]
            if sum(named_later) >= MIN_OUTLINE_REPEATS and sum(named_later) * 3 >= end - position:
                # The run's last heading, named nowhere later, is the first of the body (绪论 below the outline).
                outline.update(range(position, end if named_later[-1] else end - 1))
        position = end
    return outline


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
    outline = _outline_runs(items, run_length)
    kept = []
    for position, item in enumerate(items):
        if _CONTENTS_TITLE.match(item["title"].strip()) or position in outline:
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
