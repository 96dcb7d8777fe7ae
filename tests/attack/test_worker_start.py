"""Issue 18, item 11: `zhitu serve --workers 2` starts on a busy machine.

Sanic stops the whole server when a worker has not started within its limit (30 s); under a
load of 4.5-6 the workers took longer, because each one built far more than it needed (sanic-ext
recompiled the routers once per automatic HEAD/OPTIONS route, and imports pulled in drawing,
spreadsheet and hashing work). Here the server starts on a fresh data directory while two
processes keep the CPUs busy, and both workers must answer within the configured limit.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from toolkit import settings

ROOT = Path(__file__).resolve().parents[2]
ZHITU = ROOT / ".venv" / "bin" / "zhitu"
BURNERS = 2
# What a worker must not load at start: each costs a tenth of a second to a second of CPU per
# worker, for the few requests that draw, read spreadsheets or documents, or mine text.
HEAVY = ("igraph", "cairocffi", "openpyxl", "numpy", "docx", "PIL", "pypdfium2", "LAC", "paddle",
         "toolkit.mining.points", "toolkit.mining.definitions", "toolkit.mining.relations")
BURN_SECONDS = 90  # each burner stops by itself even if the test dies

# Runs once: it starts its own server on a fresh SQLite data directory whatever the session's database.
pytestmark = pytest.mark.sqlite_only


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def busy_cpus():
    burn = f"import time\nend = time.monotonic() + {BURN_SECONDS}\nwhile time.monotonic() < end:\n    pass\n"
    burners = [subprocess.Popen([sys.executable, "-c", burn]) for _ in range(BURNERS)]
    yield
    for burner in burners:
        burner.kill()
        burner.wait(timeout=10)


@pytest.fixture
def serve_two_workers(tmp_path):
    port = _free_port()
    home = tmp_path / "home"
    env = {**os.environ, "ZHITU_HOME": str(home), "ZHITU_DB": ""}
    log = (tmp_path / "serve.log").open("w")
    started = time.monotonic()
    process = subprocess.Popen([str(ZHITU), "serve", "--workers", "2", "--api-only", "--host", "127.0.0.1", "--port", str(port)],
                               cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    yield process, f"http://127.0.0.1:{port}", started, tmp_path / "serve.log"
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    log.close()


def test_two_workers_start_and_answer_under_cpu_load(busy_cpus, serve_two_workers):
    process, url, started, log_path = serve_two_workers
    limit = float(settings.REGISTRY["startup_timeout"].default)
    answered: dict[str, float] = {}
    while time.monotonic() - started < limit and len(answered) < 2 and process.poll() is None:
        try:
            # A new connection each time, so that either worker may take it.
            response = httpx.get(f"{url}/basic-api/api/health", timeout=5, headers={"Connection": "close"})
            worker = response.json()["result"]["worker"]
            answered.setdefault(worker, time.monotonic() - started)
        except (httpx.HTTPError, ValueError, KeyError):
            time.sleep(0.2)
    log = log_path.read_text()
    assert process.poll() is None, f"the server stopped while starting:\n{log}"
    assert len(answered) == 2, f"workers answering after {limit:.0f} s: {sorted(answered)}\n{log}"
    print(f"\n--workers 2 under {BURNERS} CPU burners: first answer {min(answered.values()):.1f} s, "
          f"both workers {max(answered.values()):.1f} s (limit {limit:.0f} s)")


def _importers(stderr: str, module: str) -> str:
    """The chain that imported a module, from `python -X importtime` (children print before parents)."""
    rows = []
    for line in stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "self [us]" not in line:
            name = line.split("|")[2]
            rows.append(((len(name) - len(name.lstrip())) // 2, name.strip()))
    for index, (depth, name) in enumerate(rows):
        if name == module:
            chain = [name]
            for outer_depth, outer in rows[index + 1:]:
                if outer_depth < depth:
                    chain.append(outer)
                    depth = outer_depth
            return " <- ".join(chain)
    return module


def test_a_worker_builds_its_app_without_the_heavy_libraries(tmp_path):
    """What a worker runs at start (service.server.build_app) leaves drawing, spreadsheets,
    documents and mining to the requests that need them."""
    probe = "import sys, service.server; service.server.build_app(None); print(' '.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", probe], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "ZHITU_HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr[-2000:]
    loaded = set(done.stdout.split())
    assert [_importers(done.stderr, module) for module in HEAVY if module in loaded] == []
