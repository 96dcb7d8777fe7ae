"""`zhitu graph …` on a real database with the example data."""
import json

from typer.testing import CliRunner

from toolkit.cli.main import app

runner = CliRunner()


def run(*args):
    result = runner.invoke(app, ["graph", *args])
    return result


def test_list_tree_check_path(demo_db):
    listed = json.loads(run("list", "--json").stdout)
    by_name = {g["name"]: g["id"] for g in listed}
    assert len(listed) == 8
    ds = by_name["数据结构"]
    tree = json.loads(run("tree", str(ds), "--json", "--depth", "1").stdout)
    assert [c["name"] for c in tree["tree"]["childs"]][:2] == ["绪论", "线性表"]
    assert run("check", str(ds)).exit_code == 0
    nodes = {}
    stack = [json.loads(run("tree", str(ds), "--json").stdout)["tree"]]
    while stack:
        node = stack.pop()
        nodes[node["name"]] = node["id"]
        stack.extend(node["childs"])
    path = json.loads(run("path", str(ds), str(nodes["KMP算法"]), "--json").stdout)
    names = [n["name"] for n in path]
    assert names[-1] == "KMP算法" and names.index("BF算法") < names.index("KMP算法") and "串的定义" in names
    shown = run("tree", str(ds), "--depth", "1")
    assert "数据结构" in shown.stdout and "线性表" in shown.stdout


def test_create_rename_version_diff_restore_delete(demo_db):
    created = json.loads(run("create", "新图谱", "--template", "teaching", "--json").stdout)
    gid = str(created["id"])
    assert run("rename", gid, "改名后").exit_code == 0
    assert json.loads(run("show", gid, "--json").stdout)["name"] == "改名后"
    versions = json.loads(run("versions", gid, "--save", "v1", "--json").stdout)
    assert versions[0]["number"] == 1
    assert run("rename", gid, "再改").exit_code == 0
    changes = json.loads(run("diff", gid, str(versions[0]["id"]), "--json").stdout)
    assert changes["counts"]["renamed"] == 1
    assert run("restore", gid, str(versions[0]["id"])).exit_code == 0
    assert json.loads(run("show", gid, "--json").stdout)["name"] == "改名后"
    assert run("delete", gid, "--yes").exit_code == 0
    missing = run("show", gid)
    assert missing.exit_code == 4 and "Traceback" not in missing.output


def test_copy_merge_dedupe(demo_db):
    by_name = {g["name"]: g["id"] for g in json.loads(run("list", "--json").stdout)}
    ds = str(by_name["数据结构"])
    copied = json.loads(run("copy", ds, "副本", "--json").stdout)
    preview = json.loads(run("merge", ds, str(copied["id"]), "--json").stdout)
    assert preview["counts"]["added"] == 0 and preview["counts"]["merged"] > 100
    assert run("dedupe", ds).exit_code == 0
    assert run("publish", ds).exit_code == 0 and run("unpublish", ds).exit_code == 0
