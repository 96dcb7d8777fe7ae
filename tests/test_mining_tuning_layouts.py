"""The catalogue's tuning rows in real files' layouts (toolkit/mining/tuning_layouts.py) keep their gold."""
from toolkit.mining import tuning_layouts
from toolkit.mining.documents import read_document
from toolkit.mining.evaluation import CourseDocument

LINES = [(1, "线性表"), (None, "线性表是由n个数据元素组成的有限序列，元素之间是一对一的关系。"), (2, "顺序表"),
         (None, "顺序表用一组地址连续的存储单元依次存放线性表的元素。"), (2, "链表"), (None, "链表用指针把结点连接起来。"),
         (1, "栈"), (None, "栈是只能在一端插入和删除的线性表。")]
DOC = CourseDocument("t", "numbering", [], {}, [line for line in LINES if line[0]], LINES)


def test_headings_are_numbered_by_depth_and_run_on_into_their_text():
    numbered = tuning_layouts.numbered(DOC)
    assert [t for _, t in numbered.headings] == ["一、线性表", "（一）顺序表", "（二）链表", "二、栈"]
    run_on = tuning_layouts.run_on(numbered)
    assert run_on.lines[0] == (1, "一、线性表：线性表是由n个数据元素组成的有限序列，元素之间是一对一的关系。")
    assert run_on.headings == numbered.headings


def test_hard_wrapping_cuts_the_body_only():
    wrapped = tuning_layouts.hard_wrapped(DOC, 10)
    assert wrapped[0] == "线性表" and wrapped[1] == "线性表是由n个数据元" and all(len(line) <= 10 for line in wrapped if line != "线性表")


def test_a_deck_has_a_divider_a_slide_per_heading_and_its_running_lines():
    deck = read_document("t.pdf", tuning_layouts.deck(DOC, header=True))
    lines = [deck.paragraph_text(i) for i in range(len(deck.paragraphs))]
    assert "线性表" in lines and "顺序表" in lines and "栈" in lines
    assert any(tuning_layouts.DECK_HEADER in line for line in lines)
    # 线性表 divider, its opening text, 顺序表, 链表, 栈 divider, its text
    assert len(deck.pages) == 6
