"""Starting real servers on loopback for benchmarks, and timing requests against them."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    def __init__(self, args: list[str], port: int, env: dict | None = None) -> None:
        self.args, self.port, self.env = args, port, env
        self.url = f"http://127.0.0.1:{port}"

    def __enter__(self) -> "Server":
        self.process = subprocess.Popen(self.args, cwd=ROOT, env={**os.environ, **(self.env or {})},
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", self.port)) == 0:
                    return self
            time.sleep(0.1)
        raise RuntimeError(f"server did not start: {self.args}")

    def __exit__(self, *exc) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=20)


def zhitu_api(home: Path, db_url: str = "", workers: int | None = None) -> Server:
    """`zhitu serve --api-only`; workers None leaves the number to ZHITU_WORKERS (default 1)."""
    port = free_port()
    zhitu = str(ROOT / ".venv" / "bin" / "zhitu")
    more = ["--workers", str(workers)] if workers is not None else []
    return Server([zhitu, "serve", "--api-only", "--port", str(port), *more], port, {"ZHITU_HOME": str(home), "ZHITU_DB": db_url})


def plain_server(document_path: Path) -> Server:
    port = free_port()
    return Server([sys.executable, "-m", "bench.plain_server", str(port), str(document_path)], port)


def time_requests(client: httpx.Client, url: str, count: int, headers: dict | None = None) -> list[float]:
    samples = []
    for _ in range(count):
        start = time.perf_counter()
        response = client.get(url, headers=headers)
        samples.append(time.perf_counter() - start)
        response.raise_for_status()
    return samples
