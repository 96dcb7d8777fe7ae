"""A request whose client leaves while it waits for SQLite's write lock (held by the mining worker
or an import in another process) is cancelled by Sanic; the server must go on answering. Before
toolkit/sqlite_engine mended Tortoise's transaction context, the cancelled BEGIN kept the
connection's lock and every later query of that worker waited forever: /health answered, sign-in
did not."""
from __future__ import annotations

import os
import sqlite3
import time

import httpx
import pytest

from tests.servers import serving


def _sign_in(client: httpx.Client, api: str) -> str:
    body = client.post(f"{api}/Authorize/login", json={"userName": "super", "password": "Zhitu@2026"}).json()
    assert body["code"] == 0, body
    return body["result"]["accessToken"]


def test_a_write_cancelled_while_waiting_for_the_lock_leaves_the_server_answering(demo_db, zhitu_home):
    if not demo_db.startswith("sqlite://"):
        pytest.skip("SQLite only: the write lock of another process")
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db}
    with serving(env, "--no-worker") as api, httpx.Client(timeout=30) as client:
        token = _sign_in(client, api)
        templates = client.get(f"{api}/graphList/getAllowedTemplateList", headers={"Authorization": f"Bearer {token}"}).json()
        template_id = templates["result"][0]["id"]
        other = sqlite3.connect(demo_db[len("sqlite://"):], isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # another process is writing
        try:
            with pytest.raises(httpx.TimeoutException):  # the client gives up and goes away
                httpx.post(f"{api}/graphList", headers={"Authorization": f"Bearer {token}"},
                           json={"name": "等锁的图谱", "templateId": template_id}, timeout=1.5)
            time.sleep(0.5)
        finally:
            other.execute("COMMIT")
            other.close()
        # A hang is the failure here: the limit is far above a sign-in's time.
        with httpx.Client(timeout=20) as fresh:
            token = _sign_in(fresh, api)  # a sign-in replaces the earlier session
            created = fresh.post(f"{api}/graphList", headers={"Authorization": f"Bearer {token}"},
                                 json={"name": "锁放开后的图谱", "templateId": template_id}).json()
            assert created["code"] == 0, created
