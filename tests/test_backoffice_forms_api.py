"""Back-office forms and row actions (issue 19): every invalid field answered at once, by display
name, in both languages; the rules the web UI reads are the ones the server checks; each row says
which actions its caller may take, and every one offered succeeds."""
from tests.conftest import PASSWORD
from toolkit import textrules
from toolkit.model import Unit, User

U = "/basic-api/api/user"
N = "/basic-api/api/unit"
P = "/basic-api/api/project"


async def test_three_invalid_fields_are_answered_at_once_by_name_in_both_languages(api, people):
    token = await api.login("super")
    count = await User.all().count()
    body = {"userName": "three", "password": "1", "role": "30", "tel": "abc", "email": "nope"}
    _, zh = await api.call("POST", U, token, lang="zh-CN", json=body)
    assert zh["code"] == 1 and zh["result"] is None and zh["reason"] == "form"
    assert set(zh["errors"]) == {"password", "tel", "email"}
    assert zh["errors"]["tel"] == "手机号格式不正确" and zh["errors"]["email"] == "邮箱格式不正确"
    assert zh["errors"]["password"] == "密码至少需要 6 个字符"
    assert zh["message"] == "请修正 3 处：密码、手机号、邮箱"
    _, en = await api.call("POST", U, token, lang="en", json=body)
    assert en["errors"] == {"password": "Password: at least 6 characters", "tel": "Phone is not valid", "email": "Email is not valid"}
    assert await User.all().count() == count


async def test_required_taken_and_too_long_fields_together(api, people):
    token = await api.login("super")
    _, answer = await api.call("POST", U, token, lang="en", json={"userName": "admin", "password": "", "role": "", "name": "x" * 101})
    assert answer["errors"] == {"userName": "User name admin is already taken", "password": "Password is required",
                                "role": "Role is required", "name": "Name: at most 100 characters"}
    _, unit = await api.call("POST", N, token, lang="zh-CN", json={"name": " ", "code": "c" * 65})
    assert unit["errors"] == {"name": "请填写单位名称", "code": "单位编码最多 64 个字符"}
    _, project = await api.call("POST", P, token, lang="zh-CN", json={"name": "", "majorName": "m" * 201})
    assert project["errors"] == {"name": "请填写项目名称", "majorName": "专业名称最多 200 个字符"}
    _, update = await api.call("PUT", f"{U}/{people['users']['expert'].id}", token, lang="en", json={"name": "", "tel": "x", "email": "y"})
    assert set(update["errors"]) == {"name", "tel", "email"}


async def test_form_rules_are_the_servers_rules(api, people):
    _, zh = await api.call("GET", f"{U}/formRules", lang="zh-CN")
    _, en = await api.call("GET", f"{U}/formRules", lang="en")
    user = zh["result"]["user"]
    assert user["userName"] == {"label": "用户名", "required": True, "maxLength": textrules.LIMITS["user.user_name"].max}
    assert user["password"] == {"label": "密码", "required": "create", "minLength": 6}
    assert user["tel"]["pattern"] and en["result"]["user"]["tel"]["label"] == "Phone"
    assert zh["result"]["unit"]["code"]["maxLength"] == textrules.LIMITS["unit.code"].max
    assert zh["result"]["project"]["name"]["required"] is True


async def _take(api, token: str, kind: str, row: dict, action: str) -> dict:
    """One row action as the web UI takes it."""
    calls = {
        ("user", "edit"): ("PUT", f"{U}/{row['id']}", {"name": row["name"], "role": row.get("role")}),
        ("user", "enable"): ("PUT", f"{U}/{row['id']}/enable", None),
        ("user", "disable"): ("PUT", f"{U}/{row['id']}/disable", None),
        ("user", "resetPassword"): ("PUT", f"{U}/{row['id']}/password", {"password": PASSWORD}),
        ("unit", "edit"): ("PUT", f"{N}/{row['id']}", {"name": row["name"]}),
        ("unit", "delete"): ("DELETE", f"{N}/{row['id']}", None),
        ("project", "edit"): ("PUT", f"{P}/{row['id']}", {"name": row["name"], "description": row.get("description") or ""}),
        ("project", "editTrial"): ("PUT", f"{P}/{row['id']}", {"tryout": row.get("tryout"), "endTime": row.get("endTime")}),
        ("project", "manageMembers"): ("POST", f"{P}/member/{row['id']}", {"userId": row.get("leaderId"), "role": "10"}),
        ("project", "members"): ("GET", f"{P}/getProjectMember?projectId={row['id']}", None),
        ("project", "statistics"): ("GET", f"{P}/statistics/{row['id']}", None),
        ("project", "delete"): ("DELETE", f"{P}/{row['id']}", None),
    }
    method, path, body = calls[(kind, action)]
    status, answer = await api.call(method, path, token, **({"json": body} if body is not None else {}))
    assert status == 200 and answer["code"] == 0, (kind, action, row, answer)
    return answer


async def test_every_offered_row_action_succeeds_for_every_role(api, people):
    await Unit.create(name="空单位")
    for role in ("super", "admin", "expert"):
        token = await api.login(role)
        _, users = await api.call("GET", f"{U}/list", token, params={"pageSize": 100})
        for row in users["result"]["items"]:
            for action in row["actions"]:
                if action == "resetPassword" and row["userName"] == role:
                    continue  # would sign the caller out; taken on others' rows
                await _take(api, token, "user", row, action)
                if action == "disable":  # offered next, and the others still sign in below
                    await _take(api, token, "user", row, "enable")
        _, units = await api.call("GET", f"{N}/list", token, params={"pageSize": 100})
        for row in units["result"]["items"]:
            for action in row["actions"]:
                await _take(api, token, "unit", row, action)
        _, projects = await api.call("GET", f"{P}/search", token, params={"pageSize": 100})
        for row in projects["result"]["items"]:
            for action in row["actions"]:
                if action != "delete":
                    await _take(api, token, "project", row, action)
    # What each role is offered follows the server's rules.
    admin = await api.login("admin")
    _, users = await api.call("GET", f"{U}/list", admin, params={"pageSize": 100})
    by_name = {row["userName"]: row["actions"] for row in users["result"]["items"]}
    assert by_name["super"] == [] and "disable" not in by_name["admin"] and by_name["expert"] == ["edit", "disable", "resetPassword"]
    _, units = await api.call("GET", f"{N}/list", admin)
    assert all(row["actions"] == [] for row in units["result"]["items"])
    expert = await api.login("expert")
    _, users = await api.call("GET", f"{U}/list", expert, params={"pageSize": 100})
    assert all(row["actions"] == [] for row in users["result"]["items"])
    _, projects = await api.call("GET", f"{P}/search", expert)
    project_a = next(row for row in projects["result"]["items"] if row["name"] == "项目A")
    assert project_a["actions"] == ["edit", "manageMembers", "members", "statistics"]


async def test_a_project_without_graphs_offers_delete_and_deleting_works(api, people):
    token = await api.login("super")
    _, created = await api.call("POST", P, token, json={"name": "空项目", "unitId": people["unit"].id})
    _, projects = await api.call("GET", f"{P}/search", token, params={"name": "空项目"})
    row = projects["result"]["items"][0]
    assert row["id"] == created["result"]["id"] and "delete" in row["actions"]
    await _take(api, token, "project", row, "delete")


async def test_statistics_count_every_graph_those_outside_projects_too(api, people):
    from toolkit.graphs.crud import create_graph
    from toolkit.model import Graph, Template

    teaching = await Template.get(code="teaching")
    await create_graph(people["users"]["expert"], "项目内", teaching.id, people["projects"]["a"].id)
    await create_graph(people["users"]["expert"], "项目外", teaching.id, None)
    await create_graph(people["users"]["outsider"], "外校项目外", teaching.id, None)
    M = "/basic-api/api/manage/getStatisticMetrics"
    _, platform = await api.call("GET", M, await api.login("super"))
    assert platform["result"]["graphs"] == await Graph.all().count() == 3
    assert platform["result"]["graphsOutsideProjects"] == 2 and platform["result"]["scope"] == "platform"
    _, unit = await api.call("GET", M, await api.login("admin"))
    # An admin's figures cover what their graph management list shows: the unit's projects' graphs
    # (not a member's graph outside any project, which the admin cannot open).
    _, listed = await api.call("POST", "/basic-api/api/manage/getGraphList", await api.login("admin"), json={"page": 1, "pageSize": 10})
    assert unit["result"]["graphs"] == listed["result"]["total"] == 1 and unit["result"]["graphsOutsideProjects"] == 0
    assert unit["result"]["scope"] == "unit"
    _, own = await api.call("GET", M, await api.login("expert"))
    assert own["result"]["graphs"] == 2 and own["result"]["scope"] == "projects"
    _, listed = await api.call("POST", "/basic-api/api/manage/getGraphList", await api.login("expert"), json={"page": 1, "pageSize": 10})
    assert listed["result"]["total"] == 2


async def test_relation_type_form_answers_every_field(api, people):
    token = await api.login("super")
    _, answer = await api.call("POST", "/basic-api/api/relation", token, lang="zh-CN",
                               json={"code": "9bad", "name": "", "nameEn": "n" * 101, "color": "red"})
    assert answer["errors"] == {"code": "编码格式不正确", "name": "请填写关系名称", "nameEn": "英文名称最多 100 个字符", "color": "颜色格式不正确"}
    _, taken = await api.call("POST", "/basic-api/api/relation", token, lang="en", json={"code": "Contain", "name": "包含", "color": "#123"})
    assert taken["errors"] == {"code": "Code Contain is already taken"}
