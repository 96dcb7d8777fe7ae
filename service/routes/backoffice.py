"""The back office: graph management and export, metrics, project statistics, tasks, help documents,
carousel images and trial applications."""
from sanic import Blueprint, Request
from sanic.response import raw

from service.client import client_address
from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import lang_of, ok, page
from service.request_data import json_body, query_int, query_text
from service.routes.graph_files import download
from toolkit import portal, trials
from toolkit.admin import backoffice

manage_bp = Blueprint("manage", url_prefix="/api/manage")
doc_bp = Blueprint("docs", url_prefix="/api/doc")
carousel_bp = Blueprint("carousel", url_prefix="/api/carousel")
trial_bp = Blueprint("trials", url_prefix="/api/trial")
# SPEC §2: the back-office screens are open to admins, experts and super admins; what an expert
# may change is narrower (reads only for users, units, carousel and metrics; writes stay with managers).
BACK_OFFICE = (SUPER, ADMIN, EXPERT)


@manage_bp.post("/getGraphList")
@access(*BACK_OFFICE)
async def get_graph_list(request: Request):
    items, total = await backoffice.graph_list(request.ctx.user, json_body(request), lang_of(request))
    return page(request, items, total)


@manage_bp.post("/export")
@access(*BACK_OFFICE)
async def export(request: Request):
    data = await backoffice.export_graph_list(request.ctx.user, json_body(request) if request.body else {}, lang_of(request))
    return download(data, "graphs.xlsx", "xlsx")


@manage_bp.get("/getStatisticMetrics")
@access(*BACK_OFFICE)
async def get_statistic_metrics(request: Request):
    return ok(request, await backoffice.statistic_metrics(request.ctx.user, query_int(request, "days", 30)))


@manage_bp.get("/getProjectList")
@access(*BACK_OFFICE)
async def get_project_list(request: Request):
    items, total = await backoffice.project_list(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                                 query_text(request, "name"))
    return page(request, items, total)


@manage_bp.get("/taskList")
@access(SUPER, ADMIN)
async def task_list(request: Request):
    items, total = await backoffice.task_list(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                              query_text(request, "state"), query_int(request, "graphId"),
                                              query_text(request, "name"))
    return page(request, items, total)


@doc_bp.get("/list")
@access(public=True)
async def list_docs(request: Request):
    items, total = await portal.list_docs(query_text(request, "kind") or None, query_int(request, "page", 1),
                                          query_int(request, "pageSize", 100), query_text(request, "title"))
    return page(request, items, total)


@doc_bp.get("/media/<name:str>")
@access(public=True)
async def help_media(request: Request, name: str):
    """A help video (toolkit.portal.load_help stores them), open like the help pages."""
    data, content_type = portal.media(name)
    return raw(data, content_type=content_type, headers={"Cache-Control": "public, max-age=86400"})


@doc_bp.post("/")
@access(SUPER, ADMIN)
async def add_doc(request: Request):
    return ok(request, await portal.save_doc(request.ctx.user, json_body(request)))


@doc_bp.put("/<doc_id:int>")
@access(SUPER, ADMIN)
async def update_doc(request: Request, doc_id: int):
    return ok(request, await portal.save_doc(request.ctx.user, json_body(request), doc_id))


@doc_bp.delete("/<doc_id:int>")
@access(SUPER, ADMIN)
async def delete_doc(request: Request, doc_id: int):
    await portal.delete_doc(request.ctx.user, doc_id)
    return ok(request, None)


@carousel_bp.get("/list")
@access(public=True)
async def list_carousel(request: Request):
    return ok(request, await portal.list_carousel())


@carousel_bp.get("/manageList")
@access(*BACK_OFFICE)
async def manage_carousel(request: Request):
    return ok(request, await portal.list_carousel(include_disabled=True))


@carousel_bp.get("/image/<item_id:int>")
@access(public=True)
async def carousel_image(request: Request, item_id: int):
    data, content_type = await portal.carousel_image(item_id)
    return raw(data, content_type=content_type, headers={"Cache-Control": "public, max-age=604800"})


@carousel_bp.post("/")
@access(SUPER, ADMIN)
async def add_carousel(request: Request):
    image = request.files.get("file")
    data = {key: request.form.get(key) for key in ("title", "link", "sort") if key in request.form}
    return ok(request, await portal.add_carousel(request.ctx.user, data, (image.name, image.body) if image else None))


@carousel_bp.put("/<item_id:int>")
@access(SUPER, ADMIN)
async def update_carousel(request: Request, item_id: int):
    if request.files.get("file") is not None or request.form:
        image = request.files.get("file")
        data = {key: request.form.get(key) for key in request.form}
        return ok(request, await portal.update_carousel(request.ctx.user, item_id, data, (image.name, image.body) if image else None))
    return ok(request, await portal.update_carousel(request.ctx.user, item_id, json_body(request)))


@carousel_bp.delete("/<item_id:int>")
@access(SUPER, ADMIN)
async def delete_carousel(request: Request, item_id: int):
    await portal.delete_carousel(request.ctx.user, item_id)
    return ok(request, None)


@trial_bp.post("/apply")
@access(public=True)
async def submit_trial(request: Request):
    return ok(request, await trials.submit(json_body(request), client_address(request)))


@trial_bp.get("/list")
@access(*BACK_OFFICE)
async def list_trials(request: Request):
    items, total = await trials.list_trials(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                            query_int(request, "state"), query_text(request, "name"))
    return page(request, items, total)


@trial_bp.put("/handle/<trial_id:int>")
@access(SUPER, ADMIN)
async def handle_trial(request: Request, trial_id: int):
    data = json_body(request)
    # The decision form's fields go to toolkit as sent: it checks them all at once (toolkit.admin.forms).
    return ok(request, await trials.handle(request.ctx.user, trial_id, data.get("state"), data.get("opinion"), data.get("days")))
