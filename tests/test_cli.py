"""The zhitu command: init, db migrate/status, errors as one line with named exit codes."""
import json

import pytest
from typer.testing import CliRunner

from toolkit.cli import exit_codes
from toolkit.cli.main import app

from tests.test_db import MIGRATIONS

runner = CliRunner()


@pytest.fixture
def cli_db(fresh_url, monkeypatch):
    monkeypatch.setenv("ZHITU_DB", fresh_url)
    return fresh_url


def test_init_then_again_changes_nothing(cli_db):
    first = runner.invoke(app, ["init", "--admin-user", "root", "--admin-password", "secret123", "--json"])
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    assert report["migrationsApplied"] == MIGRATIONS and report["adminCreated"] is True
    assert report["created"]["templates"] == 8
    second = runner.invoke(app, ["init", "--admin-user", "root", "--admin-password", "secret123", "--json"])
    again = json.loads(second.stdout)
    assert again["migrationsApplied"] == [] and again["adminCreated"] is False
    assert set(again["created"].values()) == {0}


def test_db_migrate_and_status(cli_db):
    before = runner.invoke(app, ["db", "status", "--json"])
    assert json.loads(before.stdout) == [{"name": name, "applied": False} for name in MIGRATIONS]
    migrated = runner.invoke(app, ["db", "migrate"])
    assert migrated.exit_code == 0 and MIGRATIONS[-1] in migrated.output
    after = runner.invoke(app, ["db", "status", "--format", "csv"])
    assert after.stdout.splitlines() == ["name,applied", *(f"{name},True" for name in MIGRATIONS)]


def test_init_without_password_is_a_clear_error(cli_db):
    result = runner.invoke(app, ["init", "--admin-user", "root"])
    assert result.exit_code == exit_codes.INVALID
    assert "password" in result.output.lower() or "密码" in result.output
    assert "Traceback" not in result.output


def test_unknown_database_scheme_is_a_clear_error(monkeypatch, zhitu_home):
    monkeypatch.setenv("ZHITU_DB", "mysql://nowhere/db")
    result = runner.invoke(app, ["db", "status"])
    assert result.exit_code == exit_codes.DATABASE and "mysql://nowhere/db" in result.output


def test_every_command_has_help():
    import typer.main

    group = typer.main.get_command(app)

    def walk(command, prefix=()):
        yield prefix, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, prefix + (name,))

    for path, command in walk(group):
        assert (command.help or "").strip(), path
        assert runner.invoke(app, [*path, "--help"]).exit_code == 0, path


def test_every_command_appears_in_the_docs():
    import typer.main
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "cli.md").read_text(encoding="utf-8")
    group = typer.main.get_command(app)

    def walk(command, prefix=()):
        subcommands = getattr(command, "commands", {})
        if not subcommands:
            yield prefix
        for name, sub in subcommands.items():
            yield from walk(sub, prefix + (name,))

    for path in walk(group):
        assert f"zhitu {' '.join(path)}" in docs, path


def test_project_library_and_trial_commands(demo_db):
    runner = CliRunner()
    added = runner.invoke(app, ["project", "add", "命令行项目", "--leader", "teacher", "--trial-until", "2031-01-01T00:00:00", "--json"])
    assert added.exit_code == 0, added.output
    project_id = json.loads(added.stdout)["id"]
    assert runner.invoke(app, ["project", "member", str(project_id), "tester", "--role", "20"]).exit_code == 0
    members = runner.invoke(app, ["project", "members", str(project_id), "--json"])
    assert {m["userName"] for m in json.loads(members.stdout)} == {"teacher", "tester"}
    listed = runner.invoke(app, ["project", "list", "--json"])
    assert "命令行项目" in [p["name"] for p in json.loads(listed.stdout)]
    stats = runner.invoke(app, ["project", "stats", str(project_id), "--json"])
    assert json.loads(stats.stdout)["graphCount"] == 0
    refused = runner.invoke(app, ["project", "member", str(project_id), "nobody"])
    assert refused.exit_code == 4
    assert runner.invoke(app, ["library", "list", "--json"]).exit_code == 0
    assert runner.invoke(app, ["trial", "list", "--json"]).stdout.strip() == "[]"
    assert runner.invoke(app, ["trial", "reject", "999", "--opinion", "无"]).exit_code == 4


def test_user_and_unit_commands_speak_the_chosen_language(demo_db, monkeypatch):
    runner = CliRunner()
    monkeypatch.setenv("ZHITU_LANG", "zh-CN")
    disabled = runner.invoke(app, ["user", "disable", "tester"])
    assert disabled.exit_code == 0, disabled.output
    assert "已停用用户 tester" in disabled.output
    monkeypatch.setenv("ZHITU_LANG", "en")
    enabled = runner.invoke(app, ["user", "enable", "tester"])
    assert "User tester enabled" in enabled.output
    added = runner.invoke(app, ["unit", "add", "命令行大学", "--code", "CLI"])
    assert added.exit_code == 0, added.output
    unit_id = next(u["id"] for u in json.loads(runner.invoke(app, ["unit", "list", "--json"]).stdout) if u["name"] == "命令行大学")
    deleted = runner.invoke(app, ["unit", "delete", str(unit_id)])
    assert f"Unit {unit_id} deleted" in deleted.output
