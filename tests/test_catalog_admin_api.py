"""Managing templates, entity and relation types, groups and connections; a template in use keeps what graphs use."""
from toolkit.graphs.crud import create_graph
from toolkit.graphs.tree import create_node
from toolkit.model import AuditEvent, EntityType, Project, Template

T = "/basic-api/api/template"


async def _new_template(api, token, code="labTemplate"):
    _, created = await api.call("POST", f"{T}/add", token, json={
        "code": code, "kind": "experiment", "name": "实验模板", "description": "<b>说明</b><img src=x onerror=alert(1)>",
        "entitys": [{"code": "ExperimentGraph", "isRoot": True, "children": ["Experiment"]}, {"code": "Experiment", "children": []}],
        "relations": [{"code": "Behind", "effectScope": [{"startEntityCode": "Experiment", "endEntityCode": "Experiment"}]}]})
    return created


async def test_template_crud_and_in_use_refusal(api, people):
    token = await api.login("super")
    created = await _new_template(api, token)
    assert created["code"] == 0, created
    template = created["result"]
    assert "onerror" not in template["description"]
    duplicate = await _new_template(api, token)
    assert duplicate["code"] == 1
    _, two_roots = await api.call("POST", f"{T}/add", token, json={
        "code": "bad", "kind": "teaching", "name": "坏模板", "entitys": [{"code": "KnowGraph", "isRoot": True}, {"code": "KnowUnit", "isRoot": True}]})
    assert two_roots["code"] == 1
    _, unknown = await api.call("POST", f"{T}/add", token, json={"code": "bad", "kind": "teaching", "name": "坏模板",
                                                                  "entitys": [{"code": "Nope", "isRoot": True}]})
    assert unknown["code"] == 1 and "Nope" in unknown["message"]
    # A graph that uses Experiment keeps it in the template.
    graph = await create_graph(people["users"]["super"], "物理实验", template["id"], None)
    root = await graph.nodes.all().first()
    await create_node(people["users"]["super"], graph.id, root.id, "单摆实验", node_type="Experiment")
    _, refused = await api.call("PUT", f"{T}/{template['id']}", token, lang="en",
                                json={"entitys": [{"code": "ExperimentGraph", "isRoot": True, "children": []}]})
    assert refused["code"] == 1 and "物理实验" in refused["message"] and "Experiment" in refused["message"]
    _, renamed = await api.call("PUT", f"{T}/{template['id']}", token, json={"name": "实验模板二"})
    assert renamed["result"]["name"] == "实验模板二"
    _, in_use = await api.call("DELETE", f"{T}/{template['id']}", token)
    assert in_use["code"] == 1 and "物理实验" in in_use["message"]
    _, builtin = await api.call("DELETE", f"{T}/{(await Template.get(code='teaching')).id}", token)
    assert builtin["code"] == 1
    _, listed = await api.call("GET", T, token, params={"pageSize": 50})
    assert listed["result"]["total"] == 9
    assert await AuditEvent.filter(action__startswith="template.").count() >= 2


async def test_entities_relations_groups_and_connections(api, people):
    token = await api.login("super")
    _, entity = await api.call("POST", f"{T}/templateEntity/add", token, json={
        "code": "LabStep", "name": "实验步骤", "iconStyle": {"fill": "#13c2c2"},
        "attributes": [{"code": "minutes", "name": "时长", "valueType": "integer"}]})
    assert entity["code"] == 0, entity
    _, bad_colour = await api.call("POST", f"{T}/templateEntity/add", token, json={"code": "Other", "name": "其他", "iconStyle": {"fill": "red"}})
    assert bad_colour["code"] == 1
    _, bad_type = await api.call("POST", f"{T}/templateEntity/add", token, json={
        "code": "Other", "name": "其他", "attributes": [{"code": "x", "name": "x", "valueType": "blob"}]})
    assert bad_type["code"] == 1
    template = (await _new_template(api, token))["result"]
    _, placed = await api.call("POST", f"{T}/templateEntity/add", token, json={"code": "LabStep", "templateId": template["id"],
                                                                             "parentCodes": ["Experiment"]})
    assert placed["code"] == 0
    _, in_template = await api.call("GET", f"{T}/templateEntity/list", token, params={"templateId": template["id"]})
    assert {e["code"] for e in in_template["result"]["items"]} == {"ExperimentGraph", "Experiment", "LabStep"}
    # Groups and relation types (admins manage them too).
    admin = await api.login("admin")
    _, group = await api.call("POST", "/basic-api/api/relationGroup", admin, json={"code": "lab", "name": "实验关系"})
    assert group["code"] == 0
    _, relation = await api.call("POST", "/basic-api/api/relation", admin, json={
        "code": "Precede", "name": "先于", "groupId": group["result"]["id"], "color": "#fa8c16",
        "effectScope": [{"startEntityCode": "LabStep", "endEntityCode": "LabStep"}]})
    assert relation["code"] == 0, relation
    _, group_busy = await api.call("DELETE", f"/basic-api/api/relationGroup/{group['result']['id']}", admin)
    assert group_busy["code"] == 1
    _, allowed = await api.call("POST", f"{T}/templateRelations/add", token, json={
        "code": "Precede", "templateId": template["id"], "effectScope": [{"startEntityCode": "LabStep", "endEntityCode": "LabStep"}]})
    assert allowed["code"] == 0
    _, template_relations = await api.call("GET", f"{T}/templateRelations/list", token, params={"templateId": template["id"]})
    assert {r["code"] for r in template_relations["result"]["items"]} == {"Behind", "Precede"}
    _, relation_busy = await api.call("DELETE", f"/basic-api/api/relation/{relation['result']['id']}", admin)
    assert relation_busy["code"] == 1 and "实验模板" in relation_busy["message"]
    status, _ = await api.call("POST", f"{T}/templateEntity/add", admin, json={"code": "X", "name": "X"})
    assert status == 403
    # Connections.
    teaching = await Template.get(code="teaching")
    _, connection = await api.call("POST", f"{T}/connection/add", token, json={
        "sourceTemplateId": template["id"], "targetTemplateId": teaching.id, "sourceEntityCode": "LabStep",
        "targetEntityCode": "KnowPoint", "relationCode": "Verify"})
    assert connection["code"] == 0, connection
    _, again = await api.call("POST", f"{T}/connection/add", token, json={
        "sourceTemplateId": template["id"], "targetTemplateId": teaching.id, "sourceEntityCode": "LabStep",
        "targetEntityCode": "KnowPoint", "relationCode": "Verify"})
    assert again["code"] == 1
    _, connections = await api.call("GET", f"{T}/connection/list", token, params={"templateId": template["id"]})
    assert connections["result"]["total"] == 1
    _, removed = await api.call("DELETE", f"{T}/connection/{connection['result']['id']}", token)
    assert removed["code"] == 0
    assert await EntityType.exists(code="LabStep")


async def test_apply_template_to_projects(api, people):
    token = await api.login("admin")
    project = people["projects"]["a"]
    teaching = await Template.get(code="teaching")
    ability = await Template.get(code="ability")
    await Project.filter(id=project.id).update(allowed_template_ids=[teaching.id])
    _, applied = await api.call("POST", f"{T}/apply", token, json={"templateId": ability.id, "projectIds": [project.id]})
    assert applied["code"] == 0
    assert (await Project.get(id=project.id)).allowed_template_ids == sorted([teaching.id, ability.id])
    status, _ = await api.call("POST", f"{T}/apply", token, json={"templateId": ability.id, "projectIds": [people["projects"]["b"].id]})
    assert status == 403
    _, missing = await api.call("POST", f"{T}/apply", token, json={"templateId": ability.id})
    assert missing["code"] == 1
