"""Is Zhitu's import of a file faithful to what a teacher expects (tests/corpus/teacher.py)? Shared
by the corpus test and the benchmark figure."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from tests.corpus.teacher import READERS, expect

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
FOLDERS = [SHARED / "fixtures", *(SHARED / "corpus" / kind for kind in ("xmind", "mm-opml", "xlsx", "docx", "pdf"))]


def real_files() -> list[Path]:
    """Every outline-format file of ../shared/fixtures and ../shared/corpus (empty when absent)."""
    return sorted(p for folder in FOLDERS if folder.is_dir() for p in folder.iterdir() if p.suffix.lower() in READERS)


# Refusals a person can act on: not an outline (and why), empty, no nodes, a PDF needing the layout preview.
REFUSALS = {"format.not_outline", "format.empty", "format.no_nodes", "format.pdf_needs_preview"}


def compact(name: str) -> str:
    return "".join(name.split())


@dataclass
class Outcome:
    path: Path
    faithful: bool
    detail: str


def judge(path: Path) -> Outcome:
    from toolkit.errors import FormatError, ZhituError
    from toolkit.imports import validate_documents

    expected = expect(path)
    try:
        docs, problems, _report = validate_documents(path)
    except ZhituError as exc:
        return Outcome(path, False, f"uncaught {exc.message('en')}")
    except Exception as exc:  # a traceback is what the test is for
        return Outcome(path, False, f"traceback {type(exc).__name__}: {exc}")
    if expected.refuse:
        clean_refusal = not docs and len(problems) == 1 and isinstance(problems[0], FormatError) and problems[0].key in REFUSALS
        return Outcome(path, clean_refusal, f"expected a refusal ({expected.refuse}); got "
                       + (problems[0].message("en") if problems else f"{sum(d.node_count() for d in docs)} nodes"))
    if problems:
        return Outcome(path, False, f"{len(problems)} problems, first: {problems[0].message('en')}")
    # Names compare without their white space: rich text spaces inline tags either way.
    got = Counter(compact(node.name) for doc in docs for node, _p, _l in doc.walk())
    want = Counter(compact(name) for name in expected.names if name)
    missing = want - got
    for name in [n for n in missing if len(n) > 300]:
        # Past the name limit (500 characters) a node text keeps its start as the name and all of it
        # as the description.
        if any(len(g) >= 10 and name.startswith(g.rstrip("…")) for g in got):
            del missing[name]
    extra = sum(got.values()) - sum(want.values()) - expected.names.count(None)
    faithful = not missing and 0 <= extra <= len(docs) and len(docs) == expected.sheets
    return Outcome(path, faithful, f"{len(expected.names)} expected, {sum(got.values())} imported in {len(docs)} graphs "
                   f"(expected {expected.sheets}); missing {sum(missing.values())} {list(missing)[:3]}; extra {extra}")


def measure(files: list[Path] | None = None) -> list[Outcome]:
    return [judge(path) for path in (real_files() if files is None else files)]
