"""/api/excavate: text materials, mining tasks (with a progress websocket) and the review of results,
for the screens of SPEC §2 "Knowledge process" and the text-material bank of the back office."""
import asyncio
import json
from functools import partial

from sanic import Blueprint, Request
from sanic.response import raw

from service.access import ADMIN, EVERYONE, SUPER, access
from service.envelope import ok, page
from service.request_data import int_field, int_list, json_body, query_int, query_text, text_field
from toolkit.auth import sessions
from toolkit.errors import ValidationError, ZhituError
from toolkit.mining import dictionaries, review, sources, tasks



class _MiningBlueprint(Blueprint):
    """Sanic wraps a websocket handler in a partial of its own when the route is registered,
    which hides the access rule that every route must show (tests/test_access_walk.py): copy it on."""

    def register(self, app, options):
        super().register(app, options)
        for route in app.router.routes:
            handler = route.handler
            if getattr(handler, "is_websocket", False) and isinstance(handler, partial) and handler.args \
                    and hasattr(handler.args[0], "access_rule"):
                handler.access_rule = handler.args[0].access_rule


bp = _MiningBlueprint("mining", url_prefix="/api/excavate")


def _form_int(request: Request, name: str) -> int | None:
    value = request.form.get(name)
    if value in (None, ""):
        return None
    try:
        return int(value)
    except ValueError as exc:
        raise ValidationError("error.field_invalid", field=name) from exc


def _id_list(request: Request, name: str) -> list[int] | None:
    """Comma-separated ids in the query (the screens pass graphIds and miningIds in the path)."""
    raw_value = query_text(request, name)
    if not raw_value:
        return None
    try:
        return [int(part) for part in raw_value.split(",") if part.strip()]
    except ValueError as exc:
        raise ValidationError("error.field_invalid", field=name) from exc


# Text materials

@bp.post("/textSource")
@access(*EVERYONE)
async def add_source(request: Request):
    upload = request.files.get("file")
    if upload is None:
        raise ValidationError("upload.file_required")
    return ok(request, await sources.add_source(request.ctx.user, upload.name, upload.body, _form_int(request, "graphId"),
                                                _form_int(request, "projectId")))


@bp.get("/textSource/list")
@access(*EVERYONE)
async def list_sources(request: Request):
    items, total = await sources.list_sources(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                              query_int(request, "graphId"), query_text(request, "keyword"))
    return page(request, items, total)


@bp.get("/textSource/bank")
@access(SUPER, ADMIN)
async def source_bank(request: Request):
    """The back office's text-material bank (/textSourceBank/index)."""
    items, total = await sources.list_sources(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                              query_int(request, "graphId"), query_text(request, "keyword"), bank=True)
    return page(request, items, total)


@bp.get("/textSource/<source_id:int>")
@access(*EVERYONE)
async def source_detail(request: Request, source_id: int):
    return ok(request, await sources.source_detail(request.ctx.user, source_id))


@bp.delete("/textSource/<source_id:int>")
@access(*EVERYONE)
async def delete_source(request: Request, source_id: int):
    await sources.delete_source(request.ctx.user, source_id)
    return ok(request)


@bp.put("/textSource/<source_id:int>/graph")
@access(*EVERYONE)
async def rebind_source(request: Request, source_id: int):
    """Binds a text material to another graph ({"graphId": id}) or to none ({"graphId": null});
    tasks already mined from it keep their graph and results."""
    data = json_body(request)
    if "graphId" not in data:
        raise ValidationError("error.field_required", field="graphId")
    return ok(request, await sources.rebind_source(request.ctx.user, source_id, int_field(data, "graphId", False)))


@bp.get("/textSource/<source_id:int>/compare")
@access(*EVERYONE)
async def image_text_compare(request: Request, source_id: int):
    """The data of /image_text_compare/{sourceId}: page images beside their lines of text."""
    return ok(request, await sources.image_text_compare(request.ctx.user, source_id))


@bp.get("/textSource/<source_id:int>/page/<number:int>")
@access(*EVERYONE)
async def page_image(request: Request, source_id: int, number: int):
    data, content_type = await sources.page_image(request.ctx.user, source_id, number)
    return raw(data, content_type=content_type)


# User dictionaries

@bp.get("/dictionary")
@access(*EVERYONE)
async def get_dictionary(request: Request):
    return ok(request, await dictionaries.get_terms(request.ctx.user, query_int(request, "graphId"), query_int(request, "projectId")))


@bp.put("/dictionary")
@access(*EVERYONE)
async def set_dictionary(request: Request):
    data = json_body(request)
    return ok(request, await dictionaries.set_terms(request.ctx.user, data.get("terms"), int_field(data, "graphId", False),
                                                    int_field(data, "projectId", False)))


# Tasks

@bp.post("/task")
@access(*EVERYONE)
async def create_task(request: Request):
    data = json_body(request)
    return ok(request, await tasks.create_task(request.ctx.user, str(data.get("kind") or ""), data.get("sourceIds"),
                                               int_field(data, "graphId", False), data.get("params")))


@bp.get("/task/list")
@access(*EVERYONE)
async def list_tasks(request: Request):
    items, total = await tasks.list_tasks(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                          query_text(request, "kind") or None, query_int(request, "graphId"),
                                          query_text(request, "state") or None)
    return page(request, items, total)


@bp.get("/task/<task_id:int>")
@access(*EVERYONE)
async def task_detail(request: Request, task_id: int):
    return ok(request, await tasks.task_detail(request.ctx.user, task_id))


@bp.post("/task/<task_id:int>/cancel")
@access(*EVERYONE)
async def cancel_task(request: Request, task_id: int):
    return ok(request, await tasks.cancel_task(request.ctx.user, task_id))


@bp.post("/task/<task_id:int>/retry")
@access(*EVERYONE)
async def retry_task(request: Request, task_id: int):
    return ok(request, await tasks.retry_task(request.ctx.user, task_id))


@bp.delete("/task/<task_id:int>")
@access(*EVERYONE)
async def delete_task(request: Request, task_id: int):
    await tasks.delete_task(request.ctx.user, task_id)
    return ok(request)


@bp.websocket("/task/<task_id:int>/progress")
@access(public=True)
async def task_progress(request: Request, ws, task_id: int):
    """Progress frames {id, state, progress, error} until the task ends. A browser cannot set
    headers on a websocket, so the bearer token comes as ?token= and gets the same checks."""
    try:
        user = await sessions.user_for_token(request.args.get("token"))
        await tasks.get_task(user, task_id)
    except ZhituError as exc:
        await ws.send(json.dumps({"code": 1, "message": exc.message()}, ensure_ascii=False))
        await ws.close()
        return
    last = None
    while True:
        view = await tasks.task_detail(user, task_id)
        frame = {"id": view["id"], "state": view["state"], "progress": view["progress"], "error": view["error"]}
        if view["waitingForWorker"]:
            frame.update(waitingForWorker=True, workerCommand=view["workerCommand"])
        if frame != last:
            await ws.send(json.dumps(frame, ensure_ascii=False))
            last = frame
        if view["state"] in ("done", "failed", "cancelled"):
            break
        await asyncio.sleep(0.5)
    await ws.close()


# Results and review

@bp.get("/result/list")
@access(*EVERYONE)
async def list_results(request: Request):
    score = request.args.get("minScore")
    try:
        min_score = float(score) if score not in (None, "") else None
    except ValueError as exc:
        raise ValidationError("error.field_invalid", field="minScore") from exc
    items, total = await review.list_results(request.ctx.user, _id_list(request, "taskIds"), _id_list(request, "graphIds"),
                                             query_text(request, "kind") or None, query_text(request, "state") or None,
                                             min_score, query_text(request, "keyword"), query_int(request, "page", 1),
                                             query_int(request, "pageSize", 10))
    return page(request, items, total)


@bp.put("/result/<result_id:int>")
@access(*EVERYONE)
async def edit_result(request: Request, result_id: int):
    return ok(request, await review.edit_result(request.ctx.user, result_id, json_body(request)))


@bp.post("/result/reject")
@access(*EVERYONE)
async def reject_results(request: Request):
    return ok(request, {"rejected": await review.reject_results(request.ctx.user, int_list(json_body(request), "ids"))})


@bp.post("/result/accept")
@access(*EVERYONE)
async def accept_results(request: Request):
    data = json_body(request)
    return ok(request, await review.accept_results(request.ctx.user, int_list(data, "ids"), int_field(data, "graphId", False),
                                                   int_field(data, "parentNodeId", False), int_field(data, "nodeId", False)))


@bp.get("/result/parentSuggestion")
@access(*EVERYONE)
async def parent_suggestion(request: Request):
    """The parent the accept dialog starts from for the points ?ids=1,2 (attribution's node)."""
    return ok(request, await review.suggest_parent(request.ctx.user, _id_list(request, "ids") or []))


@bp.post("/result/reopen")
@access(*EVERYONE)
async def reopen_results(request: Request):
    """Rejected results go back to review (an accepted point also loses the node it made)."""
    items = await review.reopen_results(request.ctx.user, int_list(json_body(request), "ids"))
    return ok(request, {"reopened": len(items), "items": items})


@bp.post("/result/acceptAsGraph")
@access(*EVERYONE)
async def accept_as_graph(request: Request):
    """catalogue_edit: a recognised catalogue becomes a new graph."""
    data = json_body(request)
    return ok(request, await review.catalogue_as_graph(request.ctx.user, int_field(data, "taskId"), text_field(data, "name"),
                                                       int_field(data, "projectId", False),
                                                       str(data.get("templateCode") or "teaching")))


@bp.post("/result/acceptAbove")
@access(*EVERYONE)
async def accept_above(request: Request):
    data = json_body(request)
    score = data.get("minScore")
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        raise ValidationError("error.field_invalid", field="minScore")
    return ok(request, await review.accept_above(request.ctx.user, int_field(data, "taskId"), float(score),
                                                 int_field(data, "graphId", False), int_field(data, "parentNodeId", False)))
