"""/api/Authorize and /api/authorize: account, SMS and single sign-on login, refresh, check, logout.

Every successful sign-in also sets an HttpOnly cookie with the refresh token, scoped to the
authorize paths, so that the SSO redirect (a plain browser visit without a bearer header) knows
who is signed in.
"""
from urllib.parse import urlencode

from sanic import Blueprint, Request
from sanic.response import HTTPResponse, redirect

from service.access import SUPER, access, bearer_token
from service.client import client_address
from service.envelope import ok, page
from service.request_data import json_body, query_int, query_text, text_field
from toolkit import roles, settings
from toolkit.accounts import profile
from toolkit.auth import sessions, sms, sso
from toolkit.errors import AuthError

bp = Blueprint("auth", url_prefix="/api/Authorize")
sso_bp = Blueprint("authorize", url_prefix="/api/authorize")
COOKIE_PATH = "/basic-api/api/"


def _set_cookie(request: Request, response: HTTPResponse, session: sessions.Session) -> HTTPResponse:
    response.add_cookie(sso.COOKIE, session.refresh_token, path=COOKIE_PATH, httponly=True, samesite="Lax",
                        secure=request.scheme == "https",
                        max_age=int(settings.get("refresh_token_seconds")))
    return response


async def _signed_in(request: Request, session: sessions.Session, **extra) -> HTTPResponse:
    return _set_cookie(request, ok(request, {**session.as_dict(await profile(session.user)), **extra}), session)


@bp.post("/login")
@access(public=True)
async def login(request: Request):
    data = json_body(request)
    session = await sessions.login(text_field(data, "userName"), text_field(data, "password"), client_address(request))
    return await _signed_in(request, session)


@bp.post("/refresh")
@access(public=True)
async def refresh(request: Request):
    data = json_body(request)
    session = await sessions.refresh(text_field(data, "refreshToken"))
    return await _signed_in(request, session)


@bp.route("/check", methods=["GET", "POST"])
@access()
async def check(request: Request):
    return ok(request, {"valid": True, "expiresAt": int(sessions.token_expiry(bearer_token(request)) * 1000)})


@bp.get("/logout")
@access()
async def logout(request: Request):
    await sessions.logout(request.ctx.user)
    response = ok(request, None)
    response.delete_cookie(sso.COOKIE, path=COOKIE_PATH)
    return response


@bp.get("/getPermCode")
@access()
async def get_perm_code(request: Request):
    return ok(request, roles.permissions(request.ctx.user.role))


@bp.get("/profile")
@access()
async def get_profile(request: Request):
    return ok(request, await profile(request.ctx.user))


@sso_bp.get("/sms")
@access(public=True)
async def send_sms_code(request: Request):
    return ok(request, await sms.send_code(query_text(request, "tel"), query_text(request, "mode") or "login",
                                         request.headers.get("accept-language"), client_address(request)))


@sso_bp.post("/smslogin")
@access(public=True)
async def sms_login(request: Request):
    data = json_body(request)
    session = await sms.login_with_code(text_field(data, "tel"), text_field(data, "code"), client_address(request))
    return await _signed_in(request, session)


@sso_bp.get("/smsOutbox")
@access(SUPER)
async def sms_outbox(request: Request):
    items, total = await sms.outbox(query_int(request, "page", 1), query_int(request, "pageSize", 10), query_text(request, "tel"))
    return page(request, items, total)


@sso_bp.get("/redirect")
@access(public=True)
async def sso_redirect(request: Request):
    """A browser visit: signed in, it goes back to homeUrl with a ticket; otherwise to the login page."""
    home_url = sso.check_home_url(request.args.get("homeUrl"))
    mode = sso.check_mode(request.args.get("mode"))
    graph_id = sso.check_graph_id(mode, request.args.get("graphId"))
    try:
        user = await sessions.user_for_token(request.cookies.get(sso.COOKIE), "refresh")
    except AuthError:
        back = request.path + ("?" + request.query_string if request.query_string else "")
        return redirect("/login?" + urlencode({"redirect": back}))
    return redirect(sso.return_url(home_url, await sso.issue_ticket(user, mode, graph_id), mode))


@sso_bp.post("/ssoLogin")
@access(public=True)
async def sso_login(request: Request):
    session, jump = await sso.trade_ticket(text_field(json_body(request), "ticket"))
    return await _signed_in(request, session, **jump.as_dict())
