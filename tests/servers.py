"""A real `zhitu serve --api-only` on a free loopback port, for tests that need a server process."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def serving(env: dict, *flags: str, patience: float = 180, log: Path | None = None):
    """Yields the API base URL once /health answers; `patience` only stops a broken start from hanging.
    `log`: a file that receives the server's standard error (its log), to read after the block."""
    port = free_port()
    stderr = log.open("wb") if log else subprocess.PIPE
    process = subprocess.Popen([str(Path(sys.executable).parent / "zhitu"), "serve", "--api-only", "--port", str(port), *flags],
                               cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=stderr, start_new_session=True)
    try:
        deadline = time.monotonic() + patience
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/basic-api/api/health", timeout=5).status_code < 500:
                    break
            except httpx.HTTPError:
                pass
            assert process.poll() is None, (log.read_text(errors="replace") if log else process.stderr.read().decode())[-2000:]
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/basic-api/api"
    finally:
        process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        if log:
            stderr.close()
