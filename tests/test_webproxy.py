"""Built web assets are served by Sanic itself: gzipped when the browser takes it, never outside the folder."""
import asyncio

import httpx
from sanic import Sanic



async def test_static_assets_are_gzipped_and_confined(tmp_path, monkeypatch):
    static = tmp_path / ".next" / "static" / "chunks"
    static.mkdir(parents=True)
    script = b"console.log('zhitu');" * 200
    (static / "app.js").write_bytes(script)
    (tmp_path / "secret.txt").write_text("no")
    from service.app import create_app

    monkeypatch.setenv("ZHITU_WEBUI_DIR", str(tmp_path))
    Sanic.test_mode = True
    app = create_app("webproxy_test", webui_url="http://127.0.0.1:9", manage_db=False)
    app.asgi = True
    await app._startup()
    loop = asyncio.get_running_loop()
    await app._server_event("init", "before", loop=loop)  # sanic-ext sets up each route here
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://zhitu.test") as client:
        zipped = await client.get("/_next/static/chunks/app.js", headers={"Accept-Encoding": "gzip"})
        assert zipped.status_code == 200 and zipped.headers["content-encoding"] == "gzip"
        assert zipped.content == script  # httpx undoes the gzip
        assert zipped.num_bytes_downloaded < len(script) / 4
        plain = await client.get("/_next/static/chunks/app.js", headers={"Accept-Encoding": "identity"})
        assert plain.status_code == 200 and "content-encoding" not in plain.headers and plain.content == script
        assert "immutable" in plain.headers["cache-control"]
        escaped = await client.get("/_next/static/%2e%2e/%2e%2e/secret.txt")
        assert escaped.status_code == 404
        missing = await client.get("/_next/static/chunks/none.js")
        assert missing.status_code == 404
