"""File formats: each module reads a file into a GraphDoc and writes a GraphDoc to a file.

Readers never touch the database; `toolkit.imports` stores what they read in one transaction.
"""
from __future__ import annotations

from pathlib import Path
from types import ModuleType

from toolkit.errors import FormatError

READERS = ("edg", "xlsx", "md", "opml", "mm", "xmind", "docx", "case", "pdf")
WRITERS = ("edg", "xlsx", "md", "opml", "mm", "xmind", "docx", "case", "svg", "png", "pdf")
SUFFIXES = {".edg": "edg", ".xlsx": "xlsx", ".md": "md", ".markdown": "md", ".opml": "opml", ".mm": "mm",
            ".xmind": "xmind", ".docx": "docx", ".json": "edg", ".svg": "svg", ".png": "png", ".pdf": "pdf",
            ".case": "case"}


def format_of(path: str | Path, explicit: str | None = None) -> str:
    name = Path(path).name.lower()
    if not explicit and name.endswith((".case.json", ".case")):
        return "case"
    if explicit:
        if explicit not in SUFFIXES.values():
            raise FormatError("format.unknown", where=str(path), name=explicit)
        return explicit
    suffix = Path(path).suffix.lower()
    if suffix not in SUFFIXES:
        raise FormatError("format.unknown", where=str(path), name=suffix or "?")
    return SUFFIXES[suffix]


def module(name: str) -> ModuleType:
    import importlib

    return importlib.import_module(f"toolkit.formats.{name}")


def readable(name: str) -> bool:
    return name in READERS
