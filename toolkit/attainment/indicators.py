"""Graduation-requirement indicators (毕业要求指标点) of a training plan from its courses' results.

The training plan is a major ability-target graph: Course nodes support TargetPoint indicators
with a strength (H/M/L). A course's results come from the course-ability graphs whose root (or
its CourseName attribute) names the course, in the graphs the caller may read; formulas in
`toolkit.attainment.calculation`.
"""
from __future__ import annotations

from collections import defaultdict

from toolkit.attainment import calculation
from toolkit.attainment.course import bound_indicators, course_structure
from toolkit.attainment.reports import course_report
from toolkit.attainment.rights import open_course, readable
from toolkit.errors import NotFound, ValidationError
from toolkit.graphs.names import normalise_name
from toolkit.graphs.nodes import load_index
from toolkit.model import Assessment, Node, Relation, User

INDICATOR_TYPE = "TargetPoint"


def _course_key(name: str, attributes: dict | None) -> str:
    return normalise_name((attributes or {}).get("CourseName") or name)


async def _readable_results(user: User, keys: set[str]) -> list[tuple[str, int, str]]:
    """(course key, graph id, term) of every readable course graph with results for one of the courses, oldest term first."""
    candidates = sorted(set(await Assessment.all().values_list("graph_id", "term")), key=lambda pair: pair[1])
    roots = {row["graph_id"]: row for row in await Node.filter(graph_id__in=[g for g, _ in candidates], parent_id=None).values(
        "graph_id", "name", "attributes")}
    allowed: dict[int, bool] = {}
    found = []
    for graph_id, graph_term in candidates:
        root = roots.get(graph_id)
        key = _course_key(root["name"], root["attributes"]) if root else None
        if key not in keys:
            continue
        if graph_id not in allowed:
            allowed[graph_id] = await readable(user, graph_id)
        if allowed[graph_id]:
            found.append((key, graph_id, graph_term))
    return found


async def _course_graphs(user: User, keys: set[str], term: str | None) -> dict[str, tuple[int, str]]:
    """course key -> (graph id, term) with results in the term (each course's latest term if none is named)."""
    found: dict[str, tuple[int, str]] = {}
    for key, graph_id, graph_term in await _readable_results(user, keys):
        if term is None or graph_term == term.strip():
            found[key] = (graph_id, graph_term)  # later terms overwrite earlier ones
    return found


async def indicator_report(user: User, graph_id: int, term: str | None = None, method: str = "weighted",
                           weights: str | dict | None = None) -> dict:
    await open_course(user, graph_id)
    if method not in calculation.METHODS:
        raise ValidationError("error.field_invalid", field="method")
    strength_weights = calculation.strength_weights(weights)
    index = await load_index(graph_id, ("id", "parent_id", "order", "level", "name", "type", "attributes"))
    indicators = [i for i in (index.subtree_ids(index.root_id) if index.root_id else []) if index.rows[i]["type"] == INDICATOR_TYPE]
    if not indicators:
        raise ValidationError("attainment.not_major")
    courses = {i: row for i, row in index.rows.items() if row["type"] == "Course"}
    support = await Relation.filter(graph_id=graph_id, relation_type="Support", start_node_id__in=list(courses),
                                    target_node_id__in=indicators).values("start_node_id", "target_node_id", "attributes")
    keys = {node_id: _course_key(row["name"], row["attributes"]) for node_id, row in courses.items()}
    graphs = await _course_graphs(user, set(keys.values()), term)
    reports: dict[int, dict] = {}
    bindings: dict[int, dict[int, list[int]]] = {}
    for course_graph, course_term in set(graphs.values()):
        try:
            reports[course_graph] = await course_report(user, course_graph, course_term)
        except NotFound:
            continue
        structure = await course_structure(course_graph)
        bindings[course_graph] = await bound_indicators([o.id for o in structure.objectives])
    by_indicator: dict[int, list[dict]] = defaultdict(list)
    for link in support:
        course_id, indicator_id = link["start_node_id"], link["target_node_id"]
        strength = str((link["attributes"] or {}).get("strength") or "").upper()
        found = graphs.get(keys[course_id])
        entry = {"courseId": course_id, "courseName": courses[course_id]["name"], "strength": strength,
                 "weight": strength_weights.get(strength, 0.0), "graphId": None, "term": None, "value": None, "objectives": []}
        report = reports.get(found[0]) if found else None
        if report is not None:
            bound = [o for o in report["objectives"] if indicator_id in bindings[found[0]].get(o["id"], []) and o["average"] is not None]
            values = [o["average"] for o in bound]
            value = sum(values) / len(values) if values else report["courseAttainment"]["weighted"]
            entry.update(graphId=found[0], term=found[1], value=None if value is None else round(value, 4),
                         objectives=[o["id"] for o in bound])
        by_indicator[indicator_id].append(entry)
    items = []
    for indicator_id in indicators:
        row = index.rows[indicator_id]
        supporting = by_indicator.get(indicator_id, [])
        assessed = [(c["strength"], c["value"]) for c in supporting if c["value"] is not None]
        total = sum(strength_weights.get(s, 0.0) for s, _ in assessed)
        for course in supporting:
            course["normalisedWeight"] = round(course["weight"] / total, 4) if total and course["value"] is not None else None
        value = calculation.indicator_value(assessed, method, strength_weights)
        parent = index.rows.get(row["parent_id"])
        items.append({"id": indicator_id, "name": row["name"], "requirement": parent["name"] if parent else "",
                      "value": None if value is None else round(value, 4), "courses": supporting,
                      "missing": [c["courseName"] for c in supporting if c["value"] is None]})
    return {"graphId": graph_id, "term": term, "method": method, "weights": strength_weights, "indicators": items}


async def indicator_history(user: User, graph_id: int, method: str = "weighted", weights: str | dict | None = None) -> dict:
    """Each term's indicator values (only the courses with results in that term count), oldest first."""
    await open_course(user, graph_id)
    if method not in calculation.METHODS:
        raise ValidationError("error.field_invalid", field="method")
    calculation.strength_weights(weights)
    courses = await Node.filter(graph_id=graph_id, type="Course").values("name", "attributes")
    keys = {_course_key(c["name"], c["attributes"]) for c in courses}
    terms = sorted({term for _, _, term in await _readable_results(user, keys)})
    history = []
    for term in terms:
        report = await indicator_report(user, graph_id, term, method, weights)
        history.append({"term": term, "indicators": [{"id": i["id"], "name": i["name"], "value": i["value"]} for i in report["indicators"]]})
    return {"graphId": graph_id, "method": method, "terms": history}
