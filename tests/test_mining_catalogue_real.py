"""Catalogue on real-world files: noise lines, contents pages, 第N条, slide-number bookmarks and
circular outlines."""
from toolkit.mining import catalogue
from toolkit.mining.documents import Document, _pdf_bookmarks


def _titles(document):
    return [(item["level"], item["title"]) for item in catalogue.recognise(document)[1]]


def test_contents_page_is_not_listed_twice_and_articles_nest():
    text = "\n".join(["目录", "第一章 总则 1", "第二章 课程目标 2", "第三章 考核 3",
                      "第一章 总则", "本课程面向本科生。", "第一条 本大纲依据培养方案制定。", "第二条 课程编号见附表。",
                      "第二章 课程目标", "掌握基本概念。", "第三章 考核", "平时成绩占三成。"])
    assert _titles(Document.from_text(text)) == [
        (1, "第一章 总则"), (2, "第一条 本大纲依据培养方案制定"), (2, "第二条 课程编号见附表"),
        (1, "第二章 课程目标"), (1, "第三章 考核")]


def test_page_numbers_dates_and_formulas_are_not_headings():
    for noise in ("- 3 -", "第 3 页 共 10 页", "2023-09-01", "x = vt", "第一章 绪论 ........ 1"):
        assert catalogue.numbered_rank(noise) is None and catalogue.is_noise(noise)
    assert catalogue.numbered_rank("一、实验目的：") == 5


CIRCULAR = b"""%PDF-1.4
1 0 obj << /Type /Catalog /Pages 2 0 R /Outlines 4 0 R >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj
4 0 obj << /Type /Outlines /First 5 0 R /Last 6 0 R /Count 2 >> endobj
5 0 obj << /Title (Chapter 1) /Parent 4 0 R /Next 6 0 R /Dest [3 0 R /XYZ 0 200 0] >> endobj
6 0 obj << /Title (Chapter 2) /Parent 4 0 R /Prev 5 0 R /Next 5 0 R /Dest [3 0 R /XYZ 0 100 0] >> endobj
trailer << /Root 1 0 R >>
%%EOF
"""


def test_a_circular_outline_keeps_its_entries_once():
    marks = _pdf_bookmarks(CIRCULAR)
    assert [(m.title, m.page) for m in marks] == [("Chapter 1", 1), ("Chapter 2", 1)]
