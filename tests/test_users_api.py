"""Users and units in the back office: who may manage whom, and bad input."""
import io

import openpyxl
from typer.testing import CliRunner

from tests.conftest import PASSWORD
from toolkit.cli.main import app as cli
from toolkit.model import AuditEvent, Unit, User

U = "/basic-api/api/user"
N = "/basic-api/api/unit"


async def test_super_admin_manages_users(api, people):
    token = await api.login("super")
    _, created = await api.call("POST", U, token, json={"userName": "new", "password": "Pass@1234", "role": "30", "name": "新老师",
                                                        "unitId": people["unit"].id, "tel": "13900000009"})
    assert created["code"] == 0 and created["result"]["unitName"] == "测试大学"
    user_id = created["result"]["id"]
    _, listed = await api.call("GET", f"{U}/list", token, params={"name": "新", "pageSize": 50})
    assert [u["userName"] for u in listed["result"]["items"]] == ["new"]
    _, duplicate = await api.call("POST", U, token, json={"userName": "new", "password": "Pass@1234", "role": "30"})
    assert duplicate["code"] == 1
    new_token = await api.login("new", "Pass@1234")
    _, disabled = await api.call("PUT", f"{U}/{user_id}/disable", token)
    assert disabled["result"]["enabled"] is False
    status, _ = await api.call("GET", "/basic-api/api/Authorize/profile", new_token)
    assert status == 401
    await api.call("PUT", f"{U}/{user_id}/enable", token)
    _, reset = await api.call("PUT", f"{U}/{user_id}/password", token, json={"password": "Other@5678"})
    assert reset["code"] == 0
    await api.login("new", "Other@5678")
    _, updated = await api.call("PUT", f"{U}/{user_id}", token, json={"name": "新名字", "role": "20"})
    assert updated["result"]["name"] == "新名字" and updated["result"]["role"] == "20"
    assert await AuditEvent.filter(target_type="user", target_id=str(user_id)).count() >= 4


async def test_admin_cannot_create_super_or_touch_other_units(api, people):
    token = await api.login("admin")
    status, body = await api.call("POST", U, token, json={"userName": "boss", "password": "Pass@1234", "role": "10"})
    assert status == 403 and not await User.exists(user_name="boss")
    _, ok = await api.call("POST", U, token, json={"userName": "helper", "password": "Pass@1234", "role": "30"})
    assert ok["code"] == 0 and ok["result"]["unitId"] == people["unit"].id
    status, _ = await api.call("PUT", f"{U}/{people['users']['outsider'].id}/disable", token)
    assert status == 403
    status, _ = await api.call("PUT", f"{U}/{people['users']['super'].id}/password", token, json={"password": "hacked!!"})
    assert status == 403
    _, listed = await api.call("GET", f"{U}/list", token, params={"pageSize": 100})
    assert "outsider" not in {u["userName"] for u in listed["result"]["items"]}
    _, yourself = await api.call("PUT", f"{U}/{people['users']['admin'].id}/disable", token)
    assert yourself["code"] == 1


async def test_bad_user_input_changes_nothing(api, people):
    token = await api.login("super")
    count = await User.all().count()
    for body in ({"userName": "x", "password": "short", "role": "30"}, {"userName": "x", "password": "Pass@1234", "role": "99"},
                 {"userName": "", "password": "Pass@1234", "role": "30"}, {"userName": "x", "password": "Pass@1234", "role": "30", "tel": "abc"}):
        _, answer = await api.call("POST", U, token, json=body)
        assert answer["code"] == 1, body
    assert await User.all().count() == count


async def test_units(api, people):
    token = await api.login("super")
    _, created = await api.call("POST", N, token, json={"name": "新大学", "code": "NEW"})
    unit_id = created["result"]["id"]
    _, renamed = await api.call("PUT", f"{N}/{unit_id}", token, json={"name": "新大学（更名）"})
    assert renamed["result"]["name"] == "新大学（更名）"
    for bad in ({"name": 5}, {"code": [1]}, {"contact": {"x": 1}}):
        status, refused = await api.call("PUT", f"{N}/{unit_id}", token, json=bad)
        assert status == 200 and refused["code"] == 1, (bad, refused)
    assert (await Unit.get(id=unit_id)).name == "新大学（更名）"
    _, in_use = await api.call("DELETE", f"{N}/{people['unit'].id}", token, lang="en")
    assert in_use["code"] == 1 and "users" in in_use["message"]
    _, gone = await api.call("DELETE", f"{N}/{unit_id}", token)
    assert gone["code"] == 0 and not await Unit.exists(id=unit_id)
    admin = await api.login("admin")
    status, _ = await api.call("POST", N, admin, json={"name": "不行"})
    assert status == 403
    _, own = await api.call("GET", f"{N}/list", admin)
    assert [u["name"] for u in own["result"]["items"]] == ["测试大学"] and own["result"]["items"][0]["userCount"] == 4


def _sheet(rows):
    workbook = openpyxl.Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def test_cli_users_and_units(demo_db, tmp_path):
    runner = CliRunner()
    assert runner.invoke(cli, ["unit", "add", "甲大学"]).exit_code == 0
    added = runner.invoke(cli, ["user", "add", "li", "--name", "李", "--unit", "甲大学", "--password", "Pass@1234", "--json"])
    assert added.exit_code == 0 and '"unitName": "甲大学"' in added.stdout
    sheet = tmp_path / "users.xlsx"
    sheet.write_bytes(_sheet([["用户名", "姓名", "角色", "单位", "密码"], ["wang", "王", "教师", "乙大学", "Pass@1234"],
                              ["zhao", "赵", "管理员", "乙大学", "Pass@1234"]]))
    imported = runner.invoke(cli, ["user", "import", str(sheet), "--json"])
    assert imported.exit_code == 0 and imported.stdout.count('"userName"') == 2
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(_sheet([["用户名", "角色", "密码"], ["sun", "30", "Pass@1234"], ["qian", "30", "123"]]))
    refused = runner.invoke(cli, ["user", "import", str(bad)])
    assert refused.exit_code == 3 and "row 3" in refused.output
    listed = runner.invoke(cli, ["user", "list", "--format", "csv"])
    assert "wang" in listed.stdout and "sun" not in listed.stdout  # nothing of the bad sheet was written
    assert runner.invoke(cli, ["user", "disable", "wang"]).exit_code == 0
    assert runner.invoke(cli, ["user", "password", "wang", "--password", "New@12345"]).exit_code == 0
    units = runner.invoke(cli, ["unit", "list", "--json"])
    assert "乙大学" in units.stdout
