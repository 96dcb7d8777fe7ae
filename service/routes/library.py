"""/api/common/graph: the public graph library; /api/preview: its token-less preview."""
from sanic import Blueprint, Request
from sanic.response import raw

from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import lang_of, ok, page
from service.request_data import int_field, json_body, query_int, query_text, required_query_int
from toolkit import library, templates
from toolkit.graphs import big

bp = Blueprint("library", url_prefix="/api/common/graph")
preview_bp = Blueprint("preview", url_prefix="/api/preview")
AUTHORS = (SUPER, ADMIN, EXPERT)


@bp.post("/publish")
@access(*AUTHORS)
async def publish(request: Request):
    data = json_body(request)
    return ok(request, await library.publish(request.ctx.user, int_field(data, "graphId"), data.get("summary") or ""))


@bp.post("/updatePublicState")
@access(SUPER, ADMIN)
async def update_public_state(request: Request):
    data = json_body(request)
    return ok(request, await library.update_public_state(request.ctx.user, int_field(data, "graphId"), data.get("publicState"),
                                                         data.get("opinion")))


@bp.put("/unPublish/<graph_id:int>")
@access(*AUTHORS)
async def unpublish(request: Request, graph_id: int):
    return ok(request, await library.unpublish(request.ctx.user, graph_id))


@bp.get("/list")
@access(public=True)
async def list_library(request: Request):
    """The public library: published graphs only, readable without signing in (/graphCommonMore)."""
    items, total = await library.list_library(query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                              query_text(request, "name"), query_text(request, "templateKind") or None)
    return page(request, items, total)


@bp.get("/listManageGraph")
@access(*AUTHORS)
async def list_manage_graph(request: Request):
    items, total = await library.list_manage(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                             query_int(request, "publicState", library.ALL), query_text(request, "name"))
    return page(request, items, total)


@bp.get("/getGraph/<graph_id:int>")
@access(public=True)
async def get_graph(request: Request, graph_id: int):
    """A published graph's library entry; nothing is answered for graphs not in the library."""
    return ok(request, await library.library_graph(graph_id))


@bp.get("/getGraphPublicRecord/<graph_id:int>")
@access()
async def get_graph_public_record(request: Request, graph_id: int):
    return ok(request, await library.public_record(request.ctx.user, graph_id))


@bp.post("/definePreviewNode")
@access(*AUTHORS)
async def define_preview_node(request: Request):
    data = json_body(request)
    return ok(request, await library.define_preview_nodes(request.ctx.user, int_field(data, "graphId"), data.get("nodeIds")))


@bp.post("/apply")
@access(*AUTHORS)
async def apply(request: Request):
    data = json_body(request)
    return ok(request, await library.apply(request.ctx.user, int_field(data, "graphId"), data.get("graphName"),
                                           int_field(data, "projectId", False), int_field(data, "receiveUserId", False),
                                           data.get("remarks")))


@bp.get("/getApplyList")
@access()
async def get_apply_list(request: Request):
    items, total = await library.apply_list(request.ctx.user, query_int(request, "page", 1), query_int(request, "size", None)
                                            or query_int(request, "pageSize", 10), query_int(request, "type", library.MINE),
                                            query_int(request, "graphId"), query_int(request, "state", library.ALL),
                                            query_text(request, "name"), query_int(request, "projectId"))
    return page(request, items, total)


@bp.post("/approval")
@access(*AUTHORS)
async def approval(request: Request):
    data = json_body(request)
    apply_id = int_field(data, "id")
    # Passing copies the library graph: a big one is copied in an offload worker, off the event loop.
    return ok(request, await big.run(library.approve, request.ctx.user, apply_id, data.get("state"),
                                     data.get("approvalProposal", data.get("opinion")),
                                     graph_ids=[await library.graph_of_apply(apply_id)]))


@bp.post("/authorizationGraph")
@access(*AUTHORS)
async def authorization_graph(request: Request):
    data = json_body(request)
    graph_id = int_field(data, "graphId")
    return ok(request, await big.run(library.authorize, request.ctx.user, graph_id, int_field(data, "projectId", False),
                                     data.get("graphName"), data.get("remarks"), graph_ids=[graph_id]))


@preview_bp.get("/searchGraph")
@access(public=True)
async def preview_search_graph(request: Request):
    return ok(request, await library.preview_graph(required_query_int(request, "graphId")))


@preview_bp.get("/getTemplateStructure/<template_id:int>")
@access(public=True)
async def preview_template_structure(request: Request, template_id: int):
    await library.check_preview_template(template_id)
    return ok(request, await templates.template_structure(template_id, lang_of(request)))


@preview_bp.get("/graphList/<graph_id:int>")
@access(public=True)
async def preview_graph_detail(request: Request, graph_id: int):
    return ok(request, await library.preview_detail(graph_id))


@preview_bp.get("/textSource/<source_id:int>/compare")
@access(public=True)
async def preview_source_compare(request: Request, source_id: int):
    """/image_text_compare/{sourceId} for visitors: only materials bound to a graph in the public library."""
    return ok(request, await library.public_source_compare(source_id))


@preview_bp.get("/textSource/<source_id:int>/page/<number:int>")
@access(public=True)
async def preview_source_page(request: Request, source_id: int, number: int):
    data, content_type = await library.public_source_page_image(source_id, number)
    return raw(data, content_type=content_type, headers={"Cache-Control": "public, max-age=604800"})
