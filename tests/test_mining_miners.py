"""The five miners and the document reader as pure functions (no database)."""
import io

import pytest

from toolkit.errors import FormatError, ValidationError
from toolkit.mining import belong, catalogue, definitions, evaluation, ocr, points, relations, textrank
from toolkit.mining.analysis import Sentence, analyse
from toolkit.mining.documents import Document, normalise, read_document

COURSE = """第一章 数据结构概述
数据结构是指相互之间存在一种或多种特定关系的数据元素的集合。
1.1 线性表
线性表是由n个数据元素组成的有限序列。栈是一种后进先出的线性表。队列是指先进先出的线性表。
1. 栈常用于表达式求值。
1.2 树和二叉树
所谓二叉树，是指每个结点最多有两个子树的树结构。二叉树的遍历包括先序遍历、中序遍历和后序遍历。
"""


def test_text_keeps_paragraph_and_page_offsets():
    document = read_document("课程.txt", (COURSE + "\f第二页的内容。").encode("gb18030"))
    assert [p.page for p in document.pages] == [1, 2]
    second = document.paragraphs[1]
    assert document.text[second.start:second.end].startswith("数据结构是指")
    last = document.paragraphs[-1]
    assert last.page == 2 and document.text[last.start:last.end] == "第二页的内容。"
    offset = document.text.index("栈是一种")
    assert document.locate(offset, offset + 1) == {"page": 1, "paragraph": 3, "start": offset, "end": offset + 1}


def test_normalise_folds_width_and_keeps_chinese_punctuation():
    assert normalise("ＴＣＰ／ＩＰ　协议，即规则。") == "TCP/IP 协议，即规则。"
    assert normalise("数 据 结 构", join_cjk=True) == "数据结构"
    assert normalise("第一章 绪论") == "第一章 绪论"


@pytest.mark.parametrize("name, data", [("a.txt", b""), ("a.txt", b"\x00\x00binary"), ("a.doc", b"x"),
                                        ("a.docx", b"not a zip"), ("a.pdf", b"%PDF-1.7 nothing")])
def test_unreadable_files_raise_a_library_error(name, data):
    with pytest.raises((FormatError, ValidationError)):
        read_document(name, data)


def test_definitions_with_terms_and_locations():
    found = definitions.mine(Document.from_text(COURSE))
    terms = [c.payload["term"] for c in found]
    assert terms == ["数据结构", "线性表", "栈", "队列", "二叉树"]
    document = Document.from_text(COURSE)
    for candidate in found:
        location = candidate.location
        assert document.text[location["termStart"]:location["termEnd"]] == candidate.payload["term"]
        assert candidate.payload["sentence"] in document.text


QUESTION_BANK = ("第七部分：精确制导武器\n1、什么是精确制导武器？（是指采用精确制导技术，直接命中概率在50%以上的武器。）\n"
                 "2、什么是信息化战争？（信息化战争是信息时代的基本战争形态，是信息化军队运用信息化武器装备进行的战争。）\n"
                 "3、隐身技术的特点？（是指降低目标的可探测特征）\n4、什么是电子战？\n（电子战很重要。）\n"
                 "5、什么是两极格局？两大战略力量之间相互对立，对整个国际事务起着决定性影响的局面。\n"
                 "6、日本军事战略的实质是什么？（依靠日美军事同盟，发挥全球性的军事作用的战略目标）\n"
                 "7、什么是商品的二因素？简述商品二因素之间的关系。\n")


def test_question_bank_answers_define_what_the_question_asks():
    # An answer in brackets is read as a sentence of its own; one that leaves the term out ("是指…")
    # defines what the question before it asked about, and its location runs from that question.
    document = Document.from_text(QUESTION_BANK)
    found = {c.payload["term"]: c for c in definitions.mine(document)}
    # 特点 and 实质 are asked about, not what a term is; 很重要 defines nothing; 简述… is the next exercise.
    assert set(found) == {"精确制导武器", "信息化战争", "两极格局"}
    answer = found["精确制导武器"]
    assert answer.payload["sentence"].startswith("1、什么是精确制导武器？") and answer.payload["sentence"].endswith("武器。）")
    assert document.text[answer.location["termStart"]:answer.location["termEnd"]] == "精确制导武器"


@pytest.mark.parametrize("sentence, term", [
    ("他是指导老师。", None), ("这是一种好方法。", None), ("数据结构是一门重要的课程。", None),
    ("我们把这种结构称为栈。", "栈"), ("只有一个结点的树称为单结点树。", "单结点树"),
    ("若任意两个顶点之间都有路径相通，则称该图为连通图。", "连通图"),
    ("Machine learning refers to algorithms that learn from data.", "Machine learning"),
    ("操作系统，即管理计算机硬件与软件资源的程序。", "操作系统"),
])
def test_definition_patterns(sentence, term):
    match = definitions.classify([sentence])[0]
    assert (match.term if match and match.score >= 0.5 else None) == term


def test_points_rank_domain_terms_and_skip_generic_words():
    found = points.mine(Document.from_text(COURSE))
    terms = [c.payload["term"] for c in found]
    assert terms[:2] == ["线性表", "二叉树"] or set(terms[:3]) >= {"线性表", "二叉树"}
    assert "方法" not in terms and "集合" not in terms[:5]
    assert all(0 < c.score <= 1 for c in found)


def test_points_a_text_defines_go_ahead_and_carry_their_definition():
    # 时间复杂度 is said most, but the page defines 跳表 and 有序链表: those are what it teaches.
    text = ("第一章 跳表\n跳表是一种基于有序链表的随机化数据结构。有序链表是指元素按关键字排好序的链表。"
            + "查找的时间复杂度为 O(log n)，插入的时间复杂度为 O(log n)，删除的时间复杂度也为 O(log n)。" * 3)
    document = Document.from_text(text)
    found = points.mine(document, limit=10)
    by_term = {c.payload["term"]: c for c in found}
    assert by_term["跳表"].payload["definition"] == "跳表是一种基于有序链表的随机化数据结构。"
    assert by_term["有序链表"].payload["definition"].startswith("有序链表是指")
    assert "definition" not in by_term["时间复杂度"].payload
    terms = [c.payload["term"] for c in found]
    assert terms.index("有序链表") < terms.index("时间复杂度")
    # Without its definitions (a caller that passes none) the text's frequency wins.
    plain = [c.payload["term"] for c in points.mine(document, limit=10, defined=())]
    assert plain.index("时间复杂度") < plain.index("有序链表")


def test_points_leave_out_places_in_a_sentence_and_chapter_labels():
    text = "第二章 线性表\n单链表是通过一组存储单元来存储线性表中的数据元素的链式存储结构。\n线性表中的元素个数称为线性表的长度。"
    terms = [c.payload["term"] for c in points.mine(Document.from_text(text))]
    assert "线性表" in terms and "单链表" in terms
    assert not {"线性表中", "表中", "第二章"} & set(terms)


def test_points_leave_out_variables_pins_and_exercise_labels():
    text = ("一、填空\n放大电路的静态工作点由偏置电路决定。如图所示，将信号源接到放大电路的IN1端，用示波器观察OUT1的输出波形。\n"
            "二、简答\n设随机变量X1与X2独立同分布，求得X1的数学期望。静态工作点是什么？静态工作点决定放大电路的输出波形。\n三、放大电路的内容是什么\n放大电路的内容是什么？")
    terms = [c.payload["term"] for c in points.mine(Document.from_text(text))]
    assert {"静态工作点", "放大电路", "示波器"} <= set(terms)
    assert not {"X1", "X2", "IN1端", "OUT1", "填空", "简答", "所示", "如图所示", "求得", "是什么", "内容是什么"} & set(terms)
    # Element symbols and names with longer numbers stay candidates.
    assert {"Pt", "p53"} <= set(points.candidates(analyse(Document.from_text("以Pt为催化剂。p53是一种蛋白。"))))

def test_catalogue_by_numbering_ignores_list_items():
    method, items = catalogue.recognise(Document.from_text(COURSE))
    assert method == "numbering"
    assert [(i["level"], i["title"]) for i in items] == [(1, "第一章 数据结构概述"), (2, "1.1 线性表"), (2, "1.2 树和二叉树")]
    assert [i["parent"] for i in items] == [None, 0, 0]
    assert catalogue.tree(items)[0]["children"][1]["title"] == "1.2 树和二叉树"


def test_catalogue_from_pdf_bookmarks_and_docx_styles():
    docs = {d.format: d for d in evaluation.load_documents(evaluation.DATA / "documents")}
    for fmt, method in (("bookmarks", "bookmarks"), ("styles", "styles")):
        doc = docs[fmt]
        document = read_document(*evaluation.render(doc))
        found_method, items = catalogue.recognise(document)
        assert found_method == method
        assert [(i["level"], i["title"]) for i in items] == doc.headings
        if fmt == "bookmarks":
            assert items[0]["page"] == 1 and items[-1]["page"] > 1


def test_catalogue_from_font_sizes_alone_and_lab_manual_numbering():
    docs = {d.name: d for d in evaluation.load_documents(evaluation.DATA / "documents")}
    layout = read_document(*evaluation.render(docs["11-linear-algebra"]))
    method, items = catalogue.recognise(layout)
    assert method == "layout" and [(i["level"], i["title"]) for i in items] == docs["11-linear-algebra"].headings
    lab = Document.from_text("实验一 长度的测量\n一、实验目的\n掌握游标卡尺的使用。\n1、系统误差\n2、随机误差\n二、实验原理\n原理如下。")
    assert [(i["level"], i["title"]) for i in catalogue.recognise(lab)[1]] == [
        (1, "实验一 长度的测量"), (2, "一、实验目的"), (2, "二、实验原理")]


def test_relations_from_cues_and_cooccurrence():
    sentences = [Sentence(0, len(t), t, 0) for t in [
        "学习二叉树之前需要先掌握线性表。", "二叉树的遍历包括先序遍历、中序遍历和后序遍历。", "栈与队列密切相关。"]]
    found = relations.extract(sentences, ["二叉树", "线性表", "遍历", "先序遍历", "中序遍历", "后序遍历", "栈", "队列"])
    triples = {(c.payload["type"], c.payload["start"], c.payload["target"]) for c in found}
    assert ("Behind", "线性表", "二叉树") in triples
    assert {("Contain", "遍历", x) for x in ("先序遍历", "中序遍历", "后序遍历")} <= triples
    assert ("Mutual", "栈", "队列") in triples


def test_belong_uses_sections_names_and_descriptions():
    document = Document.from_text(COURSE)
    found = {c.payload["term"]: c for c in belong.mine(document, ["栈", "二叉树"])}
    assert found["栈"].payload["nodeName"] == "1.1 线性表" and found["栈"].payload["reason"]["section"] == 1.0
    assert found["二叉树"].payload["nodeName"] == "1.2 树和二叉树"
    by_name = belong.attribute(["队列"], [{"key": 1, "name": "栈和队列", "desc": ""}, {"key": 2, "name": "图", "desc": ""}])
    assert by_name[0].payload["nodeKey"] == 1 and by_name[0].payload["reason"]["name"] > 0.5


def test_textrank_baseline_ranks_words():
    words = textrank.keywords(analyse(Document.from_text(COURSE), "lac"), 5)
    assert len(words) == 5 and "二叉树" in words


def test_tesseract_lines_are_grouped_with_boxes():
    tsv = ("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n"
           "5\t1\t1\t1\t1\t1\t10\t20\t30\t15\t96\t栈\n5\t1\t1\t1\t1\t2\t45\t20\t30\t15\t90\t是\n"
           "5\t1\t1\t1\t2\t1\t10\t40\t60\t15\t80\t线性表\n")
    paragraphs = ocr.parse_tsv(tsv)
    assert [[line.text for line in p] for p in paragraphs] == [["栈 是", "线性表"]]
    assert paragraphs[0][0].box == [10.0, 20.0, 75.0, 35.0] and paragraphs[0][0].confidence == 93.0


def _image_with_text(lines):
    from glob import glob

    from PIL import Image, ImageDraw, ImageFont

    font = ImageFont.truetype(sorted(glob("/usr/share/fonts/**/NotoSansCJK*Regular*", recursive=True))[0], 32)
    image = Image.new("RGB", (900, 80 + 60 * len(lines)), "white")
    draw = ImageDraw.Draw(image)
    for number, line in enumerate(lines):
        draw.text((30, 30 + 60 * number), line, font=font, fill="black")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue(), image


@pytest.mark.skipif(not ocr.available(), reason="tesseract is not installed")
def test_ocr_of_an_image_and_of_a_scanned_pdf_page():
    data, image = _image_with_text(["第一章 数据结构概述", "栈是一种后进先出的线性表。"])
    document = read_document("扫描.png", data)
    assert "栈是一种后进先出的线性表" in document.text and document.pages[0].ocr
    line = document.lines[-1]
    assert document.text[line.start:line.end].startswith("栈") and line.box[1] > 60
    assert catalogue.recognise(document)[1][0]["title"] == "第一章数据结构概述"
    pdf = io.BytesIO()
    image.save(pdf, "PDF")
    scanned = read_document("扫描.pdf", pdf.getvalue())
    assert scanned.pages[0].ocr and "线性表" in scanned.text
