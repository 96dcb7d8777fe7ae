"""The `zhitu` command speaks the user's language: every line it writes for a person comes from the
message catalogue (`cli.` keys) in zh-CN and en, chosen by ZHITU_LANG (then the locale)."""
import json
import re
import string
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli.main import app
from toolkit.messages import CATALOGUE

runner = CliRunner()


def _placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def test_every_cli_message_has_both_languages_with_the_same_placeholders():
    keys = [key for key in CATALOGUE if key.startswith("cli.")]
    assert len(keys) > 50
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
