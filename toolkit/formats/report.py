"""The import report: what one import read and created, what it did not carry over (counted by
kind) and every warning with its location. Readers add to the report being collected (a context
variable, so their signatures stay `read(path, data)`); without one their notes go nowhere."""
from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterator

from toolkit import messages


@dataclass
class Note:
    key: str
    where: str
    params: dict = field(default_factory=dict)

    def message(self, lang: str | None = None) -> str:
        return messages.text(self.key, lang, where=self.where, **self.params)


@dataclass
class ImportReport:
    source: str
    format: str = ""
    nodes_read: int = 0
    nodes_created: int = 0
    graphs: list[dict] = field(default_factory=list)
    not_carried: Counter = field(default_factory=Counter)   # kind -> count
    warnings: list[Note] = field(default_factory=list)
    notices: list[Note] = field(default_factory=list)       # information, not a problem (a skipped empty sheet)
    # Attributes the template lacks are kept as extra pairs (a teacher's own columns, a mind map's
    # attributes) rather than refused as unknown columns (a mistyped column of Zhitu's own layout).
    free_attributes: bool = False

    def warn(self, key: str, where: str, **params) -> None:
        self.warnings.append(Note(key, where, params))

    def notice(self, key: str, where: str, **params) -> None:
        self.notices.append(Note(key, where, params))

    def drop(self, kind: str, where: str, count: int = 1) -> None:
        """An element of the file that has no place in the graph: counted by kind, located once."""
        self.not_carried[kind] += count
        self.warnings.append(Note("import.not_carried", where, {"kind": messages.Named(*KINDS.get(kind, (kind, kind)))}))

    def as_dict(self, lang: str | None = None) -> dict:
        return {"source": self.source, "format": self.format, "nodesRead": self.nodes_read, "nodesCreated": self.nodes_created,
                "graphs": self.graphs,
                "notCarried": [{"kind": kind, "label": messages.text(f"import.kind.{kind}", lang) if f"import.kind.{kind}" in messages.CATALOGUE else kind,
                                "count": count} for kind, count in sorted(self.not_carried.items())],
                "warnings": [{"key": n.key, "where": n.where, "message": n.message(lang)} for n in self.warnings],
                "notices": [{"key": n.key, "where": n.where, "message": n.message(lang)} for n in self.notices]}


# Kinds of elements a reader may leave out, named for people (zh-CN, en).
KINDS = {
    "image": ("图片", "image"),
    "relationship": ("无法对应节点的联系", "relationship between unknown topics"),
    "boundary": ("外框", "boundary"),
    "empty_sheet": ("空白画布", "empty sheet"),
    "table": ("表格", "table"),
    "toc": ("目录", "table of contents"),
    "style": ("样式", "style"),
    "cloud": ("云形", "cloud"),
}

_current: ContextVar[ImportReport | None] = ContextVar("zhitu_import_report", default=None)


@contextmanager
def collecting(source: str, fmt: str = "", into: ImportReport | None = None) -> Iterator[ImportReport]:
    """Collect readers' notes into a new report, or into `into` (a later step of the same import)."""
    report = into or ImportReport(source, fmt)
    token = _current.set(report)
    try:
        yield report
    finally:
        _current.reset(token)


def current() -> ImportReport:
    """The report being collected, or a throw-away one."""
    return _current.get() or ImportReport("")


def warn(key: str, where: str, **params) -> None:
    current().warn(key, where, **params)


def notice(key: str, where: str, **params) -> None:
    current().notice(key, where, **params)


def drop(kind: str, where: str, count: int = 1) -> None:
    current().drop(kind, where, count)
