"""/api/health: liveness for start-up scripts and load balancers."""
from sanic import Blueprint, Request

from service.access import access
from service.envelope import ok
from toolkit import __version__

bp = Blueprint("health", url_prefix="/api")


@bp.get("/health")
@access(public=True)
async def health(request: Request):
    return ok(request, {"status": "ok", "version": __version__})
