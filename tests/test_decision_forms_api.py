"""Decision dialogs (the trial-application handling, the library review and the library-application
approval) answer every invalid field at once, by display name, in both languages, and change nothing;
their rules are among those the web UI reads (GET /api/user/formRules)."""
from toolkit import library
from toolkit.model import LibraryApply, LibraryEntry, Project, TrialApplication
from tests.test_catalogue_forms_api import _both
from tests.test_library_api import _graph

L = "/basic-api/api/common/graph"


async def test_trial_decision_answers_every_field_at_once(api, people):
    trial = await TrialApplication.create(name="王老师", unit_name="测试大学", tel="13700000009", reason="试用")
    token = await api.login("super")
    path = f"/basic-api/api/trial/handle/{trial.id}"
    zh, en = await _both(api, token, "PUT", path, json={"state": 5, "days": 400, "opinion": "x" * 2001})
    assert zh["errors"] == {"state": "请选择有效的审批结果", "days": "试用天数不能大于 366", "opinion": "审批意见最多 2000 个字符"}
    assert zh["message"] == "请修正 3 处：审批结果、试用天数、审批意见"
    assert en["errors"] == {"state": "Choose a valid Decision", "days": "Trial days cannot be more than 366",
                            "opinion": "Approval opinion: at most 2000 characters"}
    _, reject = await api.call("PUT", path, token, lang="en", json={"state": "2", "days": "0", "opinion": " "})
    assert reject["errors"] == {"days": "Trial days cannot be less than 1", "opinion": "Approval opinion is required"}
    after = await TrialApplication.get(id=trial.id)
    assert (after.state, after.handle_opinion, after.project_id) == (0, "", None)
    assert await Project.filter(tryout=True).count() == 0
    _, approved = await api.call("PUT", path, token, json={"state": "1", "days": "14"})
    assert approved["code"] == 0 and approved["result"]["state"] == 1


async def test_library_review_answers_every_field_at_once(api, people):
    graph, *_ = await _graph(people)
    await library.publish(people["users"]["expert"], graph.id)
    admin = await api.login("admin")
    zh, en = await _both(api, admin, "POST", f"{L}/updatePublicState", json={"graphId": graph.id, "publicState": "x", "opinion": "o" * 2001})
    assert zh["errors"] == {"publicState": "请选择有效的审批结果", "opinion": "审批意见最多 2000 个字符"}
    assert en["errors"] == {"publicState": "Choose a valid Decision", "opinion": "Approval opinion: at most 2000 characters"}
    _, refuse = await api.call("POST", f"{L}/updatePublicState", admin, lang="zh-CN", json={"graphId": graph.id, "publicState": 2})
    assert refuse["errors"] == {"opinion": "请填写审批意见"}
    entry = await LibraryEntry.get(graph_id=graph.id)
    assert (entry.public_state, entry.reviewer_id, entry.review_opinion) == (library.WAIT, None, "")


async def test_library_approval_answers_every_field_at_once(api, people):
    graph, *_ = await _graph(people)
    expert, outsider = people["users"]["expert"], people["users"]["outsider"]
    await library.publish(expert, graph.id)
    await library.update_public_state(people["users"]["admin"], graph.id, library.PUBLISH)
    record = await library.apply(outsider, graph.id, "我的数据结构", people["projects"]["b"].id, outsider.id, "教学使用")
    token = await api.login("outsider")
    zh, en = await _both(api, token, "POST", f"{L}/approval", json={"id": record["id"], "approvalProposal": " "})
    assert zh["errors"] == {"state": "请填写审批结果", "opinion": "请填写审批意见"}
    assert zh["message"] == "请修正 2 处：审批结果、审批意见"
    assert en["errors"] == {"state": "Decision is required", "opinion": "Approval opinion is required"}
    _, wrong = await api.call("POST", f"{L}/approval", token, lang="en", json={"id": record["id"], "state": 4, "approvalProposal": "o" * 2001})
    assert wrong["errors"] == {"state": "Choose a valid Decision", "opinion": "Approval opinion: at most 2000 characters"}
    after = await LibraryApply.get(id=record["id"])
    assert (after.state, after.approval_proposal, after.copy_graph_id) == (library.APPLY, "", None)


async def test_decision_form_rules_are_served(api, people):
    _, en = await api.call("GET", "/basic-api/api/user/formRules", lang="en")
    rules = en["result"]
    assert rules["trialDecision"]["days"] == {"label": "Trial days", "required": False, "integer": True, "min": 1, "max": 366}
    assert rules["trialDecision"]["state"]["choices"] == [1, 2] and rules["libraryReview"]["publicState"]["choices"] == [4, 2]
    assert rules["libraryApproval"]["opinion"] == {"label": "Approval opinion", "required": True, "maxLength": 2000}


async def test_an_opinion_of_markup_only_is_no_opinion(api, people):
    """The opinion is checked as it would be stored (sanitised): markup that cleans to nothing is
    no opinion, where a refusal or the approval form needs one; the answer names every field at once
    and nothing is written."""
    script = "<script>alert(1)</script>"
    graph, *_ = await _graph(people)
    expert, outsider = people["users"]["expert"], people["users"]["outsider"]
    await library.publish(expert, graph.id)
    admin = await api.login("admin")
    zh, en = await _both(api, admin, "POST", f"{L}/updatePublicState", json={"graphId": graph.id, "publicState": 2, "opinion": script})
    assert (zh["errors"], en["errors"]) == ({"opinion": "请填写审批意见"}, {"opinion": "Approval opinion is required"})
    entry = await LibraryEntry.get(graph_id=graph.id)
    assert (entry.public_state, entry.reviewer_id, entry.review_opinion) == (library.WAIT, None, "")

    await library.update_public_state(people["users"]["admin"], graph.id, library.PUBLISH)
    record = await library.apply(outsider, graph.id, "我的数据结构", people["projects"]["b"].id, outsider.id, "教学使用")
    token = await api.login("outsider")
    zh, en = await _both(api, token, "POST", f"{L}/approval", json={"id": record["id"], "state": 9, "approvalProposal": script})
    assert zh["errors"] == {"state": "请选择有效的审批结果", "opinion": "请填写审批意见"}
    assert en["errors"] == {"state": "Choose a valid Decision", "opinion": "Approval opinion is required"}
    _, passing = await api.call("POST", f"{L}/approval", token, lang="en", json={"id": record["id"], "state": 2, "approvalProposal": script})
    assert passing["errors"] == {"opinion": "Approval opinion is required"}
    assert passing["message"] == "Please correct 1 field: Approval opinion"  # one field: singular
    after = await LibraryApply.get(id=record["id"])
    assert (after.state, after.approval_proposal, after.copy_graph_id) == (library.APPLY, "", None)

    trial = await TrialApplication.create(name="赵老师", unit_name="测试大学", tel="13700000008", reason="试用")
    super_token = await api.login("super")
    zh, en = await _both(api, super_token, "PUT", f"/basic-api/api/trial/handle/{trial.id}", json={"state": 2, "days": 0, "opinion": script})
    assert zh["errors"] == {"days": "试用天数不能小于 1", "opinion": "请填写审批意见"}
    assert en["errors"] == {"days": "Trial days cannot be less than 1", "opinion": "Approval opinion is required"}
    assert (await TrialApplication.get(id=trial.id)).state == 0
