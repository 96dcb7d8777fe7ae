"""The optional LLM miners (issue 15 item 9), against a local server speaking the OpenAI
chat-completions protocol (canned answers), started on 127.0.0.1 by the test."""
from __future__ import annotations

import json
import threading
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from toolkit.errors import ZhituError
from toolkit.mining import llm, tasks
from toolkit.mining.documents import Document
from toolkit.mining.runner import GraphContext, mine_document
from toolkit.model import MiningResult, MiningTask, TextSource

TEXT = ("第一章 线性表\n线性表是由n个数据元素组成的有限序列。\n1.1 栈\n栈是一种后进先出的线性表。\n"
        "学习栈之前需要先掌握线性表。\n")

ANSWERS = {
    "points": [{"term": "线性表", "score": 0.9}, {"term": "栈", "score": 0.7},
               {"term": "红黑树", "score": 0.99}],  # not in the text: dropped
    "definitions": [{"term": "线性表", "sentence": "线性表是由n个数据元素组成的有限序列。", "score": 0.95},
                    {"term": "图", "sentence": "图是顶点和边的集合。", "score": 0.9}],
    "relations": [{"type": "Contain", "start": "线性表", "target": "栈", "sentence": "栈是一种后进先出的线性表。", "score": 0.8},
                  {"type": "Sideways", "start": "线性表", "target": "栈", "sentence": "", "score": 0.8}],
    "belong": [{"term": "栈", "nodeKey": 7, "score": 0.6}, {"term": "线性表", "nodeKey": 999, "score": 0.6}],
    "catalogue": [{"title": "第一章 线性表", "level": 1}, {"title": "1.1 栈", "level": 2}],
}


@contextmanager
def chat_server(answer=None, status: int = 200):
    """A chat-completions endpoint: answers the items canned for the kind named in the schema."""
    seen: list[dict] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            seen.append({"path": self.path, "auth": self.headers.get("Authorization"), "body": body})
            kind = body["response_format"]["json_schema"]["name"].removeprefix("zhitu_")
            content = answer if answer is not None else json.dumps({"items": ANSWERS[kind]}, ensure_ascii=False)
            data = json.dumps({"id": "x", "object": "chat.completion", "model": body["model"],
                               "choices": [{"index": 0, "finish_reason": "stop",
                                            "message": {"role": "assistant", "content": content}}]}).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", seen
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def llm_env(monkeypatch):
    def point(url: str):
        monkeypatch.setenv("ZHITU_LLM_URL", url)
        monkeypatch.setenv("ZHITU_LLM_MODEL", "qwen2.5-7b-instruct")
        monkeypatch.setenv("ZHITU_LLM_KEY", "sk-local")
    monkeypatch.delenv("ZHITU_LLM_URL", raising=False)
    return point


def test_each_miner_asks_the_endpoint_with_a_schema_and_keeps_the_offline_shapes(llm_env):
    document = Document.from_text(TEXT)
    with chat_server() as (url, seen):
        llm_env(url)
        graph = GraphContext(["线性表", "栈"], [{"key": 7, "name": "线性表", "desc": "", "path": ["数据结构"]}])
        found = {kind: mine_document(kind, document, [], graph) for kind in ANSWERS}
    assert all(r["path"] == "/v1/chat/completions" and r["auth"] == "Bearer sk-local" for r in seen)
    # Attribution is told each node's path, so same-named nodes can be told apart.
    assert any("7: 数据结构 / 线性表" in json.dumps(r["body"], ensure_ascii=False) for r in seen)
    request = seen[0]["body"]
    assert request["model"] == "qwen2.5-7b-instruct"
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["schema"]["required"] == ["items"]
    assert [c.payload["term"] for c in found["points"]] == ["线性表", "栈"]  # 红黑树 is not in the text
    first = found["points"][0]
    assert TEXT[first.location["start"]:first.location["end"]] == "线性表" and first.payload["count"] == 4
    assert [(c.payload["term"], c.payload["sentence"]) for c in found["definitions"]] == [("线性表", "线性表是由n个数据元素组成的有限序列。")]
    assert [(c.payload["type"], c.payload["start"], c.payload["target"]) for c in found["relations"]] == [("Contain", "线性表", "栈")]
    assert [(c.payload["term"], c.payload["nodeKey"], c.payload["nodeName"]) for c in found["belong"]] == [("栈", 7, "线性表")]
    assert [(c.payload["title"], c.payload["level"], c.payload["index"], c.payload["parent"]) for c in found["catalogue"]] \
        == [("第一章 线性表", 1, 0, None), ("1.1 栈", 2, 1, 0)]


def test_the_offline_miners_stay_the_default(llm_env):
    with chat_server() as (url, seen):
        found = mine_document("definitions", Document.from_text(TEXT))
        assert seen == []
        llm_env(url)
        offline = mine_document("definitions", Document.from_text(TEXT), backend="offline")
        assert seen == [] and [c.payload.get("pattern") for c in offline] != ["llm"] * len(offline)
    assert found


def test_a_bad_answer_or_no_endpoint_is_one_clear_error(llm_env, monkeypatch):
    with chat_server(answer="I think the points are 线性表 and 栈.") as (url, _):
        llm_env(url)
        with pytest.raises(ZhituError) as bad:
            mine_document("points", Document.from_text(TEXT))
    assert bad.value.key == "mining.llm_bad_answer"
    with pytest.raises(ZhituError) as gone:  # the server above has stopped
        mine_document("points", Document.from_text(TEXT))
    assert gone.value.key == "mining.llm_unreachable"
    monkeypatch.delenv("ZHITU_LLM_URL")
    with pytest.raises(ZhituError) as unset:
        mine_document("points", Document.from_text(TEXT), backend="llm")
    assert unset.value.key == "mining.llm_not_configured"


def test_long_texts_are_asked_in_pieces_at_paragraph_ends():
    text = "\n".join(f"第{i}段：" + "线性表" * 200 for i in range(12))
    pieces = llm.chunks(Document.from_text(text))
    assert len(pieces) > 1 and "".join(p for _, p in pieces) == text
    assert all(text[offset:offset + len(piece)] == piece for offset, piece in pieces)


async def test_a_task_with_the_llm_backend_gives_results_for_the_same_review(api, people, llm_env):
    expert = people["users"]["expert"]
    source = await _source(expert)
    with chat_server() as (url, _):
        llm_env(url)
        view = await tasks.create_task(expert, "points", [source.id], params={"backend": "llm"})
        await tasks.work(concurrency=1, once=True, poll_seconds=0.05)
    task = await MiningTask.get(id=view["id"])
    assert task.state == "done", task.error
    rows = await MiningResult.filter(task_id=task.id).order_by("-score")
    assert [(r.payload["term"], r.state) for r in rows] == [("线性表", "pending"), ("栈", "pending")]
    # Without an endpoint the same task fails with the reason, not a traceback.
    failed = await tasks.create_task(expert, "points", [source.id], params={"backend": "llm"})
    await tasks.work(concurrency=1, once=True, poll_seconds=0.05)
    task = await MiningTask.get(id=failed["id"])
    assert task.state == "failed" and ("LLM" in task.error or "大模型" in task.error), task.error


async def test_an_unknown_backend_is_refused(api, people):
    expert = people["users"]["expert"]
    source = await _source(expert)
    with pytest.raises(ZhituError) as refused:
        await tasks.create_task(expert, "points", [source.id], params={"backend": "gpt"})
    assert refused.value.key == "error.field_invalid" and not await MiningTask.exists()


async def _source(user) -> TextSource:
    return await TextSource.create(name="课程.txt", suffix="txt", file_path="", sha256="0", create_user_id=user.id,
                                   state="ready", text=TEXT, layout=Document.from_text(TEXT).layout())
