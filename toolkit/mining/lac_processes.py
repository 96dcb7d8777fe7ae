"""Helper LAC processes, so that a long text's batches are tagged on several cores at once.

Paddle holds the GIL while LAC's networks run (measured: a second thread gains nothing), so each
helper is a process of its own: spawned at the first text long enough to need it, kept for the life
of the process that started it (a mining worker tags text after text), ended with it. A helper loads
the same models with the same settings as lac_shim (it runs lac_shim's own batch function), so its
answers are the very ones the mining process would give. A helper that cannot start or dies leaves
its batches to the mining process: a run never fails or waits for want of one.
"""
from __future__ import annotations

import concurrent.futures
import os
import signal
import subprocess
import sys
import threading
from collections import deque
from pathlib import Path
from typing import Callable

from toolkit import processes, settings

# A helper is worth its start (about 3 s: paddle's import and LAC's models) only for a text of
# several batches; shorter ones are tagged by the mining process alone.
MIN_BATCHES = 4
# A helper that has not answered a batch (a fraction of a second of work) in this long, its start
# included, is stuck: it is ended, and the mining process has tagged that batch itself meanwhile.
ANSWER_SECONDS = 300.0


def wanted() -> int:
    """LAC processes for one text: the lac_processes setting, at most the CPU cores this process may use."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(int(settings.get("lac_processes")), cores))


def serve(read_fd: int, write_fd: int) -> None:
    """A helper's life: (texts, mode, terms) in, ("ok", outputs) or ("error", message) out."""
    from multiprocessing.connection import Connection

    # Here, not as Popen's preexec_fn: the mining process has paddle's threads, and code run between
    # fork and exec could wait forever on a lock one of them held. The signal follows the thread that
    # forked, the starter thread below, which lives as long as the mining process.
    processes.die_with_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # a terminal's Ctrl-C is the mining process's to handle
    from toolkit.mining import lac_shim

    incoming, outgoing = Connection(read_fd, writable=False), Connection(write_fd, readable=False)
    while True:
        try:
            texts, mode, terms = incoming.recv()
        except (EOFError, OSError):  # the mining process has gone
            return
        try:
            outgoing.send(("ok", lac_shim._run(texts, mode, terms)))
        except Exception as exc:  # noqa: BLE001 - the mining process decides what a failure means
            outgoing.send(("error", f"{type(exc).__name__}: {exc}"))


class Helper:
    """One helper process. Started with `python -c`, not multiprocessing's spawn, which would import
    the starting program's main script again in the child."""

    def __init__(self) -> None:
        from multiprocessing.connection import Connection

        to_child, from_parent = os.pipe()
        to_parent, from_child = os.pipe()
        code = f"from toolkit.mining.lac_processes import serve; serve({to_child}, {from_child})"
        root = str(Path(__file__).resolve().parents[2])  # the folder holding toolkit/, as this process found it
        path = os.pathsep.join([root] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])
        try:
            self.process = subprocess.Popen([sys.executable, "-c", code], pass_fds=(to_child, from_child),
                                            stdin=subprocess.DEVNULL, env={**os.environ, "PYTHONPATH": path})
        finally:
            os.close(to_child)
            os.close(from_child)
        self.sending, self.receiving = Connection(from_parent, readable=False), Connection(to_parent, writable=False)
        self.busy = threading.Lock()
        self.batches = 0  # tagged so far (tests and the benchmark read it)

    def alive(self) -> bool:
        return self.process.poll() is None

    def tag(self, texts: list[str], mode: str, terms: tuple) -> list:
        self.sending.send((texts, mode, terms))
        if not self.receiving.poll(ANSWER_SECONDS):
            self.process.kill()
            raise TimeoutError(f"no answer from LAC helper {self.process.pid} in {ANSWER_SECONDS} s")
        status, value = self.receiving.recv()
        if status != "ok":
            raise RuntimeError(value)
        self.batches += 1
        return value

    def close(self) -> None:
        self.sending.close()
        self.receiving.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


_helpers: list[Helper] = []
_helpers_lock = threading.Lock()
_starts_failed = False
# Helpers are started from this one long-lived thread: the kernel's "die with the parent" signal
# (processes.die_with_parent) fires when the *thread* that started a child ends, and a run's own
# thread (asyncio.to_thread's, a test's) may end long before the process.
_starter = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="zhitu-lac-start")


def _idle_helpers(count: int) -> list[Helper]:
    """Up to `count` helpers not busy with another run, started as needed; each is returned locked."""
    global _starts_failed
    with _helpers_lock:
        _helpers[:] = [h for h in _helpers if h.alive()]
        while len(_helpers) < count and not _starts_failed:
            try:
                _helpers.append(_starter.submit(Helper).result())
            except (OSError, ValueError):  # no process can start here (limits, no interpreter)
                _starts_failed = True
        idle = []
        for helper in _helpers:
            if len(idle) < count and helper.busy.acquire(blocking=False):
                idle.append(helper)
        return idle


def tag_batches(batches: list[list[str]], mode: str, terms: tuple, tag_here: Callable[[list[str]], list],
                progress: Callable[[int], None] | None = None) -> list[list]:
    """Each batch's outputs, in order. The mining process (`tag_here`) and the helpers each take the
    next untagged batch when free; once none is left, the mining process also tags the batches a
    helper still holds, so a run never waits for a helper that is slow to start or stuck (the first
    answer wins: both are the same). `progress(done)` runs in the caller's thread after each batch the
    mining process tags, and may raise to stop the run."""
    outputs: list[list | None] = [None] * len(batches)
    helpers = _idle_helpers(wanted() - 1) if len(batches) >= MIN_BATCHES else []
    pending = deque(range(len(batches)))
    held: set[int] = set()  # batches a helper has in hand
    lock = threading.Lock()
    done = [0]

    def keep(index: int, output: list) -> None:
        with lock:
            if outputs[index] is None:
                outputs[index] = output
                done[0] += 1

    def feed(helper: Helper) -> None:
        try:
            while True:
                with lock:
                    if not pending:
                        return
                    index = pending.popleft()
                    held.add(index)
                try:
                    output = helper.tag(batches[index], mode, terms)
                except (EOFError, OSError, RuntimeError, ValueError):  # died, stuck or failed: the batch goes back
                    helper.close()
                    with lock:
                        held.discard(index)
                        if outputs[index] is None:
                            pending.appendleft(index)
                    return
                keep(index, output)
                with lock:
                    held.discard(index)
        finally:
            helper.busy.release()  # here, not by the run: the run may end while this helper answers

    for helper in helpers:
        threading.Thread(target=feed, args=(helper,), name="zhitu-lac-feed", daemon=True).start()
    try:
        while True:
            with lock:
                if pending:
                    index = pending.popleft()
                else:
                    unanswered = sorted(i for i in held if outputs[i] is None)
                    if not unanswered:
                        break
                    index = unanswered[0]
                if outputs[index] is not None:
                    continue
            keep(index, tag_here(batches[index]))
            if progress is not None:
                progress(done[0])
    finally:
        with lock:
            pending.clear()
    return outputs  # type: ignore[return-value]


def helpers() -> list[Helper]:
    """The helpers alive in this process (for tests and the benchmark)."""
    with _helpers_lock:
        return [h for h in _helpers if h.alive()]
