"""/api/Authorize: account login, refresh, check, logout, permission codes, profile."""
from sanic import Blueprint, Request

from service.access import access, bearer_token
from service.envelope import ok
from service.request_data import json_body, text_field
from toolkit import roles
from toolkit.accounts import profile
from toolkit.auth import sessions

bp = Blueprint("auth", url_prefix="/api/Authorize")


@bp.post("/login")
@access(public=True)
async def login(request: Request):
    data = json_body(request)
    session = await sessions.login(text_field(data, "userName"), text_field(data, "password"))
    return ok(request, session.as_dict(await profile(session.user)))


@bp.post("/refresh")
@access(public=True)
async def refresh(request: Request):
    data = json_body(request)
    session = await sessions.refresh(text_field(data, "refreshToken"))
    return ok(request, session.as_dict(await profile(session.user)))


@bp.route("/check", methods=["GET", "POST"])
@access()
async def check(request: Request):
    return ok(request, {"valid": True, "expiresAt": int(sessions.token_expiry(bearer_token(request)) * 1000)})


@bp.get("/logout")
@access()
async def logout(request: Request):
    await sessions.logout(request.ctx.user)
    return ok(request, None)


@bp.get("/getPermCode")
@access()
async def get_perm_code(request: Request):
    return ok(request, roles.permissions(request.ctx.user.role))


@bp.get("/profile")
@access()
async def get_profile(request: Request):
    return ok(request, await profile(request.ctx.user))
