"""Issue 8 figures: the mind map in headless Chromium against simple-mind-map drawing the same tree.

For trees of 500, 2,000 and 10,000 nodes, the time from navigation to the map drawn and from a
click on collapse/expand to the next frame (webui/bench/mind-map.bench.mjs), on the real platform:
the web UI built if its build is missing or older than its sources (ZHITU_NEXT_DIST names the
build folder), `zhitu demo` on free ports with a fresh ZHITU_HOME. simple-mind-map (a dev
dependency of the web UI) draws the same folded tree in the same run as the baseline.
BENCH_SIZES and BENCH_RUNS pass through to the browser script. Skipped, with the reason, when
node, Chromium or the web packages are missing.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

from bench.servers import ROOT, Server, free_port

WEBUI = ROOT / "webui"
SOURCES = ("app", "components", "hooks", "lib", "messages", "i18n", "next.config.ts", "package.json")
TARGET_SIZE, TARGET_MS = 2000, 1500


def _missing() -> str | None:
    if shutil.which("node") is None:
        return "node is not installed"
    chromium = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
    if not Path(chromium).exists():
        return f"Chromium is not at {chromium} (set CHROMIUM_PATH)"
    for package in ("playwright-core", "simple-mind-map", "next"):
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


def _build_if_needed() -> None:
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


def main() -> None:
    print("\n== mind map in headless Chromium: navigation to drawn, click to next frame (issue 8)")
    reason = _missing()
    if reason:
        print(f"  skipped: {reason}")
        return
    _build_if_needed()
    with tempfile.TemporaryDirectory(prefix="zhitu-bench-map-") as home:
        port = free_port()
        zhitu = str(ROOT / ".venv" / "bin" / "zhitu")
        env = {"ZHITU_HOME": home, "ZHITU_DB": "", "ZHITU_WEBUI_PORT": str(free_port())}
        with Server([zhitu, "demo", "--port", str(port)], port, env) as platform:
            _wait_for_web(platform.url)
            result = subprocess.run(["node", "bench/mind-map.bench.mjs"], cwd=WEBUI, env={**os.environ, "ZHITU_URL": platform.url},
                                    stdout=subprocess.PIPE, text=True)
    print(result.stdout, end="")
    if result.returncode != 0:
        raise RuntimeError(f"the browser benchmark failed (exit {result.returncode})")
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    for row in rows:
        print(f"  {row['size']:>6,} nodes  drawn {row['zhitu drawn']:6} ms (baseline {row['baseline drawn']:6} ms, ratio {row['ratio drawn']:.2f}x)"
              f"  collapse {row['zhitu collapse']:4} ms ({row['ratio collapse']:.2f}x)  expand {row['zhitu expand']:4} ms ({row['ratio expand']:.2f}x)")
    target = next((row for row in rows if row["size"] == TARGET_SIZE), None)
    if target:
        met = target["zhitu drawn"] < TARGET_MS
        print(f"  target: {TARGET_SIZE:,} nodes drawn under {TARGET_MS / 1000:.1f} s: {'met' if met else 'NOT met'} ({target['zhitu drawn']} ms)")
