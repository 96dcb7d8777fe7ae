"""Course and ability views: support matrices, hours, course lines, ability coverage."""
from __future__ import annotations

from collections import defaultdict

from tortoise.expressions import Q

from toolkit.graphs.guard import open_graph
from toolkit.graphs.names import normalise_name
from toolkit.graphs.nodes import load_index
from toolkit.model import CrossRelation, Node, Relation, User

ABILITY_TYPES = ("AbilityPoint", "AbilityTarget", "TargetPoint", "CourseAbilityTarget", "CourseAbilityPoint")
SUPPORT_TYPES = ("Support", "Belong")


def _number(value) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0


async def ability_relations(user: User, graph_id: int, node_id: int) -> dict:
    """searchAbilityRelation: what supports an ability node (in-graph and bound from other graphs)."""
    await open_graph(user, graph_id)
    inside = await Relation.filter(graph_id=graph_id, relation_type__in=SUPPORT_TYPES).filter(
        Q(start_node_id=node_id) | Q(target_node_id=node_id)).values(
        "id", "relation_type", "attributes", "start_node_id", "start_node__name", "target_node_id", "target_node__name")
    bound = await CrossRelation.filter(Q(start_node_id=node_id) | Q(target_node_id=node_id)).values(
        "id", "relation_type", "start_graph_id", "start_graph__name", "start_node_id", "start_node__name",
        "target_graph_id", "target_graph__name", "target_node_id", "target_node__name")
    return {"nodeId": node_id, "relations": inside, "crossRelations": bound}


async def ability_relation_totals(user: User, graph_id: int) -> dict:
    """searchAbilityPointRelationTotal: how many supports each ability node has; the unsupported ones."""
    await open_graph(user, graph_id)
    nodes = await Node.filter(graph_id=graph_id, type__in=ABILITY_TYPES).order_by("level", "order").values("id", "name", "type")
    ids = [n["id"] for n in nodes]
    counts: dict[int, int] = defaultdict(int)
    for target in await Relation.filter(graph_id=graph_id, relation_type__in=SUPPORT_TYPES, target_node_id__in=ids).values_list("target_node_id", flat=True):
        counts[target] += 1
    wanted = set(ids)
    for start, target in await CrossRelation.filter(Q(target_node_id__in=ids) | Q(start_node_id__in=ids)).values_list("start_node_id", "target_node_id"):
        for end in {start, target} & wanted:
            counts[end] += 1
    items = [{**n, "total": counts[n["id"]]} for n in nodes]
    return {"items": items, "supported": sum(1 for i in items if i["total"]), "unsupported": [i for i in items if not i["total"]]}


async def course_times(user: User, graph_id: int) -> dict:
    """getCourseTimes: hours under each first-level node (course graphs) or by semester (major graphs)."""
    await open_graph(user, graph_id)
    index = await load_index(graph_id, ("id", "parent_id", "order", "level", "name", "type", "attributes"))
    root = index.root_id
    units = []
    for unit_id in index.children.get(root, []):
        ids = index.subtree_ids(unit_id)
        leaf_hours = sum(_number(index.rows[i]["attributes"].get("hours")) for i in ids if not index.children.get(i))
        own = _number(index.rows[unit_id]["attributes"].get("hours"))
        units.append({"id": unit_id, "name": index.rows[unit_id]["name"], "hours": round(own or leaf_hours, 2)})
    semesters: dict[int, dict] = {}
    for row in index.rows.values():
        if row["type"] == "Course" and row["parent_id"] is not None:
            semester = int(_number(row["attributes"].get("semester")))
            entry = semesters.setdefault(semester, {"semester": semester, "courses": 0, "credits": 0.0, "hours": 0.0})
            entry["courses"] += 1
            entry["credits"] += _number(row["attributes"].get("credits"))
            entry["hours"] += _number(row["attributes"].get("hours"))
    return {"units": units, "totalHours": round(sum(u["hours"] for u in units), 2),
            "semesters": [semesters[k] for k in sorted(semesters)]}


async def course_line(user: User, graph_id: int) -> dict:
    """getCourseLine: courses by semester with their prerequisite (Behind) links."""
    await open_graph(user, graph_id)
    courses = await Node.filter(graph_id=graph_id, type="Course").exclude(parent_id=None).values("id", "name", "attributes")
    ids = [c["id"] for c in courses]
    links = await Relation.filter(graph_id=graph_id, relation_type="Behind", start_node_id__in=ids, target_node_id__in=ids).values_list(
        "start_node_id", "target_node_id")
    items = sorted(({"id": c["id"], "name": c["name"], "semester": int(_number(c["attributes"].get("semester"))),
                     "credits": _number(c["attributes"].get("credits")), "hours": _number(c["attributes"].get("hours")),
                     "courseType": c["attributes"].get("courseType")} for c in courses), key=lambda c: (c["semester"], c["name"]))
    return {"courses": items, "prerequisites": [{"start": s, "target": t} for s, t in links]}


async def course_display_info(user: User, graph_id: int) -> dict:
    """getCourseDisplayInfo: the course list and the course x ability support matrix with strengths."""
    line = await course_line(user, graph_id)
    targets = await Node.filter(graph_id=graph_id, type__in=("TargetPoint", "AbilityTarget", "CourseAbilityTarget")).order_by(
        "level", "order").values("id", "name", "type", "parent_id")
    course_ids = [c["id"] for c in line["courses"]]
    support = await Relation.filter(graph_id=graph_id, relation_type="Support", start_node_id__in=course_ids).values(
        "start_node_id", "target_node_id", "attributes")
    matrix = [{"courseId": s["start_node_id"], "targetId": s["target_node_id"], "strength": (s["attributes"] or {}).get("strength")}
              for s in support]
    return {"courses": line["courses"], "targets": targets, "matrix": matrix,
            "credits": round(sum(c["credits"] for c in line["courses"]), 2)}


async def check_ability_tree(user: User, graph_id: int) -> dict:
    """checkNewAbilityTree: names repeated under one parent, empty descriptions, leaves with no support."""
    await open_graph(user, graph_id)
    index = await load_index(graph_id, ("id", "parent_id", "order", "level", "name", "type", "desc"))
    repeated = []
    for parent_id, children in index.children.items():
        seen: dict[str, int] = {}
        for child in children:
            key = normalise_name(index.rows[child]["name"])
            if key in seen:
                repeated.append({"parentId": parent_id, "ids": [seen[key], child], "name": index.rows[child]["name"]})
            seen[key] = child
    totals = await ability_relation_totals(user, graph_id)
    leaves = {i for i in index.rows if not index.children.get(i)}
    return {
        "repeatedNames": repeated,
        "withoutDescription": [{"id": i, "name": r["name"]} for i, r in index.rows.items() if r["type"] in ABILITY_TYPES and not r["desc"].strip()],
        "unsupportedLeaves": [u for u in totals["unsupported"] if u["id"] in leaves],
    }
