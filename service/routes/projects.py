"""/api/project: projects, members and project roles, template control, statistics."""
from sanic import Blueprint, Request

from service.access import ADMIN, EXPERT, PROJECT_ADMIN, PROJECT_MEMBERS, SUPER, access
from service.envelope import ok, page
from service.request_data import int_field, json_body, query_int, query_text, text_field
from toolkit import projects
from toolkit.accounts import list_projects
from toolkit.graphs.listing import check_paging

bp = Blueprint("projects", url_prefix="/api/project")
BACK_OFFICE = (SUPER, ADMIN, EXPERT)


def _query_bool(request: Request, name: str) -> bool | None:
    raw = query_text(request, name)
    return None if raw == "" else raw.lower() in ("1", "true", "yes")


@bp.get("/getProjectList")
@access()
async def get_project_list(request: Request):
    page_number, page_size = query_int(request, "page", 1), query_int(request, "pageSize", 50)
    check_paging(page_number, page_size)
    items, total = await list_projects(request.ctx.user, page_number, page_size, query_text(request, "name"))
    return page(request, items, total)


@bp.get("/search")
@access(*BACK_OFFICE)
async def search(request: Request):
    items, total = await projects.search_projects(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                                  query_text(request, "name"), query_int(request, "unitId"), _query_bool(request, "tryout"))
    return page(request, items, total)


@bp.post("/")
@access(SUPER, ADMIN)
async def create(request: Request):
    data = json_body(request)
    return ok(request, await projects.create_project(
        request.ctx.user, data.get("name"), int_field(data, "unitId", False), int_field(data, "leaderId", False),
        bool(data.get("tryout")), data.get("endTime"), data.get("description") or "", data.get("allowedTemplateIds"),
        data.get("majorName"), int_field(data, "parentId", False)))


@bp.put("/<project_id:int>")
@access(*BACK_OFFICE, project=(PROJECT_ADMIN,))
async def update(request: Request, project_id: int):
    return ok(request, await projects.update_project(request.ctx.user, project_id, json_body(request)))


@bp.delete("/<project_id:int>")
@access(SUPER, ADMIN)
async def delete(request: Request, project_id: int):
    await projects.delete_project(request.ctx.user, project_id)
    return ok(request, None)


@bp.get("/getProjectMember")
@access(project=PROJECT_MEMBERS)
async def get_project_member(request: Request):
    items, total = await projects.members(request.ctx.user, query_int(request, "projectId"), query_text(request, "role") or None,
                                          query_text(request, "name"), query_int(request, "page", 1), query_int(request, "pageSize", 50))
    return page(request, items, total)


@bp.post("/member/<project_id:int>")
@access(*BACK_OFFICE, project=(PROJECT_ADMIN,))
async def set_member(request: Request, project_id: int):
    data = json_body(request)
    return ok(request, await projects.set_member(request.ctx.user, project_id, int_field(data, "userId"), text_field(data, "role")))


@bp.delete("/member/<project_id:int>/<user_id:int>")
@access(*BACK_OFFICE, project=(PROJECT_ADMIN,))
async def remove_member(request: Request, project_id: int, user_id: int):
    await projects.remove_member(request.ctx.user, project_id, user_id)
    return ok(request, None)


@bp.get("/control/<project_id:int>")
@access(project=PROJECT_MEMBERS)
async def control(request: Request, project_id: int):
    return ok(request, await projects.control(request.ctx.user, project_id))


@bp.put("/batchUpdateTemplateControl/<project_id:int>")
@access(*BACK_OFFICE, project=(PROJECT_ADMIN,))
async def batch_update_template_control(request: Request, project_id: int):
    return ok(request, await projects.batch_update_template_control(request.ctx.user, project_id, json_body(request).get("templateIds")))


@bp.get("/checkAccessAbilityGraph")
@access()
async def check_access_ability_graph(request: Request):
    return ok(request, await projects.check_access_ability_graph(request.ctx.user, query_int(request, "projectId")))


@bp.get("/getTreeProjectGroup/<project_id:int>")
@access(project=PROJECT_MEMBERS)
async def get_tree_project_group(request: Request, project_id: int):
    return ok(request, await projects.tree_project_group(request.ctx.user, project_id))


@bp.get("/getProjectMajorList")
@access()
async def get_project_major_list(request: Request):
    return ok(request, await projects.project_major_list(request.ctx.user))


@bp.get("/statistics/<project_id:int>")
@access(*BACK_OFFICE, project=PROJECT_MEMBERS)
async def statistics(request: Request, project_id: int):
    return ok(request, await projects.statistics(request.ctx.user, project_id))
