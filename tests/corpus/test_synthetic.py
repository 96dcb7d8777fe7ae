"""Failure classes the real corpus lacks, as files generated here: a multi-sheet XMind whose first
sheet is empty, an image-only FreeMind node, a 领域/分层/知识点 sheet with merged cells and a blank
row, a Word document with a table of contents, 第N条 and a 知识单元/知识点 table, a 600-character
name. Each is judged like the real files (tests/corpus/teacher.py), then checked in detail."""
import asyncio
import io
import json
import zipfile
from pathlib import Path

import docx
import openpyxl
import pytest
from typer.testing import CliRunner

from tests.corpus.faithful import judge
from toolkit.cli.main import app as cli
from toolkit.imports import validate_documents

XMIND_NS = 'xmlns="urn:xmind:xmap:xmlns:content:2.0" xmlns:xlink="http://www.w3.org/1999/xlink"'


def _zip(path: Path, members: dict[str, bytes | str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return path


def multi_sheet_xmind(path: Path) -> Path:
    """XMind 8: sheet 1 empty (an untitled central topic), sheets 2 and 3 with content, a floating
    topic, a summary, a callout, a web link, a topic-to-topic link and a titled relationship."""
    content = f"""<?xml version="1.0" encoding="UTF-8"?><xmap-content {XMIND_NS} version="2.0">
    <sheet id="s1"><topic id="e0"><title></title></topic><title>画布 1</title></sheet>
    <sheet id="s2"><topic id="r"><title>数据结构</title><children>
      <topics type="attached">
        <topic id="a" xlink:href="https://oi-wiki.org/ds/"><title>线性表</title><children>
          <topics type="attached"><topic id="a1"><title>顺序表</title></topic><topic id="a2" xlink:href="xmind:#b"><title>链表</title></topic></topics>
          <topics type="summary"><topic id="a3"><title>线性结构</title></topic></topics>
          <topics type="callout"><topic id="a4"><title>考试重点</title></topic></topics>
        </children></topic>
        <topic id="b"><title>树</title></topic>
      </topics>
      <topics type="detached"><topic id="f"><title>课外阅读</title></topic></topics>
    </children></topic>
    <relationships><relationship id="rel" end1="a1" end2="b"><title>先修</title></relationship></relationships>
    <title>第一章 数据结构</title></sheet>
    <sheet id="s3"><topic id="r3"><title>算法</title><children><topics type="attached">
      <topic id="c"><title>排序</title></topic><topic id="d"><title>查找</title></topic>
    </topics></children></topic><title>第二章 算法</title></sheet>
    </xmap-content>"""
    return _zip(path, {"content.xml": content, "META-INF/manifest.xml": "<manifest/>"})


def image_only_mm(path: Path) -> Path:
    path.write_text("""<map version="1.0.1"><node TEXT="植物学" ID="r">
      <node ID="img"><richcontent TYPE="NODE"><html><body><img src="leaf.png"/></body></html></richcontent></node>
      <node TEXT="根" ID="root2"><node TEXT="主根" ID="x"/></node>
    </node></map>""", encoding="utf-8")
    return path


def domain_layer_point_xlsx(path: Path) -> Path:
    """领域/分层/知识点 with 领域 and 分层 merged down their rows and a blank row inside a merge."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "课程知识点"
    rows = [["领域", "分层", "知识点", "学时"],
            ["程序设计", "基础", "变量", 2],
            [None, None, "循环", 2],
            [None, None, None, None],           # a blank row inside the merged cells
            [None, "进阶", "递归", 4],
            ["数据结构", "基础", "数组", 2],
            [None, None, "链表", 2]]
    for row in rows:
        sheet.append(row)
    for merge in ("A2:A5", "B2:B4", "A6:A7", "B6:B7"):
        sheet.merge_cells(merge)
    workbook.save(path)
    return path


def word_with_toc_and_articles(path: Path) -> Path:
    """No heading styles: a title, a typed table of contents, 第N章/第N条 numbering and a knowledge table."""
    document = docx.Document()
    document.add_paragraph("教学管理规定")
    for line in ("目录", "第一章 总则\t1", "第二章 课程\t2"):
        document.add_paragraph(line)
    document.add_paragraph("第一章 总则")
    document.add_paragraph("第一条 为规范教学管理，制定本规定。")   # a sentence: body text, not a heading
    document.add_paragraph("第二条 适用范围")
    document.add_paragraph("本规定适用于全日制本科教学。")
    document.add_paragraph("第二章 课程")
    table = document.add_table(rows=3, cols=2)
    for row, (unit, point) in zip(table.rows, [("知识单元", "知识点"), ("课程设置", "必修课"), ("课程设置", "选修课")]):
        row.cells[0].text, row.cells[1].text = unit, point
    document.add_paragraph("第三条 课程考核")
    document.save(path)
    return path


def long_name_mm(path: Path) -> Path:
    path.write_text(f'<map><node TEXT="课程"><node TEXT="{"很长的名称" * 120}"/></node></map>', encoding="utf-8")
    return path


def test_multi_sheet_xmind_with_an_empty_first_sheet(tmp_path):
    path = multi_sheet_xmind(tmp_path / "多画布.xmind")
    outcome = judge(path)
    assert outcome.faithful, outcome.detail
    docs, problems, report = validate_documents(path)
    assert not problems and [d.name for d in docs] == ["第一章 数据结构", "第二章 算法"]
    assert [n.key for n in report.notices].count("import.empty_sheet") == 1 and report.not_carried["empty_sheet"] == 1
    nodes = {n.id: n for doc in docs for n, _p, _l in doc.walk()}
    parents = {c.id: n.id for doc in docs for n, _p, _l in doc.walk() for c in n.children}
    assert parents["f"] == "r" and "xmind:floating" in nodes["f"].tags
    assert parents["a3"] == "a" and "xmind:summary" in nodes["a3"].tags and "xmind:callout" in nodes["a4"].tags
    assert nodes["a"].attributes["链接"] == "https://oi-wiki.org/ds/"
    assert {(r.start, r.target, r.type, r.name) for r in docs[0].relations} == {("a1", "b", "Behind", "先修"), ("a2", "b", "Mutual", "链接")}
    chosen, problems, _report = validate_documents(path, sheet="第二章 算法")
    assert not problems and [d.name for d in chosen] == ["算法"]


def test_image_only_freemind_node(tmp_path):
    path = image_only_mm(tmp_path / "植物.mm")
    assert judge(path).faithful
    docs, problems, report = validate_documents(path)
    assert not problems and [n.name for n, _p, _l in docs[0].walk()] == ["植物学", "（无标题主题）", "根", "主根"]
    warning = next(n for n in report.warnings if n.key == "import.placeholder_name")
    assert "植物学" in warning.where and "image" in warning.message("en")


def test_domain_layer_point_sheet_with_merged_cells_and_a_blank_row(tmp_path):
    path = domain_layer_point_xlsx(tmp_path / "知识点.xlsx")
    assert judge(path).faithful, judge(path).detail
    docs, problems, report = validate_documents(path)
    assert not problems
    tree = [(level, n.name) for n, _p, level in docs[0].walk()]
    assert tree == [(0, "课程知识点"), (1, "程序设计"), (2, "基础"), (3, "变量"), (3, "循环"), (2, "进阶"), (3, "递归"),
                    (1, "数据结构"), (2, "基础"), (3, "数组"), (3, "链表")]
    keys = [n.key for n in report.notices]
    assert "import.root_added" in keys and "import.xlsx_mapping" in keys


def test_word_with_a_table_of_contents_articles_and_a_knowledge_table(tmp_path):
    path = word_with_toc_and_articles(tmp_path / "规定.docx")
    docs, problems, _report = validate_documents(path)
    assert not problems
    tree = [(level, n.name) for n, _p, level in docs[0].walk()]
    assert tree == [(0, "教学管理规定"), (1, "第一章 总则"), (2, "第二条 适用范围"), (1, "第二章 课程"), (2, "课程设置"), (3, "必修课"),
                    (3, "选修课"), (2, "第三条 课程考核")]
    nodes = {n.name: n for n, _p, _l in docs[0].walk()}
    assert "第一条 为规范教学管理" in nodes["第一章 总则"].desc and nodes["第二条 适用范围"].desc == "本规定适用于全日制本科教学。"


def test_word_without_structure_is_refused_with_its_reason(tmp_path):
    document = docx.Document()
    for text in ("今天天气很好，我们去上课。", "下课以后去图书馆。"):
        document.add_paragraph(text)
    document.save(tmp_path / "随笔.docx")
    docs, problems, _report = validate_documents(tmp_path / "随笔.docx")
    assert not docs and [p.key for p in problems] == ["format.not_outline"]
    assert "no heading styles" in problems[0].message("en") and "标题样式" in problems[0].message("zh-CN")


def test_a_600_character_name(tmp_path):
    """A node text past the 500-character name limit keeps its start as the name, all of it as the
    description, and says so; nothing is refused and nothing is lost."""
    path = long_name_mm(tmp_path / "长名称.mm")
    docs, problems, report = validate_documents(path)
    assert not problems
    node = docs[0].root.children[0]
    assert len(node.name) <= 500 and node.desc == "很长的名称" * 120
    assert [n.key for n in report.warnings] == ["import.name_cut"]
    zen = _zip(tmp_path / "长名称.xmind", {"content.json": json.dumps([{"id": "s", "title": "画布", "rootTopic": {
        "id": "r", "title": "课程", "children": {"attached": [{"id": "t", "title": "很长的名称" * 120, "notes": {"plain": {"content": "备注"}}}]}}}])})
    docs, problems, report = validate_documents(zen)
    topic = docs[0].root.children[0]
    assert not problems and len(topic.name) <= 500 and topic.desc == "很长的名称" * 120 + "\n\n备注"


def test_a_sheet_that_is_not_an_outline_is_refused_with_the_reason(tmp_path):
    workbook = openpyxl.Workbook()
    workbook.active.append(["学号", "姓名", "成绩"])
    workbook.active.append([1, "张三", 90])
    workbook.active.append([2, "李四", 85])
    workbook.save(tmp_path / "成绩.xlsx")
    docs, problems, _report = validate_documents(tmp_path / "成绩.xlsx")
    assert not docs and [p.key for p in problems] == ["format.not_outline"]
    assert "sheet Sheet" in problems[0].message("en")


def test_levels_named_by_the_user(tmp_path):
    workbook = openpyxl.Workbook()
    for row in (["课程", "内容"], ["线性代数", "矩阵"], [None, "行列式"], ["概率论", "随机变量"]):
        workbook.active.append(row)
    workbook.save(tmp_path / "课程.xlsx")
    inferred, problems, _report = validate_documents(tmp_path / "课程.xlsx")
    assert not inferred and [p.key for p in problems] == ["format.not_outline"]
    named, problems, _report = validate_documents(tmp_path / "课程.xlsx", levels=["课程", "B"])
    assert not problems and [n.name for n, _p, _l in named[0].walk()] == ["Sheet", "线性代数", "矩阵", "行列式", "概率论", "随机变量"]
    _docs, problems, _report = validate_documents(tmp_path / "课程.xlsx", levels=["学期"])
    assert [p.key for p in problems] == ["format.bad_levels"]


def test_cli_imports_every_sheet_and_prints_the_report(demo_db, tmp_path):
    runner = CliRunner()
    path = multi_sheet_xmind(tmp_path / "多画布.xmind")
    result = runner.invoke(cli, ["import", str(path), "--project", "1", "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["name"] for r in rows] == ["第一章 数据结构", "第二章 算法"]
    report = rows[-1]["report"]
    assert report["nodesRead"] == report["nodesCreated"] == 11
    assert any(entry["kind"] == "empty_sheet" and entry["count"] == 1 for entry in report["notCarried"])
    one = runner.invoke(cli, ["import", str(path), "--project", "1", "--sheet", "3", "--json"])
    assert one.exit_code == 0 and [r["name"] for r in json.loads(one.stdout)] == ["算法"]
    sheet = domain_layer_point_xlsx(tmp_path / "知识点.xlsx")
    explained = runner.invoke(cli, ["validate", str(sheet), "--explain"])
    assert explained.exit_code == 0 and "分层" in explained.output and "递归" in explained.output


async def test_api_preview_lists_sheets_and_import_answers_the_report(api, database, tmp_path):
    from tests.conftest import TEST_EXAMPLES
    from toolkit.demo import load_examples
    from toolkit.model import Graph

    await load_examples(TEST_EXAMPLES)
    token = await api.login("teacher", "Zhitu@2026")
    project_id = (await Graph.get(name="数据结构")).project_id
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "en"}
    data = multi_sheet_xmind(tmp_path / "多画布.xmind").read_bytes()
    count = await Graph.all().count()
    preview = (await api.client.post("/basic-api/api/graph/file/preview", headers=headers,
                                     files={"file": ("多画布.xmind", data)})).json()
    assert preview["code"] == 0 and await Graph.all().count() == count
    assert preview["result"]["sheets"] == [{"name": "第一章 数据结构", "nodes": 8}, {"name": "第二章 算法", "nodes": 3}]
    assert any("empty" in note["message"] for note in preview["result"]["importReport"]["notices"])
    created = (await api.client.post("/basic-api/api/graphList", headers=headers, files={"file": ("多画布.xmind", data)},
                                     data={"projectId": str(project_id), "sheet": "第二章 算法"})).json()
    assert created["code"] == 0 and created["result"]["name"] == "算法" and len(created["result"]["graphIds"]) == 1
    assert created["result"]["importReport"]["nodesCreated"] == 3
    both = (await api.client.post("/basic-api/api/graphList", headers=headers, files={"file": ("多画布.xmind", data)},
                                  data={"projectId": str(project_id)})).json()
    assert both["code"] == 0 and len(both["result"]["graphIds"]) == 2 and await Graph.all().count() == count + 3
    refused = (await api.client.post("/basic-api/api/graph/file/preview", headers=headers,
                                     files={"file": ("成绩.xlsx", b"not a workbook")})).json()
    assert refused["code"] == 0 and refused["result"]["sheets"] == [] and refused["result"]["problems"]


def test_xmind_images_and_marks_go_back_out_on_export(tmp_path):
    """A topic picture read from XMind is written back as a picture; the floating/summary marks stay
    Zhitu's (not XMind markers)."""
    from toolkit.formats import xmind

    png = b"\x89PNG\r\n\x1a\n" + b"0" * 40
    content = f"""<?xml version="1.0" encoding="UTF-8"?><xmap-content {XMIND_NS} xmlns:xhtml="http://www.w3.org/1999/xhtml" version="2.0">
    <sheet id="s"><topic id="r"><title>根</title><children><topics type="attached">
      <topic id="p"><xhtml:img xhtml:src="xap:attachments/leaf.png"/></topic></topics>
      <topics type="detached"><topic id="f"><title>浮动</title></topic></topics></children></topic><title>画布</title></sheet></xmap-content>"""
    path = _zip(tmp_path / "图.xmind", {"content.xml": content, "attachments/leaf.png": png})
    doc = xmind.read(path)
    picture = {n.id: n for n, _p, _l in doc.walk()}["p"]
    assert picture.name == "（无标题主题）" and picture.attributes["图片"].startswith("data:image/png;base64,")
    exported = zipfile.ZipFile(io.BytesIO(xmind.dumps(doc)))
    members = [name for name in exported.namelist() if name.startswith("resources/")]
    assert len(members) == 1 and exported.read(members[0]) == png
    topics = json.loads(exported.read("content.json"))[0]["rootTopic"]["children"]["attached"]
    assert topics[0]["image"] == {"src": f"xap:{members[0]}"}
    assert "markers" not in topics[1] and xmind.read("back.xmind", xmind.dumps(doc)).root.children[1].tags == ["xmind:floating"]


def test_parallel_sheets_are_branches_or_graphs(tmp_path):
    workbook = openpyxl.Workbook()
    workbook.active.title = "第一章"
    for row in (["节", "知识点"], ["1.1 集合", "子集"], [None, "并集"]):
        workbook.active.append(row)
    second = workbook.create_sheet("第二章")
    for row in (["节", "知识点"], ["2.1 函数", "定义域"]):
        second.append(row)
    workbook.save(tmp_path / "数学.xlsx")
    (one,), problems, _report = validate_documents(tmp_path / "数学.xlsx", each_sheet=False)
    assert not problems and one.name == "数学" and [c.name for c in one.root.children] == ["第一章", "第二章"]
    split, problems, _report = validate_documents(tmp_path / "数学.xlsx", each_sheet=True)
    assert not problems and [d.name for d in split] == ["第一章", "第二章"]
    # options a reader does not take are left out: --levels means nothing to a mind map
    docs, problems, _report = validate_documents(image_only_mm(tmp_path / "图.mm"), levels=["A"], each_sheet=True)
    assert not problems and docs[0].node_count() == 4


def test_odd_json_and_repeated_ids_are_read_not_crashed_on(tmp_path):
    """content.json from other tools: values of unexpected kinds are taken as empty, and a topic that
    repeats another's id (copied and pasted) gets one of its own, in XMind and FreeMind alike."""
    odd = json.dumps([{"title": 5, "rootTopic": {"title": "根", "href": 5, "notes": [1], "labels": "x", "boundaries": 3, "zhitu": 7,
                                                 "children": {"attached": [{"id": "x", "title": "甲"}, {"id": "x", "title": "乙"}, 1, None],
                                                              "detached": "abc"}}, "relationships": {"a": 1}}])
    docs, problems, _report = validate_documents(_zip(tmp_path / "odd.xmind", {"content.json": odd}))
    assert not problems and [n.name for n, _p, _l in docs[0].walk()] == ["根", "甲", "乙"]
    (tmp_path / "pasted.mm").write_text('<map><node TEXT="a" ID="1"><node TEXT="b" ID="2"/><node TEXT="c" ID="2"/></node></map>')
    docs, problems, _report = validate_documents(tmp_path / "pasted.mm")
    assert not problems and [n.name for n, _p, _l in docs[0].walk()] == ["a", "b", "c"]
