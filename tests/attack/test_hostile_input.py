"""Hostile and oversized input (issue 18 items 7–10): each test names the failure it guards against,
goes through the real app, and checks the answer is code 1 (or a safe file) and nothing was stored.

Runs on SQLite and on PostgreSQL (`nox -s attack`), where NUL and lone surrogates failed differently."""
from __future__ import annotations

import io
import json
import re
import zipfile

import docx
import openpyxl
import pytest
from typer.testing import CliRunner

from tests.test_access_walk import _api_routes, _concrete
from toolkit import textrules
from toolkit.cli.main import app as cli
from toolkit.formats.limits import MAX_TREE_DEPTH
from toolkit.model import Graph, GraphVersion, Node, Relation, Template

G = "/basic-api/api/graph"
GL = "/basic-api/api/graphList"
FORMULA = '=HYPERLINK("http://x.example","y")'


@pytest.fixture
async def expert(api, people):
    return await api.login("expert")


async def _graph(api, token, people, name="数据结构"):
    template = await Template.get(code="teaching")
    _, body = await api.call("POST", GL, token, json={"name": name, "templateId": template.id, "projectId": people["projects"]["a"].id})
    assert body["code"] == 0, body
    return body["result"]


async def _child(api, token, graph, name, parent=None, **extra):
    _, body = await api.call("POST", f"{G}/createNode", token,
                             json={"graphId": graph["id"], "nodeId": parent or graph["rootId"], "name": name, **extra})
    assert body["code"] == 0, body
    return body["result"]


async def _export(api, token, graph_id, fmt):
    return await api.client.get(f"{G}/file/export", params={"graphId": graph_id, "format": fmt},
                                headers={"Authorization": f"Bearer {token}"})


async def _upload(api, token, people, name, data):
    response = await api.client.post(GL, headers={"Authorization": f"Bearer {token}"}, files={"file": (name, data)},
                                     data={"projectId": str(people["projects"]["a"].id)})
    return response.status_code, response.json()


def _formulas(xlsx_bytes: bytes) -> list[bytes]:
    with zipfile.ZipFile(io.BytesIO(xlsx_bytes)) as archive:
        return [f for name in archive.namelist() if name.startswith("xl/worksheets/")
                for f in re.findall(rb"<f>(.*?)</f>", archive.read(name))]


# Item 7: spreadsheet formula injection.

async def test_a_formula_node_name_is_exported_to_xlsx_as_text(api, people, expert):
    graph = await _graph(api, expert, people)
    await _child(api, expert, graph, FORMULA, desc="+SUM(1,2)")
    response = await _export(api, expert, graph["id"], "xlsx")
    assert response.status_code == 200 and _formulas(response.content) == []
    cells = {c.value: c for row in openpyxl.load_workbook(io.BytesIO(response.content)).active.iter_rows() for c in row}
    assert cells[FORMULA].data_type == "s" and cells["+SUM(1,2)"].data_type == "s"


async def test_a_formula_graph_name_is_exported_by_manage_export_as_text(api, people, expert):
    await _graph(api, expert, people, name=FORMULA)
    token = await api.login("super")
    response = await api.client.post("/basic-api/api/manage/export", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200 and _formulas(response.content) == []
    names = [row[1] for row in openpyxl.load_workbook(io.BytesIO(response.content)).active.values]
    assert FORMULA in names


def test_a_formula_user_name_is_escaped_in_cli_csv(fresh_url, monkeypatch):
    monkeypatch.setenv("ZHITU_DB", fresh_url)
    runner = CliRunner()
    assert runner.invoke(cli, ["init", "--admin-user", "root", "--admin-password", "secret123"]).exit_code == 0
    added = runner.invoke(cli, ["user", "add", "mallory", "--name", FORMULA, "--password", "secret123"])
    assert added.exit_code == 0, added.output
    listed = runner.invoke(cli, ["user", "list", "--format", "csv"])
    assert listed.exit_code == 0
    rows = list(__import__("csv").reader(io.StringIO(listed.stdout)))
    assert ["'" + FORMULA] in [[row[2]] for row in rows] and not any(cell.startswith("=") for row in rows for cell in row)


# Item 8: a control character broke every export of the graph.

async def test_a_control_character_in_text_is_refused_and_nothing_is_stored(api, people, expert):
    graph = await _graph(api, expert, people)
    gid, root = graph["id"], graph["rootId"]
    attempts = [
        ("POST", f"{G}/createNode", {"graphId": gid, "nodeId": root, "name": "a\x01b"}),
        ("PUT", f"{G}/updateNode/{root}", {"graphId": gid, "name": "a\x01b"}),
        ("PUT", f"{G}/updateNode/{root}", {"graphId": gid, "define": "x\x1by"}),
        ("PUT", f"{GL}/{gid}", {"name": "a\x01b"}),
        ("PUT", f"{GL}/{gid}", {"description": "\x07"}),
        ("POST", f"{GL}/saveVersion/{gid}", {"remark": "\x00"}),
    ]
    for method, path, payload in attempts:
        status, body = await api.call(method, path, expert, json=payload)
        assert status == 200 and body["code"] == 1, (path, payload, body)
    assert await Node.filter(graph_id=gid).count() == 1
    assert await Node.filter(name__contains="\x01").count() == 0 and not await GraphVersion.exists(graph_id=gid)
    graph_row = await Graph.get(id=gid)
    assert graph_row.name == "数据结构" and graph_row.description == ""


async def test_exports_survive_a_control_character_stored_before_the_rule(api, people, expert):
    graph = await _graph(api, expert, people)
    await _child(api, expert, graph, "clean")
    await Node.filter(graph_id=graph["id"], name="clean").update(name="legacy\x01name", desc="a\x02b")
    for fmt in ("xlsx", "docx", "pdf", "png", "svg", "xmind", "mm", "opml", "md", "edg"):
        response = await _export(api, expert, graph["id"], fmt)
        assert response.status_code == 200 and len(response.content) > 100, fmt


# Item 9: no length limits on long text.

async def test_over_long_text_is_refused_with_the_limit_and_nothing_is_stored(api, people, expert):
    graph = await _graph(api, expert, people)
    gid, root = graph["id"], graph["rootId"]
    node = await _child(api, expert, graph, "线性表")
    limits = textrules.LIMITS
    big = "长" * 1_000_001
    attempts = [
        ("PUT", f"{G}/updateNode/{node['id']}", {"graphId": gid, "desc": "d" * (limits["node.desc"].max + 1)}),
        ("PUT", f"{G}/updateNode/{node['id']}", {"graphId": gid, "desc": big}),
        ("PUT", f"{G}/updateNode/{node['id']}", {"graphId": gid, "define": "d" * (limits["node.define"].max + 1)}),
        ("PUT", f"{G}/updateNode/{node['id']}", {"graphId": gid, "name": "n" * (limits["node.name"].max + 1)}),
        # The root's name is the graph's: the graph's limit holds (PostgreSQL refused it with a 500).
        ("PUT", f"{G}/updateNode/{root}", {"graphId": gid, "name": "n" * (limits["graph.name"].max + 1)}),
        ("POST", f"{G}/createNode", {"graphId": gid, "nodeId": root, "name": "x", "desc": "d" * (limits["node.desc"].max + 1)}),
        ("PUT", f"{GL}/{gid}", {"description": "d" * (limits["graph.description"].max + 1)}),
        ("POST", f"{GL}/saveVersion/{gid}", {"remark": "r" * (limits["version.remark"].max + 1)}),
        ("POST", f"{G}/createRelation", {"graphId": gid, "startNodeId": root, "targetNodeId": node["id"],
                                         "relationshipType": "Mutual", "attributes": {"note": "a" * (limits["relation.attributes"].max + 1)}}),
    ]
    for method, path, payload in attempts:
        status, body = await api.call(method, path, expert, json=payload)
        assert status == 200 and body["code"] == 1, (path, {k: str(v)[:40] for k, v in payload.items()}, body)
    assert "10000" in body["message"] or "10,000" in body["message"] or str(limits["relation.attributes"].max) in body["message"]
    stored = await Node.get(id=node["id"])
    assert stored.desc == "" and stored.define == "" and stored.name == "线性表"
    assert (await Graph.get(id=gid)).description == "" and (await Node.get(id=root)).name == "数据结构"
    assert await Node.filter(graph_id=gid).count() == 2
    assert not await GraphVersion.exists(graph_id=gid) and not await Relation.exists(graph_id=gid)


async def test_text_at_the_limit_is_kept_and_reads_back_bounded(api, people, expert):
    graph = await _graph(api, expert, people)
    node = await _child(api, expert, graph, "线性表")
    desc = "长" * textrules.LIMITS["node.desc"].max
    _, body = await api.call("PUT", f"{G}/updateNode/{node['id']}", expert, json={"graphId": graph["id"], "desc": desc})
    assert body["code"] == 0 and body["result"]["desc"] == desc
    response = await api.client.get(f"{G}/getNode", params={"graphId": graph["id"], "nodeId": node["id"]},
                                    headers={"Authorization": f"Bearer {expert}"})
    assert response.json()["code"] == 0 and len(response.content) < 4 * textrules.MAX_ANY_TEXT


async def test_over_long_text_in_an_imported_file_is_cut_with_a_warning(api, people, expert):
    from toolkit.imports import read_documents

    book = openpyxl.Workbook()
    book.active.append(["一级", "二级"])
    book.active.append(["课程", "n" * 501])
    buffer = io.BytesIO()
    book.save(buffer)
    docs, report = read_documents("long.xlsx", buffer.getvalue())
    assert len(docs[0].root.children[0].name) == textrules.LIMITS["node.name"].max
    assert docs[0].root.children[0].desc == "n" * 501  # the whole text is kept as the description
    assert any(note.key == "import.name_cut" and "long.xlsx" in note.where for note in report.warnings)
    docs, report = read_documents("long.md", ("# 课程\n\n## 第一章\n\n" + "d" * (textrules.LIMITS["node.desc"].max + 5)).encode())
    assert len(docs[0].root.children[0].desc) == textrules.LIMITS["node.desc"].max and report.warnings
    status, body = await _upload(api, expert, people, "long.xlsx", buffer.getvalue())
    assert status == 200 and body["code"] == 0, body
    assert await Node.filter(graph_id=body["result"]["id"], name="n" * 499 + "…").exists()


async def test_a_control_character_in_an_imported_file_is_refused_with_its_place(api, people, expert):
    before = await Graph.all().count()
    status, body = await _upload(api, expert, people, "ctl.md", "# 课程\n\n## 第一章\n\n- 栈\x01队列\n".encode())
    assert status == 200 and body["code"] == 1 and "ctl.md" in body["message"] and "U+0001" in body["message"], body
    assert await Graph.all().count() == before


# Item 10: hostile input answered 500.

def _deep_json(levels: int) -> bytes:
    return b'{"a":' * levels + b"1" + b"}" * levels


async def test_deep_json_is_refused_on_every_json_route(api, app, people):
    token = await api.login("super")
    deep = _deep_json(10_000)
    checked = 0
    for route, path in _api_routes(app):
        if path.endswith("/logout"):
            continue
        for method in sorted(set(route.methods) & {"POST", "PUT", "DELETE"}):
            status, body = await api.call(method, _concrete(path), token, content=deep,
                                          headers={"Content-Type": "application/json"})
            # Routes that read no body may answer as usual; none may fail.
            assert status < 500, (method, path, status, body)
            checked += 1
    assert checked > 50
    for method, path in [("POST", f"{GL}/"), ("POST", f"{G}/createNode"), ("PUT", f"{GL}/1"), ("POST", "/basic-api/api/Authorize/login"),
                         ("POST", "/basic-api/api/manage/getGraphList"), ("POST", f"{G}/file/convertPdf")]:
        status, body = await api.call(method, path, token, content=deep, headers={"Content-Type": "application/json"})
        assert status == 200 and body["code"] == 1 and str(textrules.MAX_JSON_DEPTH) in body["message"], (path, body)


@pytest.mark.parametrize("bad", ["\ud800", "a\x00b"], ids=["lone-surrogate", "nul"])
async def test_a_surrogate_or_nul_in_a_name_is_refused_before_the_database(api, people, expert, bad):
    graph = await _graph(api, expert, people)
    raw = json.dumps({"graphId": graph["id"], "nodeId": graph["rootId"], "name": bad}).encode()
    status, body = await api.call("POST", f"{G}/createNode", expert, content=raw, headers={"Content-Type": "application/json"})
    assert status == 200 and body["code"] == 1, body
    status, body = await api.call("POST", GL, expert, content=json.dumps({"name": bad, "templateId": 1}).encode(),
                                  headers={"Content-Type": "application/json"})
    assert status == 200 and body["code"] == 1, body
    assert await Node.all().count() == 1 and await Graph.all().count() == 1


async def test_nul_in_queries_and_the_login_name_is_refused(api, people, expert):
    graph = await _graph(api, expert, people)
    for path, params in [(f"{GL}/list", {"name": "a\x00"}), (f"{G}/searchPoint", {"graphId": graph["id"], "keyword": "\x00"}),
                         (f"{G}/searchPointAll", {"keyword": "a\x00b"}), (f"{GL}/listByRole", {"name": "\x01"})]:
        response = await api.client.get(path, params=params, headers={"Authorization": f"Bearer {expert}"})
        assert response.status_code == 200 and response.json()["code"] == 1, (path, response.text)
    # Signed out: the login itself.
    status, body = await api.call("POST", "/basic-api/api/Authorize/login", json={"userName": "ex\x00pert", "password": "x"})
    assert status == 200 and body["code"] == 1, body


def _deep_xmind(levels: int) -> bytes:
    topic = "".join(f'{{"id":"t{i}","title":"T{i}","children":{{"attached":[' for i in range(levels))
    topic += '{"id":"leaf","title":"leaf"}' + "]}}" * levels
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("content.json", '[{"id":"s","title":"s","rootTopic":' + topic + "}]")
    return buffer.getvalue()


def _deep_xmind_legacy(levels: int) -> bytes:
    ns = "urn:xmind:xmap:xmlns:content:2.0"
    opening = "".join(f'<topic id="t{i}"><title>T{i}</title><children><topics type="attached">' for i in range(levels))
    closing = "</topics></children></topic>" * levels
    xml = f'<xmap-content xmlns="{ns}"><sheet><topic id="r"><title>root</title><children><topics type="attached">' \
          f'{opening}<topic id="leaf"><title>leaf</title></topic>{closing}</topics></children></topic></sheet></xmap-content>'
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("content.xml", xml)
    return buffer.getvalue()


def _deep_mm(levels: int) -> bytes:
    return ("<map>" + '<node TEXT="n">' * levels + "</node>" * levels + "</map>").encode()


def _deep_opml(levels: int) -> bytes:
    return ("<opml><body>" + '<outline text="n">' * levels + "</outline>" * levels + "</body></opml>").encode()


def _deep_markdown(levels: int) -> bytes:
    return ("# root\n" + "\n".join("  " * i + "- n" for i in range(levels))).encode()


def _deep_edg(levels: int) -> bytes:
    node = '{"id":"n%d","name":"n","type":"KnowUnit","children":['
    return ('{"format":"zhitu-graph","template":"teaching","root":' + "".join(node % i for i in range(levels))
            + '{"id":"leaf","name":"leaf","type":"KnowPoint"}' + "]}" * levels + "}").encode()


@pytest.mark.parametrize("name,make", [("deep.json", _deep_edg), ("deep.xmind", _deep_xmind), ("legacy.xmind", _deep_xmind_legacy), ("deep.mm", _deep_mm),
                                       ("deep.opml", _deep_opml), ("deep.md", _deep_markdown)])
async def test_a_5000_level_file_is_refused_with_a_located_error(api, people, expert, name, make):
    before = await Graph.all().count()
    status, body = await _upload(api, expert, people, name, make(5_000))
    assert status == 200 and body["code"] == 1 and name in body["message"], body
    assert await Graph.all().count() == before


async def test_a_file_at_the_depth_limit_is_read(api, people, expert):
    status, body = await _upload(api, expert, people, "ok.mm", _deep_mm(MAX_TREE_DEPTH))
    assert status == 200 and body["code"] == 0 and body["result"]["nodeCount"] == MAX_TREE_DEPTH, body


def _billion_laughs_docx() -> bytes:
    document = docx.Document()
    document.add_heading("Root", 0)
    document.add_paragraph("LOL")
    plain = io.BytesIO()
    document.save(plain)
    entities = '<!ENTITY lol "lol">' + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">'
                                              for i in range(1, 10))
    source, bomb = zipfile.ZipFile(io.BytesIO(plain.getvalue())), io.BytesIO()
    with zipfile.ZipFile(bomb, "w") as archive:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "word/document.xml":
                text = data.decode("utf-8")
                text = text[:text.index("?>") + 2] + f"<!DOCTYPE lolz [{entities}]>" + text[text.index("?>") + 2:]
                data = text.replace(">LOL<", ">&lol9;<").encode("utf-8")
            archive.writestr(info.filename, data)
    return bomb.getvalue()


async def test_a_billion_laughs_docx_is_refused(api, people, expert):
    before = await Graph.all().count()
    status, body = await _upload(api, expert, people, "lol.docx", _billion_laughs_docx())
    assert status == 200 and body["code"] == 1 and "lol.docx" in body["message"], body
    assert await Graph.all().count() == before


async def test_merge_refuses_a_source_node_of_another_graph(api, people, expert):
    target = await _graph(api, expert, people, "目标")
    source = await _graph(api, expert, people, "来源")
    other = await _graph(api, expert, people, "其他")
    stranger = await _child(api, expert, other, "别处的节点")
    await _child(api, expert, source, "来源节点")
    before = await Node.filter(graph_id=target["id"]).count()
    payload = {"graphId": target["id"], "sourceGraphId": source["id"], "sourceNodeId": stranger["id"]}
    for route in ("mergeTreeCheck", "prepareMergeTree", "mergeTree"):
        status, body = await api.call("POST", f"{G}/{route}", expert, json=payload)
        assert status == 200 and body["code"] == 1 and str(stranger["id"]) in body["message"], (route, body)
    assert await Node.filter(graph_id=target["id"]).count() == before


def test_validate_reports_a_deep_file_in_one_line_and_checks_the_next(tmp_path):
    deep = tmp_path / "deep.xmind"
    deep.write_bytes(_deep_xmind(5_000))
    good = tmp_path / "good.md"
    good.write_text("# 课程\n\n## 第一章\n")
    result = CliRunner().invoke(cli, ["validate", str(deep), str(good), "--json"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    report = json.loads(result.stdout)
    assert [entry["file"] for entry in report] == [str(deep), str(good)]
    assert not report[0]["valid"] and len(report[0]["problems"]) == 1 and "deep.xmind" in report[0]["problems"][0]
    assert report[1]["valid"]


async def test_the_api_builds_no_tree_deeper_than_the_writers_take(api, people, expert):
    """A 600-level tree made node by node broke the .edg and .xmind export and version snapshots."""
    graph = await _graph(api, expert, people)
    parent = await Node.get(id=graph["rootId"])
    for level in range(1, MAX_TREE_DEPTH + 1):
        parent = await Node.create(graph_id=graph["id"], parent_id=parent.id, level=level, order=0, name=f"n{level}", type="KnowUnit")
    _, body = await api.call("POST", f"{G}/createNode", expert, json={"graphId": graph["id"], "nodeId": parent.id, "name": "too deep"})
    assert body["code"] == 1 and str(MAX_TREE_DEPTH) in body["message"], body
    branch = await _child(api, expert, graph, "枝")
    await _child(api, expert, graph, "叶", parent=branch["id"])
    deep_parent = await Node.get(graph_id=graph["id"], level=MAX_TREE_DEPTH - 1)
    _, body = await api.call("POST", f"{G}/moveNode", expert, json={"graphId": graph["id"], "nodeId": branch["id"], "parentId": deep_parent.id})
    assert body["code"] == 1 and str(MAX_TREE_DEPTH) in body["message"], body
    assert (await Node.get(id=branch["id"])).parent_id == graph["rootId"]
    assert await Node.filter(graph_id=graph["id"], level__gt=MAX_TREE_DEPTH).count() == 0
    response = await _export(api, expert, graph["id"], "xmind")
    assert response.status_code == 200


async def test_a_json_body_over_its_size_is_refused_unparsed(api, people, expert):
    """A 50 MB description was parsed and stored; now the body is refused by size before parsing."""
    graph = await _graph(api, expert, people)
    raw = json.dumps({"graphId": graph["id"], "desc": "d" * (textrules.MAX_JSON_BYTES + 1)}).encode()
    status, body = await api.call("PUT", f"{G}/updateNode/{graph['rootId']}", expert, content=raw,
                                  headers={"Content-Type": "application/json"})
    assert status == 200 and body["code"] == 1, body
    assert (await Node.get(id=graph["rootId"])).desc == ""


async def test_deeply_nested_attributes_in_a_file_are_refused_with_their_place(api, people, expert):
    """Node extras (type, attributes) carried as JSON in a file nested 900 deep: json.dumps recursed."""
    nested = '{"attributes": ' + '{"a":' * 900 + "1" + "}" * 900 + "}"
    before = await Graph.all().count()
    status, body = await _upload(api, expert, people, "attrs.md", f"# 课程 <!-- id: r {nested} -->\n\n## 第一章\n".encode())
    assert status == 200 and body["code"] == 1 and "attrs.md" in body["message"], body
    assert await Graph.all().count() == before
