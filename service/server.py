"""Running the platform: the Next.js server behind Sanic, at one URL."""
from __future__ import annotations

import os
from functools import partial

from multiprocessing.managers import SyncManager

import sanic.mixins.startup
from sanic import Sanic
from sanic.worker.loader import AppLoader
from sanic.worker.manager import WorkerManager
from sanic.worker.process import WorkerProcess

from service import webui
from toolkit import processes, settings

APP_NAME = "zhitu"


def set_startup_timeout(seconds: float) -> None:
    """How long a worker may take to start before Sanic gives up and stops the server.

    Sanic's limit is WorkerManager.THRESHOLD (tenths of a second, 30 s by default); a worker
    restart waits as long (WorkerProcess.THRESHOLD)."""
    ticks = max(1, round(float(seconds) * 10))
    WorkerManager.THRESHOLD = ticks
    WorkerProcess.THRESHOLD = ticks


def _stop_ends_the_startup_wait() -> None:
    """A stop (SIGTERM, Ctrl-C) that arrives while Sanic's main process still waits for its workers'
    startup acknowledgement ends that wait, so the server stops as it does later on.

    That wait can last about a second after /health first answers (the acknowledgement travels
    through the worker-state Manager). Sanic 25.12 handles a stop then by ending the workers, but its
    wait loop keeps re-reading its own shutdown message and never returns: the main process hung
    until killed outright (an operator's Ctrl-C right after the start, or any test that stops a
    server it has just used)."""
    if getattr(WorkerManager._all_workers_ack, "ends_on_stop", False):
        return
    acknowledged = WorkerManager._all_workers_ack

    def acknowledged_or_stopping(manager: WorkerManager) -> bool:
        return manager._shutting_down or acknowledged(manager)

    acknowledged_or_stopping.ends_on_stop = True
    WorkerManager._all_workers_ack = acknowledged_or_stopping


def _manager_ending_with_the_main_process() -> SyncManager:
    """Sanic's worker-state Manager (a process of its own) with die_with_parent as its initializer:
    Sanic starts it with none, and it would outlive a main process killed outright."""
    manager = SyncManager()
    manager.start(initializer=processes.die_with_parent)
    return manager


def build_app(webui_url: str | None) -> Sanic:
    """What each worker runs: the full app (imported here, so the main process need not)."""
    from service.app import create_app

    return create_app(APP_NAME, None, webui_url)


def run(host: str, port: int, workers: int = 1, with_webui: bool = True, rebuild: bool = False,
        on_ready=None) -> None:
    sanic.mixins.startup.Manager = _manager_ending_with_the_main_process
    _stop_ends_the_startup_wait()
    set_startup_timeout(settings.get("startup_timeout"))
    next_process = None
    webui_url = None
    if with_webui:
        webui_dir = settings.webui_dir()
        webui.ensure_built(webui_dir, rebuild)
        next_port = int(settings.get("webui_port")) or port + 1
        next_process = webui.start(webui_dir, next_port)
        webui_url = f"http://127.0.0.1:{next_port}"
        os.environ["ZHITU_WEBUI_URL"] = webui_url
    try:
        loader = AppLoader(factory=partial(build_app, webui_url))
        # With several workers the main process only binds the socket and watches them; each
        # worker builds the full app itself, so the main process skips that work (seconds
        # under load) and the workers start sooner.
        app = loader.load() if workers == 1 else Sanic(APP_NAME)
        app.prepare(host=host, port=port, workers=workers, single_process=workers == 1, access_log=False,
                    motd=False)
        if on_ready:
            on_ready()
        Sanic.serve(primary=app, app_loader=loader)
    finally:
        webui.stop(next_process)
