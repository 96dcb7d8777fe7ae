"""A `zhitu serve` killed outright (SIGKILL: no cleanup runs) takes its children with it: the Sanic
worker processes of --workers 2 and the embedded mining worker stop, and nothing serves the port."""
from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.servers import serving

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux only")
# Only stops a broken run from hanging; nothing is asserted about speed.
PATIENCE = 60


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_children_end_when_the_main_process_is_killed(demo_db, zhitu_home):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_WORKERS": "2"}
    env.pop("ZHITU_EMBEDDED_WORKER", None)
    with serving(env) as api:
        port = api.split(":")[2].split("/")[0]
        main = next(int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _cmdline(p).count(port) and "serve" in _cmdline(p))
        deadline = time.monotonic() + PATIENCE
        while len(children := _children(main)) < 3:  # two Sanic workers and the mining worker, at least
            assert time.monotonic() < deadline, children
            time.sleep(0.2)
        os.kill(main, signal.SIGKILL)
        while [pid for pid in children if _alive(pid)]:
            assert time.monotonic() < deadline, [(pid, _cmdline(Path(f"/proc/{pid}"))) for pid in children if _alive(pid)]
            time.sleep(0.2)
        with pytest.raises(httpx.HTTPError):
            httpx.get(f"{api}/health", timeout=5)


def _cmdline(entry: Path) -> str:
    try:
        return (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def test_a_killed_mining_worker_is_started_again_and_the_log_says_so(demo_db, zhitu_home, tmp_path):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_LANG": "zh-CN"}
    env.pop("ZHITU_EMBEDDED_WORKER", None)
    log = tmp_path / "server.log"
    with serving(env, log=log) as api:
        port = api.split(":")[2].split("/")[0]
        main = next(int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit() and _cmdline(p).count(port) and "serve" in _cmdline(p))
        deadline = time.monotonic() + PATIENCE

        def worker() -> int | None:
            return next((pid for pid in _children(main) if "worker" in _cmdline(Path(f"/proc/{pid}"))), None)

        while (first := worker()) is None:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        os.kill(first, signal.SIGKILL)
        while (second := worker()) in (None, first):
            assert time.monotonic() < deadline, log.read_text(errors="replace")[-2000:]
            time.sleep(0.2)
        assert httpx.get(f"{api}/health", timeout=5).status_code == 200
    # Said in the operator's language (ZHITU_LANG), from the message catalogue.
    assert "挖掘进程已退出（-9）" in log.read_text(errors="replace")
