"""Running the platform: the Next.js server behind Sanic, at one URL."""
from __future__ import annotations

import os
from functools import partial

from sanic import Sanic
from sanic.worker.loader import AppLoader

from service import webui
from service.app import create_app
from toolkit import settings


def run(host: str, port: int, workers: int = 1, with_webui: bool = True, rebuild: bool = False,
        on_ready=None) -> None:
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
        loader = AppLoader(factory=partial(create_app, "zhitu", None, webui_url))
        app = loader.load()
        app.prepare(host=host, port=port, workers=workers, single_process=workers == 1, access_log=False,
                    motd=False)
        if on_ready:
            on_ready()
        Sanic.serve(primary=app, app_loader=loader)
    finally:
        webui.stop(next_process)
