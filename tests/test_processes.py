"""A `zhitu serve` killed outright (SIGKILL: no cleanup runs) takes its children with it: the Sanic
worker processes of --workers 2 and the embedded mining worker stop, and nothing serves the port."""
from __future__ import annotations

import os
import signal
import sys
import time

import httpx
import pytest

from tests.process_table import children, processes, running
from tests.servers import serving

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux only")
# Only stops a broken run from hanging; nothing is asserted about speed.
PATIENCE = 60


def test_children_end_when_the_main_process_is_killed(demo_db, zhitu_home):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_WORKERS": "2"}
    env.pop("ZHITU_EMBEDDED_WORKER", None)
    with serving(env) as api:
        port = api.split(":")[2].split("/")[0]
        main = next(p.pid for p in processes() if port in p.command and "serve" in p.command)
        deadline = time.monotonic() + PATIENCE
        while len(started := children(main)) < 3:  # two Sanic workers and the mining worker, at least
            assert time.monotonic() < deadline, started
            time.sleep(0.2)
        os.kill(main, signal.SIGKILL)
        while [pid for pid in started if running(pid)]:
            assert time.monotonic() < deadline, [(pid, _command(pid)) for pid in started if running(pid)]
            time.sleep(0.2)
        with pytest.raises(httpx.HTTPError):
            httpx.get(f"{api}/health", timeout=5)


def test_a_killed_mining_worker_is_started_again_and_the_log_says_so(demo_db, zhitu_home, tmp_path):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db, "ZHITU_LANG": "zh-CN"}
    env.pop("ZHITU_EMBEDDED_WORKER", None)
    log = tmp_path / "server.log"
    with serving(env, log=log) as api:
        port = api.split(":")[2].split("/")[0]
        main = next(p.pid for p in processes() if port in p.command and "serve" in p.command)
        deadline = time.monotonic() + PATIENCE

        def worker() -> int | None:
            return next((pid for pid in children(main) if "worker" in _command(pid)), None)

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


def _command(pid: int) -> str:
    return next((p.command for p in processes() if p.pid == pid), "")
