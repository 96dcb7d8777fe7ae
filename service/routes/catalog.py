"""Templates and tag categories as the graph screens read them."""
from sanic import Blueprint, Request

from service.access import access
from service.envelope import lang_of, ok, page
from service.request_data import query_int, query_text
from toolkit import tags, templates

template_bp = Blueprint("templates", url_prefix="/api/template")
structure_bp = Blueprint("template_structure", url_prefix="/api/graph")
category_bp = Blueprint("categories", url_prefix="/api/category")


@structure_bp.get("/getTemplateStructure/<template_id:int>")
@access()
async def get_template_structure(request: Request, template_id: int):
    return ok(request, await templates.template_structure(template_id, lang_of(request)))


@template_bp.get("/list")
@access()
async def list_templates(request: Request):
    items, total = await templates.list_templates(query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                                  query_text(request, "name"), query_text(request, "kind") or None, lang_of(request))
    return page(request, items, total)


@template_bp.get("/<template_id:int>")
@access()
async def get_template(request: Request, template_id: int):
    return ok(request, await templates.template_structure(template_id, lang_of(request)))


@category_bp.get("/listNodeTags")
@access()
async def list_node_tags(request: Request):
    return ok(request, await tags.list_node_tags())


@category_bp.get("/listCategory")
@access()
async def list_category(request: Request):
    return ok(request, await tags.list_categories(query_text(request, "scope") or None))
