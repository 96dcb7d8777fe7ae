"""`.pdf`: export of the tree (toolkit.formats.render), and import of a syllabus or textbook PDF.

Import: the bookmarks are the tree when the PDF has them. Without bookmarks the catalogue miner's
layout structure (numbering, font sizes) is a guess, so it is only imported when asked for
(`from_layout`, after a preview: `zhitu validate --explain --from-layout`); otherwise the import
is refused with the number of headings found and that advice. A PDF with no text layer (a scan)
or with no headings at all is refused with its reason."""
from __future__ import annotations

import io
from pathlib import Path

from toolkit.errors import FormatError
from toolkit.formats import report
from toolkit.formats.limits import read_bytes
from toolkit.formats.outline import OutlineItem, attach_level_jumps, build
from toolkit.formats.render import pdf as dumps, write  # noqa: F401
from toolkit.graphdoc import GraphDoc


def _has_text(data: bytes, where: str) -> bool:
    """Whether any page has a text layer (checked without OCR, which a scan would need)."""
    from pdfminer.high_level import extract_text
    from pdfminer.pdfparser import PDFSyntaxError
    from pdfminer.psparser import PSException

    try:
        return bool(extract_text(io.BytesIO(data), maxpages=50).strip())
    except (PDFSyntaxError, PSException, ValueError, TypeError, KeyError, AssertionError) as exc:
        raise FormatError("format.unreadable", where=where, detail="not a readable PDF") from exc


def read_all(path: str | Path, data: bytes | None = None, sheet: str | None = None, from_layout: bool = False) -> list[GraphDoc]:
    from toolkit.mining.documents import _pdf_bookmarks

    where = Path(path).name
    data = read_bytes(path, data)
    if not data.lstrip().startswith(b"%PDF"):
        raise FormatError("format.unreadable", where=where, detail="not a PDF")
    # The file's name, not its Title entry: tools fill that with "PowerPoint 演示文稿" and the like.
    root_name = Path(path).stem
    bookmarks = _pdf_bookmarks(data)
    if bookmarks:
        items = [OutlineItem(0, root_name, where)]
        for number, mark in enumerate(bookmarks, 1):
            location = f"{where}: bookmark {number}" + (f" (page {mark.page})" if mark.page else "")
            items.append(OutlineItem(max(1, mark.level), mark.title, location, desc=f"p. {mark.page}" if mark.page else ""))
        return [build(attach_level_jumps(items), where, name=root_name)]
    if not _has_text(data, where):
        raise FormatError("format.not_outline", where=where, reason="format.reason.no_text")
    from toolkit.mining.catalogue import recognise
    from toolkit.mining.documents import read_document

    _method, headings = recognise(read_document(where, data))
    if not headings:
        raise FormatError("format.not_outline", where=where, reason="format.reason.no_structure")
    if not from_layout:
        raise FormatError("format.pdf_needs_preview", where=where, count=len(headings))
    report.warn("import.from_layout", where, count=len(headings))
    items = [OutlineItem(0, root_name, where)]
    for heading in headings:
        location = f"{where}: page {heading['page']}" if heading.get("page") else where
        items.append(OutlineItem(heading["level"], heading["title"], location, desc=f"p. {heading['page']}" if heading.get("page") else ""))
    return [build(attach_level_jumps(items), where, name=root_name)]


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    return read_all(path, data)[0]
