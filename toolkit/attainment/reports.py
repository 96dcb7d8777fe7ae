"""A course's attainment for a term: per objective, per class, the course, and the starting
points for improvement (objectives below the threshold with the knowledge points supporting them)."""
from __future__ import annotations

from toolkit.attainment import calculation
from toolkit.attainment.course import bound_indicators, course_structure
from toolkit.attainment.records import load_term
from toolkit.attainment.rights import open_course
from toolkit.model import Assessment, Node, User

COURSE_FIELDS = ("credits", "hours", "semester", "courseType")


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


async def course_report(user: User, graph_id: int, term: str, class_name: str | None = None) -> dict:
    """The JSON result behind the table, the charts, the workbook and the Word report."""
    access = await open_course(user, graph_id)
    structure = await course_structure(graph_id)
    classes = await load_term(graph_id, term, class_name)
    threshold = min(a.threshold for a, _, _ in classes)
    per_class = {a.class_name: {o.id: calculation.objective_result(items, students, o.id, a.threshold)
                                for o in structure.objectives} for a, items, students in classes}
    indicators = await bound_indicators([o.id for o in structure.objectives])
    indicator_names = dict(await Node.filter(id__in=[i for ids in indicators.values() for i in ids]).values_list("id", "name"))
    objectives, averages = [], {}
    for objective in structure.objectives:
        result = calculation.pooled([per_class[name][objective.id] for name in per_class])
        average = result.average if result else None
        averages[objective.id] = average
        objectives.append({
            "id": objective.id, "name": objective.name, "number": objective.number, "desc": objective.desc,
            "weight": objective.weight, "average": _round(average), "share": _round(result.share if result else None),
            "attained": None if average is None else average >= threshold,
            "distribution": result.distribution if result else [0] * calculation.BINS,
            "items": [{**row, "weight": _round(row["weight"]), "average": _round(row["average"])} for row in (result.items if result else [])],
            "abilityPoints": objective.ability_points,
            "knowledgePoints": objective.knowledge_points,
            "indicators": [{"id": i, "name": indicator_names.get(i, "")} for i in indicators.get(objective.id, [])],
        })
    course = calculation.course_values(averages, structure.weights)
    # On the graph: objectives and their ability points take the objective's value.
    node_values = {}
    for item in objectives:
        if item["average"] is not None:
            for node_id in [item["id"], *(p["id"] for p in item["abilityPoints"])]:
                node_values[str(node_id)] = item["average"]
    return {
        "graph": {"id": graph_id, "name": access.graph.name, "canEdit": access.can_edit},
        "course": {"name": structure.root_attributes.get("CourseName") or structure.root_name,
                   **{k: structure.root_attributes.get(k) for k in COURSE_FIELDS}},
        "term": term.strip(), "threshold": threshold,
        "classes": [{"className": a.class_name, "students": len(students), "threshold": a.threshold,
                     "items": [i.as_dict() for i in items],
                     "objectives": {str(k): {"average": _round(v.average), "share": _round(v.share)} for k, v in per_class[a.class_name].items()}}
                    for a, items, students in classes],
        "students": sum(len(students) for _, _, students in classes),
        "objectives": objectives,
        "courseAttainment": {k: _round(v) for k, v in course.items()},
        "belowThreshold": [o["id"] for o in objectives if o["attained"] is False],
        "nodeAttainment": node_values,
    }


async def course_history(user: User, graph_id: int) -> dict:
    """Each term's objective averages and course values, oldest term first."""
    await open_course(user, graph_id)
    terms = sorted(set(await Assessment.filter(graph_id=graph_id).values_list("term", flat=True)))
    history = []
    for term in terms:
        report = await course_report(user, graph_id, term)
        history.append({"term": term, "students": report["students"], "courseAttainment": report["courseAttainment"],
                        "objectives": [{"id": o["id"], "name": o["name"], "average": o["average"], "share": o["share"]}
                                       for o in report["objectives"]]})
    return {"graphId": graph_id, "terms": history}


async def student_values(user: User, graph_id: int, term: str, class_name: str | None = None) -> dict:
    """Each student's scores and per-objective values: for the course's teachers and the unit's admins."""
    await open_course(user, graph_id, personal=True)
    structure = await course_structure(graph_id)
    rows = []
    for assessment, items, students in await load_term(graph_id, term, class_name):
        for student in students:
            rows.append({"className": assessment.class_name, "number": student.number, "name": student.name,
                         "scores": student.scores,
                         "objectives": {str(o.id): _round(calculation.student_value(items, student.scores, o.id))
                                        for o in structure.objectives}})
    return {"objectives": [{"id": o.id, "name": o.name} for o in structure.objectives], "items": rows}
