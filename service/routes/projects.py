"""/api/project: the caller's projects."""
from sanic import Blueprint, Request

from service.access import access
from service.envelope import page
from service.request_data import query_int, query_text
from toolkit.accounts import list_projects
from toolkit.graphs.listing import check_paging

bp = Blueprint("projects", url_prefix="/api/project")


@bp.get("/getProjectList")
@access()
async def get_project_list(request: Request):
    page_number, page_size = query_int(request, "page", 1), query_int(request, "pageSize", 50)
    check_paging(page_number, page_size)
    items, total = await list_projects(request.ctx.user, page_number, page_size, query_text(request, "name"))
    return page(request, items, total)
