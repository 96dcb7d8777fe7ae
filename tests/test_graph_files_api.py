"""Graph files through the API and the CLI: create from a file, download, export, merge an edited export."""
import io
import json

import openpyxl
from typer.testing import CliRunner

from toolkit.cli.main import app as cli
from tests.conftest import TEST_EXAMPLES
from toolkit.demo import load_examples
from toolkit.formats import edg, xlsx
from toolkit.model import Graph, Node

G = "/basic-api/api/graph"


async def _teacher(api):
    await load_examples(TEST_EXAMPLES)
    return await api.login("teacher", "Zhitu@2026"), await Graph.get(name="数据结构")


async def test_download_then_upload_edg_makes_an_equal_graph(api, database):
    token, graph = await _teacher(api)
    client = api.client
    response = await client.get(f"{G}/file/download/edg", params={"graphId": graph.id}, headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    doc = edg.read("x.edg", response.content)
    assert doc.node_count() == 154 and len(doc.relations) == 91
    upload = await client.post("/basic-api/api/graphList", headers={"Authorization": f"Bearer {token}"},
                               files={"file": ("数据结构.edg", response.content)}, data={"projectId": str(graph.project_id), "name": "导入副本"})
    body = upload.json()
    assert body["code"] == 0 and body["result"]["nodeCount"] == 154 and body["result"]["name"] == "导入副本"


async def test_export_every_format(api, database):
    token, graph = await _teacher(api)
    for fmt in ("edg", "xlsx", "xmind", "md", "opml", "mm"):
        response = await api.client.get(f"{G}/file/export", params={"graphId": graph.id, "format": fmt},
                                        headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200 and len(response.content) > 1000, fmt
    status, body = await api.call("GET", f"{G}/file/export", token, params={"graphId": graph.id, "format": "pptx"})
    assert body["code"] == 1


async def test_edited_export_merges_back_as_a_diff(api, database):
    token, graph = await _teacher(api)
    headers = {"Authorization": f"Bearer {token}"}
    exported = (await api.client.get(f"{G}/file/export", params={"graphId": graph.id, "format": "xlsx"}, headers=headers)).content
    workbook = openpyxl.load_workbook(io.BytesIO(exported))
    sheet = workbook.worksheets[0]
    rows = list(sheet.iter_rows())
    header = [c.value for c in rows[0]]
    level4 = header.index("四级")
    for row in rows[1:]:
        if row[level4].value == "顺序表":
            row[level4].value = "顺序表（数组实现）"
    added = [None] * len(header)
    added[header.index("三级")], added[header.index("类型")], added[header.index("描述")] = "新知识点", "KnowPoint", "新增的描述"
    sheet.append(added)
    buffer = io.BytesIO()
    workbook.save(buffer)
    edited = buffer.getvalue()
    before = await Node.filter(graph_id=graph.id).count()
    check = await api.client.post(f"{G}/uploadMergeCheck", headers=headers, files={"file": ("ds.xlsx", edited)}, data={"graphId": str(graph.id)})
    counts = check.json()["result"]["counts"]
    assert counts["renamed"] == 1 and counts["added"] == 1 and counts["removed"] == 0
    assert await Node.filter(graph_id=graph.id).count() == before
    merged = await api.client.post(f"{G}/file/uploadMerge", headers=headers, files={"file": ("ds.xlsx", edited)}, data={"graphId": str(graph.id)})
    assert merged.json()["code"] == 0
    assert await Node.filter(graph_id=graph.id).count() == before + 1
    assert await Node.exists(graph_id=graph.id, name="顺序表（数组实现）")
    assert await Graph.filter(name="数据结构").count() == 1  # merged, not duplicated


async def test_generic_upload_checks_the_suffix(api, database):
    token, _graph = await _teacher(api)
    headers = {"Authorization": f"Bearer {token}"}
    ok = await api.client.post("/basic-api/api/file", headers=headers, files={"file": ("讲义.txt", "线性表是…".encode())})
    assert ok.json()["code"] == 0 and ok.json()["result"]["suffix"] == ".txt"
    refused = await api.client.post("/basic-api/api/file", headers=headers, files={"file": ("virus.exe", b"MZ")}, )
    assert refused.json()["code"] == 1
    missing = await api.client.post("/basic-api/api/file", headers=headers, data={"x": "1"})
    assert missing.json()["code"] == 1


async def test_a_bad_upload_writes_nothing(api, database):
    token, graph = await _teacher(api)
    headers = {"Authorization": f"Bearer {token}"}
    count = await Graph.all().count()
    for name, data in (("broken.edg", b"PK\x03\x04broken"), ("empty.xlsx", b""), ("x.pptx", b"1")):
        response = await api.client.post("/basic-api/api/graphList", headers=headers, files={"file": (name, data)},
                                          data={"projectId": str(graph.project_id)})
        assert response.json()["code"] == 1, name
    assert await Graph.all().count() == count


def test_cli_import_export_validate_convert(demo_db, tmp_path):
    runner = CliRunner()
    exported = tmp_path / "ds.xmind"
    assert runner.invoke(cli, ["export", "1", "-f", "xmind", "-o", str(exported)]).exit_code == 0
    checked = runner.invoke(cli, ["validate", str(exported), "--json"])
    assert checked.exit_code == 0 and json.loads(checked.stdout)[0]["nodes"] == 154
    converted = tmp_path / "ds.xlsx"
    assert runner.invoke(cli, ["convert", str(exported), str(converted)]).exit_code == 0
    assert xlsx.read(converted).node_count() == 154
    imported = runner.invoke(cli, ["import", str(converted), "--project", "1", "--json"])
    assert imported.exit_code == 0 and json.loads(imported.stdout)[0]["nodes"] == 154
    bad = tmp_path / "bad.md"
    bad.write_text("# 根\n#### 跳级\n", encoding="utf-8")
    invalid = runner.invoke(cli, ["validate", str(bad), str(exported), "--json"])
    report = json.loads(invalid.stdout)
    assert invalid.exit_code == 1 and report[0]["valid"] is False and "line 2" in report[0]["problems"][0] and report[1]["valid"]


async def test_pictures_and_convert_pdf(api, database):
    token, graph = await _teacher(api)
    headers = {"Authorization": f"Bearer {token}"}
    for fmt, magic in (("svg", b"<svg"), ("png", b"\x89PNG"), ("pdf", b"%PDF")):
        response = await api.client.get(f"{G}/file/export", params={"graphId": graph.id, "format": fmt}, headers=headers)
        assert response.status_code == 200 and response.content.startswith(magic), fmt
    response = await api.client.post(f"{G}/file/convertPdf", headers=headers, json={"graphId": graph.id})
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    status, body = await api.call("POST", f"{G}/file/convertPdf", token, json={})
    assert body["code"] == 1


async def test_a_picture_too_big_to_read_is_refused_with_advice_not_a_traceback(api, database):
    """The 6,744-node Freeplane map as a PNG: one located message advising a PDF or an SVG."""
    from pathlib import Path

    import pytest

    big_map = next(Path(__file__).resolve().parents[2].joinpath("shared", "corpus").rglob("lisnp_prog_mmg*.mm"), None)
    if big_map is None:
        pytest.skip("../shared/corpus is absent")
    token, graph = await _teacher(api)
    headers = {"Authorization": f"Bearer {token}"}
    made = await api.client.post("/basic-api/api/graphList", headers=headers, files={"file": (big_map.name, big_map.read_bytes())},
                                 data={"projectId": str(graph.project_id)})
    assert made.json()["code"] == 0, made.json()
    status, body = await api.call("GET", f"{G}/file/export", token, params={"graphId": made.json()["result"]["id"], "format": "png"})
    assert body["code"] == 1 and "PDF" in body["message"] and "SVG" in body["message"], body
