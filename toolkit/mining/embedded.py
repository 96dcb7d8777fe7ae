"""The mining worker that `zhitu serve` and `zhitu demo` run beside the server (issue 15 item 7).

It is a child process (`zhitu worker` on the same ZHITU_HOME and ZHITU_DB), not a task in the
server's event loop: mining is CPU-heavy and must never stall /health. A small thread watches it
and starts it again if it dies; stop() ends it with the server. Dedicated worker hosts turn it off
with --no-worker or ZHITU_EMBEDDED_WORKER=0; two workers on one database never fight, since
claiming a task is atomic (toolkit.mining.tasks.claim_next).
"""
from __future__ import annotations

import os
import subprocess
import sys
import threading

from toolkit import processes, settings
from toolkit.messages import text

# Waits between restarts of a worker that keeps dying (a broken install must not spin a core).
RESTART_DELAYS = (1.0, 2.0, 5.0, 15.0, 30.0)
# A worker that ran this long before dying had been healthy: its next restart waits the shortest time.
HEALTHY_SECONDS = 60.0
# A worker that ended cleanly (code 0) was told to stop: mostly by the SIGTERM that reaches the whole
# process group as the server stops, whose own stop() comes after its graceful shutdown (up to about
# 15 s); else by an operator. It is started again only after this, so a stopping server does not.
STOPPED_RESTART_SECONDS = 30.0


def enabled(override: bool | None = None) -> bool:
    """--no-worker (override False) wins over ZHITU_EMBEDDED_WORKER and the config file."""
    return bool(settings.get("embedded_worker", override))


def worker_command() -> list[str]:
    """`zhitu worker` run by this interpreter, so the child uses the same install as the server."""
    return [sys.executable, "-c", "from toolkit.cli.main import entry; entry()", "worker"]


class EmbeddedWorker:
    def __init__(self, command: list[str] | None = None, env: dict | None = None) -> None:
        self.command = command or worker_command()
        self.env = env
        self.process: subprocess.Popen | None = None
        self.starts = 0
        self._stopping = threading.Event()
        self._watcher: threading.Thread | None = None

    def _spawn(self) -> None:
        # The environment at start carries --home/--db (the CLI callback puts them there).
        self.process = subprocess.Popen(self.command, env=self.env or dict(os.environ), stdin=subprocess.DEVNULL,
                                        preexec_fn=processes.child_start_hook())
        self.starts += 1

    def start(self) -> "EmbeddedWorker":
        self._spawn()
        self._watcher = threading.Thread(target=self._watch, name="zhitu-embedded-worker", daemon=True)
        self._watcher.start()
        return self

    def _watch(self) -> None:
        import time

        failures = 0
        while not self._stopping.is_set():
            started = time.monotonic()
            code = self.process.wait()
            if self._stopping.is_set():
                return
            failures = 0 if time.monotonic() - started >= HEALTHY_SECONDS else failures + 1
            delay = STOPPED_RESTART_SECONDS if code == 0 else RESTART_DELAYS[min(max(0, failures - 1), len(RESTART_DELAYS) - 1)]
            # Wait before saying anything: when the whole process group gets SIGTERM the worker
            # dies first and the server's stop() follows, and nothing should claim a restart then.
            if self._stopping.wait(delay):
                return
            print(text("cli.worker.restarted", code=code, delay=f"{delay:g}"), file=sys.stderr)
            self._spawn()

    def stop(self, timeout: float = 10.0) -> None:
        self._stopping.set()
        process = self.process
        if process is None or process.poll() is not None:
            return
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
