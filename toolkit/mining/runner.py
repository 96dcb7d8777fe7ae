"""One entry to the five miners, shared by `zhitu mine` (no server) and the task worker."""
from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.errors import ValidationError
from toolkit.mining.candidates import KINDS, Candidate
from toolkit.mining.documents import Document


@dataclass
class GraphContext:
    """What a miner may use of a graph: its point names and its catalogue nodes."""

    point_names: list[str] = field(default_factory=list)
    catalogue_nodes: list[dict] = field(default_factory=list)  # [{key: node id, name, desc, path: names above}]


def check_kind(kind: str) -> str:
    if kind not in KINDS:
        raise ValidationError("mining.unknown_kind", kind=kind, allowed=", ".join(KINDS))
    return kind


BACKENDS = ("offline", "llm")


def check_backend(backend: str | None) -> str | None:
    """None: the LLM miners when ZHITU_LLM_URL is set, else the offline ones."""
    if backend is not None and backend not in BACKENDS:
        raise ValidationError("error.field_invalid", field="backend")
    return backend


def check_min_score(value) -> float | None:
    """A relations task's `minScore`: None (the miner's default) or a number from 0 to 1."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ValidationError("error.field_invalid", field="minScore")
    return float(value)


MAX_LIMIT = 1000  # results per source a points task may ask for (the review lists them all)
# The parameters each kind's miner reads: the others are refused (field params.KEY), not ignored.
TASK_PARAMS = {"points": ("limit", "backend"), "relations": ("backend", "minScore")}
DEFAULT_TASK_PARAMS = ("backend",)


def check_limit(limit) -> int | None:
    """Results per source: None (all) or a whole number from 1 to MAX_LIMIT (0 or less used to mean
    all, or all but the last few)."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT):
        raise ValidationError("error.field_invalid", field="limit")
    return limit


def check_params(params, kind: str) -> dict:
    """A task's `params`: an object of the keys its kind reads (TASK_PARAMS), each valid. A key the
    miner does not read is refused rather than stored, so a client never believes it asked for
    something that is ignored (a limit on definitions, a minScore on points)."""
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise ValidationError("error.field_invalid", field="params")
    for key in params:
        if key not in TASK_PARAMS.get(kind, DEFAULT_TASK_PARAMS):
            raise ValidationError("error.field_invalid", field=f"params.{key}")
    check_limit(params.get("limit"))
    check_backend(params.get("backend"))
    check_min_score(params.get("minScore"))
    return dict(params)


def less_sure_left_out(kind: str, min_score) -> bool:
    """Relations mined above a confidence (the default, or a minScore over 0): the kinds of evidence
    right less often were not listed, which an empty answer should say (web review, TUI, CLI)."""
    return kind == "relations" and (min_score is None or float(min_score) > 0)


def mine_document(kind: str, document: Document, terms: list[str] | None = None,
                  graph: GraphContext | None = None, limit: int | None = 200, backend: str | None = None,
                  min_score: float | None = None) -> list[Candidate]:
    """min_score: relations only; those whose kind of evidence is right less often are left out
    (None: relations.DEFAULT_MIN_SCORE; 0 keeps every relation, ranked by that confidence)."""
    from toolkit.mining import llm

    check_kind(kind)
    check_limit(limit)
    document = document.for_mining()
    if check_backend(backend) == "llm" or (backend is None and llm.configured()):
        return llm.mine(kind, document, terms, graph.point_names if graph else None,
                        graph.catalogue_nodes if graph else None, limit)
    from toolkit.mining import lac_shim

    with lac_shim.one_run():
        return _mine_offline(kind, document, list(terms or []), graph, limit, min_score)


def _mine_offline(kind: str, document: Document, terms: list[str], graph: GraphContext | None, limit: int | None,
                  min_score: float | None) -> list[Candidate]:
    # The miners are imported here, not at the top: their patterns and models take a quarter of a
    # second to load, which every server worker would pay at start for a page that mines nothing.
    from toolkit.mining import belong, catalogue, definitions, points, relations

    if kind == "points":
        return points.mine(document, terms, limit=limit)
    if kind == "definitions":
        return definitions.mine(document, terms)
    if kind == "relations":
        names = graph.point_names if graph and graph.point_names else None
        min_score = check_min_score(min_score)
        return relations.mine(document, names, terms,
                              relations.DEFAULT_MIN_SCORE if min_score is None else min_score)
    if kind == "belong":
        nodes = graph.catalogue_nodes if graph and graph.catalogue_nodes else None
        return belong.mine(document, None, nodes, terms)
    return catalogue.mine(document)
