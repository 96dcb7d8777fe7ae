"""The demo's help documents and videos (issue 19 item 7): loaded once by title, the videos served
from the uploads store; the shipped files are real, small and in both languages."""
import json
import re
from pathlib import Path

from toolkit.demo import EXAMPLES_DIR
from toolkit.model import HelpDoc
from toolkit.portal import load_help

HELP = EXAMPLES_DIR / "help"


def test_shipped_help_is_small_real_and_in_both_languages():
    docs = json.loads((HELP / "help.json").read_text(encoding="utf-8"))["docs"]
    assert {d["kind"] for d in docs} == {"doc", "video"}
    for doc in docs:
        text = re.sub(r"<[^>]+>", " ", doc["body"])
        assert re.search(r"[\u4e00-\u9fff]", text) and re.search(r"[A-Za-z]{4,} [a-z]{3,}", text), doc["title"]
        if doc["kind"] == "video":
            data = (HELP / doc["file"]).read_bytes()
            assert data[:4] == b"\x1a\x45\xdf\xa3" and 10_000 < len(data) < 1_000_000, doc["file"]  # a WebM (Matroska) file


async def test_load_help_once_and_serve_its_videos(api, tmp_path: Path):
    folder = tmp_path / "help"
    folder.mkdir()
    (folder / "clip.webm").write_bytes(b"\x1a\x45\xdf\xa3" + b"\x00" * 100)
    (folder / "help.json").write_text(json.dumps({"docs": [
        {"kind": "video", "title": "演示 · Demo", "file": "clip.webm", "body": "<p>看 · Watch</p>", "sort": 1},
        {"kind": "doc", "title": "入门 · Start", "body": "<p>先登录 · Sign in first</p><script>x()</script>", "sort": 1}]}), encoding="utf-8")
    assert await load_help(folder) == ["演示 · Demo", "入门 · Start"]
    assert await load_help(folder) == []  # once: an admin's edits stay
    assert await HelpDoc.all().count() == 2
    _, videos = await api.call("GET", "/basic-api/api/doc/list", params={"kind": "video"})
    url = videos["result"]["items"][0]["url"]
    assert url.startswith("/basic-api/api/doc/media/") and url.endswith(".webm")
    response = await api.client.get(url)
    assert response.status_code == 200 and response.headers["content-type"] == "video/webm"
    assert response.content.startswith(b"\x1a\x45\xdf\xa3")
    _, doc = await api.call("GET", "/basic-api/api/doc/list", params={"kind": "doc"})
    assert "<script>" not in doc["result"]["items"][0]["body"]
    _, missing = await api.call("GET", "/basic-api/api/doc/media/..%2Fsecret.webm")
    assert missing["code"] == 1
