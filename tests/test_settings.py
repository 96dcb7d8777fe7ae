"""Settings are read on every request, so they are cached, but never stale: an edited config
file is seen at the next read, and the signing key stays the one on disk."""
import json
import os

from toolkit import settings


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


def test_a_removed_data_folder_is_made_again(zhitu_home):
    import shutil

    assert settings.home() == zhitu_home
    shutil.rmtree(zhitu_home)
    assert settings.home().is_dir()
