"""Catalogue TUNING rows in the layouts real unstyled files have, made from documents whose headings
are known (the own course documents and the OI-wiki tuning pages, never held-out ones): headings
numbered by level, numbered headings run on into their text (一、栈：栈是…), text hard-wrapped at a
fixed width as it comes out of a PDF, and lecture decks with section dividers, continued slides and
bullets. They cost no hand labels; evaluation.rendered_derived_files lists them beside its own."""
from __future__ import annotations

import io

from toolkit.mining import catalogue
from toolkit.mining.documents import Document, read_document

_NUMERALS = "零一二三四五六七八九十"
WRAP_WIDTHS = (24, 30, 40)
DECK_HEADER = "数据结构 · 计算机学院"


def _chinese_number(n: int) -> str:
    if n <= 10:
        return _NUMERALS[n]
    if n < 20:
        return "十" + _NUMERALS[n - 10]
    return _NUMERALS[n // 10] + "十" + (_NUMERALS[n % 10] if n % 10 else "")


# 一、 / （一） / 1. / (1) by depth, as Chinese course documents number their parts.
_SCHEMES = (lambda n: f"{_chinese_number(n)}、", lambda n: f"（{_chinese_number(n)}）", lambda n: f"{n}.", lambda n: f"({n})")


def numbered(doc):
    """The document with each unnumbered heading numbered by its depth."""
    from toolkit.mining.evaluation import CourseDocument

    levels = sorted({level for level, _ in doc.headings})
    counters = [0] * 8
    lines, headings = [], []
    for level, text in doc.lines:
        if level is not None and catalogue.pattern_rank(text) is None:
            depth = levels.index(level)
            counters[depth] += 1
            counters[depth + 1:] = [0] * (len(counters) - depth - 1)
            text = _SCHEMES[min(depth, 3)](counters[depth]) + text
        if level is not None:
            headings.append((level, text))
        lines.append((level, text))
    return CourseDocument(doc.name, "numbering", [], {}, headings, lines)


def run_on(doc, separator: str = "："):
    """Each heading joined to the body line after it, as review notes write them (一、栈：栈是…)."""
    from toolkit.mining.evaluation import CourseDocument

    lines, out, index = doc.lines, [], 0
    while index < len(lines):
        level, text = lines[index]
        following = lines[index + 1] if index + 1 < len(lines) else None
        if level is not None and following is not None and following[0] is None and catalogue.pattern_rank(following[1]) is None:
            out.append((level, text + separator + following[1]))
            index += 2
        else:
            out.append((level, text))
            index += 1
    return CourseDocument(doc.name, "numbering", [], {}, doc.headings, out)


def hard_wrapped(doc, width: int) -> list[str]:
    """The document's lines with the body cut every `width` characters (headings stay whole)."""
    out: list[str] = []
    for level, text in doc.lines:
        out.extend([text] if level is not None else [text[i:i + width] for i in range(0, len(text), width)])
    return out


def deck(doc, header: bool = False) -> bytes:
    """A lecture deck: a divider slide for each top-level heading (its title alone, large), a slide
    per other heading, bullets before body lines, a slide that runs over continued under its title
    with （续）, a running footer with the slide number, and with `header` a running header."""
    import cairocffi as cairo

    from toolkit.mining.evaluation import SLIDE_FOOTER

    buffer = io.BytesIO()
    surface = cairo.PDFSurface(buffer, 720, 540)
    context = cairo.Context(surface)
    context.select_font_face("Noto Sans CJK SC")
    state = {"page": 1, "y": 70.0, "title": None}
    top = min([level for level, _ in doc.headings] or [1])

    def running_lines() -> None:
        context.set_font_size(10)
        context.move_to(40, 520)
        context.show_text(SLIDE_FOOTER)
        context.move_to(660, 520)
        context.show_text(str(state["page"]))

    def head() -> None:
        if header:
            context.set_font_size(10)
            context.move_to(40, 30)
            context.show_text(DECK_HEADER)

    def new_page() -> None:
        running_lines()
        surface.show_page()
        state["page"] += 1
        state["y"] = 70.0
        head()

    def show(text: str, size: float, width: int, x: float = 40) -> None:
        context.set_font_size(size)
        for start in range(0, len(text), width):
            context.move_to(x, state["y"])
            context.show_text(text[start:start + width])
            state["y"] += size + 8
        state["y"] += 6

    head()
    first = True
    for level, text in doc.lines:
        if level is not None:
            if not first:
                new_page()
            first = False
            if level == top:
                state["y"] = 250.0
                show(text, 36, 18, 120)
                new_page()
                state["title"] = None
                continue
            state["title"] = text
            show(text, 28, 22)
        else:
            if state["y"] > 440:
                new_page()
                if state["title"]:
                    show(state["title"] + "（续）", 28, 22)
            first = False
            show(("• " if catalogue.pattern_rank(text) is None else "") + text, 18, 34)
    running_lines()
    surface.show_page()
    surface.finish()
    return buffer.getvalue()


def _row(name: str, document: Document, gold: list[str]) -> tuple[str, Document, list[str], list[str]]:
    return name, document, [document.paragraph_text(i) for i in range(len(document.paragraphs))], gold


def layout_files(sources: list[tuple[str, object]]) -> dict[str, list[tuple[str, Document, list[str], list[str]]]]:
    """The rows of each layout for the (name, CourseDocument) sources, gold their headings' titles."""
    from toolkit.mining.evaluation import _pdf, without_stated_catalogue

    groups: dict[str, list] = {"rendered_numbered": [], "rendered_run_on": [], "rendered_wrapped": [], "rendered_decks": []}
    for name, doc in sources:
        gold = [title for _, title in doc.headings]
        for key, variant in (("rendered_numbered", numbered(doc)), ("rendered_run_on", run_on(numbered(doc)))):
            variant_gold = [title for _, title in variant.headings]
            text = read_document(f"{doc.name}.txt", "\n".join(t for _, t in variant.lines).encode("utf-8"))
            pdf = without_stated_catalogue(read_document(f"{doc.name}.pdf", _pdf(variant, bookmarks=True)))
            groups[key] += [_row(f"{name}.txt", text, variant_gold), _row(f"{name}.pdf", pdf, variant_gold)]
        for width in WRAP_WIDTHS:
            for label, variant in (("plain", doc), ("numbered", numbered(doc))):
                text = read_document(f"{doc.name}.txt", "\n".join(hard_wrapped(variant, width)).encode("utf-8"))
                groups["rendered_wrapped"].append(_row(f"{name}.{label}.w{width}.txt", text, [t for _, t in variant.headings]))
        for label, variant, header in (("plain", doc, False), ("numbered", numbered(doc), False), ("header", doc, True)):
            pdf = read_document(f"{doc.name}-deck.pdf", deck(variant, header))
            groups["rendered_decks"].append(_row(f"{name}.{label}.deck.pdf", pdf, [t for _, t in variant.headings] if label == "numbered" else gold))
    return groups
