"""Readers and writers: round trips (hypothesis), odd corners each format has, and every bad input."""
import io
import tempfile
from pathlib import Path
import json
import zipfile

import openpyxl
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.errors import FormatError
from toolkit.formats import case, docx as word, edg, md, mm, opml, xlsx, xmind
from toolkit.graphdoc import DocNode, DocRelation, GraphDoc
from toolkit.graphs.diff import compare
from toolkit.imports import TemplateRules, fit_to_template, validate_file

NAME = st.text(alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters="（）-_ "), min_size=1, max_size=12).map(str.strip).filter(bool)
TEXT = st.text(alphabet=st.characters(whitelist_categories=("L", "N", "Zs"), whitelist_characters="，。"), max_size=30).map(str.strip)
WRITERS = [edg, xlsx, md, opml, mm, xmind, word, case]


@st.composite
def documents(draw):
    counter = iter(range(1, 10_000))
    nodes = []

    def node(depth):
        n = DocNode(f"n{next(counter)}", draw(NAME), "KnowUnit" if depth < 2 else "KnowPoint", desc=draw(TEXT), define=draw(TEXT),
                    attributes=draw(st.fixed_dictionaries({}, optional={"difficulty": st.sampled_from(["易", "中", "难"]), "hours": st.integers(0, 9)})),
                    tags=draw(st.lists(st.sampled_from(["重点", "难点", "基础"]), unique=True, max_size=2)))
        nodes.append(n)
        if depth < 3:
            n.children = [node(depth + 1) for _ in range(draw(st.integers(0, 3)))]
        return n

    root = DocNode("n0", draw(NAME), "KnowGraph", desc=draw(TEXT))
    root.children = [node(1) for _ in range(draw(st.integers(1, 4)))]
    ids = [n.id for n in nodes]
    relations = []
    if len(ids) > 1:
        for _ in range(draw(st.integers(0, 3))):
            a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
            if a != b:
                relations.append(DocRelation(a, b, "Mutual"))
    unique = {(r.start, r.target, r.type): r for r in relations}
    return GraphDoc(name=root.name, template="teaching", root=root, relations=list(unique.values()))


@pytest.mark.parametrize("module", WRITERS, ids=lambda m: m.__name__.rsplit(".", 1)[1])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=documents())
def test_export_then_import_gives_the_same_graph(module, doc, tmp_path):
    path = tmp_path / f"graph.{module.__name__.rsplit('.', 1)[1]}{'.json' if module is case else ''}"
    module.write(doc, path)
    back = module.read(path)
    back.template = doc.template
    diff = compare(doc, back)
    assert diff.is_empty(), diff.as_dict()


def _xlsx(rows, merges=(), title="课程"):
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = title
    for row in rows:
        sheet.append(row)
    for merge in merges:
        sheet.merge_cells(merge)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_xlsx_level_columns_with_merged_and_blank_cells():
    data = _xlsx([["一级", "二级", "三级", "描述", "难度 (difficulty)"],
                  ["数据结构", "线性表", "顺序表", "连续存储", "易"],
                  [None, None, "链表", "指针链接", "中"],
                  [None, "树", "二叉树", "", "难"]], merges=["A2:A4"])
    doc = xlsx.read("课程.xlsx", data)
    assert doc.root.name == "数据结构"
    assert [c.name for c in doc.root.children] == ["线性表", "树"]
    assert [c.name for c in doc.root.children[0].children] == ["顺序表", "链表"]
    assert doc.root.children[0].children[1].attributes == {"difficulty": "中"}
    assert doc.root.children[0].children[0].desc == "连续存储"


def test_xlsx_parent_column_and_its_errors():
    good = _xlsx([["节点ID", "父节点ID", "名称"], ["1", "", "根"], ["2", "1", "甲"], ["3", "2", "乙"]])
    assert [n.name for n, _p, _l in xlsx.read("p.xlsx", good).walk()] == ["根", "甲", "乙"]
    two_roots = _xlsx([["节点ID", "父节点ID", "名称"], ["1", "", "根"], ["2", "", "另一个根"]])
    with pytest.raises(FormatError) as error:
        xlsx.read("p.xlsx", two_roots)
    assert "row 3" in error.value.message("en")
    cycle = _xlsx([["节点ID", "父节点ID", "名称"], ["1", "", "根"], ["2", "3", "甲"], ["3", "2", "乙"]])
    with pytest.raises(FormatError) as error:
        xlsx.read("p.xlsx", cycle)
    assert "cycle" in error.value.message("en") and "row 3" in error.value.message("en")
    unknown = _xlsx([["节点ID", "父节点ID", "名称"], ["1", "", "根"], ["2", "9", "甲"]])
    with pytest.raises(FormatError) as error:
        xlsx.read("p.xlsx", unknown)
    assert "column B" in error.value.message("en")


def test_xlsx_without_tree_columns_is_refused():
    with pytest.raises(FormatError):
        xlsx.read("x.xlsx", _xlsx([["姓名", "年龄"], ["张三", 20]]))


def test_bad_files_get_one_clear_error(tmp_path):
    cases = {
        "empty.edg": b"",
        "not-zip.xmind": b"plain text, not a zip",
        "truncated.edg": edg.dumps(GraphDoc("g", "teaching", DocNode("r", "根", "KnowGraph")))[:40],
        "bad.opml": b"not < xml & at all",
        "bomb.opml": b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><opml><body><outline text="&lol2;"/></body></opml>',
        "bad.json": b"{not json",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(FormatError) as error:
            (edg if name.endswith((".edg", ".json")) else xmind if name.endswith(".xmind") else opml).read(path)
        assert name in error.value.message("en") and error.value.message("zh-CN")
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("graph.json", b"0" * (64 * 1024 * 1024))
    with pytest.raises(FormatError) as error:
        edg.read("bomb.edg", bomb.getvalue())
    assert "too large" in error.value.message("en")


def test_wrong_suffix_and_oversized_file(tmp_path, monkeypatch):
    path = tmp_path / "graph.pptx"
    path.write_bytes(b"x")
    _doc, problems = validate_file(path)
    assert problems and "unsupported" in problems[0].message("en")
    monkeypatch.setenv("ZHITU_UPLOAD_MAX_MB", "1")
    big = tmp_path / "big.md"
    big.write_bytes(b"# a\n" + b"x" * (2 * 1024 * 1024))
    with pytest.raises(FormatError) as error:
        md.read(big)
    assert "limit" in error.value.message("en")


def test_types_are_given_by_the_template_and_unknown_types_reported():
    doc = md.read("outline.md", "# 数据结构\n## 线性表\n### 顺序表\n### 链表\n## 树\n".encode())
    assert fit_to_template(doc, TemplateRules.builtin("teaching")) == []
    assert [n.type for n, _p, _l in doc.walk()] == ["KnowGraph", "KnowUnit", "KnowPoint", "KnowPoint", "KnowPoint"]
    doc.root.children[0].type = "Course"
    problems = fit_to_template(doc, TemplateRules.builtin("teaching"))
    assert problems and "Course" in problems[0].message("en") and "线性表" in problems[0].message("en")


def test_markdown_lists_and_paragraphs():
    doc = md.read("notes.md", "# 操作系统\n\n操作系统管理资源。\n\n- 进程管理\n  - 进程\n  - 线程\n- 内存管理\n".encode())
    assert doc.root.desc == "操作系统管理资源。"
    assert [c.name for c in doc.root.children] == ["进程管理", "内存管理"]
    assert [c.name for c in doc.root.children[0].children] == ["进程", "线程"]


def _word(paragraphs):
    import docx

    document = docx.Document()
    for text, style in paragraphs:
        document.add_paragraph(text, style=style) if style else document.add_paragraph(text)
    buffer = io.BytesIO()
    document.save(buffer)
    return buffer.getvalue()


def test_word_numbering_alone_makes_the_tree():
    data = _word([("第一章 绪论", None), ("本章介绍数据结构的基本概念。", None), ("第一节 基本概念", None), ("一、数据", None),
                  ("数据是信息的载体。", None), ("二、数据元素", None), ("第二节 算法", None), ("第二章 线性表", None),
                  ("1.1 顺序表", None), ("1.2 链表", None)])
    doc = word.read("大纲.docx", data)
    assert doc.root.name == "大纲"
    first, second = doc.root.children
    assert first.name == "第一章 绪论" and first.desc == "本章介绍数据结构的基本概念。"
    assert [c.name for c in first.children] == ["第一节 基本概念", "第二节 算法"]
    assert [c.name for c in first.children[0].children] == ["一、数据", "二、数据元素"]
    assert first.children[0].children[0].desc == "数据是信息的载体。"
    assert [c.name for c in second.children] == ["1.1 顺序表", "1.2 链表"]


def test_word_heading_styles_win_over_numbering():
    data = _word([("课程大纲", "Title"), ("线性表", "Heading 1"), ("一、这一段只是正文", None), ("顺序表", "Heading 2")])
    doc = word.read("x.docx", data)
    assert doc.root.name == "课程大纲" and doc.root.children[0].name == "线性表"
    assert doc.root.children[0].desc == "一、这一段只是正文" and doc.root.children[0].children[0].name == "顺序表"


def test_a_renamed_zip_is_not_a_word_document():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("readme.txt", "hello")
    with pytest.raises(FormatError) as error:
        word.read("fake.docx", buffer.getvalue())
    assert "Word" in error.value.message("en")


def test_pictures_of_the_tree(tmp_path):
    from toolkit.formats import render

    doc = md.read("os.md", "# 操作系统\n## 进程管理\n### 进程\n### 线程\n## 内存管理 & <缓存>\n".encode())
    picture = render.svg(doc)
    assert picture.startswith("<svg") and "进程管理" in picture and "&amp; &lt;缓存&gt;" in picture
    assert render.png(doc).startswith(b"\x89PNG")
    assert render.pdf(doc).startswith(b"%PDF")
    long_name = "很长的名称" * 10
    assert render.wrap(long_name) == [long_name[:30], long_name[30:]]
    with pytest.raises(FormatError) as error:
        from toolkit.imports import read_file

        target = tmp_path / "x.png"
        target.write_bytes(render.png(doc))
        read_file(target)
    assert "exported but not imported" in error.value.message("en")


def test_case_package_from_another_tool():
    package = {
        "CFDocument": {"identifier": "d1", "title": "程序设计能力框架"},
        "CFItems": [{"identifier": "a", "fullStatement": "算法设计"}, {"identifier": "b", "fullStatement": "分治策略"},
                    {"identifier": "c", "fullStatement": "编码实现"}],
        "CFAssociations": [
            {"associationType": "isChildOf", "originNodeURI": {"identifier": "a"}, "destinationNodeURI": {"identifier": "d1"}, "sequenceNumber": 2},
            {"associationType": "isChildOf", "originNodeURI": {"identifier": "c"}, "destinationNodeURI": {"identifier": "d1"}, "sequenceNumber": 1},
            {"associationType": "isChildOf", "originNodeURI": {"identifier": "b"}, "destinationNodeURI": {"identifier": "a"}},
            {"associationType": "precedes", "originNodeURI": {"identifier": "c"}, "destinationNodeURI": {"identifier": "a"}},
        ],
    }
    doc = case.read("framework.case.json", json.dumps(package).encode())
    assert [c.name for c in doc.root.children] == ["编码实现", "算法设计"]
    assert doc.root.children[1].children[0].name == "分治策略"
    assert [(r.start, r.target, r.type) for r in doc.relations] == [("c", "a", "Behind")]
    assert fit_to_template(doc, TemplateRules.builtin("ability")) == []
    assert {n.type for n, _p, _l in doc.walk()} == {"AbilityGraph", "AbilityPoint"}


def test_graph_json_schema_describes_what_we_write():
    from pathlib import Path

    import jsonschema

    from toolkit import graphdoc

    schema = json.loads((Path(edg.__file__).parent / "schema" / "graph.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    examples = Path(__file__).resolve().parent.parent / "examples" / "graphs"
    for path in examples.glob("*.json"):
        document = json.loads(path.read_text(encoding="utf-8"))
        jsonschema.validate(document, schema)
        jsonschema.validate(graphdoc.to_dict(graphdoc.from_dict(document)), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"template": "teaching", "root": {"id": "1", "name": "x"}}, schema)


def test_xmind_markers_untitled_topics_and_legacy_files():
    content = [{"id": "s", "title": "图", "rootTopic": {"id": "r", "title": "根", "children": {"attached": [
        {"id": "a", "title": "", "markers": [{"markerId": "priority-1"}]},
        {"id": "b", "title": "乙", "labels": ["重点"], "notes": {"plain": {"content": "说明"}}}]}},
        "relationships": [{"id": "x", "end1Id": "a", "end2Id": "b", "title": "先修"}]}]
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("content.json", json.dumps(content, ensure_ascii=False))
    doc = xmind.read("map.xmind", buffer.getvalue())
    first, second = doc.root.children
    assert first.name == "（无标题主题）" and first.tags == ["xmind:priority-1"]
    assert second.tags == ["重点"] and second.desc == "说明"
    assert [(r.start, r.target, r.type) for r in doc.relations] == [("a", "b", "Behind")]
    again = xmind.read("again.xmind", xmind.dumps(doc))
    assert again.root.children[0].tags == ["xmind:priority-1"]
    legacy = io.BytesIO()
    with zipfile.ZipFile(legacy, "w") as archive:
        archive.writestr("content.xml", '<xmap-content xmlns="urn:xmind:xmap:xmlns:content:2.0"><sheet id="s"><topic id="r"><title>根</title>'
                         '<children><topics type="attached"><topic id="c"><title>子</title><marker-refs><marker-ref marker-id="task-done"/>'
                         '</marker-refs></topic></topics></children></topic></sheet></xmap-content>')
    old = xmind.read("old.xmind", legacy.getvalue())
    assert old.root.children[0].name == "子" and old.root.children[0].tags == ["xmind:task-done"]


def test_attribute_columns_must_exist_on_the_entity_type():
    data = _xlsx([["一级", "二级", "类型", "难度", "颜色 (colour)"], ["数据结构", "栈", "KnowPoint", "易", ""],
                  [None, "队列", "KnowPoint", "中", "红"]])
    doc = xlsx.read("课程.xlsx", data)
    problems = fit_to_template(doc, TemplateRules.builtin("teaching"))
    assert len(problems) == 1 and "colour" in problems[0].message("en") and "队列" in problems[0].message("en")
    named = xlsx.read("课程.xlsx", _xlsx([["一级", "二级", "类型", "难度"], ["数据结构", "栈", "KnowPoint", "易"]]))
    assert fit_to_template(named, TemplateRules.builtin("teaching")) == []
    assert named.root.children[0].attributes == {"difficulty": "易"}  # the display name maps to the code


def test_mind_maps_are_read_tolerantly():
    from toolkit.formats import report
    from toolkit.imports import validate_documents

    freeplane = """<map version="freeplane 1.9.13"><node TEXT="课程" ID="r">
      <node ID="img"><richcontent TYPE="NODE"><html><body><img src="a.png"/></body></html></richcontent></node>
      <node TEXT="A &amp;amp; B" ID="a" LINK="https://example.org/a"><icon BUILTIN="idea"/>
        <attribute NAME="学时" VALUE="4"/>
        <richcontent TYPE="DETAILS"><html><body><p>细节&nbsp;<i>一</i></p></body></html></richcontent>
        <richcontent TYPE="NOTE"><html><body><p>第一段 <b>加粗</b> 之后</p><ul><li>甲</li><li>乙</li></ul></body></html></richcontent>
        <arrowlink DESTINATION="b" MIDDLE_LABEL="先修"/>
      </node>
      <node TEXT="B" ID="b" LINK="#a"/>
    </node></map>""".encode()
    with report.collecting("t.mm") as collected:
        doc = mm.read("t.mm", freeplane)
    nodes = {n.id: n for n, _p, _l in doc.walk()}
    assert nodes["img"].name == "（无标题主题）"
    assert nodes["a"].name == "A & B" and nodes["a"].tags == ["mm:idea"]
    assert nodes["a"].attributes == {"学时": "4", "链接": "https://example.org/a"}
    assert nodes["a"].desc == "细节 一\n\n第一段 加粗 之后\n- 甲\n- 乙"
    assert {(r.start, r.target, r.name) for r in doc.relations} == {("a", "b", "先修"), ("b", "a", "链接")}
    keys = [note.key for note in collected.warnings]
    assert "import.placeholder_name" in keys and "import.xml_recovered" in keys
    # attributes a template lacks stay as extra pairs on a mind map, reported, not refused
    path = Path(tempfile.mkdtemp()) / "t.mm"
    path.write_bytes(freeplane)
    docs, problems, collected = validate_documents(path)
    assert not problems and any(n.key == "import.unknown_attribute" for n in collected.notices)


def test_opml_blank_outlines_and_a_missing_end_tag():
    from toolkit.formats import report

    with report.collecting("t.opml") as collected:
        doc = opml.read("t.opml", b"<opml><body><outline text='a'><outline text=''/><outline text='x &amp;amp; y'/></body>")
    assert [n.name for n, _p, _l in doc.walk()] == ["a", "（无标题主题）", "x & y"]
    assert {n.key for n in collected.warnings} == {"import.placeholder_name", "import.xml_recovered"}


def test_one_policy_for_over_long_names_in_every_reader(tmp_path):
    """A 600-character node text: the start is the name, the whole text the description, a located
    warning in the report; no reader refuses the file for it."""
    import docx as python_docx

    from toolkit.imports import validate_documents

    long = "长" * 300 + "\n" + "段" * 300
    (tmp_path / "long.md").write_text(f"# 根\n\n## {'长' * 600}\n\n详细\n\n### 子\n", encoding="utf-8")
    document = python_docx.Document()
    document.add_heading("根", 0)
    document.add_heading("长" * 600, 1)
    document.add_heading("子", 2)
    document.save(tmp_path / "long.docx")
    book = openpyxl.Workbook()
    book.active.append(["一级", "二级"])
    book.active.append(["根", "长" * 600])
    book.active.append(["根", "短"])
    book.save(tmp_path / "long.xlsx")
    (tmp_path / "long.opml").write_text(
        f'<opml version="2.0"><head/><body><outline text="根"><outline text="{long}"/></outline></body></opml>', encoding="utf-8")
    (tmp_path / "long.mm").write_text(f'<map><node TEXT="根"><node TEXT="{"长" * 600}"/></node></map>', encoding="utf-8")
    for name in ("long.md", "long.docx", "long.xlsx", "long.opml", "long.mm"):
        docs, problems, collected = validate_documents(tmp_path / name)
        assert problems == [], name
        cut = docs[0].root.children[0]
        assert len(cut.name) <= 500 and cut.name.startswith("长"), name
        assert "长" * 300 in cut.desc, name
        warnings = [w for w in collected.as_dict()["warnings"] if w["key"] == "import.name_cut"]
        assert len(warnings) == 1 and warnings[0]["where"].startswith(name), name
    md_doc = validate_documents(tmp_path / "long.md")[0][0]
    assert md_doc.root.children[0].desc == "长" * 600 + "\n\n详细"


def _wide_tree(nodes: int) -> GraphDoc:
    root = DocNode("r", "根", "")
    for chapter in range(nodes // 30):
        branch = DocNode(f"c{chapter}", f"第{chapter}章 线性表", "")
        root.children.append(branch)
        branch.children.extend(DocNode(f"p{chapter}_{n}", f"知识点 {chapter}.{n}", "") for n in range(29))
    return GraphDoc("大图", "", root)


def test_big_trees_export_as_scaled_png_paginated_pdf_or_a_refusal_with_advice():
    import struct

    import pypdfium2

    from toolkit.formats import render

    picture = render.png(_wide_tree(1200))  # cairo stops at 32,767 px a side: scaled down to fit
    width, height = struct.unpack(">II", picture[16:24])
    assert height <= render.PNG_MAX_SIDE and width * height <= render.PNG_MAX_PIXELS * 1.01
    with pytest.raises(FormatError) as refused:
        render.png(_wide_tree(6744))
    assert refused.value.key == "render.too_big" and "PDF" in refused.value.message("en")
    document = pypdfium2.PdfDocument(render.pdf(_wide_tree(450)))
    sizes = [tuple(round(v) for v in document[i].get_size()) for i in range(len(document))]
    assert sizes[0] == (1191, 842) and len(sizes) > 10  # an A3 landscape overview, then A4 landscape pages
    assert set(sizes[1:]) == {(842, 595)}
    assert len(pypdfium2.PdfDocument(render.pdf(_wide_tree(30)))) == 1  # a small tree stays one page


def test_opml_outline_attributes_are_kept_on_the_node_not_dropped():
    from toolkit import imports

    data = ('<?xml version="1.0"?><opml version="2.0"><head><title>课程</title></head><body>'
            '<outline text="课程" created="2020-01-01"><outline text="绪论" type="link" isComment="false"/></outline>'
            '</body></opml>').encode("utf-8")
    doc = imports.read_file("大纲.opml", data)
    assert doc.root.attributes["created"] == "2020-01-01"
    assert doc.root.children[0].attributes == {"type": "link", "isComment": "false"}
