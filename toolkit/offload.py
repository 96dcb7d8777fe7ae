"""CPU-heavy work off the event loop, in a small pool of worker processes.

A server answers every request from one event loop: parsing a 100,000-row workbook, storing a big
tree, writing an export or drawing a PDF there stalls every other request (issue 18: /health
waited 93 s behind one Markdown import). A thread does not help, since such work holds the GIL.

`run` hands a plain function to a worker process; `run_with_database` hands it an async toolkit
function that uses the database, which the worker opens with the caller's connection settings
(its own connection, kept for the next job). Library errors (ZhituError) come back as themselves.
Workers are forked from a clean forkserver with the toolkit preloaded (not from the server, with
its sockets and connections), at most POOL_SIZE at once, and die with the process that made them,
so a killed server leaves no import half-running behind it.
"""
from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Awaitable, Callable

from toolkit.errors import ZhituError

POOL_SIZE = max(1, min(2, os.cpu_count() or 1))
# What the workers import before they are forked, so a job does not pay for it.
PRELOAD = ["toolkit.offload", "toolkit.imports", "toolkit.model", "toolkit.db"]
PARENT_CHECK_SECONDS = 0.5

_executor: ProcessPoolExecutor | None = None
_executor_pid: int | None = None
_lock = threading.Lock()
_submit_lock = threading.Lock()


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(PRELOAD)
        return context
    return multiprocessing.get_context("spawn")


def _pool() -> ProcessPoolExecutor:
    global _executor, _executor_pid
    with _lock:
        # A pool belongs to the process that made it (a forked server worker makes its own).
        if _executor is None or _executor_pid != os.getpid():
            _executor = ProcessPoolExecutor(max_workers=POOL_SIZE, mp_context=_context(), initializer=_start_worker,
                                            initargs=(os.getpid(),))
            _executor_pid = os.getpid()
        return _executor


def _discard_pool(broken: ProcessPoolExecutor) -> None:
    global _executor
    with _lock:
        if _executor is broken:
            _executor = None
    broken.shutdown(wait=False, cancel_futures=True)


# -- in the worker ------------------------------------------------------------------------------

def _start_worker(parent_pid: int) -> None:
    """Die with the parent: at once where Linux offers it, else within PARENT_CHECK_SECONDS."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: our parent is the forkserver
    except (OSError, AttributeError):
        pass

    def watch() -> None:
        while True:
            try:
                os.kill(parent_pid, 0)
            except ProcessLookupError:
                os._exit(1)
            except PermissionError:
                pass
            threading.Event().wait(PARENT_CHECK_SECONDS)

    threading.Thread(target=watch, name="offload-parent-watch", daemon=True).start()


class _Refused:
    """A ZhituError on its way back: exceptions pickle by their message, which loses the key."""

    def __init__(self, error: ZhituError) -> None:
        self.kind = type(error)
        self.state = dict(error.__dict__)

    def rebuild(self) -> ZhituError:
        error = self.kind.__new__(self.kind)
        error.__dict__.update(self.state)
        Exception.__init__(error, error.message("en"))
        return error


def _call(func: Callable, args: tuple) -> Any:
    try:
        return func(*args)
    except ZhituError as exc:
        return _Refused(exc)


_worker_loop: asyncio.AbstractEventLoop | None = None
_worker_database: dict | None = None


async def _open_database(config: dict) -> None:
    """The worker's own connection, kept across jobs; reopened when a job names another database."""
    global _worker_database
    from tortoise import Tortoise

    from toolkit import db

    if _worker_database == config:
        return
    if _worker_database is not None:
        await Tortoise.close_connections()
    full = db.tortoise_config("sqlite://:memory:")  # the apps and options; the connection is the caller's
    full["connections"] = {"default": config}
    await Tortoise.init(config=full, _enable_global_fallback=True)
    if _worker_database is None:
        # The SQLite driver's thread is not a daemon: close the connection when the pool tells the
        # worker to stop, or the worker (and the server's shutdown, which joins it) would wait forever.
        threading._register_atexit(_close_database)
    _worker_database = config


def _close_database() -> None:
    from tortoise import Tortoise

    if _worker_loop is not None and not _worker_loop.is_closed():
        _worker_loop.run_until_complete(Tortoise.close_connections())


def _call_with_database(config: dict, func: Callable[..., Awaitable], args: tuple) -> Any:
    global _worker_loop
    if _worker_loop is None:
        _worker_loop = asyncio.new_event_loop()
        asyncio.set_event_loop(_worker_loop)

    async def body():
        await _open_database(config)
        return await func(*args)

    return _call(_worker_loop.run_until_complete, (body(),))


# -- in the caller ------------------------------------------------------------------------------

def database_config() -> dict:
    """The caller's open connection settings, for a worker to open the same database."""
    import copy

    from tortoise.connection import connections

    return copy.deepcopy(connections.db_config["default"])


def _submit_to(executor: ProcessPoolExecutor, func: Callable, *args: Any):
    """executor.submit, which starts workers as needed. Sanic's server workers are daemonic
    processes, which multiprocessing forbids to have children (they would be orphaned when the
    daemon is terminated); ours die with their parent (_start_worker), so the rule is lifted for
    the moment a worker starts."""
    process = multiprocessing.current_process()
    with _submit_lock:  # the flag is the process's: one submit at a time lifts and restores it
        daemonic = process._config.get("daemon")
        if daemonic:
            process._config["daemon"] = False
        try:
            return executor.submit(func, *args)
        finally:
            if daemonic:
                process._config["daemon"] = True


async def _submit(func: Callable, *args: Any) -> Any:
    executor = _pool()
    try:
        # Submitting may start a worker, which waits for the forkserver to start and preload the
        # toolkit (seconds, the first time): a thread waits for that, not the event loop.
        future = await asyncio.get_running_loop().run_in_executor(None, _submit_to, executor, func, *args)
        result = await asyncio.wrap_future(future)
    except BrokenProcessPool:
        _discard_pool(executor)  # a worker died (killed, out of memory): the next job gets a fresh pool
        raise
    if isinstance(result, _Refused):
        raise result.rebuild()
    return result


async def run(func: Callable, *args: Any) -> Any:
    """func(*args) in a worker process; func and args must pickle (a module-level function)."""
    return await _submit(_call, func, args)


async def run_with_database(func: Callable[..., Awaitable], *args: Any) -> Any:
    """await func(*args) in a worker process with the caller's database open there. Its writes are
    its own transactions: the caller sees them once it returns."""
    return await _submit(_call_with_database, database_config(), func, args)
