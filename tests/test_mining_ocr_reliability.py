"""A page OCR cannot read reliably (handwriting, a blurred photo) is kept for the image-text
compare view but not mined: its misread letters ("RRSP 和", "brtnaliin") were ranked as knowledge
points. The user is told which pages, in the material list, the compare view and the CLI."""
from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from toolkit.mining import ocr
from toolkit.mining.documents import read_document
from toolkit.mining.runner import KINDS, mine_document

SCAN = Path(__file__).resolve().parents[2] / "shared" / "corpus" / "pdf" / "csu_大物二小结_scanned_image_only.pdf"
E = "/basic-api/api/excavate"

pytestmark = pytest.mark.skipif(not ocr.available(), reason="tesseract is not installed")


def _scan() -> bytes:
    if not SCAN.exists():
        pytest.skip("../shared/corpus is absent")
    return SCAN.read_bytes()


def _printed_page() -> bytes:
    from glob import glob

    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(sorted(glob("/usr/share/fonts/**/NotoSansCJK*Regular*", recursive=True))[0], 34)
    image = Image.new("RGB", (1400, 500), "white")
    for row, text in enumerate(["第一章 数据结构概述", "栈是一种后进先出的线性表。", "队列是一种先进先出的线性表。"]):
        ImageDraw.Draw(image).text((60, 60 + 90 * row), text, font=font, fill="black")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def test_a_handwritten_scan_is_kept_but_not_mined():
    document = read_document(SCAN.name, _scan())
    assert [page.unreliable for page in document.pages] == [True, True]
    assert all(page.ocr_confidence < 60 for page in document.pages)
    assert len(document.lines) > 20 and document.text.strip()  # kept for the compare view
    mined = document.for_mining()
    assert len(mined.text) == len(document.text) and not mined.text.strip()  # offsets unchanged
    for kind in KINDS:
        assert mine_document(kind, document) == [], kind


def test_a_printed_page_is_read_and_mined():
    document = read_document("讲义.png", _printed_page())
    assert document.pages[0].ocr and document.pages[0].ocr_confidence >= 60 and not document.unreliable_pages()
    assert document.for_mining() is document
    assert "线性表" in {c.payload["term"] for c in mine_document("points", document)}


async def test_the_api_names_the_unreliable_pages(api, people):
    token = await api.login("expert")
    status, body = await api.call("POST", f"{E}/textSource", token, files={"file": (SCAN.name, _scan())})
    assert status == 200 and body["code"] == 0, body
    source = body["result"]
    assert source["ocr"] and source["unreliablePages"] == [1, 2]
    _, listed = await api.call("GET", f"{E}/textSource/list", token)
    assert listed["result"]["items"][0]["unreliablePages"] == [1, 2]
    _, compare = await api.call("GET", f"{E}/textSource/{source['id']}/compare", token)
    pages = compare["result"]["pages"]
    assert [page["unreliable"] for page in pages] == [True, True] and all(page["ocrConfidence"] < 60 for page in pages)
    assert pages[0]["lines"]  # the misread lines stay to compare with the image


def test_the_cli_warns_of_unreliable_pages(monkeypatch):
    from toolkit.cli.main import app

    _scan()
    monkeypatch.setenv("ZHITU_LANG", "en")
    result = CliRunner().invoke(app, ["mine", "points", str(SCAN)])
    assert result.exit_code == 0, result.output
    assert "1, 2 could not be read reliably" in " ".join(result.output.split())
