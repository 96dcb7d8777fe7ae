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


def test_steps_of_a_list_or_a_worked_example_are_not_sections():
    text = "\n".join(["第1章 电路", "1.1 分析方法", "分析步骤:", "(1) 写出表达式;", "(2) 列出状态表;",
                      "(3) 判断功能.", "例: 设计一个计数器", "1.列出状态表；", "F=AB", "2.画出电路", "1.2 设计方法",
                      "设计时先看输入。"])
    assert [title for _, title in _titles(Document.from_text(text))] == ["第1章 电路", "1.1 分析方法", "1.2 设计方法"]


def test_several_sections_on_one_line_and_exam_notes():
    text = "\n".join(["复习范围", "3.1 栈 3.2 队列（填空、选择）", "4.1 串 4.1.1 模式匹配 4.1.2 4.1.3（大题）",
                      "第五章（简答）", "5.1 数组"])
    assert _titles(Document.from_text(text)) == [
        (1, "复习范围"), (2, "3.1 栈"), (2, "3.2 队列"), (2, "4.1 串"), (3, "4.1.1 模式匹配"), (2, "第五章"), (3, "5.1 数组")]


def test_run_on_sections_keep_their_heading_and_colon_items_are_points():
    text = "\n".join(["第二章 时域分析", "一、稳定性定义：系统受扰后能回到原状态", "1.判据：特征根全在左半平面",
                      "二、怎样求响应？先求传递函数，再反变换，最后把各个分量叠加起来得到完整的时间响应。",
                      "2.中频段是指", "三、误差分析"])
    assert [title for _, title in _titles(Document.from_text(text))] == [
        "第二章 时域分析", "一、稳定性定义", "二、怎样求响应？", "三、误差分析"]
    assert catalogue.numbered_rank("第一章 总则") == 1 and catalogue.numbered_rank("1.1 行为") == 3


def test_a_slide_title_is_the_first_plain_line_of_a_landscape_page():
    from toolkit.mining.documents import _Builder

    builder = _Builder()
    for number, lines in enumerate([["第2章 组合电路", "组合电路没有记忆。"], ["2.1 竞争冒险", "门有延迟。"],
                                    ["冒险的成因", "两路信号到达的时间不同。"], ["例: 求输出", "(1) 列表"],
                                    ["消除冒险的办法", "1. 加冗余项", "乘积项覆盖相邻格。"]], 1):
        for line in lines:
            builder.add(line)
        builder.end_page(number, width=720.0, height=540.0)
    titles = _titles(builder.document("pdf"))
    assert [title for _, title in titles] == ["第2章 组合电路", "2.1 竞争冒险", "冒险的成因", "消除冒险的办法", "1. 加冗余项"]
    assert titles[2][0] == 3 and titles[4][0] == 4


def test_word_automatic_numbers_are_read_as_the_reader_sees_them():
    import io

    import docx
    from docx.oxml import parse_xml
    from docx.oxml.ns import nsdecls

    from toolkit.mining.documents import read_document

    word = docx.Document()
    numbering = word.part.numbering_part.element
    numbering.append(parse_xml(
        f'<w:abstractNum {nsdecls("w")} w:abstractNumId="90"><w:lvl w:ilvl="0"><w:start w:val="1"/>'
        '<w:numFmt w:val="chineseCounting"/><w:lvlText w:val="%1、"/></w:lvl><w:lvl w:ilvl="1"><w:start w:val="1"/>'
        '<w:numFmt w:val="decimal"/><w:lvlText w:val="%2)"/></w:lvl></w:abstractNum>'))
    numbering.append(parse_xml(f'<w:num {nsdecls("w")} w:numId="90"><w:abstractNumId w:val="90"/></w:num>'))
    for text, level in (("实验目的", 0), ("测量电压", 1), ("测量电流", 1), ("实验仪器", 0)):
        paragraph = word.add_paragraph(text)
        paragraph._p.get_or_add_pPr().append(parse_xml(
            f'<w:numPr {nsdecls("w")}><w:ilvl w:val="{level}"/><w:numId w:val="90"/></w:numPr>'))
    data = io.BytesIO()
    word.save(data)
    document = read_document("lab.docx", data.getvalue())
    assert [document.paragraph_text(i) for i in range(len(document.paragraphs))] == [
        "一、 实验目的", "1) 测量电压", "2) 测量电流", "二、 实验仪器"]


def test_a_table_row_led_by_a_numbered_cell_is_a_section_named_by_that_cell():
    import io

    import docx

    from toolkit.mining.documents import read_document

    word = docx.Document()
    table = word.add_table(rows=3, cols=2)
    for row, (head, detail) in zip(table.rows, [("课程目标", "考核内容"),
                                                ("（1）掌握栈和队列的原理，能分析它们的操作代价。", "1. 入栈出栈；\n2. 循环队列"),
                                                ("（2）会用树解决查找问题。", "1. 二叉查找树；\n2. 平衡树")]):
        row.cells[0].text, row.cells[1].text = head, detail
    data = io.BytesIO()
    word.save(data)
    assert [title for _, title in _titles(read_document("syllabus.docx", data.getvalue()))] == [
        "（1）掌握栈和队列的原理，能分析它们的操作代价。", "（2）会用树解决查找问题。"]


def test_a_pdf_text_box_is_split_before_a_numbered_line_after_a_heading_line():
    from toolkit.mining.documents import _pdf_paragraphs

    class Line:
        def __init__(self, text):
            self.text = text

        def get_text(self):
            return self.text + "\n"

    lines = [Line(text) for text in ("四、闭环传递函数", "1．开环传递函数，如图：", "一、系统有三种模型，即微分方程、传递函数和频率",
                                     "特性。", "2．中间的一行", "1.5.1 所示的电路")]
    assert [[line.text for line in group] for group in _pdf_paragraphs(lines)] == [
        ["四、闭环传递函数"], ["1．开环传递函数，如图："], ["一、系统有三种模型，即微分方程、传递函数和频率", "特性。"],
        ["2．中间的一行", "1.5.1 所示的电路"]]  # a figure number wrapped mid-sentence stays with its sentence


def _numbered_docx(level: str, start: str, style: str) -> bytes:
    """Two paragraphs carrying Word's automatic numbers, from a numbering part written here."""
    import io
    import zipfile

    import docx

    made = docx.Document()
    made.add_paragraph("实验目的")
    made.add_paragraph("实验原理")
    plain = io.BytesIO()
    made.save(plain)
    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    numbering = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="{w}">'
                 f'<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="{level}"><w:start w:val="{start}"/>'
                 f'<w:numFmt w:val="{style}"/><w:lvlText w:val="%1、"/></w:lvl></w:abstractNum>'
                 f'<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>')
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(plain.getvalue())) as source, zipfile.ZipFile(out, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "word/document.xml":
                data = data.replace(b"<w:p><w:r>", b'<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr><w:r>')
            if item.filename == "word/numbering.xml":
                data = numbering.encode()
            target.writestr(item, data)
    return out.getvalue()


def test_word_automatic_numbers_are_read_and_a_malformed_numbering_part_is_not_fatal():
    from toolkit.mining.documents import read_document

    def lines(data):
        document = read_document("实验.docx", data)
        return [document.paragraph_text(i) for i in range(len(document.paragraphs))]

    assert lines(_numbered_docx("0", "1", "chineseCounting")) == ["一、 实验目的", "二、 实验原理"]
    assert lines(_numbered_docx("x", "1", "decimal")) == ["实验目的", "实验原理"]  # a level that is not a number
    assert lines(_numbered_docx("0", "999999999", "lowerRoman")) == ["999999999、 实验目的", "1000000000、 实验原理"]


def test_a_styled_file_gives_its_own_gold_and_an_unstyled_copy_to_read():
    from dataclasses import replace

    from toolkit.mining.evaluation import stated_catalogue, without_stated_catalogue

    document = Document.from_text("\n".join(["第一章 总则", "本课程面向本科生。", "一、目标", "掌握基本概念。"]))
    document = replace(document, paragraphs=[replace(p, style_level=level) for p, level in zip(document.paragraphs, (1, None, 2, None))])
    assert stated_catalogue(document) == ["第一章 总则", "一、目标"]
    stripped = without_stated_catalogue(document)
    assert stated_catalogue(stripped) == [] and catalogue.recognise(stripped)[0] == "numbering"
    assert [p.style_level for p in document.paragraphs] == [1, None, 2, None]  # the original is untouched


def test_exercises_enumerations_and_bare_numbers_are_not_headings():
    for line in ("3、战略的基本特征有（ ）。", "4.下列说法正确的是。(abc)", "（1）甲战役；（2）乙战役；（3）丙战役",
                 "一、先定目标二、再定方法", "三、", "11.1997年3月通过"):
        assert catalogue.numbered_rank(line) is None and catalogue.long_section_title(line) is None, line
    assert catalogue.numbered_rank("十一、复习") == 5 and catalogue.numbered_rank("（2）电路的分析") == 8


def test_a_title_after_a_bare_number_and_colon_is_kept():
    assert catalogue.long_section_title("第一部分：中国国防") == "第一部分：中国国防"
    assert catalogue.long_section_title("一、稳定性定义：系统受扰后能回到原状态") == "一、稳定性定义"


def test_a_design_step_is_a_section_and_a_marked_note_is_not_the_title():
    assert catalogue.numbered_rank("（2）设计方法") == 8
    text = "\n".join(["###本文档为补充材料###", "一、概述", "课程简介。", "二、方法", "方法说明。"])
    assert [title for _, title in _titles(Document.from_text(text))] == ["一、概述", "二、方法"]


def test_a_plain_copy_without_numbering_or_sizes_takes_short_lines_above_body_text_as_headings():
    # A rendered Markdown page or an unstyled copy: headings only by their place. A sentence ending
    # in ． (science texts) is body text, and so is a short line with no body text below it.
    text = "\n".join(["树的遍历", "先序遍历", "先访问根结点，再递归访问各子树。", "本文仅讨论有根树．",
                      "树上 BFS", "从根开始逐层访问结点，每层从左到右。", "参见"])
    assert [title for _, title in _titles(Document.from_text(text))] == ["树的遍历", "先序遍历", "树上 BFS"]


def test_numbered_headings_with_only_a_formula_below_are_not_a_list():
    text = "\n".join(["一、刚体的转动", "1. 转动惯量", "J=mr2", "2. 转动定律", "M=Jα", "3. 角动量", "刚体的角动量守恒。"])
    assert [title for _, title in _titles(Document.from_text(text))] == ["一、刚体的转动", "1. 转动惯量", "2. 转动定律", "3. 角动量"]


def test_numbered_questions_of_a_question_bank_are_not_labelled_headings():
    from dataclasses import replace

    from toolkit.mining.evaluation import stated_headings_as_labelled

    lines = [("一、国防", 1), ("国防是国家的防务。", None), ("简答题库", 2), ("1、国防的类型有哪些？", 3), ("答：…", None),
             ("第一部分：中国国防", 2), ("1. 国防的含义", 3)]
    document = Document.from_text("\n".join(text for text, _ in lines))
    document = replace(document, paragraphs=[replace(p, style_level=level) for p, (_, level) in zip(document.paragraphs, lines)])
    assert stated_headings_as_labelled(document) == ["一、国防", "简答题库", "第一部分：中国国防", "1. 国防的含义"]


def _deck(slides):
    """A landscape slide deck: each slide a list of (text, font size) lines."""
    from toolkit.mining.documents import _Builder

    builder = _Builder()
    for number, lines in enumerate(slides, 1):
        for text, size in lines:
            builder.add(text, font_size=size)
        builder.end_page(number, width=720.0, height=540.0)
    return builder.document("pdf")


def test_slide_titles_are_read_as_a_reader_sees_them_and_labels_are_not_titles():
    titles = _titles(_deck([
        [("第1章", 32.0), ("绪", 32.0), ("论", 32.0), ("本课程讲植物的分类。", 24.0)],  # letters set apart
        [("•分类的意义", 24.0), ("分类帮助人们认识植物。", 20.0)],  # a bullet is no part of the title
        [("花的构造示意图", 24.0), ("雄蕊和雌蕊", 24.0)],  # a figure's caption
        [("苦寒有毒", 12.0), ("这种植物的根可以入药。", 24.0)],  # a label set smaller than the slide's text
        [("同名异物", 24.0)],  # a picture's only line
        [("属的概念:", 24.0), ("把相近的种归为属。", 24.0)],  # a short title ending in a colon
        [("药药用用部部位位", 28.0), ("根、茎、叶都可入药。", 24.0)],  # shadowed text repeats every letter
    ]))
    assert [title for _, title in titles] == ["第1章 绪论", "分类的意义", "属的概念:", "药用部位"]


def test_a_plain_copy_takes_part_names_as_headings_but_not_notes_or_wrapped_sentences():
    text = "\n".join(["引入", "堆是一棵完全二叉树，父节点不大于子节点。", "（图源自课本）",
                      "插入一个元素后要向上调整，直到它不小于父节点。", "调整一次的代价为", "树高的常数倍。",
                      "合并后堆中的值应该变成…", "调整的代价与树高成正比。", "例题", "给出一列数，求前 k 小。",
                      "习题", "POJ 2010 Moo", "参考资料", "堆 - 维基百科"])
    assert [title for _, title in _titles(Document.from_text(text))] == ["引入", "例题", "习题", "参考资料"]


def test_an_outline_of_later_sections_is_not_listed_and_an_unnumbered_stretch_has_plain_headings():
    # A review sheet: numbered outline first, then notes whose headings are not numbered. In the
    # notes a short line is a heading between statements, not a clause a lost formula cut short.
    text = "\n".join([
        "1.1 数据采集：集中式与分布式", "1.2 数据处理：标度转换与滤波", "1.3 抗干扰技术：接地与屏蔽",
        "绪论", "测控系统把测量和控制合在一起。",
        "数据采集", "采集电路把模拟信号变成数字信号。", "采集分为集中式和分布式两种。",
        "集中采集式", "各路共用一个转换器：分时切换。",
        "若将", "代入方程", "所以令实部为零，得：", "与虚轴的交点", "（有复根时），", "这时没有交点。",
        "分布采集式", "每路各有一个转换器。", "特点：同时采集，成本较高。",
        "数据处理", "处理包括标度转换和数字滤波。", "标度转换把数字量变成工程量。", "滤波可以去掉随机干扰。",
        "查表法可以校正非线性。", "插值法比查表法更省内存。", "标度转换要先定量程。", "中位值滤波适合慢变量。",
        "抗干扰技术", "干扰需要噪声源、耦合通道和接收电路。", "接地是最常用的办法。", "屏蔽可以切断电场耦合。",
        "屏蔽层要良好接地。", "滤波器放在电源入口。", "隔离可以切断地环路。", "布线时信号线远离电源线。"])
    assert [title for _, title in _titles(Document.from_text(text))] == [
        "绪论", "数据采集", "集中采集式", "分布采集式", "数据处理", "抗干扰技术"]
    # Numbered throughout, the same short lines are not headings: a stretch needs thirty unnumbered lines.
    short = "\n".join(["1.1 数据采集", "采集分为两种。", "集中采集式", "各路共用一个转换器：分时切换。",
                       "1.2 数据处理", "处理包括滤波。", "1.3 抗干扰", "接地是常用的办法。"])
    assert [title for _, title in _titles(Document.from_text(short))] == ["1.1 数据采集", "1.2 数据处理", "1.3 抗干扰"]


def test_a_plain_line_over_a_list_names_it_and_the_questions_of_an_exercise_part_are_not_sections():
    text = "\n".join([
        "一、基本概念", "本章讲国防的基本概念。",
        "专有名词", "1、国防：国家为防备侵略而进行的军事活动。", "2、国防动员：国家由平时状态转入战时状态。",
        "二、题库", "简答题", "33、如何认识国防建设与经济建设的关系", "答：两者相辅相成。",
        "34、试论国际格局的特点", "答：多极化趋势明显。",
        "三、国防历史", "历史分为古代和近代。",
        "古代国防", "（一）古代国防的兴衰。兵役制度决定了国防的强弱。",
        "分析步骤:", "1. 列出史实。"])  # a line ending on a colon introduces the list, it names nothing
    assert [title for _, title in _titles(Document.from_text(text))] == [
        "一、基本概念", "专有名词", "二、题库", "三、国防历史", "古代国防"]


def test_a_numbered_heading_broken_by_a_lost_formula_goes_on_at_the_next_line():
    text = "\n".join(["第五章 频域分析", "一、开环传递函数的标准形式为", "——时间常数形式", "各环节的时间常数写在分母里。",
                      "二、系统稳定的条件是闭环特征根具有负实部或者说", "的极点都在左半平面。---与输入无关。",
                      "稳定性是系统的固有特性。"])
    assert [title for _, title in _titles(Document.from_text(text))] == [
        "第五章 频域分析", "一、开环传递函数的标准形式为——时间常数形式", "二、系统稳定的条件是闭环特征根具有负实部或者说的极点都在左半平面。"]


def test_a_plain_line_over_a_first_chapter_names_a_part():
    text = "\n".join(["数据库复习", "1.1 视图", "视图是虚表。", "1.2 事务", "事务是工作单位。",
                      "考试题型", "第一章", "数据库的概念", "第二章", "关系的运算"])
    assert [title for _, title in _titles(Document.from_text(text))] == [
        "数据库复习", "1.1 视图", "1.2 事务", "考试题型", "第一章", "第二章"]
    # (a later plain line over 第二章 is a point of the chapter above, not a part)


def test_a_glossary_term_over_its_definition_and_a_line_introducing_a_list_are_not_headings():
    terms = ["商品", "价值", "货币", "资本", "剩余价值", "地租", "利润", "工资", "价格", "市场", "生产力", "生产关系",
             "经济基础", "上层建筑", "阶级"]
    glossary = [line for term in terms for line in (term, f"{term}是政治经济学的一个基本范畴，这里不展开。")]
    text = "\n".join(["第一章 商品", "1.1 商品的属性", "商品有使用价值和价值。", "1.2 劳动的二重性", "劳动分为具体劳动和抽象劳动。",
                      "名词解释", "本节列出本章的名词。", *glossary,
                      "劳动力商品的特点有", "1. 它能创造价值。", "2. 它的价值包括历史因素。"])
    assert [title for _, title in _titles(Document.from_text(text))] == [
        "第一章 商品", "1.1 商品的属性", "1.2 劳动的二重性", "名词解释"]


def test_a_deck_slide_continued_without_a_title_does_not_give_its_first_line_as_one():
    titles = _titles(_deck([
        [("树的遍历", 28.0), ("本页面介绍树的几种遍历方法.", 18.0), ("遍历是按某种次序访问每个结点一次。", 18.0)],
        [("我们注意到如下命题成立", 18.0), ("先序和中序可以确定一棵树。", 18.0)],  # a slide without a title
        [("线索化", 28.0), ("3.如果有左子树,找到左子树上最右的结点", 18.0), ("再把它的右指针指向当前结点。", 18.0)],
        [("本文对于遍历做一个简介.", 18.0), ("后面各节给出代码。", 18.0)],
    ]))
    assert [title for _, title in titles] == ["树的遍历", "线索化"]
