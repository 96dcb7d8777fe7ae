"""Rich-text input is sanitised on the way in: only harmless markup survives (nh3)."""
from __future__ import annotations

import nh3


def sanitise(html: str | None) -> str:
    return nh3.clean(html or "").strip()
