"""/api/user and /api/unit: the user and unit managers of the back office.

SPEC §2 opens both screens to admins, experts and super admins: experts read (their unit), only
admins and super admins change anything."""
from sanic import Blueprint, Request

from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import lang_of, ok, page
from service.request_data import int_field, json_body, query_int, query_text
from toolkit.admin import forms, units, users

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
    # The form's fields go to toolkit as sent: it checks them all at once (toolkit.admin.forms).
    return ok(request, await users.add_user(request.ctx.user, data.get("userName"), data.get("password"), data.get("role"),
                                            data.get("name"), int_field(data, "unitId", False), data.get("tel"), data.get("email")))


@user_bp.put("/<user_id:int>")
@access(SUPER, ADMIN)
async def update_user(request: Request, user_id: int):
    data = json_body(request)
    return ok(request, await users.update_user(request.ctx.user, user_id, name=data.get("name"), role=data.get("role"),
                                               unit_id=int_field(data, "unitId", False), tel=data.get("tel"), email=data.get("email")))


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
    await users.reset_password(request.ctx.user, user_id, json_body(request).get("password"))
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
    return ok(request, await units.add_unit(request.ctx.user, data.get("name"), data.get("code"), data.get("contact")))


@unit_bp.put("/<unit_id:int>")
@access(SUPER)
async def update_unit(request: Request, unit_id: int):
    data = json_body(request)
    return ok(request, await units.update_unit(request.ctx.user, unit_id, data.get("name"), data.get("code"), data.get("contact"),
                                               data.get("enabled")))


@user_bp.get("/formRules")
@access(public=True)
async def form_rules(request: Request):
    """The back office's form rules (toolkit.admin.forms), so the web UI checks what the server checks."""
    return ok(request, forms.describe(lang_of(request)))


@unit_bp.delete("/<unit_id:int>")
@access(SUPER)
async def delete_unit(request: Request, unit_id: int):
    await units.delete_unit(request.ctx.user, unit_id)
    return ok(request, None)
