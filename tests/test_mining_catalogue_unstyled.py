"""Catalogue on unstyled copies: rules of the fifth tuning round, each on text of its own."""
from toolkit.mining import catalogue
from toolkit.mining.documents import Document


def _titles(text: str) -> list[str]:
    return [item["title"] for item in catalogue.recognise(Document.from_text(text))[1]]


def test_a_plain_line_over_a_numbered_section_heads_its_part():
    text = "\n".join(["第一章 国防概述", "国防是国家为防备和抵抗侵略而进行的军事活动。", "一、国防的含义",
                      "国防的含义包括主体、对象和手段。", "二、国防的类型", "国防分为扩张型、自卫型、联盟型和中立型。",
                      "战略环境概述", "一、填空题", "1、战略按性质可划分为____和____两类。", "2、战略环境包括____和____。"])
    assert "战略环境概述" in _titles(text)


def test_a_numbered_item_with_a_sentence_end_inside_is_a_sentence():
    text = "\n".join(["第一章 国防概述", "国防是国家为防备和抵抗侵略而进行的军事活动。", "一、国防的含义",
                      "国防的含义包括主体、对象和手段。", "二、国防的作用", "国防的作用有多方面。",
                      "3、简述国防的作用。见教材45页", "国防保障国家主权、统一和领土完整，维护社会的安定。"])
    titles = _titles(text)
    assert "二、国防的作用" in titles and not any(title.startswith("3、") for title in titles)


def test_a_question_with_its_answer_key_inside_is_an_exercise():
    assert catalogue.numbered_rank("2、中华人民共和国的武装力量受（ B ）的领导") is None
    assert catalogue.numbered_rank("2、武装力量的领导") == 7


def test_a_slide_title_carried_on_is_one_section():
    text = "\n".join(["第一章 绪论", "本章介绍基本概念。", "1.1 基本概念", "数据是描述事物的符号记录。",
                      "1.1 基本概念（续）", "数据库是长期存储的数据集合。", "1.1 基本概念", "数据模型描述数据的结构。",
                      "1.2 发展历史", "数据管理经历了三个阶段。"])
    assert _titles(text) == ["第一章 绪论", "1.1 基本概念", "1.2 发展历史"]


def test_sections_that_run_on_into_their_text_keep_their_title():
    text = "\n".join(["第三章 栈和队列", "本章讲两种受限的线性表。", "3.1栈：栈是一种后进先出的线性表。",
                      "（一）顺序栈：用一组连续的存储单元依次存放栈中元素，并用指针指示栈顶。",
                      "（二）链栈是用链表存放的栈。它的插入和删除都在表头进行，不必判断栈满。",
                      "3.2队列：队列是一种先进先出的线性表。", "队列的插入在队尾进行。"])
    titles = _titles(text)
    assert titles == ["第三章 栈和队列", "3.1栈", "（一）顺序栈", "3.2队列"]


def test_plain_headings_in_a_copy_with_hard_line_breaks():
    body = ("这种结构只允许在一端进行插入和删除，允许操作的一端称为顶，另一端称为底，"
            "其中没有元素时称为空，插入操作叫做进入，删除操作叫做退出，它们的时间都是常数。") * 2
    lines = []
    for title in ("栈的定义", "队列的定义", "串的定义"):
        lines += [title, *[body[i:i + 20] for i in range(0, len(body), 20)]]
    assert _titles("\n".join(lines)) == ["栈的定义", "队列的定义", "串的定义"]


def _deck(slides: list[list[tuple[str, float]]]) -> Document:
    """Landscape pages, a paragraph per (text, font size) line (titles here set in the body size, as
    decks typed into a text box are, so only their place makes them titles)."""
    from toolkit.mining.documents import Page, Paragraph

    text, paragraphs, pages = "", [], []
    for number, lines in enumerate(slides, 1):
        start = len(text)
        for line, size in lines:
            paragraphs.append(Paragraph(number, len(text), len(text) + len(line), font_size=size))
            text += line + "\n"
        pages.append(Page(number, start, len(text), width=720, height=540))
    return Document(text=text, paragraphs=paragraphs, pages=pages, kind="pdf")


def test_a_running_header_over_the_slide_title_is_not_the_title():
    header = ("数据结构 · 计算机学院", 10.0)
    pairs = [("3.1 线性表", "线性表是n个数据元素的有限序列。"), ("栈的应用", "括号匹配和表达式求值都用到栈。"),
             ("3.2 栈", "栈是只允许在一端插入和删除的线性表。"), ("3.3 队列", "队列是先进先出的线性表。"),
             ("队列的应用", "操作系统用队列管理等待的作业。")]
    slides = [[header, (title, 18.0), (body, 18.0), (body + "以此类推。", 18.0), (str(n), 10.0)]
              for n, (title, body) in enumerate(pairs, 1)]
    titles = [item["title"] for item in catalogue.recognise(_deck(slides))[1]]
    assert titles == [title for title, _ in pairs]


def test_a_lab_unit_keeps_the_title_after_its_colon():
    # 实验一 is the unit's number, as 第一部分 is: the title is what follows the colon.
    text = ("实验一：信号的时域分析\n一、实验目的\n掌握信号的时域分析方法。\n二、实验原理\n原理内容很多。\n"
            "实验二:系统的频率响应特性测量\n一、实验目的\n掌握频率响应特性的测量。\n实验三 离散系统\n一、实验目的\n掌握。\n")
    titles = [(c.payload["level"], c.payload["title"]) for c in catalogue.mine(Document.from_text(text))]
    assert [t for t in titles if t[0] == 1] == [(1, "实验一：信号的时域分析"), (1, "实验二:系统的频率响应特性测量"), (1, "实验三 离散系统")]
