"""Comparing node names as people mean them: width, case, spaces and punctuation do not count."""
from __future__ import annotations

import unicodedata


def normalise_name(name: str) -> str:
    folded = unicodedata.normalize("NFKC", name or "").casefold()
    return "".join(ch for ch in folded if not (ch.isspace() or unicodedata.category(ch).startswith("P")))
