"""Issue 14 item 8: an edited export merged back into its graph. Each change is listed with its path,
"moved" is a new parent or a real reorder (not a shift caused by an insertion), --apply saves a
version first, and applying the same file twice changes nothing the second time."""
import json
import re

from typer.testing import CliRunner

from tests.conftest import TEST_EXAMPLES
from toolkit.cli.main import app as cli
from toolkit.demo import load_examples
from toolkit.graphdoc import DocNode, GraphDoc
from toolkit.graphs.diff import adopt_ids, compare, longest_increasing
from toolkit.model import Graph, GraphVersion, Node

G = "/basic-api/api/graph"


def _doc(children: dict[str, list[str]]) -> GraphDoc:
    made = {name: DocNode(name, name, "") for name in {"根", *children, *(c for kids in children.values() for c in kids)}}
    for parent, kids in children.items():
        made[parent].children = [made[kid] for kid in kids]
    return GraphDoc("g", "", made["根"])


def _kinds(diff) -> list[tuple[str, str]]:
    return sorted((change.kind, change.detail["path"]) for change in diff.nodes)


def test_an_insertion_shifts_siblings_without_moving_them():
    old = _doc({"根": ["a", "b", "c", "d"]})
    inserted = _doc({"根": ["new", "a", "b", "c", "d"]})
    assert _kinds(compare(old, inserted)) == [("added", "根 > new")]
    removed = _doc({"根": ["b", "c", "d"]})
    assert _kinds(compare(old, removed)) == [("removed", "根 > a")]


def test_a_real_reorder_and_a_new_parent_are_moves_with_their_paths():
    old = _doc({"根": ["a", "b", "c", "d"]})
    assert _kinds(compare(old, _doc({"根": ["b", "c", "d", "a"]}))) == [("moved", "根 > a")]
    to_b = compare(old, _doc({"根": ["b", "c", "d"], "b": ["a"]}))
    assert _kinds(to_b) == [("moved", "根 > b > a")] and to_b.nodes[0].detail["oldPath"] == "根 > a"
    assert longest_increasing([3, 0, 1, 2]) == {1, 2, 3}


def test_nodes_without_known_ids_take_the_ids_at_the_same_path():
    current = _doc({"根": ["a", "b"], "a": ["x"]})
    edited = GraphDoc("g", "", DocNode("_1", "根", "", children=[
        DocNode("_2", "a", "", children=[DocNode("_3", "x", ""), DocNode("_4", "y", "")]), DocNode("b", "b", "")]))
    assert adopt_ids(current, edited) == 3
    assert _kinds(compare(current, edited)) == [("added", "根 > a > y")]


async def test_merge_preview_lists_changes_and_apply_twice_changes_nothing_the_second_time(api, database):
    await load_examples(TEST_EXAMPLES)
    token = await api.login("teacher", "Zhitu@2026")
    graph = await Graph.get(name="数据结构")
    headers = {"Authorization": f"Bearer {token}"}
    exported = (await api.client.get(f"{G}/file/export", params={"graphId": graph.id, "format": "md"}, headers=headers)).text
    # A new first heading under the root's first chapter shifts its siblings; nothing else moves.
    lines = exported.splitlines()
    first_chapter = next(i for i, line in enumerate(lines) if line.startswith("## "))
    edited = "\n".join(lines[:first_chapter] + ["## 新的一章", "", "1\\. 不是节点，是描述", ""] + lines[first_chapter:])
    edited = re.sub(r"^(#+ )顺序表( <!--)", r"\1顺序表（数组实现）\2", edited, count=1, flags=re.M)
    data = edited.encode("utf-8")
    before = await Node.filter(graph_id=graph.id).count()
    check = (await api.client.post(f"{G}/uploadMergeCheck", headers=headers, files={"file": ("ds.md", data)},
                                   data={"graphId": str(graph.id)})).json()["result"]
    assert check["counts"]["added"] == 1 and check["counts"]["renamed"] == 1 and check["counts"]["moved"] == 0, check["counts"]
    added = next(c for c in check["changes"] if c["kind"] == "added")
    assert added["path"] == "数据结构 > 新的一章"
    assert check["importReport"]["source"] == "ds.md"
    versions = await GraphVersion.filter(graph_id=graph.id).count()
    merged = (await api.client.post(f"{G}/file/uploadMerge", headers=headers, files={"file": ("ds.md", data)},
                                    data={"graphId": str(graph.id)})).json()["result"]
    assert merged["backupVersion"] is not None and merged["applied"]["created"] == 1
    backup = await GraphVersion.get(graph_id=graph.id, number=merged["backupVersion"])
    assert backup.name == "合并 ds.md 前的自动备份"
    assert await GraphVersion.filter(graph_id=graph.id).count() == versions + 1
    assert await Node.filter(graph_id=graph.id).count() == before + 1
    node = await Node.get(graph_id=graph.id, name="新的一章")
    assert node.desc == "1. 不是节点，是描述"
    again = (await api.client.post(f"{G}/file/uploadMerge", headers=headers, files={"file": ("ds.md", data)},
                                   data={"graphId": str(graph.id)})).json()["result"]
    assert again["diff"]["nodes"] == [] and again["backupVersion"] is None, again["diff"]
    assert await Node.filter(graph_id=graph.id).count() == before + 1
    assert (await Node.get(graph_id=graph.id, name="新的一章")).id == node.id  # matched by path, not made again
    assert await GraphVersion.filter(graph_id=graph.id).count() == versions + 1


def test_cli_merge_preview_table_json_and_apply(demo_db, tmp_path):
    runner = CliRunner()
    exported = tmp_path / "ds.md"
    assert runner.invoke(cli, ["export", "1", "-f", "md", "-o", str(exported)]).exit_code == 0
    text = exported.read_text(encoding="utf-8")
    exported.write_text(text.replace("\n## ", "\n## 补充的一章\n\n## ", 1), encoding="utf-8")
    preview = runner.invoke(cli, ["import", str(exported), "--into", "1", "--json"])
    assert preview.exit_code == 0, preview.output
    result = json.loads(preview.stdout)[0]
    assert result["added"] == 1 and result["moved"] == 0 and result["applied"] is False
    assert [c["path"].split(" > ")[-1] for c in result["changes"]] == ["补充的一章"] and result["report"]["source"] == "ds.md"
    table = runner.invoke(cli, ["import", str(exported), "--into", "1"])
    assert table.exit_code == 0 and "补充的一章" in table.stdout
    applied = json.loads(runner.invoke(cli, ["import", str(exported), "--into", "1", "--apply", "--json"]).stdout)[0]
    assert applied["applied"] is True and applied["backupVersion"] is not None
    twice = json.loads(runner.invoke(cli, ["import", str(exported), "--into", "1", "--apply", "--json"]).stdout)[0]
    assert twice["changes"] == [] and twice["backupVersion"] is None
