"""OCR of images and scanned PDF pages with Tesseract (Debian's tesseract-ocr and
tesseract-ocr-chi-sim), called as a program: its TSV output gives every line with its box."""
from __future__ import annotations

import csv
import io
import os
import shutil
import subprocess
from dataclasses import dataclass

from toolkit.errors import FormatError, ValidationError

LANGUAGES = "chi_sim+eng"
# Page segmentation 4 (one column of text of varying sizes) reads textbook pages line by line; the
# default (3) splits long Chinese lines into fragments and scrambles their order.
PAGE_SEGMENTATION = "4"
RENDER_DPI = 200
# A page of dense Chinese takes a few seconds; a minute means something is wrong with the file.
TIMEOUT_SECONDS = 120
MAX_PIXELS = 60_000_000


@dataclass
class RecognisedLine:
    text: str
    box: list[float]  # x0, y0, x1, y1 in image pixels, top-left origin
    confidence: float


def available() -> bool:
    return shutil.which("tesseract") is not None


def image_size(data: bytes, where: str) -> tuple[int, int]:
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(io.BytesIO(data)) as image:
            width, height = image.size
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise FormatError("format.unreadable", where=where, detail="not an image") from exc
    if width * height > MAX_PIXELS:
        raise FormatError("format.too_large", where=where, limit=MAX_PIXELS // 1_000_000)
    return width, height


def render_pdf_page(data: bytes, number: int, where: str, dpi: int = RENDER_DPI) -> tuple[bytes, float, float]:
    """PNG bytes of one PDF page (1-based) and its size in those pixels."""
    import pypdfium2

    try:
        pdf = pypdfium2.PdfDocument(data)
        page = pdf[number - 1]
        bitmap = page.render(scale=dpi / 72)
        image = bitmap.to_pil()
    except (pypdfium2.PdfiumError, IndexError) as exc:
        raise FormatError("format.unreadable", where=where, detail=f"page {number}") from exc
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue(), float(image.width), float(image.height)


def recognise(image: bytes, where: str) -> list[list[RecognisedLine]]:
    """Paragraphs of lines, in reading order, as Tesseract finds them."""
    if not available():
        raise ValidationError("mining.ocr_missing")
    try:
        # One OpenMP thread: on a small machine Tesseract's own threads slow a page down several
        # times over (measured 37 s against 10 s a page on 2 cores), and workers run pages side by side.
        completed = subprocess.run(["tesseract", "stdin", "stdout", "-l", LANGUAGES, "--psm", PAGE_SEGMENTATION, "tsv"],
                                   input=image, capture_output=True, timeout=TIMEOUT_SECONDS, check=False,
                                   env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    except subprocess.TimeoutExpired as exc:
        raise ValidationError("error.too_slow", seconds=TIMEOUT_SECONDS) from exc
    if completed.returncode != 0:
        detail = completed.stderr.decode("utf-8", "replace").strip().splitlines()
        raise FormatError("format.unreadable", where=where, detail=(detail[-1] if detail else "OCR failed")[:200])
    return parse_tsv(completed.stdout.decode("utf-8", "replace"))


def parse_tsv(tsv: str) -> list[list[RecognisedLine]]:
    """Group Tesseract's word rows (level 5) into lines and paragraphs."""
    rows = csv.DictReader(io.StringIO(tsv), delimiter="\t", quoting=csv.QUOTE_NONE)
    lines: dict[tuple, dict] = {}
    for row in rows:
        if row.get("level") != "5":
            continue
        word = (row.get("text") or "").strip()
        if not word:
            continue
        key = (int(row["page_num"]), int(row["block_num"]), int(row["par_num"]), int(row["line_num"]))
        left, top, width, height = (float(row[k]) for k in ("left", "top", "width", "height"))
        line = lines.setdefault(key, {"words": [], "box": [left, top, left + width, top + height], "conf": []})
        line["words"].append(word)
        box = line["box"]
        line["box"] = [min(box[0], left), min(box[1], top), max(box[2], left + width), max(box[3], top + height)]
        try:
            line["conf"].append(float(row["conf"]))
        except (TypeError, ValueError):
            pass
    paragraphs: dict[tuple, list[RecognisedLine]] = {}
    for key in sorted(lines):
        line = lines[key]
        text = " ".join(line["words"])  # spaces between Chinese characters are folded by normalise()
        confidence = round(sum(line["conf"]) / len(line["conf"]), 1) if line["conf"] else 0.0
        paragraphs.setdefault(key[:3], []).append(RecognisedLine(text, [round(v, 1) for v in line["box"]], confidence))
    return list(paragraphs.values())
