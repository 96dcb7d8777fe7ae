"""The app factory: service.app:create_app."""
from __future__ import annotations

import multiprocessing
import os

from sanic import Sanic
from sanic_ext import Extend

from service import api_docs, auto_methods, client_faults, envelope, webproxy
from service.routes import attainment, mining
from service.routes import auth, backoffice, catalog, graph_content, graph_files, graph_list, health, library, projects, users
from toolkit import __version__, db, processes, settings

API_PREFIX = "/basic-api"
BLUEPRINTS = [auth.bp, auth.sso_bp, backoffice.manage_bp, backoffice.doc_bp, backoffice.carousel_bp, backoffice.trial_bp, library.bp, library.preview_bp, graph_list.bp, graph_content.bp, graph_files.bp, graph_files.files_bp, projects.bp, users.user_bp, users.unit_bp, catalog.template_bp,
              catalog.structure_bp, catalog.category_bp, catalog.relation_group_bp, catalog.relation_type_bp, health.bp]
BLUEPRINTS += [mining.bp, attainment.bp]


def create_app(name: str = "zhitu", db_url: str | None = None, webui_url: str | None = None,
               manage_db: bool = True) -> Sanic:
    """manage_db=False leaves opening the database to the caller (tests share one connection)."""
    app = Sanic(name)
    app.config.REQUEST_MAX_SIZE = int(settings.get("upload_max_mb")) * 1024 * 1024
    app.config.REQUEST_TIMEOUT = 600  # SPEC §9: file uploads may take 10 minutes
    app.config.RESPONSE_TIMEOUT = 600
    app.config.FALLBACK_ERROR_FORMAT = "json"
    # Behind N reverse proxies the client address comes from X-Forwarded-For; never trusted otherwise.
    app.config.PROXIES_COUNT = int(settings.get("proxies_count"))
    app.config.OAS_URL_PREFIX = "/docs"
    app.config.OAS_UI_DEFAULT = "swagger"
    app.config.OAS_UI_REDOC = False
    app.config.API_TITLE = "Zhitu API"
    app.config.API_VERSION = __version__
    app.config.API_DESCRIPTION = "Education knowledge-graph platform. Every answer is {code, message, result}."
    # HEAD and OPTIONS routes come from auto_methods.install below, before the start; sanic-ext's
    # own pass at server start would only reset and recompile the routers twice more per worker.
    app.config.HTTP_AUTO_HEAD = app.config.HTTP_AUTO_OPTIONS = app.config.CORS_AUTOMATIC_OPTIONS = False
    Extend(app)
    for bp in BLUEPRINTS:
        bp.url_prefix = API_PREFIX + (bp.url_prefix or "") if not (bp.url_prefix or "").startswith(API_PREFIX) else bp.url_prefix
        app.blueprint(bp)
    app.exception(Exception)(envelope.handle_error)
    client_faults.install()
    app.ext.openapi.add_security_scheme("bearer", "http", scheme="bearer", bearer_format="JWT")
    api_docs.describe(app, BLUEPRINTS)

    @app.before_server_start
    async def end_with_the_main_process(app):
        # A Sanic worker process (--workers N) must not outlive a main process killed outright.
        if multiprocessing.parent_process() is not None:
            processes.die_with_parent()

    if manage_db:
        @app.before_server_start
        async def open_database(app):
            await db.connect(db_url)

        @app.after_server_stop
        async def close_database(app):
            await db.close()

    webui_url = webui_url or os.environ.get("ZHITU_WEBUI_URL")
    webproxy.install(app, webui_url, settings.webui_dir())
    auto_methods.install(app)
    return app
