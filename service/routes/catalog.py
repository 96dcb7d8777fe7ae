"""Templates and tag categories as the graph screens read them."""
from sanic import Blueprint, Request

from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import lang_of, ok, page
from service.request_data import int_field, json_body, query_int, query_text
from toolkit import tags, templates
from toolkit.admin import backoffice, catalog

template_bp = Blueprint("templates", url_prefix="/api/template")
structure_bp = Blueprint("template_structure", url_prefix="/api/graph")
category_bp = Blueprint("categories", url_prefix="/api/category")
relation_group_bp = Blueprint("relation_groups", url_prefix="/api/relationGroup")
relation_type_bp = Blueprint("relation_types", url_prefix="/api/relation")
BACK_OFFICE = (SUPER, ADMIN, EXPERT)


@structure_bp.get("/getTemplateStructure/<template_id:int>")
@access()
async def get_template_structure(request: Request, template_id: int):
    return ok(request, await templates.template_structure(template_id, lang_of(request)))


@template_bp.get("/")
@access()
async def list_templates_root(request: Request):
    return await list_templates(request)


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


@category_bp.get("/listAbilityTemplate")
@access()
async def list_ability_template(request: Request):
    return ok(request, await backoffice.ability_templates(lang_of(request)))


@category_bp.get("/listCategory")
@access()
async def list_category(request: Request):
    return ok(request, await tags.list_categories(query_text(request, "scope") or None))


@template_bp.post("/add")
@access(SUPER)
async def add_template(request: Request):
    return ok(request, await catalog.add_template(request.ctx.user, json_body(request)))


@template_bp.put("/<template_id:int>")
@access(SUPER)
async def update_template(request: Request, template_id: int):
    return ok(request, await catalog.update_template(request.ctx.user, template_id, json_body(request)))


@template_bp.delete("/<template_id:int>")
@access(SUPER)
async def delete_template(request: Request, template_id: int):
    await catalog.delete_template(request.ctx.user, template_id)
    return ok(request, None)


@template_bp.get("/templateEntity/list")
@access()
async def list_template_entities(request: Request):
    items, total = await catalog.list_entity_types(query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                                   query_text(request, "name"), query_int(request, "templateId"))
    return page(request, items, total)


@template_bp.post("/templateEntity/add")
@access(SUPER)
async def add_template_entity(request: Request):
    return ok(request, await catalog.add_entity(request.ctx.user, json_body(request)))


@template_bp.put("/templateEntity/<entity_id:int>")
@access(SUPER)
async def update_template_entity(request: Request, entity_id: int):
    return ok(request, await catalog.update_entity_type(request.ctx.user, entity_id, json_body(request)))


@template_bp.delete("/templateEntity/<entity_id:int>")
@access(SUPER)
async def delete_template_entity(request: Request, entity_id: int):
    await catalog.delete_entity_type(request.ctx.user, entity_id)
    return ok(request, None)


@template_bp.get("/templateRelations/list")
@access()
async def list_template_relations(request: Request):
    items, total = await catalog.relations_for(query_int(request, "templateId"), query_int(request, "page", 1),
                                               query_int(request, "pageSize", 10), query_text(request, "name"))
    return page(request, items, total)


@template_bp.post("/templateRelations/add")
@access(SUPER)
async def add_template_relation(request: Request):
    return ok(request, await catalog.add_relation(request.ctx.user, json_body(request)))


@template_bp.get("/connection/list")
@access()
async def list_connections(request: Request):
    items = await catalog.list_connections(query_int(request, "templateId"))
    return page(request, items, len(items))


@template_bp.post("/connection/add")
@access(SUPER)
async def add_connection(request: Request):
    return ok(request, await catalog.add_connection(request.ctx.user, json_body(request)))


@template_bp.delete("/connection/<connection_id:int>")
@access(SUPER)
async def delete_connection(request: Request, connection_id: int):
    await catalog.delete_connection(request.ctx.user, connection_id)
    return ok(request, None)


@template_bp.post("/apply")
@access(SUPER, ADMIN)
async def apply_template(request: Request):
    data = json_body(request)
    return ok(request, await catalog.apply_template(request.ctx.user, int_field(data, "templateId"), data.get("projectIds")))


@relation_group_bp.get("/list")
@access(*BACK_OFFICE)
async def list_relation_groups(request: Request):
    items, total = await catalog.list_relation_groups(query_int(request, "page", 1), query_int(request, "pageSize", 10), query_text(request, "name"))
    return page(request, items, total)


@relation_group_bp.post("/")
@access(SUPER, ADMIN)
async def add_relation_group(request: Request):
    return ok(request, await catalog.add_relation_group(request.ctx.user, json_body(request)))


@relation_group_bp.put("/<group_id:int>")
@access(SUPER, ADMIN)
async def update_relation_group(request: Request, group_id: int):
    return ok(request, await catalog.update_relation_group(request.ctx.user, group_id, json_body(request)))


@relation_group_bp.delete("/<group_id:int>")
@access(SUPER, ADMIN)
async def delete_relation_group(request: Request, group_id: int):
    await catalog.delete_relation_group(request.ctx.user, group_id)
    return ok(request, None)


@relation_type_bp.get("/list")
@access(*BACK_OFFICE)
async def list_relation_types(request: Request):
    items, total = await catalog.list_relation_types(query_int(request, "page", 1), query_int(request, "pageSize", 10), query_text(request, "name"),
                                                     query_int(request, "groupId"), query_int(request, "templateId"))
    return page(request, items, total)


@relation_type_bp.post("/")
@access(SUPER, ADMIN)
async def add_relation_type(request: Request):
    return ok(request, await catalog.add_relation_type(request.ctx.user, json_body(request)))


@relation_type_bp.put("/<relation_id:int>")
@access(SUPER, ADMIN)
async def update_relation_type(request: Request, relation_id: int):
    return ok(request, await catalog.update_relation_type(request.ctx.user, relation_id, json_body(request)))


@relation_type_bp.delete("/<relation_id:int>")
@access(SUPER, ADMIN)
async def delete_relation_type(request: Request, relation_id: int):
    await catalog.delete_relation_type(request.ctx.user, relation_id)
    return ok(request, None)
