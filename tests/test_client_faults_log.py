"""A client's malformed request is the client's fault: the server answers it and logs one warning
line, not an ERROR with a traceback (service/client_faults.py)."""
from __future__ import annotations

import os

import httpx

from tests.servers import serving


def test_malformed_form_and_get_with_body_log_one_warning_each(demo_db, zhitu_home, tmp_path):
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db}
    log = tmp_path / "server.log"
    with serving(env, "--no-worker", log=log) as api, httpx.Client(timeout=30) as client:
        broken = client.post(f"{api}/Authorize/login", content=b"--x\r\nno-colon-header\r\n\r\nv\r\n--x--",
                             headers={"content-type": "multipart/form-data; boundary=x"})
        assert 400 <= broken.status_code < 500 or broken.json()["code"] != 0
        with_body = client.request("GET", f"{api}/health", content=b"{\"unread\": true}")
        assert with_body.status_code == 200
        assert client.get(f"{api}/health").status_code == 200
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text[-3000:]
    assert "client fault: Failed when parsing form" in text, text[-3000:]
    assert "client fault:" in text and "body not consumed." in text, text[-3000:]
    error_lines = [line for line in text.splitlines() if "ERROR" in line]
    assert not error_lines, error_lines
