"""Child processes that end with the process that started them.

`zhitu serve` starts the Next.js server, the embedded mining worker and, with --workers N, Sanic's
worker processes. If the main process is killed outright (SIGKILL, OOM) none of its cleanup runs,
and orphans would go on serving the port. On Linux each child asks the kernel for SIGTERM when its
parent dies (PR_SET_PDEATHSIG); elsewhere this does nothing.
"""
from __future__ import annotations

import os
import signal
import sys

_PR_SET_PDEATHSIG = 1


def die_with_parent() -> None:
    """Call in the child (a Popen preexec_fn, or early in a spawned process). The signal follows the
    thread that started the child, so call Popen with it only from long-lived threads."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    # The parent may have died before the request took effect: then we were already adopted.
    if os.getppid() == 1:
        os.kill(os.getpid(), signal.SIGTERM)


def child_start_hook():
    """The preexec_fn for subprocess.Popen: die_with_parent on Linux, nothing elsewhere."""
    return die_with_parent if sys.platform.startswith("linux") else None
