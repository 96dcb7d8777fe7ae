"""What a course-ability graph says about attainment: its objectives, their weights, the knowledge
points that support them, and the indicators they are bound to."""
from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.attainment.sheets import Objective
from toolkit.errors import ValidationError
from toolkit.graphs.nodes import load_index
from toolkit.model import CrossRelation, Relation

OBJECTIVE_TYPE = "CourseAbilityTarget"
ABILITY_POINT_TYPE = "CourseAbilityPoint"
KNOWLEDGE_POINT_TYPE = "KnowPoint"
SUPPORTING = ("Support", "Belong")


@dataclass
class CourseObjective:
    id: int
    name: str
    number: int
    desc: str
    weight: float | None
    ability_points: list[dict] = field(default_factory=list)  # id, name
    knowledge_points: list[dict] = field(default_factory=list)  # id, name, abilityPoint

    def as_objective(self) -> Objective:
        return Objective(self.id, self.name, self.number)


@dataclass
class CourseStructure:
    graph_id: int
    root_name: str
    root_attributes: dict
    objectives: list[CourseObjective]

    @property
    def weights(self) -> dict[int, float]:
        return {o.id: o.weight for o in self.objectives if o.weight}


def _weight(value) -> float | None:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if number > 0 else None


async def course_structure(graph_id: int, require_objectives: bool = True) -> CourseStructure:
    index = await load_index(graph_id, ("id", "parent_id", "order", "level", "name", "type", "desc", "attributes"))
    root = index.rows.get(index.root_id) if index.root_id is not None else None
    objectives: list[CourseObjective] = []
    for node_id in (index.subtree_ids(index.root_id) if root else []):
        row = index.rows[node_id]
        if row["type"] == OBJECTIVE_TYPE:
            objectives.append(CourseObjective(node_id, row["name"], len(objectives) + 1, row["desc"],
                                              _weight((row["attributes"] or {}).get("weight"))))
    if require_objectives and not objectives:
        raise ValidationError("attainment.no_course_objectives")
    # Knowledge points supporting an objective: those in its subtree, and those a Support or Belong
    # relation ties to the objective or to one of its ability points.
    owner: dict[int, int] = {}
    for objective in objectives:
        for node_id in index.subtree_ids(objective.id):
            owner[node_id] = objective.id
    relations = await Relation.filter(graph_id=graph_id, relation_type__in=SUPPORTING,
                                      target_node_id__in=list(owner)).values_list("start_node_id", "target_node_id")
    by_id = {o.id: o for o in objectives}
    seen: dict[int, set[int]] = {o.id: set() for o in objectives}

    def add(objective_id: int, point_id: int, through: int | None) -> None:
        row = index.rows.get(point_id)
        if row is None or row["type"] != KNOWLEDGE_POINT_TYPE or point_id in seen[objective_id]:
            return
        seen[objective_id].add(point_id)
        ability = index.rows.get(through) if through is not None else None
        by_id[objective_id].knowledge_points.append(
            {"id": point_id, "name": row["name"], "abilityPoint": ability["name"] if ability else None})

    for objective in objectives:
        for node_id in index.subtree_ids(objective.id):
            row = index.rows[node_id]
            if row["type"] == ABILITY_POINT_TYPE:
                objective.ability_points.append({"id": node_id, "name": row["name"]})
            elif row["type"] == KNOWLEDGE_POINT_TYPE:
                parent = next((a for a in index.ancestors(node_id) if index.rows[a]["type"] == ABILITY_POINT_TYPE), None)
                add(objective.id, node_id, parent)
    for start, target in relations:
        through = target if index.rows[target]["type"] == ABILITY_POINT_TYPE else None
        add(owner[target], start, through)
    return CourseStructure(graph_id, root["name"] if root else "", (root or {}).get("attributes") or {}, objectives)


async def bound_indicators(objective_ids: list[int]) -> dict[int, list[int]]:
    """Indicator node ids each objective is bound to (a Support binding to another graph)."""
    rows = await CrossRelation.filter(start_node_id__in=objective_ids, relation_type="Support").values_list(
        "start_node_id", "target_node_id")
    bound: dict[int, list[int]] = {}
    for start, target in rows:
        bound.setdefault(start, []).append(target)
    return bound
