"""/api/graphList: the graph list and what it needs."""
from sanic import Blueprint, Request

from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import lang_of, ok, page
from service.request_data import form_or_json, int_field, json_body, optional_text, query_int, query_text, required_query_int
from toolkit.errors import ValidationError
from toolkit.graphs import big, copies, crud, versions
from toolkit.graphs.listing import GraphFilter, list_graphs
from toolkit.templates import allowed_templates

bp = Blueprint("graph_list", url_prefix="/api/graphList")


def _filters(request: Request) -> GraphFilter:
    return GraphFilter(
        name=query_text(request, "name"),
        project_id=query_int(request, "projectId"),
        template_id=query_int(request, "templateId"),
        release_state=query_int(request, "releaseState"),
    )


async def _listing(request: Request, by_role: bool):
    items, total = await list_graphs(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                     _filters(request), by_role=by_role, lang=lang_of(request))
    return page(request, items, total)


@bp.get("/list")
@access()
async def graph_list(request: Request):
    return await _listing(request, by_role=False)


@bp.get("/listByRole")
@access()
async def graph_list_by_role(request: Request):
    return await _listing(request, by_role=True)


@bp.get("/getAllowedTemplateList")
@access()
async def get_allowed_template_list(request: Request):
    return ok(request, await allowed_templates(request.ctx.user, query_int(request, "projectId")))


@bp.post("/")
@access(SUPER, ADMIN, EXPERT)
async def create_graph(request: Request):
    if request.files.get("file") is not None:
        from service.routes.graph_files import create_from_upload

        return ok(request, await create_from_upload(request))
    data = form_or_json(request)
    graph = await crud.create_graph(request.ctx.user, data.get("name") or "", int_field(data, "templateId"),
                                    int_field(data, "projectId", False), data.get("description") or "")
    return ok(request, await crud.graph_detail(request.ctx.user, graph.id))


@bp.get("/<graph_id:int>")
@access()
async def get_graph(request: Request, graph_id: int):
    return ok(request, await crud.graph_detail(request.ctx.user, graph_id))


@bp.put("/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def update_graph(request: Request, graph_id: int):
    data = json_body(request)
    await crud.update_graph(request.ctx.user, graph_id, int_field(data, "revision", False), name=data.get("name"),
                            description=data.get("description"), author_ids=data.get("authorIds"))
    return ok(request, await crud.graph_detail(request.ctx.user, graph_id))


@bp.delete("/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def delete_graph(request: Request, graph_id: int):
    await crud.delete_graph(request.ctx.user, graph_id)
    return ok(request, None)


@bp.put("/publish/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def publish(request: Request, graph_id: int):
    await crud.set_release(request.ctx.user, graph_id, True)
    return ok(request, await crud.graph_detail(request.ctx.user, graph_id))


@bp.put("/unPublish/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def un_publish(request: Request, graph_id: int):
    await crud.set_release(request.ctx.user, graph_id, False)
    return ok(request, await crud.graph_detail(request.ctx.user, graph_id))


@bp.post("/saveGraphAs/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def save_graph_as(request: Request, graph_id: int):
    data = json_body(request)
    copy = await big.run(copies.save_graph_as, request.ctx.user, graph_id, data.get("name") or "", int_field(data, "projectId", False),
                         int_field(data, "templateId", False), int_field(data, "nodeId", False), data.get("mapping") or {},
                         graph_ids=[graph_id])
    return ok(request, await crud.graph_detail(request.ctx.user, copy.id))


@bp.post("/transGraph/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def trans_graph(request: Request, graph_id: int):
    data = json_body(request)
    mapping = data.get("mapping") or {}
    if not isinstance(mapping, dict):
        raise ValidationError("error.field_invalid", field="mapping")
    return ok(request, await big.run(copies.trans_graph, request.ctx.user, graph_id, int_field(data, "templateId"), mapping,
                                     bool(data.get("dryRun")), graph_ids=[graph_id]))


@bp.get("/getHisVersion/<graph_id:int>")
@access()
async def get_his_version(request: Request, graph_id: int):
    return ok(request, await versions.list_versions(request.ctx.user, graph_id))


@bp.post("/saveVersion/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def save_version(request: Request, graph_id: int):
    data = json_body(request) if request.body else {}
    return ok(request, await big.run(versions.save_version, request.ctx.user, graph_id, optional_text(data, "name") or "",
                                     optional_text(data, "remark") or "", graph_ids=[graph_id]))


@bp.get("/compareHisVersion")
@access()
async def compare_his_version(request: Request):
    graph_id = required_query_int(request, "graphId")
    return ok(request, await big.run(versions.compare_versions, request.ctx.user, graph_id, required_query_int(request, "versionId"),
                                     query_int(request, "otherVersionId"), graph_ids=[graph_id]))


@bp.post("/restoreVersion/<graph_id:int>")
@access(SUPER, ADMIN, EXPERT)
async def restore_version(request: Request, graph_id: int):
    data = json_body(request)
    return ok(request, await big.run(versions.restore_version, request.ctx.user, graph_id, int_field(data, "versionId"),
                                     lang_of(request), graph_ids=[graph_id]))


@bp.get("/getMajorList")
@access()
async def get_major_list(request: Request):
    return ok(request, await copies.major_list(request.ctx.user))


@bp.get("/getRelateGraphList")
@access()
async def get_relate_graph_list(request: Request):
    return ok(request, await copies.related_graphs(request.ctx.user, required_query_int(request, "graphId")))
