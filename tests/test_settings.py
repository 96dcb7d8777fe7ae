"""Settings are read on every request, so they are cached, but never stale: an edited config
file is seen at the next read, and the signing key stays the one on disk."""
import json
import os
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from toolkit import db, settings
from toolkit.cli.main import app


def test_an_edited_config_file_is_seen_at_the_next_read(zhitu_home, monkeypatch):
    monkeypatch.delenv("ZHITU_UPLOAD_MAX_MB", raising=False)
    assert settings.get("upload_max_mb") == 200
    config = zhitu_home / "config.json"
    config.write_text(json.dumps({"upload_max_mb": 50}), encoding="utf-8")
    assert settings.get("upload_max_mb") == 50
    config.write_text(json.dumps({"upload_max_mb": 75}), encoding="utf-8")
    os.utime(config, ns=(1, 10 ** 18))  # a new stamp even within the same clock tick
    assert settings.get("upload_max_mb") == 75
    config.write_text("not json", encoding="utf-8")
    assert settings.get("upload_max_mb") == 200
    config.unlink()
    assert settings.get("upload_max_mb") == 200


def test_the_signing_key_is_made_once_and_kept(zhitu_home, monkeypatch):
    monkeypatch.delenv("ZHITU_SECRET", raising=False)
    first = settings.secret_key()
    assert first == (zhitu_home / "secret.key").read_text(encoding="utf-8").strip()
    assert settings.secret_key() == first


def test_a_removed_data_folder_is_made_again_by_what_writes_there(zhitu_home):
    import shutil

    assert settings.home() == zhitu_home
    shutil.rmtree(zhitu_home)
    assert settings.uploads_dir().is_dir() and settings.home().is_dir()


def test_reading_settings_makes_no_data_folder(tmp_path, monkeypatch):
    """Only writing makes ~/.zhitu: someone who checks a file with `zhitu validate` gets none."""
    monkeypatch.setenv("HOME", str(tmp_path))
    for name in ("ZHITU_HOME", "ZHITU_DB", "ZHITU_SECRET"):
        monkeypatch.delenv(name, raising=False)
    default_home = tmp_path / ".zhitu"
    assert settings.home() == default_home
    for name in settings.REGISTRY:
        settings.get(name)
    assert settings.db_url() == f"sqlite://{default_home / 'zhitu.sqlite3'}" and not db.is_postgres()
    outline = tmp_path / "outline.md"
    outline.write_text("# 数据结构\n\n## 栈\n", encoding="utf-8")
    assert CliRunner().invoke(app, ["validate", str(outline)]).exit_code == 0
    assert not default_home.exists()
    key = settings.secret_key()  # the first thing written there makes the folder
    assert (default_home / "secret.key").read_text(encoding="utf-8").strip() == key


def test_the_test_session_keeps_out_of_the_users_data_folder():
    """Tests without zhitu_home, and the processes they start, use the session's temp folder."""
    shown = subprocess.run([sys.executable, "-c", "from toolkit import settings; print(settings.home())"],
                           capture_output=True, text=True, check=True, cwd=Path(__file__).resolve().parents[1])
    assert Path(shown.stdout.strip()) == settings.home() == Path(os.environ["ZHITU_HOME"])
    assert settings.home() != Path("~/.zhitu").expanduser() and "ZHITU_DB" not in os.environ


def test_a_setting_that_is_not_its_type_is_a_clear_error(zhitu_home, monkeypatch):
    import pytest

    from toolkit.errors import ValidationError

    monkeypatch.setenv("ZHITU_LAC_PROCESSES", "two")
    with pytest.raises(ValidationError) as caught:
        settings.get("lac_processes")
    assert caught.value.message("en") == "Invalid value for setting ZHITU_LAC_PROCESSES: two"
    monkeypatch.delenv("ZHITU_LAC_PROCESSES")
    (zhitu_home / "config.json").write_text(json.dumps({"lac_processes": "3", "port": "eighty"}), encoding="utf-8")
    assert settings.get("lac_processes") == 3  # a number written as a string is still read
    with pytest.raises(ValidationError, match="port"):
        settings.get("port")
    # A JSON value that is no string must be of the setting's type already.
    for wrong in ([80], True, 80.5, {"port": 80}):
        (zhitu_home / "config.json").write_text(json.dumps({"port": wrong}), encoding="utf-8")
        with pytest.raises(ValidationError) as caught:
            settings.get("port")
        assert "port" in caught.value.message("en")
    (zhitu_home / "config.json").write_text(json.dumps({"port": 8080, "llm_timeout": 30, "llm_url": 5}), encoding="utf-8")
    assert settings.get("port") == 8080 and settings.get("llm_timeout") == 30.0
    with pytest.raises(ValidationError):
        settings.get("llm_url")


def test_the_cli_says_a_bad_setting_in_one_line_and_starts_nothing(zhitu_home, tmp_path):
    # `zhitu serve` reads the port outside any command body: the one line comes from the entry point.
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_PORT": "abc", "ZHITU_LANG": "en"}
    env.pop("ZHITU_DEBUG", None)
    env.pop("ZHITU_DB", None)  # the SQLite file would be made in zhitu_home
    done = subprocess.run([sys.executable, "-c", "from toolkit.cli.main import entry; entry()", "serve", "--api-only"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 3
    assert "Invalid value for setting ZHITU_PORT: abc" in done.stderr and "Traceback" not in done.stderr
    assert not list(zhitu_home.glob("*.sqlite3")) and not list(zhitu_home.glob("*.db")), "the database was made"
