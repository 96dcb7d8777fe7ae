"""Projects: the manager's list, create and update, members and project roles, template control, statistics."""
from toolkit.graphs.crud import create_graph
from toolkit.model import AuditEvent, Project, ProjectMember, Template, User

P = "/basic-api/api/project"


async def test_admin_creates_a_trial_project_and_manages_members(api, people):
    admin = await api.login("admin")
    expert_id = people["users"]["expert"].id
    _, missing_end = await api.call("POST", P, admin, json={"name": "试用项目", "tryout": True})
    assert missing_end["code"] == 1
    _, created = await api.call("POST", P, admin, json={"name": "试用项目", "tryout": True, "endTime": "2030-01-01T00:00:00",
                                                        "leaderId": expert_id, "description": "<p>说明</p><script>x()</script>"})
    assert created["code"] == 0, created
    project = created["result"]
    assert project["unitId"] == people["unit"].id and project["leaderName"] == "expert" and "script" not in project["description"]
    pid = project["id"]
    # The person in charge becomes a project admin and can manage members.
    expert = await api.login("expert")
    tester_id = people["users"]["tester"].id
    _, added = await api.call("POST", f"{P}/member/{pid}", expert, json={"userId": tester_id, "role": "20"})
    assert added["code"] == 0
    _, admins = await api.call("GET", f"{P}/getProjectMember", expert, params={"projectId": pid, "role": "10"})
    assert [m["userName"] for m in admins["result"]["items"]] == ["expert"]
    _, everyone = await api.call("GET", f"{P}/getProjectMember", expert, params={"projectId": pid})
    assert everyone["result"]["total"] == 2
    # Only a project admin can be the person in charge.
    _, not_admin = await api.call("PUT", f"{P}/{pid}", admin, json={"leaderId": tester_id})
    assert not_admin["code"] == 1
    # A project admin may not extend their own trial; the unit admin may.
    status, _ = await api.call("PUT", f"{P}/{pid}", expert, json={"endTime": "2040-01-01T00:00:00"})
    assert status == 403
    _, extended = await api.call("PUT", f"{P}/{pid}", admin, json={"endTime": "2040-01-01T00:00:00", "name": "试用项目二"})
    assert extended["result"]["endTime"].startswith("2040") and extended["result"]["name"] == "试用项目二"
    # A project user may not manage members.
    tester = await api.login("tester")
    status, body = await api.call("POST", f"{P}/member/{pid}", tester, json={"userId": expert_id, "role": "20"})
    assert status == 403
    # The outsider belongs to another unit: not addable, and sees nothing of the project.
    outsider_id = people["users"]["outsider"].id
    _, other_unit = await api.call("POST", f"{P}/member/{pid}", admin, json={"userId": outsider_id, "role": "20"})
    assert other_unit["code"] == 1
    status, _ = await api.call("GET", f"{P}/control/{pid}", await api.login("outsider"))
    assert status == 403
    _, removed = await api.call("DELETE", f"{P}/member/{pid}/{tester_id}", expert)
    assert removed["code"] == 0 and not await ProjectMember.exists(project_id=pid, user_id=tester_id)
    assert await AuditEvent.filter(target_type="project", target_id=str(pid)).count() >= 4


async def test_search_control_and_template_control(api, people):
    expert = await api.login("expert")
    super_token = await api.login("super")
    project_a = people["projects"]["a"]
    _, searched = await api.call("GET", f"{P}/search", expert)
    assert [p["name"] for p in searched["result"]["items"]] == ["项目A"]
    _, everything = await api.call("GET", f"{P}/search", super_token, params={"pageSize": 50})
    assert everything["result"]["total"] == 2
    teaching = await Template.get(code="teaching")
    ability = await Template.get(code="ability")
    graph = await create_graph(people["users"]["expert"], "能力图谱", ability.id, project_a.id)
    tester_user = people["users"]["tester"]
    await ProjectMember.filter(project_id=project_a.id, user_id=tester_user.id).update(role="20")
    await User.filter(id=tester_user.id).update(role="30")  # an ordinary user who is a project user
    tester = await api.login("tester")
    _, before = await api.call("GET", f"/basic-api/api/graphList/{graph.id}", tester)
    assert before["result"]["isEdit"] == 1
    _, changed = await api.call("PUT", f"{P}/batchUpdateTemplateControl/{project_a.id}", expert, json={"templateIds": [teaching.id]})
    assert changed["result"]["controlledTemplateIds"] == [teaching.id]
    _, after = await api.call("GET", f"/basic-api/api/graphList/{graph.id}", tester)
    assert after["result"]["isEdit"] == 0
    _, control = await api.call("GET", f"{P}/control/{project_a.id}", tester)
    assert control["result"]["projectRole"] == "20" and control["result"]["canManage"] is False
    _, bad = await api.call("PUT", f"{P}/batchUpdateTemplateControl/{project_a.id}", expert, json={"templateIds": ["x"]})
    assert bad["code"] == 1
    _, ability_access = await api.call("GET", f"{P}/checkAccessAbilityGraph", expert, params={"projectId": project_a.id})
    assert ability_access["result"] == {"access": True, "graphIds": [graph.id]}
    _, statistics = await api.call("GET", f"{P}/statistics/{project_a.id}", expert)
    assert statistics["result"]["graphCount"] == 1 and statistics["result"]["nodeCount"] == 1
    assert statistics["result"]["graphsByKind"] == {"ability": 1}


async def test_tree_group_majors_and_delete(api, people):
    admin = await api.login("admin")
    _, parent = await api.call("POST", P, admin, json={"name": "计算机学院", "majorName": "计算机科学与技术"})
    _, child = await api.call("POST", P, admin, json={"name": "数据结构课程组", "parentId": parent["result"]["id"],
                                                      "majorName": "计算机科学与技术"})
    teaching = await Template.get(code="teaching")
    await create_graph(people["users"]["admin"], "数据结构", teaching.id, child["result"]["id"])
    _, tree = await api.call("GET", f"{P}/getTreeProjectGroup/{parent['result']['id']}", admin)
    assert tree["result"]["children"][0]["groups"][0]["graphs"][0]["name"] == "数据结构"
    _, majors = await api.call("GET", f"{P}/getProjectMajorList", admin)
    assert majors["result"][0]["majorName"] == "计算机科学与技术" and len(majors["result"][0]["projects"]) == 2
    _, refused = await api.call("DELETE", f"{P}/{child['result']['id']}", admin)
    assert refused["code"] == 1
    _, deleted = await api.call("DELETE", f"{P}/{parent['result']['id']}", admin)
    assert deleted["code"] == 0 and not await Project.exists(id=parent["result"]["id"])
