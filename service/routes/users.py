"""/api/user and /api/unit: the user and unit managers of the back office.

SPEC §2 opens both screens to admins, experts and super admins: experts read (their unit), only
admins and super admins change anything."""
from sanic import Blueprint, Request

from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import ok, page
from service.request_data import int_field, json_body, optional_text, query_int, query_text, text_field
from toolkit.admin import units, users

user_bp = Blueprint("users", url_prefix="/api/user")
unit_bp = Blueprint("units", url_prefix="/api/unit")


@user_bp.get("/list")
@access(SUPER, ADMIN, EXPERT)
async def list_users(request: Request):
    items, total = await users.list_users(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                          query_text(request, "name"), query_text(request, "role") or None, query_int(request, "unitId"))
    return page(request, items, total)


@user_bp.post("/")
@access(SUPER, ADMIN)
async def add_user(request: Request):
    data = json_body(request)
    return ok(request, await users.add_user(request.ctx.user, text_field(data, "userName"), text_field(data, "password"),
                                            text_field(data, "role"), optional_text(data, "name"), int_field(data, "unitId", False),
                                            optional_text(data, "tel"), optional_text(data, "email")))


@user_bp.put("/<user_id:int>")
@access(SUPER, ADMIN)
async def update_user(request: Request, user_id: int):
    data = json_body(request)
    return ok(request, await users.update_user(request.ctx.user, user_id, name=optional_text(data, "name"), role=optional_text(data, "role"),
                                               unit_id=int_field(data, "unitId", False), tel=optional_text(data, "tel"), email=optional_text(data, "email")))


@user_bp.put("/<user_id:int>/enable")
@access(SUPER, ADMIN)
async def enable_user(request: Request, user_id: int):
    return ok(request, await users.set_enabled(request.ctx.user, user_id, True))


@user_bp.put("/<user_id:int>/disable")
@access(SUPER, ADMIN)
async def disable_user(request: Request, user_id: int):
    return ok(request, await users.set_enabled(request.ctx.user, user_id, False))


@user_bp.put("/<user_id:int>/password")
@access(SUPER, ADMIN)
async def reset_password(request: Request, user_id: int):
    await users.reset_password(request.ctx.user, user_id, text_field(json_body(request), "password"))
    return ok(request, None)


@unit_bp.get("/list")
@access(SUPER, ADMIN, EXPERT)
async def list_units(request: Request):
    items, total = await units.list_units(request.ctx.user, query_int(request, "page", 1), query_int(request, "pageSize", 10),
                                          query_text(request, "name"))
    return page(request, items, total)


@unit_bp.post("/")
@access(SUPER)
async def add_unit(request: Request):
    data = json_body(request)
    return ok(request, await units.add_unit(request.ctx.user, text_field(data, "name"), data.get("code"), data.get("contact")))


@unit_bp.put("/<unit_id:int>")
@access(SUPER)
async def update_unit(request: Request, unit_id: int):
    data = json_body(request)
    return ok(request, await units.update_unit(request.ctx.user, unit_id, optional_text(data, "name"), optional_text(data, "code"), optional_text(data, "contact"),
                                               data.get("enabled")))


@unit_bp.delete("/<unit_id:int>")
@access(SUPER)
async def delete_unit(request: Request, unit_id: int):
    await units.delete_unit(request.ctx.user, unit_id)
    return ok(request, None)
