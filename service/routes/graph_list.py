"""/api/graphList: the graph list and what it needs."""
from sanic import Blueprint, Request

from service.access import access
from service.envelope import lang_of, ok, page
from service.request_data import query_int, query_text
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
