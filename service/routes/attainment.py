"""Attainment (达成度) over HTTP: import a class's scores, read the results, export the report,
delete a term's students' data. Rights per graph are toolkit.attainment.rights'."""

from sanic import Blueprint, Request

from service.access import ADMIN, EXPERT, SUPER, TEST, access
from service.envelope import lang_of, ok
from service.request_data import bounded, parse_json, query_text, required_query_int
from service.routes.graph_files import download, form_int, uploaded
from toolkit.attainment import exports, indicators, records, reports
from toolkit.errors import ValidationError

bp = Blueprint("attainment", url_prefix="/api/attainment")
READERS = (SUPER, ADMIN, EXPERT, TEST)
WRITERS = (SUPER, ADMIN, EXPERT)


def _required_text(request: Request, name: str) -> str:
    value = query_text(request, name)
    if not value:
        raise ValidationError("error.field_required", field=name)
    return value


def _items(request: Request) -> list[dict] | None:
    """Items given apart from the sheet: a JSON list in the form field `items`."""
    raw = request.form.get("items")
    if not raw:
        return None
    items = parse_json(raw)  # the JSON body rule: depth, size and forbidden characters
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise ValidationError("error.field_invalid", field="items")
    return items


@bp.post("/import")
@access(*WRITERS)
async def import_scores(request: Request):
    """Import a class's score sheet (xlsx or csv) for a term; a bad row is refused with its place."""
    upload = uploaded(request)
    graph_id = bounded(form_int(request, "graphId", required=True), "graphId")
    result = await records.import_scores(request.ctx.user, graph_id, request.form.get("term") or "",
                                         request.form.get("className") or "", upload.name, upload.body,
                                         items=_items(request), threshold=request.form.get("threshold"))
    return ok(request, result)


@bp.get("/assessments")
@access(*READERS)
async def list_assessments(request: Request):
    return ok(request, await records.list_assessments(request.ctx.user, required_query_int(request, "graphId")))


@bp.get("/course")
@access(*READERS)
async def course(request: Request):
    """A term's result per objective (table, charts, graph colouring, improvement starting points)."""
    result = await reports.course_report(request.ctx.user, required_query_int(request, "graphId"),
                                         _required_text(request, "term"), query_text(request, "className") or None)
    return ok(request, result)


@bp.get("/history")
@access(*READERS)
async def history(request: Request):
    return ok(request, await reports.course_history(request.ctx.user, required_query_int(request, "graphId")))


@bp.get("/students")
@access(SUPER, ADMIN, EXPERT)
async def students(request: Request):
    """Per-student scores and values: the course's teachers and the unit's admins only."""
    result = await reports.student_values(request.ctx.user, required_query_int(request, "graphId"),
                                          _required_text(request, "term"), query_text(request, "className") or None)
    return ok(request, result)


@bp.get("/indicators")
@access(*READERS)
async def indicator_list(request: Request):
    """Graduation-requirement indicators of a training plan (major ability-target graph)."""
    result = await indicators.indicator_report(request.ctx.user, required_query_int(request, "graphId"),
                                               query_text(request, "term") or None, query_text(request, "method") or "weighted",
                                               query_text(request, "weights") or None)
    return ok(request, result)


@bp.get("/indicatorHistory")
@access(*READERS)
async def indicator_history(request: Request):
    """Each term's indicator values, oldest first."""
    result = await indicators.indicator_history(request.ctx.user, required_query_int(request, "graphId"),
                                                query_text(request, "method") or "weighted", query_text(request, "weights") or None)
    return ok(request, result)


@bp.get("/export")
@access(*READERS)
async def export(request: Request):
    """The Word report (docx), the workbook (xlsx) or the JSON result as a download."""
    fmt = query_text(request, "format") or "docx"
    data, name = await exports.export_report(request.ctx.user, required_query_int(request, "graphId"),
                                             _required_text(request, "term"), query_text(request, "className") or None,
                                             fmt, lang_of(request))
    return download(data, name, fmt)


@bp.delete("/term")
@access(*WRITERS)
async def delete_term(request: Request):
    """Delete a term's students' data (or one class's)."""
    count = await records.delete_term(request.ctx.user, required_query_int(request, "graphId"),
                                      _required_text(request, "term"), query_text(request, "className") or None)
    return ok(request, {"deleted": count})
