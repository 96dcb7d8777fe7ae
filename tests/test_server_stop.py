"""`zhitu serve` stops on SIGTERM at any moment, even in its first second (service/server.py)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.servers import ROOT, free_port


def test_a_stop_while_the_workers_are_starting_stops_the_server(demo_db, zhitu_home, tmp_path):
    # Sanic's main process waits for each worker's startup acknowledgement; a SIGTERM then used to
    # end the workers while the main process waited for them forever.
    env = {**os.environ, "ZHITU_HOME": str(zhitu_home), "ZHITU_DB": demo_db}
    log = tmp_path / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([str(Path(sys.executable).parent / "zhitu"), "serve", "--api-only", "--no-worker",
                                    "--port", str(free_port())],
                                   cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while "Starting worker" not in log.read_text(errors="replace"):
                assert process.poll() is None and time.monotonic() < deadline, log.read_text(errors="replace")[-2000:]
                time.sleep(0.02)
            process.terminate()
            # Not a speed figure: a server that hangs never ends, and one that stops ends in seconds.
            assert process.wait(timeout=60) is not None
        finally:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
