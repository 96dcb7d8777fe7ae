"""The back office: graph management and export, metrics, project list, tasks, help documents, carousel, trials."""
import io

import openpyxl

from toolkit.graphs.crud import create_graph
from toolkit.model import AuditEvent, GraphTask, Node, Project, ProjectMember, Template, TrialApplication, User

M = "/basic-api/api/manage"
PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 64


async def _graphs(people):
    teaching = await Template.get(code="teaching")
    ability = await Template.get(code="ability")
    await create_graph(people["users"]["expert"], "数据结构", teaching.id, people["projects"]["a"].id)
    await create_graph(people["users"]["expert"], "程序设计能力", ability.id, people["projects"]["a"].id)
    await create_graph(people["users"]["outsider"], "外校图谱", teaching.id, people["projects"]["b"].id)


async def test_graph_management_export_and_metrics(api, people):
    await _graphs(people)
    admin, super_token, expert = await api.login("admin"), await api.login("super"), await api.login("expert")
    _, managed = await api.call("POST", f"{M}/getGraphList", admin, json={"page": 1, "pageSize": 10})
    assert {g["name"] for g in managed["result"]["items"]} == {"数据结构", "程序设计能力"}
    _, everything = await api.call("POST", f"{M}/getGraphList", super_token, json={"templateKind": "teaching"})
    assert {g["name"] for g in everything["result"]["items"]} == {"数据结构", "外校图谱"}
    _, bad = await api.call("POST", f"{M}/getGraphList", super_token, json={"projectId": "x"})
    assert bad["code"] == 1
    response = await api.client.post(f"{M}/export", headers={"Authorization": f"Bearer {super_token}", "Content-Type": "application/json"},
                                     content=b'{"name": "\\u6570\\u636e"}')
    sheet = openpyxl.load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.values)
    assert rows[0][1] == "名称" and [r[1] for r in rows[1:]] == ["数据结构"]
    _, metrics = await api.call("GET", f"{M}/getStatisticMetrics", super_token)
    result = metrics["result"]
    assert result["graphs"] == 3 and result["graphsByKind"] == {"teaching": 2, "ability": 1} and result["units"] == 2
    assert result["logins"] >= 3 and sum(d["count"] for d in result["graphsCreatedPerDay"]) == 3
    _, unit_metrics = await api.call("GET", f"{M}/getStatisticMetrics", admin)
    assert unit_metrics["result"]["graphs"] == 2 and unit_metrics["result"]["projects"] == 1
    # SPEC §2 opens the statistics to experts: over the projects they take part in; testers are refused.
    _, expert_metrics = await api.call("GET", f"{M}/getStatisticMetrics", expert)
    assert expert_metrics["result"]["graphs"] == 2 and expert_metrics["result"]["projects"] == 1
    assert expert_metrics["result"]["units"] == 1 and set(expert_metrics["result"]["usersByRole"]) == {"30", "test"}
    status, _ = await api.call("GET", f"{M}/getStatisticMetrics", await api.login("tester"))
    assert status == 403
    _, projects = await api.call("GET", f"{M}/getProjectList", admin)
    assert projects["result"]["items"][0]["graphCount"] == 2 and projects["result"]["items"][0]["nodeCount"] == 2
    _, ability = await api.call("GET", "/basic-api/api/category/listAbilityTemplate", expert)
    assert {t["kind"] for t in ability["result"]} == {"ability", "majorAbilityTarget", "courseAbility"}
    _, tasks = await api.call("GET", f"{M}/taskList", admin)
    assert tasks["result"]["total"] == 0


async def test_help_documents_and_carousel(api, people):
    admin = await api.login("admin")
    _, video = await api.call("POST", "/basic-api/api/doc", admin, json={"kind": "video", "title": "入门视频", "url": "/media/intro.mp4"})
    assert video["code"] == 0
    _, no_url = await api.call("POST", "/basic-api/api/doc", admin, json={"kind": "video", "title": "缺地址"})
    assert no_url["code"] == 1
    _, doc = await api.call("POST", "/basic-api/api/doc", admin, json={"kind": "doc", "title": "使用手册", "body": "<h1>手册</h1><script>x</script>"})
    assert "script" not in doc["result"]["body"]
    _, public = await api.call("GET", "/basic-api/api/doc/list", params={"kind": "video"})
    assert [d["title"] for d in public["result"]["items"]] == ["入门视频"]
    files = {"file": ("banner.png", PNG, "image/png")}
    status, added = await api.call("POST", "/basic-api/api/carousel", admin, files=files, data={"title": "首页", "sort": "1"})
    assert added["code"] == 0, added
    _, fake = await api.call("POST", "/basic-api/api/carousel", admin, files={"file": ("x.png", b"not an image", "image/png")},
                             data={"title": "假图"})
    assert fake["code"] == 1
    _, bad_suffix = await api.call("POST", "/basic-api/api/carousel", admin, files={"file": ("x.gif", b"GIF89a", "image/gif")},
                                   data={"title": "动图"})
    assert bad_suffix["code"] == 1
    _, listed = await api.call("GET", "/basic-api/api/carousel/list")
    assert [c["title"] for c in listed["result"]] == ["首页"]
    image = await api.client.get(listed["result"][0]["imageUrl"])
    assert image.status_code == 200 and image.content == PNG
    _, hidden = await api.call("PUT", f"/basic-api/api/carousel/{added['result']['id']}", admin, json={"enabled": False})
    assert hidden["result"]["enabled"] is False
    _, empty = await api.call("GET", "/basic-api/api/carousel/list")
    assert empty["result"] == []
    status, _ = await api.call("POST", "/basic-api/api/doc", await api.login("expert"), json={"kind": "doc", "title": "x"})
    assert status == 403


async def test_trial_application_without_login_then_approved(api, people):
    body = {"name": "王老师", "unitName": "新大学", "tel": "13700000001", "email": "wang@example.edu", "reason": "试用知识图谱"}
    _, submitted = await api.call("POST", "/basic-api/api/trial/apply", json=body)
    assert submitted["code"] == 0
    _, again = await api.call("POST", "/basic-api/api/trial/apply", json=body)
    assert again["code"] == 1
    _, missing = await api.call("POST", "/basic-api/api/trial/apply", json={**body, "tel": "13700000002", "reason": ""})
    assert missing["code"] == 1
    super_token = await api.login("super")
    _, listed = await api.call("GET", "/basic-api/api/trial/list", super_token, params={"state": 0})
    trial_id = listed["result"]["items"][0]["id"]
    _, reject_without_opinion = await api.call("PUT", f"/basic-api/api/trial/handle/{trial_id}", super_token, json={"state": 2})
    assert reject_without_opinion["code"] == 1
    _, approved = await api.call("PUT", f"/basic-api/api/trial/handle/{trial_id}", super_token, json={"state": 1, "days": 14})
    assert approved["result"]["state"] == 1 and approved["result"]["projectId"]
    project = await Project.get(id=approved["result"]["projectId"])
    user = await User.get(tel="13700000001")
    assert project.tryout and project.end_time and await ProjectMember.filter(project_id=project.id, user_id=user.id, role="10").exists()
    _, twice = await api.call("PUT", f"/basic-api/api/trial/handle/{trial_id}", super_token, json={"state": 1})
    assert twice["code"] == 1
    # The applicant signs in with an SMS code.
    await api.call("GET", "/basic-api/api/authorize/sms", params={"mode": "login", "tel": "13700000001"})
    assert await TrialApplication.filter(state=1).count() == 1
    assert await AuditEvent.filter(action="trial.handle").count() == 1


async def test_trial_rows_offer_handling_only_to_who_may_handle_them(api, people):
    """An admin handles their own unit's applications only: the rows say so, and the server agrees."""
    for tel, unit_name in (("13700000003", "测试大学"), ("13700000004", "别的大学")):
        _, sent = await api.call("POST", "/basic-api/api/trial/apply", json={"name": "赵老师", "unitName": unit_name, "tel": tel, "reason": "试用"})
        assert sent["code"] == 0
    offered = {}
    for user_name in ("super", "admin", "expert"):
        _, listed = await api.call("GET", "/basic-api/api/trial/list", await api.login(user_name))
        offered[user_name] = {row["unitName"]: row["actions"] for row in listed["result"]["items"]}
    assert offered["super"] == {"测试大学": ["handle"], "别的大学": ["handle"]}
    assert offered["admin"] == {"测试大学": ["handle"], "别的大学": []}
    assert offered["expert"] == {"测试大学": [], "别的大学": []}
    admin = await api.login("admin")
    _, listed = await api.call("GET", "/basic-api/api/trial/list", admin)
    ids = {row["unitName"]: row["id"] for row in listed["result"]["items"]}
    status, refused = await api.call("PUT", f"/basic-api/api/trial/handle/{ids['别的大学']}", admin, json={"state": 2, "opinion": "不符"})
    assert status == 403 and refused["code"] == 1
    _, rejected = await api.call("PUT", f"/basic-api/api/trial/handle/{ids['测试大学']}", admin, json={"state": 2, "opinion": "资料不全"})
    assert rejected["code"] == 0 and rejected["result"]["actions"] == []


async def test_task_list_searches_by_title(api, people):
    """The task manager's search box sends name=…; the list keeps the tasks whose title holds it."""
    teaching = await Template.get(code="teaching")
    expert = people["users"]["expert"]
    graph = await create_graph(expert, "任务图谱", teaching.id, people["projects"]["a"].id)
    graph_id = graph["id"] if isinstance(graph, dict) else graph.id
    node = await Node.filter(graph_id=graph_id).first()
    for title in ("整理线性表", "整理树结构"):
        await GraphTask.create(graph_id=graph_id, node_id=node.id, title=title, assignee=expert, dispatcher=expert, state="assigned")
    admin = await api.login("admin")
    _, found = await api.call("GET", f"{M}/taskList", admin, params={"name": "线性"})
    assert [t["title"] for t in found["result"]["items"]] == ["整理线性表"] and found["result"]["total"] == 1
    _, every = await api.call("GET", f"{M}/taskList", admin)
    assert every["result"]["total"] == 2
