"""The `zhitu` command speaks the user's language: every line it writes for a person comes from the
message catalogue (`cli.` keys) in zh-CN and en, chosen by ZHITU_LANG (then the locale)."""
import asyncio
import json
import os
import re
import string
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from toolkit import db
from toolkit.cli.main import app
from toolkit.graphs.integrity import TreeProblem
from toolkit.messages import CATALOGUE
from toolkit.model import Graph, Node
from toolkit.settings import REGISTRY

runner = CliRunner()


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def test_every_cli_message_has_both_languages_with_the_same_placeholders():
    keys = [key for key in CATALOGUE if key.startswith(("cli.", "integrity.", "help."))]
    assert len([key for key in keys if key.startswith("help.")]) > 150
    for key in keys:
        zh, en = CATALOGUE[key]
        assert zh and en, key
        assert re.search(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]", zh), key  # Chinese words or punctuation
        assert _placeholders(zh) == _placeholders(en), key
        if key.endswith(".one"):
            assert key[:-len(".one")] in CATALOGUE, key


def test_file_commands_follow_zhitu_lang(tmp_path, monkeypatch, zhitu_home):
    monkeypatch.chdir(tmp_path)  # short paths: the console wraps long lines
    one, two = Path("one.md"), Path("two.md")
    one.write_text("# 数据结构\n", encoding="utf-8")
    two.write_text("# 数据结构\n\n## 栈\n", encoding="utf-8")
    monkeypatch.setenv("ZHITU_LANG", "zh-CN")
    checked = runner.invoke(app, ["validate", str(one), str(two)])
    assert checked.exit_code == 0, checked.output
    assert f"通过 {one}（1 个节点）" in checked.output and f"通过 {two}（2 个节点）" in checked.output
    converted = runner.invoke(app, ["convert", str(two), "two.opml"])
    assert converted.exit_code == 0 and "已写入 two.opml" in converted.output
    missing = runner.invoke(app, ["convert", "nowhere.md", "x.opml"])
    assert missing.exit_code != 0 and missing.output.startswith("错误：")

    monkeypatch.setenv("ZHITU_LANG", "en")
    checked = runner.invoke(app, ["validate", str(one), str(two), "--explain"])
    assert f"ok {one} (1 node)" in checked.output and f"ok {two} (2 nodes)" in checked.output
    assert "read 1 node\n" in checked.output and "read 2 nodes\n" in checked.output
    converted = runner.invoke(app, ["convert", str(two), "two.opml"])
    assert "wrote two.opml" in converted.output
    missing = runner.invoke(app, ["convert", "nowhere.md", "x.opml"])
    assert missing.output.startswith("error: ")
    # Machine output stays as it is, whatever the language.
    as_json = json.loads(runner.invoke(app, ["validate", str(one), "--json"]).stdout)
    assert as_json[0]["valid"] is True and as_json[0]["nodes"] == 1


def test_database_commands_follow_zhitu_lang(demo_db, monkeypatch):
    graph_id = str(json.loads(runner.invoke(app, ["graph", "list", "--json"]).stdout)[0]["id"])
    monkeypatch.setenv("ZHITU_LANG", "zh-CN")
    assert f"已重命名图谱 {graph_id}" in runner.invoke(app, ["graph", "rename", graph_id, "新名"]).output
    assert "已应用 0 个迁移" in runner.invoke(app, ["db", "migrate"]).output
    assert f"图谱 {graph_id} 已发布" in runner.invoke(app, ["graph", "publish", graph_id]).output
    monkeypatch.setenv("ZHITU_LANG", "en")
    assert f"renamed graph {graph_id}" in runner.invoke(app, ["graph", "rename", graph_id, "New name"]).output
    assert "applied 0 migrations" in runner.invoke(app, ["db", "migrate"]).output
    assert f"graph {graph_id} unpublished" in runner.invoke(app, ["graph", "unpublish", graph_id]).output
    # With no ZHITU_LANG the locale decides.
    monkeypatch.delenv("ZHITU_LANG")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert f"deleted graph {graph_id}" in runner.invoke(app, ["graph", "delete", graph_id, "--yes"]).output


async def _corrupt(url: str, graph_id: int) -> tuple[dict, list[int]]:
    """Bad rows written straight into the database, as no edit through the library could leave them:
    a leaf two levels too deep at order 9 among its siblings, and a node count three too high."""
    async with db.opened(url):
        rows = await Node.filter(graph_id=graph_id).order_by("id").values("id", "parent_id", "level")
        parents = {r["parent_id"] for r in rows}
        leaf = next(r for r in rows if r["parent_id"] is not None and r["id"] not in parents)
        await Node.filter(id=leaf["id"]).update(level=leaf["level"] + 2, order=9)
        graph = await Graph.get(id=graph_id)
        await Graph.filter(id=graph_id).update(node_count=graph.node_count + 3)
        orders = sorted(await Node.filter(parent_id=leaf["parent_id"]).values_list("order", flat=True))
        return leaf, orders


def _unwrapped(output: str) -> str:
    """The console wraps long lines at its width (80 columns here), so compare without whitespace."""
    return re.sub(r"\s+", "", output)


def test_graph_check_words_tree_problems_in_zhitu_lang(demo_db, monkeypatch):
    graph_id = json.loads(runner.invoke(app, ["graph", "list", "--json"]).stdout)[0]["id"]
    leaf, orders = asyncio.run(_corrupt(demo_db, graph_id))
    node, parent, level, above = leaf["id"], leaf["parent_id"], leaf["level"] + 2, leaf["level"] - 1
    monkeypatch.setenv("ZHITU_LANG", "zh-CN")
    problems = json.loads(runner.invoke(app, ["graph", "check", str(graph_id), "--json"]).stdout)["integrity"]
    assert [p["code"] for p in problems] == ["sibling_orders", "level", "node_count"]
    assert problems[1]["params"] == {"node": node, "level": level, "above": above}
    count = problems[2]["params"]["count"]
    assert problems[2]["params"] == {"recorded": count + 3, "count": count}
    assert problems[1]["text"] == f"节点 {node} 在第 {level} 层，但其父节点在第 {above} 层"
    checked = runner.invoke(app, ["graph", "check", str(graph_id)])
    assert checked.exit_code == 1
    shown = _unwrapped(checked.output)
    assert _unwrapped(f"树结构： 节点 {parent} 的子节点顺序为 {orders}（应从 0 起连续编号）") in shown
    assert _unwrapped(f"树结构： 节点 {node} 在第 {level} 层，但其父节点在第 {above} 层") in shown
    assert _unwrapped(f"树结构： 记录的节点数为 {count + 3}，实际有 {count} 个节点") in shown

    monkeypatch.setenv("ZHITU_LANG", "en")
    checked = runner.invoke(app, ["graph", "check", str(graph_id)])
    assert checked.exit_code == 1
    shown = _unwrapped(checked.output)
    assert _unwrapped(f"tree: children of {parent} have orders {orders} (they must count from 0 without gaps)") in shown
    assert _unwrapped(f"tree: node {node} has level {level} under level {above}") in shown
    assert _unwrapped(f"tree: node count {count + 3} but {count} nodes") in shown
    # The JSON keeps its codes and parameters; only the words change with the language.
    in_english = json.loads(runner.invoke(app, ["graph", "check", str(graph_id), "--json"]).stdout)["integrity"]
    assert [(p["code"], p["params"]) for p in in_english] == [(p["code"], p["params"]) for p in problems]
    assert in_english[1]["text"] == f"node {node} has level {level} under level {above}"


def test_a_tree_problem_about_one_node_says_node():
    assert TreeProblem("unreachable", {"count": 1}).text("en") == "1 node is not reachable from the root"
    assert TreeProblem("unreachable", {"count": 2}).text("en") == "2 nodes are not reachable from the root"
    assert TreeProblem("unreachable", {"count": 1}).text("zh-CN") == "有 1 个节点无法从根节点到达"


def test_shared_option_help_keeps_the_settings_english():
    for key in (key for key in CATALOGUE if key.startswith("help.setting.")):
        assert CATALOGUE[key][1] == REGISTRY[key[len("help.setting."):]].help, key


def _zhitu(lang: str, *command: str) -> subprocess.CompletedProcess:
    """The real `zhitu` in a process of its own: the help texts are looked up when the CLI is imported,
    and Click's own words are set in the language as it starts."""
    zhitu = Path(sys.executable).with_name("zhitu")
    program = [str(zhitu)] if zhitu.exists() else [sys.executable, "-m", "toolkit.cli.main"]
    env = {**os.environ, "ZHITU_LANG": lang, "COLUMNS": "120"}
    return subprocess.run([*program, *command], env=env, capture_output=True, text=True, encoding="utf-8",
                          stdin=subprocess.DEVNULL)


def _help(lang: str, *command: str) -> str:
    done = _zhitu(lang, *command, "--help")
    assert done.returncode == 0, done.stderr
    return _unwrapped(done.stdout)


def test_help_follows_zhitu_lang():
    root = _help("zh-CN")
    assert _unwrapped("知图（Zhitu）：教育知识图谱。") in root
    assert _unwrapped("图谱：列出、查看、编辑、版本、合并和检查。") in root  # a group's summary in the listing
    assert _unwrapped("数据目录：存放 SQLite 文件、上传的文件和签名密钥。") in root  # an option's help
    assert "knowledge graphs" not in root
    assert _unwrapped("检查目录树的完整性和先修环；发现问题时退出码为 1。") in _help("zh-CN", "graph")
    check = _help("zh-CN", "graph", "check")
    assert _unwrapped("检查目录树的完整性和先修环；发现问题时退出码为 1。") in check
    assert _unwrapped("以该用户身份操作（默认：第一个超级管理员）。") in check
    assert _unwrapped("输出 JSON，供脚本使用。") in check

    root = _help("en")
    assert _unwrapped("Zhitu (知图): education knowledge graphs.") in root
    assert _unwrapped("Graphs: list, show, edit, version, merge and check.") in root
    assert _unwrapped("Data directory: the SQLite file, uploads, the signing key.") in root
    assert "知识图谱" not in root
    check = _help("en", "graph", "check")
    assert _unwrapped("Check the tree's integrity and prerequisite cycles; exit 1 when anything is wrong.") in check
    assert _unwrapped("Act as this user (default: the first super admin).") in check
    assert _unwrapped("JSON for scripts.") in check


# What Click and Typer print themselves, in English; none of it may be left in a zh-CN screen.
_CLICK_ENGLISH = ("Usage", "Arguments", "Options", "Commands", "Error", "Try ", "for help", "required", "Show this message",
                  "Missing", "No such", "Did you mean", "Invalid value", "Input should", "Value error", "integer", "default:",
                  "env var", "Aborted")


def _no_click_english(screen: str) -> None:
    left = [word for word in _CLICK_ENGLISH if word in screen]
    assert not left, (left, screen)


def test_click_words_follow_zhitu_lang_on_a_help_screen():
    check = _help("zh-CN", "graph", "check")
    for words in ("用法：zhitugraphcheck[OPTIONS]{graph_id}", "─参数─", "─选项─", "[必填]", "显示本帮助并退出。"):
        assert words in check, words
    _no_click_english(check)
    root = _help("zh-CN")
    assert "─命令─" in root and "[环境变量：ZHITU_HOME]" in root
    _no_click_english(root)
    tui = _help("zh-CN", "tui")
    assert "[默认：dark]" in tui and "显示本帮助并退出。" in tui
    _no_click_english(tui)


def test_click_usage_errors_follow_zhitu_lang():
    errors = {
        ("graph", "check"): "缺少参数 'graph_id'。",
        ("graph", "chek"): "没有命令 'chek'。您是否要用 'check'？",
        ("graph", "check", "abc"): "'graph_id' 的值无效：应为整数，无法把输入解析为整数",
        ("worker", "--concurrency", "0"): "'--concurrency' / '-c' 的值无效：应大于或等于 1",
        ("graph", "list", "--format", "xml"): "'--format' 的值无效：'xml' 不是可选值 'table', 'json', 'csv' 之一。",
        ("graph", "list", "--jsn"): "没有选项 --jsn（可用的选项：--as, --json）",
        ("graph", "list", "extra"): "多余的参数（extra）",
        ("graph", "list", "--as"): "选项 '--as' 需要一个值。",
    }
    for command, message in errors.items():
        done = _zhitu("zh-CN", *command)
        assert done.returncode == 2, (command, done.stderr)
        shown = _unwrapped(done.stderr)
        assert _unwrapped(message) in shown, (command, done.stderr)
        assert "─错误─" in shown, command
        if command[-1] != "--as":  # Click shows no usage line for an option's missing value
            assert shown.startswith("用法：zhitu") and "--help'查看帮助。" in shown, (command, done.stderr)
        _no_click_english(done.stderr)
    # A confirmation with no answer to read (stdin closed, as Ctrl-D) aborts, in words of the language.
    aborted = _zhitu("zh-CN", "graph", "delete", "1")
    assert aborted.returncode == 1 and aborted.stderr == "已中止。\n"


def test_click_words_stay_as_they_were_in_english():
    check = _zhitu("en", "graph", "check")
    assert check.returncode == 2
    assert check.stderr == (
        "Usage: zhitu graph check [OPTIONS] {graph_id}\n"
        "Try 'zhitu graph check --help' for help.\n"
        "╭─ Error " + "─" * 110 + "╮\n"
        "│ Missing argument 'graph_id'." + " " * 89 + "│\n"
        "╰" + "─" * 118 + "╯\n")
    unknown = _unwrapped(_zhitu("en", "graph", "chek").stderr)
    assert "Nosuchcommand'chek'.Didyoumean'check'?" in unknown
    bad = _unwrapped(_zhitu("en", "graph", "check", "abc").stderr)
    assert "Invalidvaluefor'graph_id':Inputshouldbeavalidinteger,unabletoparsestringasaninteger" in bad
    screen = _help("en", "graph", "check")
    for words in ("Usage:zhitugraphcheck[OPTIONS]{graph_id}", "─Arguments─", "─Options─", "[required]", "Showthismessageandexit."):
        assert words in screen, words
    assert "[default:dark]" in _help("en", "tui")


def test_every_click_message_has_both_languages_with_the_same_placeholders():
    keys = [key for key in CATALOGUE if key.startswith("click.")]
    assert len(keys) > 40
    for key in keys:
        zh, en = CATALOGUE[key]
        assert _placeholders(zh) == _placeholders(en), key
        assert re.search(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]", zh) or zh == "{reason}", key


# Run in a process of its own per language (help texts are looked up when the CLI is imported): every
# command of the typer app, with its own help, the help of each of its arguments and options, and the
# screen `--help` prints for it.
_WALK_THE_CLI = """
import json, sys
import typer
from typer.testing import CliRunner
from toolkit.cli.main import app

def walk(command, path):
    yield path, command
    for name, sub in getattr(command, "commands", {}).items():
        yield from walk(sub, [*path, name])

runner = CliRunner()
found = []
for path, command in walk(typer.main.get_command(app), []):
    screen = runner.invoke(app, [*path, "--help"], env={"TERMINAL_WIDTH": "400"})
    assert screen.exit_code == 0, (path, screen.output)
    params = [{"kind": type(p).__name__, "name": p.name, "help": getattr(p, "help", None)} for p in command.params]
    found.append({"path": path, "help": command.help, "params": params, "screen": screen.output})
json.dump(found, sys.stdout, ensure_ascii=False)
"""


def _walk_the_cli(lang: str) -> list[dict]:
    env = {**os.environ, "ZHITU_LANG": lang, "TERMINAL_WIDTH": "400"}
    done = subprocess.run([sys.executable, "-c", _WALK_THE_CLI], env=env, capture_output=True, text=True, encoding="utf-8",
                          cwd=Path(__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_every_command_argument_and_option_has_help_in_both_languages():
    helps = {lang: {text for key, texts in CATALOGUE.items() if key.startswith("help.") for text in [texts[column]]}
             for column, lang in enumerate(("zh-CN", "en"))}
    walked = {lang: _walk_the_cli(lang) for lang in ("zh-CN", "en")}
    assert len(walked["en"]) > 70 and [c["path"] for c in walked["en"]] == [c["path"] for c in walked["zh-CN"]]
    arguments = 0
    for zh, en in zip(walked["zh-CN"], walked["en"]):
        command = " ".join(["zhitu", *en["path"]])
        assert zh["help"] in helps["zh-CN"] and en["help"] in helps["en"], command
        for zh_param, en_param in zip(zh["params"], en["params"]):
            where = f"{command} {en_param['name']}"
            assert zh_param["help"] in helps["zh-CN"], where  # a catalogue help text, not none nor a fallback
            assert en_param["help"] in helps["en"], where
            assert zh_param["help"] != en_param["help"], where
            # The --help screen lists it with its text (Rich draws one line per entry at this width).
            assert zh_param["help"] in zh["screen"], where
            assert en_param["help"] in en["screen"], where
            arguments += en_param["kind"] == "TyperArgument"
    assert arguments > 40


def test_help_shows_no_value_type_beside_a_flag():
    """`--debug <bool>` read as if the flag took a value (`zhitu --debug true` then fails)."""
    for lang in ("zh-CN", "en"):
        root = _help(lang)
        assert "<bool>" not in root and "--debug" in root
        assert "--home<str>" in root  # an option that takes a value keeps its type
        assert "<bool>" not in _help(lang, "graph", "check")
