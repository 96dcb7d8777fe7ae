"""Building and starting the Next.js server that the API fronts."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

from toolkit import processes
from toolkit.errors import ZhituError


def build_dir(webui_dir: Path) -> Path:
    """Where `next build` writes: `.next`, or ZHITU_NEXT_DIST (a folder name inside webui/) so that
    several checkouts' builds on one machine do not overwrite each other. next.config.ts reads the same variable."""
    return webui_dir / (os.environ.get("ZHITU_NEXT_DIST") or ".next")


def _npm() -> str:
    npm = shutil.which("npm")
    if not npm:
        raise ZhituError("webui.missing", path="npm")
    return npm


def ensure_built(webui_dir: Path, rebuild: bool = False) -> None:
    """Install packages and build once; later runs reuse the build."""
    if not (webui_dir / "package.json").exists():
        raise ZhituError("webui.missing", path=str(webui_dir))
    npm = _npm()
    if not (webui_dir / "node_modules").exists():
        result = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=webui_dir, stdout=sys.stderr)
        if result.returncode != 0:
            # The registry lacks other platforms' optional binaries, so `npm ci` may refuse the lockfile.
            result = subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=webui_dir, stdout=sys.stderr)
        if result.returncode != 0:
            raise ZhituError("webui.build_failed")
    if rebuild or not (build_dir(webui_dir) / "BUILD_ID").exists():
        if subprocess.run([npm, "run", "build"], cwd=webui_dir, stdout=sys.stderr).returncode != 0:
            raise ZhituError("webui.build_failed")


def _wait_for_port(port: int, process: subprocess.Popen, timeout: float = 90.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ZhituError("webui.build_failed")
        with socket.socket() as sock:
            sock.settimeout(0.5)
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    process.terminate()
    raise ZhituError("webui.build_failed")


def start(webui_dir: Path, port: int) -> subprocess.Popen:
    node = shutil.which("node") or "node"
    next_bin = webui_dir / "node_modules" / "next" / "dist" / "bin" / "next"
    process = subprocess.Popen([node, str(next_bin), "start", "-p", str(port), "-H", "127.0.0.1"], cwd=webui_dir,
                               stdout=subprocess.DEVNULL, stderr=sys.stderr, preexec_fn=processes.child_start_hook())
    _wait_for_port(port, process)
    return process


def stop(process: subprocess.Popen | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
