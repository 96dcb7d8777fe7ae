"""/api/health: liveness for start-up scripts and load balancers."""
import os

from sanic import Blueprint, Request

from service.access import access
from service.envelope import ok
from toolkit import __version__

bp = Blueprint("health", url_prefix="/api")


@bp.get("/health")
@access(public=True)
async def health(request: Request):
    # Which server worker answered (Sanic names them), so a start-up check can see every one serving.
    return ok(request, {"status": "ok", "version": __version__, "worker": os.environ.get("SANIC_WORKER_NAME")})
