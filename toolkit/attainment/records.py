"""Storing, listing and deleting assessed classes; every change is audited."""
from __future__ import annotations

import asyncio

from tortoise.transactions import in_transaction

from toolkit import audit
from toolkit.attainment.calculation import DEFAULT_THRESHOLD, Item, Student
from toolkit.attainment.course import course_structure
from toolkit.attainment.rights import open_course
from toolkit.attainment.sheets import items_from_dicts, read_items, read_scores
from toolkit.errors import NotFound, ValidationError
from toolkit.model import Assessment, StudentScore, User

MAX_LABEL = 50


def _label(value: str | None) -> str:
    text = (value or "").strip()
    if not text or len(text) > MAX_LABEL:
        raise ValidationError("attainment.bad_term", max=MAX_LABEL)
    return text


def _threshold(value) -> float:
    if value is None or value == "":
        return DEFAULT_THRESHOLD
    try:
        number = float(value)
    except (TypeError, ValueError) as exc:
        raise ValidationError("error.field_invalid", field="threshold") from exc
    if not 0 < number <= 1:
        raise ValidationError("error.field_invalid", field="threshold")
    return number


async def import_scores(user: User, graph_id: int, term: str, class_name: str, file_name: str, data: bytes, *,
                        items: list[dict] | None = None, items_file: tuple[str, bytes] | None = None,
                        threshold=None) -> dict:
    """Read a score sheet and store it as the class's assessment for the term, replacing an earlier
    import of the same class and term. A bad sheet raises one located error and stores nothing."""
    await open_course(user, graph_id, write=True)
    term, class_name, limit = _label(term), _label(class_name), _threshold(threshold)
    structure = await course_structure(graph_id)
    objectives = [o.as_objective() for o in structure.objectives]

    def parse():
        given = None
        if items_file is not None:
            given = read_items(items_file[0], items_file[1], objectives)
        elif items is not None:
            given = items_from_dicts(items, objectives)
        return read_scores(file_name, data, objectives, given)

    # Parsing a workbook is CPU work: keep it off the event loop.
    sheet = await asyncio.to_thread(parse)
    async with in_transaction():
        assessment = await Assessment.get_or_none(graph_id=graph_id, term=term, class_name=class_name)
        replaced = assessment is not None
        if assessment is None:
            assessment = await Assessment.create(graph_id=graph_id, term=term, class_name=class_name, threshold=limit,
                                                 items=[i.as_dict() for i in sheet.items], create_user_id=user.id)
        else:
            assessment.threshold, assessment.items, assessment.create_user_id = limit, [i.as_dict() for i in sheet.items], user.id
            await assessment.save()
            await StudentScore.filter(assessment_id=assessment.id).delete()
        await StudentScore.bulk_create([
            StudentScore(assessment_id=assessment.id, student_number=s.number, student_name=s.name, scores=s.scores)
            for s in sheet.students])
        await audit.record("attainment.import", user.id, "graph", graph_id, term=term, className=class_name,
                           students=len(sheet.students), items=len(sheet.items), replaced=replaced)
    return {"id": assessment.id, "graphId": graph_id, "term": term, "className": class_name, "threshold": limit,
            "students": len(sheet.students), "items": [i.as_dict() for i in sheet.items], "replaced": replaced}


async def list_assessments(user: User, graph_id: int) -> list[dict]:
    await open_course(user, graph_id)
    rows = await Assessment.filter(graph_id=graph_id).order_by("term", "class_name").values(
        "id", "term", "class_name", "threshold", "items", "updated_at")
    counts = {}
    for assessment_id in [r["id"] for r in rows]:
        counts[assessment_id] = await StudentScore.filter(assessment_id=assessment_id).count()
    return [{"id": r["id"], "term": r["term"], "className": r["class_name"], "threshold": r["threshold"],
             "items": len(r["items"]), "students": counts[r["id"]], "updateTime": r["updated_at"].isoformat()} for r in rows]


async def delete_term(user: User, graph_id: int, term: str, class_name: str | None = None) -> int:
    """Delete the students' data of a term (or one class of it); returns how many classes went."""
    await open_course(user, graph_id, write=True)
    query = Assessment.filter(graph_id=graph_id, term=_label(term))
    if class_name:
        query = query.filter(class_name=class_name.strip())
    async with in_transaction():
        ids = await query.values_list("id", flat=True)
        if not ids:
            raise NotFound(what="what.assessment")
        students = await StudentScore.filter(assessment_id__in=ids).count()
        await Assessment.filter(id__in=ids).delete()
        await audit.record("attainment.delete", user.id, "graph", graph_id, term=term, className=class_name or "",
                           classes=len(ids), students=students)
    return len(ids)


async def load_term(graph_id: int, term: str, class_name: str | None = None) -> list[tuple[Assessment, list[Item], list[Student]]]:
    """The term's assessed classes with their items and students (no rights check: callers check)."""
    query = Assessment.filter(graph_id=graph_id, term=_label(term))
    if class_name:
        query = query.filter(class_name=class_name.strip())
    assessments = await query.order_by("class_name")
    if not assessments:
        raise NotFound(what="what.assessment")
    rows = await StudentScore.filter(assessment_id__in=[a.id for a in assessments]).order_by("id").values(
        "assessment_id", "student_number", "student_name", "scores")
    by_class: dict[int, list[Student]] = {a.id: [] for a in assessments}
    for row in rows:
        by_class[row["assessment_id"]].append(Student(row["student_number"], row["student_name"], [float(s) for s in row["scores"]]))
    return [(a, [Item.from_dict(i) for i in a.items], by_class[a.id]) for a in assessments]
