"""Excel and Word exports name entity types, relations and attributes as a teacher reads them, in the
export's language, keep the codes a re-import needs out of sight, and import back to the same tree;
the built-in catalogue has an English name for everything a caller in English sees."""
import io
import re

import docx
import openpyxl
import pytest

from tests.conftest import TEST_EXAMPLES
from toolkit import builtins
from toolkit.demo import load_examples
from toolkit.formats.docx import FACTS_STYLE
from toolkit.formats import xlsx
from toolkit.formats.xlsx import CODES_SHEET
from toolkit.graphdoc import DocNode, DocRelation, GraphDoc
from toolkit.graphs.documents import to_document
from toolkit.model import EntityType, Graph, Template

G = "/basic-api/api/graph"
CODES = re.compile(r"\b(KnowGraph|KnowUnit|KnowPoint|Catalogue|ExperimentGraph|ExperimentUnit|Experiment|Behind|Mutual|Verify|Apply|Contain)\b")
CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
# What each language calls the built-ins the data-structures graph uses.
SHOWN = {"zh-CN": {"types": {"知识图谱", "知识单元", "知识点"}, "relation": "先修", "attribute": "难度", "level": "一级"},
         "en": {"types": {"Knowledge graph", "Knowledge unit", "Knowledge point"}, "relation": "Prerequisite of",
                "attribute": "Difficulty", "level": "Level 1"}}


async def _teacher(api):
    await load_examples(TEST_EXAMPLES)
    return await api.login("teacher", "Zhitu@2026")


async def _export(api, token, graph_id: int, fmt: str, lang: str) -> bytes:
    response = await api.client.get(f"{G}/file/export", params={"graphId": graph_id, "format": fmt},
                                    headers={"Authorization": f"Bearer {token}", "Accept-Language": lang})
    assert response.status_code == 200, response.text
    return response.content


async def _import(api, token, name: str, data: bytes, project_id: int) -> Graph:
    response = await api.client.post("/basic-api/api/graphList", headers={"Authorization": f"Bearer {token}"},
                                     files={"file": (name, data)}, data={"projectId": str(project_id), "name": name})
    body = response.json()
    assert body["code"] == 0, body
    return await Graph.get(id=body["result"]["id"] if "id" in body["result"] else body["result"]["graphId"])


def _tree(doc) -> tuple:
    """Everything the same tree keeps, by path (ids differ between graphs): names, types, parents,
    descriptions, definitions, attributes, tags, core marks, and relations between paths."""
    paths, nodes = {}, []
    for node, parent, _level in doc.walk():
        paths[node.id] = (*paths[parent.id], node.name) if parent is not None else (node.name,)
        nodes.append((paths[node.id], node.type, node.desc, node.define, sorted(node.attributes.items()), node.tags, node.is_core))
    relations = sorted((paths[r.start], paths[r.target], r.type, sorted(r.attributes.items())) for r in doc.relations)
    return nodes, relations


def _visible_cells(workbook) -> list[str]:
    cells = []
    for sheet in workbook.worksheets:
        if sheet.sheet_state != "visible":
            continue
        hidden = {letter for letter, dimension in sheet.column_dimensions.items() if dimension.hidden}
        for row in sheet.iter_rows():
            cells.extend(str(c.value) for c in row if c.value is not None and c.column_letter not in hidden)
    return cells


@pytest.mark.parametrize("lang", ["zh-CN", "en"])
async def test_excel_export_shows_names_and_imports_back_to_the_same_tree(api, database, lang):
    token = await _teacher(api)
    graph = await Graph.get(name="数据结构").prefetch_related("template")
    data = await _export(api, token, graph.id, "xlsx", lang)
    workbook = openpyxl.load_workbook(io.BytesIO(data))
    visible = _visible_cells(workbook)
    assert not [cell for cell in visible if CODES.search(cell)], "a code shows"
    assert not [cell for cell in visible if re.search(r"\((\w+)\)$", cell)], "a heading names its code"
    shown = SHOWN[lang]
    assert shown["types"] <= set(visible) and shown["relation"] in visible
    header = [c.value for c in workbook.worksheets[0][1]]
    assert shown["attribute"] in header and shown["level"] in header
    # The codes are there for the re-import, out of sight.
    assert workbook.worksheets[0].column_dimensions["A"].hidden
    assert workbook[CODES_SHEET].sheet_state == "hidden"

    copy = await _import(api, token, f"数据结构 {lang}.xlsx", data, graph.project_id)
    assert copy.id != graph.id and copy.node_count == graph.node_count
    assert (await copy.template).code == "teaching"
    assert _tree(await to_document(copy)) == _tree(await to_document(graph))


async def test_a_row_typed_without_codes_is_matched_by_its_names_in_either_language(api, database):
    token = await _teacher(api)
    graph = await Graph.get(name="数据结构")
    workbook = openpyxl.load_workbook(io.BytesIO(await _export(api, token, graph.id, "xlsx", "en")))
    sheet = workbook.worksheets[0]
    header = [c.value for c in sheet[1]]
    added = [None] * len(header)
    # A teacher's own row: no node id, the type in Chinese though the file is in English, an attribute by its name.
    added[header.index("Level 2")], added[header.index("Type")], added[header.index("Difficulty")] = "新章节", "知识单元", None
    sheet.append(added)
    point = [None] * len(header)
    point[header.index("Level 3")], point[header.index("Type")], point[header.index("Difficulty")] = "新知识点", "knowledge point", "难"
    sheet.append(point)
    relations = workbook["Relations"]
    relations.append(["新知识点", "Related to", "绪论"])  # names only: the hidden id columns left empty
    buffer = io.BytesIO()
    workbook.save(buffer)

    copy = await _import(api, token, "typed.xlsx", buffer.getvalue(), graph.project_id)
    doc = await to_document(copy)
    nodes = {node.name: node for node, _p, _l in doc.walk()}
    assert nodes["新章节"].type == "KnowUnit" and nodes["新知识点"].type == "KnowPoint"
    assert nodes["新知识点"].attributes == {"difficulty": "难"}
    assert [c.name for c in nodes["新章节"].children] == ["新知识点"]
    assert any(r.type == "Mutual" and r.start == nodes["新知识点"].id and r.target == nodes["绪论"].id for r in doc.relations)


@pytest.mark.parametrize("template", ["experiment", "majorAbilityTarget", "courseAbility"])
@pytest.mark.parametrize("lang", ["zh-CN", "en"])
async def test_every_template_imports_back_as_itself(api, database, template, lang):
    """Other templates, list and record attributes (能力分级), relation attributes (支撑强度), headings
    with brackets (学制（年）, Duration (years))."""
    token = await _teacher(api)
    graph = await Graph.filter(template__code=template).first()
    data = await _export(api, token, graph.id, "xlsx", lang)
    visible = _visible_cells(openpyxl.load_workbook(io.BytesIO(data)))
    if lang == "zh-CN":  # in English, "Experiment" is both a name and a code
        assert not [cell for cell in visible if CODES.search(cell)]
    copy = await _import(api, token, f"{template}.xlsx", data, graph.project_id)
    assert (await copy.template).code == template
    original = await to_document(graph)
    assert _tree(await to_document(copy)) == _tree(original)
    if template == "majorAbilityTarget":
        assert any(r.attributes for r in original.relations)


@pytest.mark.parametrize("lang", ["zh-CN", "en"])
async def test_word_export_names_types_attributes_and_relations(api, database, lang):
    token = await _teacher(api)
    graph = await Graph.get(name="数据结构")
    data = await _export(api, token, graph.id, "docx", lang)
    document = docx.Document(io.BytesIO(data))
    text = "\n".join(p.text for p in document.paragraphs)
    facts = [p.text for p in document.paragraphs if p.style.name == FACTS_STYLE]
    assert facts and not CODES.search(text)
    shown = SHOWN[lang]
    colon = ": " if lang == "en" else "："
    assert f"{'Type' if lang == 'en' else '类型'}{colon}{sorted(shown['types'])[0]}" in text
    assert any(f"{shown['attribute']}{colon}" in fact for fact in facts)
    assert any(f"—{shown['relation']}→" in fact for fact in facts)
    copy = await _import(api, token, f"数据结构 {lang}.docx", data, graph.project_id)
    assert _tree(await to_document(copy)) == _tree(await to_document(graph))


async def test_the_template_structure_in_english_has_no_chinese(api, database):
    token = await _teacher(api)
    templates = await Template.filter(builtin=True)
    assert len(templates) == 8
    for template in templates:
        _status, body = await api.call("GET", f"{G}/getTemplateStructure/{template.id}", token, lang="en")
        structure = body["result"]
        shown = [structure["name"], structure["description"], *(r["name"] for r in structure["relations"])]
        for entity in structure["entitys"]:
            shown.append(entity["name"])
            for definition in entity["attributes"]:
                param = definition.get("param") or {}
                # A list's options are the values stored; what a reader sees of them is optionLabels.
                shown.extend([definition["name"], *(param.get("optionLabels") or [])])
                if CJK.search("".join(param.get("options") or [])):
                    assert len(param.get("optionLabels") or []) == len(param["options"]), definition
        assert not [t for t in shown if CJK.search(t)], (template.code, [t for t in shown if CJK.search(t)])
        _status, listed = await api.call("GET", "/basic-api/api/template/list", token, lang="en", params={"pageSize": 20})
        assert not [t for item in listed["result"]["items"] for t in (item["name"], item["description"]) if CJK.search(t)]
    _status, chinese = await api.call("GET", f"{G}/getTemplateStructure/{templates[0].id}", token, lang="zh-CN")
    attributes = [a for e in chinese["result"]["entitys"] for a in e["attributes"]]
    assert CJK.search(chinese["result"]["name"]) and attributes and all(CJK.search(a["name"]) for a in attributes)


async def test_install_gives_older_built_ins_their_english_names(database):
    unit = await EntityType.get(code="KnowUnit")
    unit.attributes = [{k: v for k, v in a.items() if k != "nameEn"} for a in unit.attributes]
    await unit.save()
    await Template.filter(code="teaching").update(description_en="")
    point = await EntityType.get(code="KnowPoint")
    renamed = [{**a, "name": "难易"} if a["code"] == "difficulty" else a for a in point.attributes]
    point.attributes = [{k: v for k, v in a.items() if k != "nameEn"} for a in renamed]
    await point.save()
    await builtins.install()
    assert [a["nameEn"] for a in (await EntityType.get(code="KnowUnit")).attributes] == ["Hours"]
    assert (await Template.get(code="teaching")).description_en.startswith("A course's knowledge tree")
    # An attribute an admin renamed keeps its own name and gets no English one of the old name.
    kept = {a["code"]: a for a in (await EntityType.get(code="KnowPoint")).attributes}
    assert kept["difficulty"]["name"] == "难易" and "nameEn" not in kept["difficulty"]
    assert kept["importance"]["nameEn"] == "Mastery"


@pytest.mark.parametrize("name", ["C/C++ [基础]: 1?", "关系", "Relations", CODES_SHEET, "'引号'"])
def test_any_graph_name_exports_to_excel_and_reads_back(name):
    doc = GraphDoc(name=name, template="teaching", root=DocNode("n1", name, "KnowGraph", children=[DocNode("n2", "栈", "KnowPoint")]))
    back = xlsx.read("graph.xlsx", xlsx.dumps(doc))
    assert (back.root.name, [c.name for c in back.root.children], back.root.children[0].type) == (name, ["栈"], "KnowPoint")


def test_an_admin_saving_attributes_keeps_their_english_labels():
    from toolkit.admin.catalog import check_attributes

    saved = check_attributes([{"code": "hours", "name": "学时", "nameEn": " Hours ", "valueType": "integer"},
                              {"code": "note", "name": "备注", "nameEn": "", "valueType": "text"}])
    assert saved[0]["nameEn"] == "Hours" and "nameEn" not in saved[1]


def test_xmind_relationships_are_titled_in_the_export_language_and_keep_their_type():
    import json
    import zipfile

    from toolkit.formats import xmind
    from toolkit.formats.labels import Labels

    root = DocNode("n1", "数据结构", "KnowGraph", children=[DocNode("n2", "栈", "KnowPoint"), DocNode("n3", "队列", "KnowPoint")])
    doc = GraphDoc(name="数据结构", template="teaching", root=root, relations=[DocRelation("n2", "n3", "Behind"), DocRelation("n3", "n2", "Example")])
    data = xmind.dumps(doc, Labels.builtin("en"))
    titles = [r["title"] for r in json.loads(zipfile.ZipFile(io.BytesIO(data)).read("content.json"))[0]["relationships"]]
    assert titles == ["Prerequisite of", "Example of"]
    assert [r.type for r in xmind.read("graph.xmind", data).relations] == ["Behind", "Example"]
    # A title typed in XMind by a built-in relation's English name is that relation.
    assert xmind._relation_type("prerequisite of") == "Behind" and xmind._relation_type("先修") == "Behind"
