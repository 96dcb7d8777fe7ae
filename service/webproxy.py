"""Users see one URL: everything outside /basic-api and /docs goes to the Next.js server."""
from __future__ import annotations

import gzip
from pathlib import Path

from sanic import Request, Sanic
from sanic.exceptions import NotFound
from sanic.response import HTTPResponse, file, raw

from service.access import access
from service.webui import build_dir

HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailers",
              "transfer-encoding", "upgrade", "host", "content-length", "content-encoding", "accept-encoding"}
PASSTHROUGH_PREFIXES = ("/basic-api", "/docs")
COMPRESSIBLE = {".js": "application/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
                ".json": "application/json", ".svg": "image/svg+xml", ".map": "application/json"}


def install(app: Sanic, webui_url: str | None, webui_dir: Path) -> None:
    if not webui_url:
        return
    static_dir = build_dir(webui_dir) / "static"
    if static_dir.is_dir():
        # Built assets are immutable files: serve them directly, not through Next, and gzipped
        # for browsers that take it (JavaScript shrinks to about a quarter).
        gzipped: dict[Path, bytes] = {}

        @app.get("/_next/static/<path:path>", name="next_static")
        async def next_static(request: Request, path: str):
            target = (static_dir / path).resolve()
            if not target.is_file() or static_dir.resolve() not in target.parents:
                raise NotFound("not found")
            headers = {"Cache-Control": "public, max-age=31536000, immutable", "Vary": "Accept-Encoding"}
            if target.suffix in COMPRESSIBLE and "gzip" in request.headers.get("accept-encoding", ""):
                if target not in gzipped:
                    gzipped[target] = gzip.compress(target.read_bytes(), 6)
                return raw(gzipped[target], content_type=COMPRESSIBLE[target.suffix],
                           headers={**headers, "Content-Encoding": "gzip"})
            return await file(target, headers=headers)

    @app.before_server_start
    async def open_client(app):
        import httpx  # only with the web UI: an API-only worker starts without it

        app.ctx.webui = httpx.AsyncClient(base_url=webui_url, timeout=60.0, follow_redirects=False)

    @app.after_server_stop
    async def close_client(app):
        await app.ctx.webui.aclose()

    @access(public=True)
    async def web_page(request: Request, path: str = ""):
        if request.path.startswith(PASSTHROUGH_PREFIXES):
            raise NotFound()
        headers = [(k, v) for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP]
        upstream = await request.app.ctx.webui.request(
            request.method, request.path, params=request.query_string or None, headers=headers, content=request.body or None,
        )
        response = HTTPResponse(upstream.content, status=upstream.status_code)
        for key, value in upstream.headers.multi_items():
            if key.lower() in HOP_BY_HOP:
                continue
            if key.lower() == "location":
                value = value.replace(webui_url, "")
            response.headers.add(key, value)
        return response

    methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
    app.add_route(web_page, "/", methods=methods, name="web_root")
    app.add_route(web_page, "/<path:path>", methods=methods, name="web_page")
