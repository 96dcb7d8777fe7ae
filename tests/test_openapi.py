"""The OpenAPI document covers every API route with its body, parameters, answer and access rule."""
import re

from tests.test_access_walk import _api_routes


async def _spec(api):
    response = await api.client.get("/docs/openapi.json")
    assert response.status_code == 200
    return response.json()


async def test_every_route_is_documented_with_body_and_answer(api, app):
    spec = await _spec(api)
    paths = spec["paths"]
    missing = []
    for route, path in _api_routes(app):
        if getattr(route.extra, "websocket", False):
            continue  # a websocket is not an OpenAPI operation
        documented = re.sub(r"<([^:>]+)(:[^>]+)?>", r"{\1}", path).rstrip("/") or "/"
        operations = paths.get(documented) or paths.get(documented + "/")
        for method in route.methods - {"OPTIONS", "HEAD"}:
            operation = (operations or {}).get(method.lower())
            if operation is None or "200" not in operation["responses"]:
                missing.append((method, documented))
            elif method in ("POST", "PUT") and route.handler.__name__ not in ("check", "logout", "enable_user", "disable_user",
                                                                              "unpublish", "publish", "un_publish", "cancel_task",
                                                                              "retry_task", "export", "save_version"):
                assert "requestBody" in operation, (method, documented)
    assert missing == []


async def test_bodies_and_parameters_are_read_from_the_handlers(api):
    paths = (await _spec(api))["paths"]
    apply = paths["/basic-api/api/common/graph/apply"]["post"]
    schema = apply["requestBody"]["content"]["application/json"]["schema"]
    assert {"graphId", "graphName", "projectId", "receiveUserId", "remarks"} <= set(schema["properties"])
    assert schema["required"] == ["graphId"]
    listing = paths["/basic-api/api/common/graph/getApplyList"]["get"]
    assert {"page", "size", "type", "graphId"} <= {p["name"] for p in listing["parameters"]}
    assert "total" in listing["responses"]["200"]["content"]["application/json"]["schema"]["properties"]["result"]["properties"]
    upload = paths["/basic-api/api/file"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"]
    assert upload["properties"]["file"]["format"] == "binary"
    assert "Access: super, admin" in paths["/basic-api/api/common/graph/updatePublicState"]["post"]["description"]
