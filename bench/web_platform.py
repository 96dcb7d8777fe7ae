"""The real platform with its built web UI, for the browser benchmarks (mind map, web figures).

The web UI is built when its build is missing or older than its sources (ZHITU_NEXT_DIST names
the build folder); `zhitu demo` runs on free ports with a fresh ZHITU_HOME.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from bench.servers import ROOT, Server, free_port

WEBUI = ROOT / "webui"
SOURCES = ("app", "components", "hooks", "lib", "messages", "i18n", "next.config.ts", "package.json")


def missing(packages: tuple[str, ...] = ("playwright-core", "next")) -> str | None:
    """Why the browser benchmarks cannot run here, or None."""
    if shutil.which("node") is None:
        return "node is not installed"
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    if not Path(chromium).exists():
        return f"Chromium is not at {chromium} (set CHROMIUM_PATH)"
    for package in packages:
        if not (WEBUI / "node_modules" / package).is_dir():
            return f"webui/node_modules/{package} is missing (npm install in webui/)"
    return None


def _newest_source() -> float:
    newest = 0.0
    for name in SOURCES:
        path = WEBUI / name
        files = [path] if path.is_file() else path.rglob("*") if path.is_dir() else []
        newest = max([newest, *(item.stat().st_mtime for item in files if item.is_file())])
    return newest


def build_if_needed() -> None:
    build_id = WEBUI / (os.environ.get("ZHITU_NEXT_DIST") or ".next") / "BUILD_ID"
    if build_id.exists() and build_id.stat().st_mtime >= _newest_source():
        return
    print(f"  building the web UI into {build_id.parent.name} (missing or older than its sources) …", flush=True)
    subprocess.run(["npm", "run", "build"], cwd=WEBUI, check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "NEXT_TELEMETRY_DISABLED": "1"})


def _wait_for_web(url: str, timeout: float = 240.0) -> None:
    """The API port opens before the web UI answers: wait for the sign-in page."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/login", timeout=30) as page:
                if page.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.5)
    raise RuntimeError("the platform's web UI did not answer")


@contextmanager
def running_platform() -> Iterator[Server]:
    """`zhitu demo` (API + web UI + example data) on free ports and a fresh data folder."""
    build_if_needed()
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-web-") as home:
        port = free_port()
        zhitu = str(ROOT / ".venv" / "bin" / "zhitu")
        env = {"ZHITU_HOME": home, "ZHITU_DB": "", "ZHITU_WEBUI_PORT": str(free_port())}
        with Server([zhitu, "demo", "--port", str(port)], port, env) as platform:
            _wait_for_web(platform.url)
            yield platform


def run_script(platform: Server, script: str) -> str:
    """A node script of webui/ against the platform; its standard output."""
    result = subprocess.run(["node", script], cwd=WEBUI, env={**os.environ, "ZHITU_URL": platform.url}, stdout=subprocess.PIPE, text=True)
    print(result.stdout, end="")
    if result.returncode != 0:
        raise RuntimeError(f"{script} failed (exit {result.returncode})")
    return result.stdout
