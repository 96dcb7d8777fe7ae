"""Sessions: tests, tests_pg, attack, corpus, lint, webui, e2e, fuzz, bench, mining_eval, train, demo.

They run in the project's own environment (.venv, made by scripts/bootstrap.sh), not in
venvs of their own: one install serves every session.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nox

ROOT = Path(__file__).resolve().parent
WEBUI = ROOT / "webui"
PG_URL = os.environ.get("ZHITU_TEST_DB", "postgres://postgres@127.0.0.1:5432/test")
nox.options.default_venv_backend = "none"
nox.options.sessions = ["tests", "tests_pg", "attack", "corpus", "fuzz", "webui", "e2e"]


def _python() -> str:
    venv_python = ROOT / ".venv" / "bin" / "python"
    return str(venv_python) if venv_python.exists() else sys.executable


# pytest-xdist: one test process per core, at most four (each loads the models and makes its own
# template databases). ZHITU_TEST_PROCESSES=0 runs in one process; so does `-- -n 0`.
PARALLEL = ["-n", os.environ.get("ZHITU_TEST_PROCESSES", "auto"), "--maxprocesses", "4", "--dist", "worksteal"]


@nox.session
def tests(session: nox.Session) -> None:
    """pytest on SQLite, in parallel processes."""
    session.run(_python(), "-m", "pytest", "-q", "-p", "no:cacheprovider", *PARALLEL, "--ignore=tests/attack",
                "--ignore=tests/corpus", *session.posargs, env={"ZHITU_TEST_DB": ""})


@nox.session
def tests_pg(session: nox.Session) -> None:
    """pytest on PostgreSQL, in parallel processes (each makes and drops databases of its own)."""
    session.run(_python(), "-m", "pytest", "-q", "-p", "no:cacheprovider", *PARALLEL, "--ignore=tests/attack",
                "--ignore=tests/corpus", *session.posargs, env={"ZHITU_TEST_DB": PG_URL})


@nox.session
def attack(session: nox.Session) -> None:
    """Security and fault tests (tests/attack): parallel bursts against every limit, object-level
    rights on every write, hostile files and bodies, kill -9 mid-write, a server no upload stalls.
    Servers listen on loopback only and every loop is bounded. Runs on SQLite, then PostgreSQL, each in
    parallel processes as the other suites are (every test starts its own servers and databases): on two
    cores 4.1 -> 2.6 min and 3.5 -> 2.2 min, which keeps the CI run inside its 40 minutes."""
    session.run(_python(), "-m", "pytest", "-q", "-p", "no:cacheprovider", *PARALLEL, "tests/attack", *session.posargs,
                env={"ZHITU_TEST_DB": ""})
    session.run(_python(), "-m", "pytest", "-q", "-p", "no:cacheprovider", *PARALLEL, "tests/attack", "-m", "not sqlite_only",
                *session.posargs, env={"ZHITU_TEST_DB": PG_URL})


@nox.session
def corpus(session: nox.Session) -> None:
    """Real files written by others (../shared/fixtures and ../shared/corpus) and synthetic ones for
    the failure classes they lack: at least 98% imported faithfully, the rest refused cleanly.
    Prints "corpus files imported faithfully / total"; skips with a message when the files are absent."""
    session.run(_python(), "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "tests/corpus", *session.posargs,
                env={"ZHITU_TEST_DB": ""})


@nox.session
def lint(session: nox.Session) -> None:
    """Byte-compile everything and type-check the web UI."""
    session.run(_python(), "-m", "compileall", "-q", "toolkit", "service", "tests")
    session.chdir(WEBUI)
    session.run("npm", "run", "typecheck", external=True)


@nox.session
def webui(session: nox.Session) -> None:
    """Web unit tests (vitest) and the type check."""
    session.chdir(WEBUI)
    session.run("npm", "run", "typecheck", external=True)
    session.run("npm", "test", external=True)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_ready(url: str, process: subprocess.Popen, timeout: float = 240.0, web: bool = True) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the platform exited before it was ready")
        try:
            with urllib.request.urlopen(url + "/basic-api/api/health", timeout=2) as response:
                if response.status == 200 and not web:
                    return
                if response.status == 200:
                    with urllib.request.urlopen(url + "/login", timeout=30) as page:
                        if page.status == 200:
                            return
        except OSError:
            pass
        time.sleep(0.5)
    raise RuntimeError("the platform did not become ready")


class Platform:
    """`zhitu demo` on a fresh SQLite home and free ports, for browser tests and benchmarks."""

    def __init__(self, session: nox.Session, api_only: bool = False) -> None:
        self.session = session
        self.api_only = api_only
        self.home = tempfile.mkdtemp(prefix="zhitu-e2e-")
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def __enter__(self) -> "Platform":
        env = {**os.environ, "ZHITU_HOME": self.home, "ZHITU_DB": "", "ZHITU_WEBUI_PORT": str(_free_port())}
        zhitu = str(ROOT / ".venv" / "bin" / "zhitu") if (ROOT / ".venv" / "bin" / "zhitu").exists() else "zhitu"
        command = [zhitu, "demo", "--port", str(self.port)] + (["--api-only"] if self.api_only else [])
        self.process = subprocess.Popen(command, env=env, cwd=ROOT, start_new_session=True)
        _wait_ready(self.url, self.process, web=not self.api_only)
        return self

    def __exit__(self, *exc) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        shutil.rmtree(self.home, ignore_errors=True)


@nox.session
def e2e(session: nox.Session) -> None:
    """Build the web UI, run the real platform, drive it in headless Chromium."""
    # A failed build can poison .next so that later builds fail at once: always build clean.
    shutil.rmtree(WEBUI / (os.environ.get("ZHITU_NEXT_DIST") or ".next"), ignore_errors=True)
    session.chdir(WEBUI)
    # The webui session type-checks (tsc), so this build skips it; ZHITU_BUILD_TYPECHECK=1 nox -s e2e checks types here too.
    session.run("npm", "run", "build", external=True,
                env={"NEXT_TELEMETRY_DISABLED": "1", "ZHITU_BUILD_TYPECHECK": os.environ.get("ZHITU_BUILD_TYPECHECK", "0")})
    with Platform(session) as platform:
        # The tests get the platform's data folder too: the mining test starts a worker on it.
        session.run("npm", "run", "e2e", external=True, env={"ZHITU_URL": platform.url, "ZHITU_HOME": platform.home})


@nox.session
def fuzz(session: nox.Session) -> None:
    """schemathesis against the OpenAPI document of the running API, signed in as the super admin:
    no generated request may get a server error. The stateful phase chains calls through the
    links schemathesis infers (an id a POST answers fed to the GET, PUT and DELETE that take it). Prints the cases run and the failures found."""
    import json

    report = Path(tempfile.mkdtemp(prefix="zhitu-fuzz-")) / "report.json"
    with Platform(session, api_only=True) as platform:
        request = urllib.request.Request(platform.url + "/basic-api/api/Authorize/login", method="POST",
                                         data=json.dumps({"userName": "super", "password": "Zhitu@2026"}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as response:
            token = json.load(response)["result"]["accessToken"]
        schemathesis = str(ROOT / ".venv" / "bin" / "schemathesis")
        try:
            session.run(schemathesis, "run", platform.url + "/docs/openapi.json", "--header", f"Authorization: Bearer {token}",
                        "--checks", "not_a_server_error", "--exclude-path-regex", "logout|progress",
                        "--phases", "coverage,fuzzing,stateful", "--max-examples", os.environ.get("ZHITU_FUZZ_EXAMPLES", "5"),
                        "--max-time", os.environ.get("ZHITU_FUZZ_SECONDS", "90"),
                        # One worker: CPython 3.11's ast is not thread-safe, and Hypothesis parses
                        # lambdas in each worker thread ("AST constructor recursion depth mismatch").
                        "--workers", "1",
                        "--generation-deterministic", "--report-json-path", str(report), "--no-color", external=True)
        finally:
            if report.exists():
                summary = json.loads(report.read_text())
                session.log(f"schemathesis: {json.dumps(summary.get('summary', summary), ensure_ascii=False)[:600]}")


@nox.session
def bench(session: nox.Session) -> None:
    """Benchmarks: print each figure and its same-run baseline ratio."""
    session.run(_python(), "-m", "bench", *session.posargs)


@nox.session
def mining_eval(session: nox.Session) -> None:
    """The miners on held-out real data of ../shared (CSL keyphrases, OI-wiki definitions, DEFT,
    unstyled catalogues; skipped with a message when absent), each beside a simple baseline from the
    same run, then on the project's own sets in tests/data/mining. --real-only / --own-only."""
    session.run(_python(), "-m", "toolkit.mining.evaluation", *session.posargs)


@nox.session
def train(session: nox.Session) -> None:
    """Retrain the shipped mining models (toolkit/mining/models/*.json) on ../shared data; the same
    data give the same files. Names limit it: nox -s train -- definitions_en."""
    session.run(_python(), "-m", "toolkit.mining.training", *session.posargs)


@nox.session
def demo(session: nox.Session) -> None:
    """Run the platform with the example data."""
    session.run(str(ROOT / ".venv" / "bin" / "zhitu"), "demo", *session.posargs, external=True)
