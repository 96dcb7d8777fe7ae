"""Issue 18 item 11: seconds until `zhitu serve --workers 2 --api-only` answers from both workers,
against starting a bare `python -c "import sanic"` in the same run, on an idle machine and with
two processes keeping the CPUs busy. The data directory is initialised first, so the figure is
the start itself (a fresh directory adds its migrations once, in the main process)."""
from __future__ import annotations

import asyncio
import os
import resource
import statistics
import signal
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import httpx

from bench.servers import ROOT, free_port
from bench.stats import report, summary

RUNS = 3
BURN_SECONDS = 600  # a bound: the burners are stopped as soon as the loaded runs end
LIMIT = 120  # give up on a start after this long


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@contextmanager
def measured(samples: dict[str, list[float]]):
    """Wall seconds, and the CPU seconds of the processes started and waited for meanwhile: on a
    shared machine the wall figure moves with everyone else's load, the CPU one much less."""
    wall, cpu = time.perf_counter(), _children_cpu()
    yield
    samples.setdefault("wall", []).append(time.perf_counter() - wall)
    samples.setdefault("cpu", []).append(_children_cpu() - cpu)


def import_sanic(samples: dict) -> None:
    with measured(samples):
        subprocess.run([sys.executable, "-c", "import sanic"], check=True)


def build_worker_app(home: Path, samples: dict) -> None:
    """What one worker does before it serves: import and build the app, in a fresh interpreter."""
    with measured(samples):
        subprocess.run([sys.executable, "-c", "import service.server; service.server.build_app(None)"], check=True, cwd=ROOT,
                       env={**os.environ, "ZHITU_HOME": str(home), "ZHITU_DB": ""})


def serve_two_workers(home: Path, samples: dict) -> None:
    """From the command to both workers answering; the CPU figure covers the main process and
    both workers until they stop."""
    port = free_port()
    zhitu = str(ROOT / ".venv" / "bin" / "zhitu")
    cpu = _children_cpu()
    started = time.perf_counter()
    process = subprocess.Popen([zhitu, "serve", "--workers", "2", "--api-only", "--port", str(port)], cwd=ROOT,
                               env={**os.environ, "ZHITU_HOME": str(home), "ZHITU_DB": ""},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        workers: set[str] = set()
        while len(workers) < 2:
            if time.perf_counter() - started > LIMIT or process.poll() is not None:
                raise RuntimeError("zhitu serve --workers 2 did not start")
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/basic-api/api/health", timeout=5, headers={"Connection": "close"})
                workers.add(answer.json()["result"]["worker"])
            except (httpx.HTTPError, ValueError, KeyError):
                time.sleep(0.05)
        samples.setdefault("wall", []).append(time.perf_counter() - started)
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
    samples.setdefault("cpu", []).append(_children_cpu() - cpu)


@contextmanager
def busy_cpus(count: int = 2):
    burn = f"import time\nend = time.monotonic() + {BURN_SECONDS}\nwhile time.monotonic() < end:\n    pass\n"
    burners = [subprocess.Popen([sys.executable, "-c", burn]) for _ in range(count)]
    try:
        yield
    finally:
        for burner in burners:
            burner.kill()
            burner.wait(timeout=10)


BASELINE = "python -c 'import sanic' (baseline)"


def _figures(title: str, home: Path) -> None:
    rows = {BASELINE: {}, "one worker: import + build the app": {}, "zhitu serve --workers 2: both answer": {}}
    for _ in range(RUNS):
        import_sanic(rows[BASELINE])
        build_worker_app(home, rows["one worker: import + build the app"])
        serve_two_workers(home, rows["zhitu serve --workers 2: both answer"])
    report(f"{title}: wall seconds (shown as ms)", [(name, summary(s["wall"])) for name, s in rows.items()], BASELINE)
    base = statistics.median(rows[BASELINE]["cpu"])
    for name, samples in rows.items():
        cpu = statistics.median(samples["cpu"])
        print(f"  {name:<44} CPU  {cpu:6.2f} s   ratio to baseline {cpu / base:5.2f}x")


def main() -> None:
    from toolkit.bootstrap import initialise

    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        asyncio.run(initialise(f"sqlite://{home / 'zhitu.sqlite3'}"))  # the file zhitu serve opens there
        _figures("worker start", home)
        with busy_cpus():
            _figures("worker start with 2 CPU burners", home)


if __name__ == "__main__":
    main()
