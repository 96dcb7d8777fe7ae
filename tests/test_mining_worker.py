"""Mining out of the box (issue 15 item 7): `zhitu serve` runs a mining worker beside itself, and a
task no worker claims says so, with the command to run."""
from __future__ import annotations

import os
import signal
import sys
import time
from datetime import timedelta
from pathlib import Path

import httpx

from toolkit.mining import embedded, tasks
from toolkit.model import MiningTask
from tests.process_table import processes
from tests.servers import serving

ROOT = Path(__file__).resolve().parent.parent
COURSE = ("第一章 数据结构概述\n数据结构是指相互之间存在一种或多种特定关系的数据元素的集合。\n"
          "线性表是由n个数据元素组成的有限序列。栈是一种后进先出的线性表。队列是指先进先出的线性表。\n")
# Generous bounds that only stop a broken run from hanging; nothing is asserted about speed.
PATIENCE = 180





def _start_task(client: httpx.Client, api: str, text: str = COURSE) -> tuple[dict, int]:
    login = client.post(f"{api}/Authorize/login", json={"userName": "root", "password": "secret123"}).json()
    headers = {"Authorization": f"Bearer {login['result']['accessToken']}"}
    upload = client.post(f"{api}/excavate/textSource", headers=headers,
                         files={"file": ("课程.txt", text.encode("utf-8"))}).json()
    assert upload["code"] == 0, upload
    made = client.post(f"{api}/excavate/task", headers=headers,
                       json={"kind": "points", "sourceIds": [upload["result"]["id"]]}).json()
    assert made["code"] == 0, made
    return headers, made["result"]["id"]


def _watch(client: httpx.Client, api: str, headers: dict, task_id: int, until) -> dict:
    deadline = time.monotonic() + PATIENCE
    while True:
        task = client.get(f"{api}/excavate/task/{task_id}", headers=headers).json()["result"]
        if until(task):
            return task
        assert time.monotonic() < deadline, task
        time.sleep(0.3)


def test_serve_mines_a_task_without_starting_a_worker(demo_db, zhitu_home):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_WORKERS": "1"}
    env.pop("ZHITU_EMBEDDED_WORKER", None)
    with serving(env) as api, httpx.Client(timeout=30) as client:
        headers, task_id = _start_task(client, api)
        task = _watch(client, api, headers, task_id, lambda t: t["state"] in ("done", "failed", "cancelled"))
        assert task["state"] == "done" and task["progress"] == 100, task
        assert task["resultCounts"].get("pending", 0) > 0 and task["waitingForWorker"] is False


def _lac_helpers(home: Path) -> set[int]:
    """Pids of the running LAC helper processes (toolkit.mining.lac_processes) of the platform on
    `home` (other tests running beside this one have helpers of their own)."""
    return {p.pid for p in processes() if p.running and "lac_processes import serve" in p.command
            and f"ZHITU_HOME={home}" in p.environment()}


def test_the_embedded_worker_tags_a_long_text_on_two_cores_and_leaves_no_helper_behind(demo_db, zhitu_home):
    from toolkit.mining import lac_processes, lac_shim

    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_WORKERS": "1", "ZHITU_LAC_PROCESSES": "2"}
    env.pop("ZHITU_EMBEDDED_WORKER", None)
    if lac_processes.wanted() < 2:
        import pytest

        pytest.skip("this machine lets a process use one CPU core only: the worker starts no LAC helper")
    # Enough sentences for several LAC batches, each one new to LAC.
    long_text = "第一章 线性表\n" + "".join(f"第{n}种线性表的存储结构与栈的第{n % 9 + 1}个应用有关。"
                                          for n in range(lac_shim.BATCH_SIZE * (lac_processes.MIN_BATCHES + 2)))
    with serving(env) as api, httpx.Client(timeout=30) as client:
        headers, task_id = _start_task(client, api, long_text)
        task = _watch(client, api, headers, task_id, lambda t: t["state"] in ("done", "failed", "cancelled"))
        assert task["state"] == "done" and task["progress"] == 100, task
        started = _lac_helpers(zhitu_home)
        assert started, "the worker started no LAC helper for a long text"
    deadline = time.monotonic() + PATIENCE
    while _lac_helpers(zhitu_home) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _lac_helpers(zhitu_home), "a LAC helper outlived the server"


def test_without_a_worker_the_task_says_it_waits_for_one(demo_db, zhitu_home):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_WORKERS": "1",
           "ZHITU_WORKER_WAIT_SECONDS": "1"}
    with serving(env, "--no-worker") as api, httpx.Client(timeout=30) as client:
        headers, task_id = _start_task(client, api)
        task = _watch(client, api, headers, task_id, lambda t: t["waitingForWorker"])
        assert task["state"] == "queued" and task["workerCommand"] == "zhitu worker"


def test_the_setting_turns_the_embedded_worker_off(monkeypatch):
    monkeypatch.delenv("ZHITU_EMBEDDED_WORKER", raising=False)
    assert embedded.enabled() is True
    assert embedded.enabled(False) is False
    monkeypatch.setenv("ZHITU_EMBEDDED_WORKER", "0")
    assert embedded.enabled() is False
    assert embedded.enabled(True) is True


def test_a_worker_that_dies_is_started_again():
    child = embedded.EmbeddedWorker([sys.executable, "-c", "import time; time.sleep(600)"]).start()
    try:
        first = child.process
        first.send_signal(signal.SIGKILL)
        deadline = time.monotonic() + PATIENCE
        while child.process is first or child.process.poll() is not None:
            assert time.monotonic() < deadline, "the worker was not started again"
            time.sleep(0.1)
        assert child.starts == 2
    finally:
        child.stop()
    assert child.process.poll() is not None


def test_a_worker_that_stopped_cleanly_is_not_started_again_while_the_server_stops():
    """The SIGTERM that stops a server reaches its worker first (one process group); the worker ends
    with code 0 and the server's stop() follows after its graceful shutdown. The worker used to be
    started again in between, once more mining during a shutdown."""
    child = embedded.EmbeddedWorker([sys.executable, "-c", "pass"]).start()
    try:
        child.process.wait(timeout=PATIENCE)
        time.sleep(embedded.RESTART_DELAYS[0] + 1.5)  # past the restart of a worker that died
        assert child.starts == 1
    finally:
        child.stop()
    assert child.starts == 1


async def test_only_an_unclaimed_queued_task_waits_for_a_worker(api, people, monkeypatch):
    monkeypatch.setenv("ZHITU_WORKER_WAIT_SECONDS", "30")
    task = await MiningTask.create(kind="points", source_ids=[1], create_user_id=people["users"]["expert"].id)
    assert not tasks.waiting_for_worker(task)
    assert tasks.waiting_for_worker(task, at=task.created_at + timedelta(seconds=31))
    task.state = "running"
    assert not tasks.waiting_for_worker(task, at=task.created_at + timedelta(seconds=31))
    # A retried task waits from its retry, not from its creation.
    task.state, task.heartbeat_at = "queued", task.created_at + timedelta(seconds=20)
    assert not tasks.waiting_for_worker(task, at=task.created_at + timedelta(seconds=31))
