"""SPEC §2 roles of the back-office screens: users, units, carousel and statistics are open to admins,
experts and super admins. Experts read (scoped to their unit or projects) and change nothing; testers
are refused; writes stay with admins and super admins."""
from toolkit.model import Carousel

U, UNIT = "/basic-api/api/user", "/basic-api/api/unit"
C = "/basic-api/api/carousel"


async def test_expert_reads_own_unit_users_without_contact_details(api, people):
    from toolkit.model import User
    await User.filter(user_name="admin").update(tel="13800000009", email="admin@example.org")
    expert = await api.login("expert")
    status, listed = await api.call("GET", f"{U}/list", expert, params={"pageSize": 50})
    assert status == 200 and listed["code"] == 0
    names = {u["userName"] for u in listed["result"]["items"]}
    assert names == {"super", "admin", "expert", "tester"}  # the outsider's unit stays hidden
    assert all(u["tel"] is None and u["email"] is None for u in listed["result"]["items"])
    _, admin_view = await api.call("GET", f"{U}/list", await api.login("admin"), params={"pageSize": 50})
    assert any(u["tel"] == "13800000009" for u in admin_view["result"]["items"])
    # Experts change nothing.
    target = people["users"]["tester"].id
    for method, path, body in [("POST", f"{U}/", {"userName": "x1", "password": "Zhitu@2026", "role": "30"}),
                               ("PUT", f"{U}/{target}", {"name": "改名"}), ("PUT", f"{U}/{target}/disable", None),
                               ("PUT", f"{U}/{target}/password", {"password": "Zhitu@2027"})]:
        status, _ = await api.call(method, path, expert, json=body)
        assert status == 403, path
    status, _ = await api.call("GET", f"{U}/list", await api.login("tester"))
    assert status == 403
    status, _ = await api.call("GET", f"{U}/list")
    assert status == 401


async def test_expert_reads_own_unit_only(api, people):
    expert = await api.login("expert")
    _, units = await api.call("GET", f"{UNIT}/list", expert)
    assert [u["name"] for u in units["result"]["items"]] == ["测试大学"]
    _, all_units = await api.call("GET", f"{UNIT}/list", await api.login("super"))
    assert all_units["result"]["total"] == 2
    status, _ = await api.call("POST", f"{UNIT}/", expert, json={"name": "新大学"})
    assert status == 403
    status, _ = await api.call("PUT", f"{UNIT}/{people['unit'].id}", expert, json={"name": "改名"})
    assert status == 403
    status, _ = await api.call("GET", f"{UNIT}/list", await api.login("tester"))
    assert status == 403


async def test_expert_reads_carousel_management_list_but_cannot_change_it(api, people):
    item = await Carousel.create(title="停用的图", image_path="x.png", enabled=False)
    expert = await api.login("expert")
    _, managed = await api.call("GET", f"{C}/manageList", expert)
    assert managed["code"] == 0 and [c["title"] for c in managed["result"]] == ["停用的图"]
    status, _ = await api.call("PUT", f"{C}/{item.id}", expert, json={"title": "改"})
    assert status == 403
    status, _ = await api.call("DELETE", f"{C}/{item.id}", expert)
    assert status == 403
    status, _ = await api.call("GET", f"{C}/manageList", await api.login("tester"))
    assert status == 403
