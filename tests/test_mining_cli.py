"""`zhitu mine …` without a server, `zhitu source` and `zhitu worker` on a real database."""
import json

from typer.testing import CliRunner

from toolkit.cli import exit_codes
from toolkit.cli.main import app

runner = CliRunner()
COURSE = """第一章 数据结构概述
数据结构是指相互之间存在一种或多种特定关系的数据元素的集合。
1.1 线性表
栈是一种后进先出的线性表。队列是指先进先出的线性表。学习二叉树之前需要先掌握线性表。
1.2 树和二叉树
所谓二叉树，是指每个结点最多有两个子树的树结构。
"""


def test_mine_without_a_server(tmp_path, zhitu_home):
    course = tmp_path / "课程.txt"
    course.write_text(COURSE, encoding="utf-8")
    for kind in ("points", "definitions", "relations", "belong", "catalogue"):
        result = runner.invoke(app, ["mine", kind, str(course), "--json"])
        assert result.exit_code == 0, (kind, result.output)
        rows = json.loads(result.stdout)
        assert rows and all(r["kind"] == kind and r["file"] == str(course) for r in rows), kind
    definitions = json.loads(runner.invoke(app, ["mine", "definitions", str(course), "--json"]).stdout)
    assert [r["payload"]["term"] for r in definitions] == ["数据结构", "栈", "队列", "二叉树"]
    table = runner.invoke(app, ["mine", "catalogue", str(course)])
    assert table.exit_code == 0 and "1.2 树和二叉树" in table.stdout


def test_mine_points_limit(tmp_path, zhitu_home):
    course = tmp_path / "课程.txt"
    course.write_text(COURSE, encoding="utf-8")
    kept = runner.invoke(app, ["mine", "points", str(course), "--json", "--limit", "3"])
    assert kept.exit_code == 0 and len(json.loads(kept.stdout)) == 3
    # 0 used to list every point and -5 all but the last five: now a clear error and no table.
    for bad in ("0", "-5", "1001"):
        refused = runner.invoke(app, ["mine", "points", str(course), "--limit", bad])
        assert refused.exit_code == exit_codes.INVALID and "limit" in refused.output, refused.output
        assert "Traceback" not in refused.output and "score" not in refused.output


def test_each_kind_offers_only_the_options_its_miner_reads(tmp_path, zhitu_home):
    # --limit counts points and --min-score weighs relations: elsewhere they were taken and ignored.
    course = tmp_path / "课程.txt"
    course.write_text(COURSE, encoding="utf-8")
    for kind, flag in (("definitions", "--limit"), ("catalogue", "--limit"), ("belong", "--limit"), ("relations", "--limit"),
                       ("points", "--min-score"), ("definitions", "--min-score")):
        refused = runner.invoke(app, ["mine", kind, str(course), flag, "3"])
        assert refused.exit_code != 0 and flag in refused.output, (kind, flag, refused.output)
        assert "score" not in refused.output.split(flag)[0]  # no results printed before the error


def test_mine_relations_min_score(tmp_path, zhitu_home):
    course = tmp_path / "课程.txt"
    course.write_text(COURSE + "图的遍历方法有深度优先搜索和广度优先搜索。\n", encoding="utf-8")

    def pairs(*flags):
        result = runner.invoke(app, ["mine", "relations", str(course), "--json", *flags])
        assert result.exit_code == 0, result.output
        return {(r["payload"]["start"], r["payload"]["target"]): r["score"] for r in json.loads(result.stdout)}

    default, everything = pairs(), pairs("--min-score", "0")
    assert set(default) < set(everything) and all(score >= 0.6 for score in default.values())
    assert ("遍历方法", "深度优先搜索") in everything
    refused = runner.invoke(app, ["mine", "relations", str(course), "--min-score", "2"])
    assert refused.exit_code == exit_codes.INVALID and "minScore" in refused.output and "Traceback" not in refused.output
    # A text with no sure relation: the empty table says how to list the less sure ones, unless they were asked for.
    plain = tmp_path / "随记.txt"
    plain.write_text("今天下雨了。\n", encoding="utf-8")
    for flags, told in (((), True), (("--min-score", "0"), False)):
        result = runner.invoke(app, ["mine", "relations", str(plain), *flags])
        assert result.exit_code == 0, result.output
        assert ("--min-score 0" in result.output) is told, result.output


def test_mine_refuses_bad_files_in_one_line(tmp_path, zhitu_home):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    result = runner.invoke(app, ["mine", "points", str(empty)])
    assert result.exit_code == exit_codes.INVALID and "empty.txt" in result.output and "Traceback" not in result.output
    missing = runner.invoke(app, ["mine", "points", str(tmp_path / "nowhere.txt")])
    assert missing.exit_code != 0 and "Traceback" not in missing.output
    wrong = tmp_path / "notes.exe"
    wrong.write_bytes(b"MZ")
    assert runner.invoke(app, ["mine", "points", str(wrong)]).exit_code == exit_codes.INVALID


def test_source_add_list_and_worker(demo_db, tmp_path):
    import asyncio

    from toolkit import db
    from toolkit.model import MiningResult, MiningTask, User

    course = tmp_path / "课程.txt"
    course.write_text(COURSE, encoding="utf-8")
    added = runner.invoke(app, ["source", "add", str(course), "--json"])
    assert added.exit_code == 0, added.output
    source = json.loads(added.stdout)[0]
    assert source["state"] == "ready" and source["name"] == "课程.txt"
    missing = runner.invoke(app, ["source", "add", str(tmp_path / "nowhere.txt")])
    assert missing.exit_code == exit_codes.INVALID and "Traceback" not in missing.output
    listed = json.loads(runner.invoke(app, ["source", "list", "--json"]).stdout)
    assert [s["id"] for s in listed] == [source["id"]]

    async def queue():
        async with db.opened():
            user = await User.filter(role="10").first()
            task = await MiningTask.create(kind="definitions", source_ids=[source["id"]], create_user_id=user.id)
            return task.id

    task_id = asyncio.run(queue())
    worked = runner.invoke(app, ["worker", "--once", "--poll", "0.05"])
    assert worked.exit_code == 0, worked.output

    async def check():
        async with db.opened():
            task = await MiningTask.get(id=task_id)
            return task.state, await MiningResult.filter(task_id=task_id).count()

    assert asyncio.run(check()) == ("done", 4)


def test_a_worker_stops_cleanly_on_sigterm_after_mining(demo_db, tmp_path):
    """Paddle's import used to replace the worker's SIGTERM handler: the stop that `zhitu serve`
    sends its embedded worker (and an operator's `kill`) ended in a C++ crash report and exit 143."""
    import asyncio
    import os
    import signal
    import subprocess
    import sys
    import time

    from toolkit import db
    from toolkit.model import MiningTask, User

    course = tmp_path / "课程.txt"
    course.write_text(COURSE, encoding="utf-8")
    source = json.loads(runner.invoke(app, ["source", "add", str(course), "--json"]).stdout)[0]

    async def queue():
        async with db.opened():
            user = await User.filter(role="10").first()
            return (await MiningTask.create(kind="points", source_ids=[source["id"]], create_user_id=user.id)).id

    async def state(task_id):
        async with db.opened():
            return (await MiningTask.get(id=task_id)).state

    task_id = asyncio.run(queue())
    worker = subprocess.Popen([sys.executable, "-c", "from toolkit.cli.main import entry; entry()", "worker", "--poll", "0.05"],
                              env={**os.environ, "ZHITU_LANG": "en"}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while asyncio.run(state(task_id)) != "done":
            assert worker.poll() is None and time.monotonic() < deadline, worker.communicate()[1]
            time.sleep(0.2)
        worker.send_signal(signal.SIGTERM)
        _, stderr = worker.communicate(timeout=60)
    finally:
        if worker.poll() is None:
            worker.kill()
    assert worker.returncode == 0, stderr
    assert "FatalError" not in stderr and "ran 1 task\n" in stderr
