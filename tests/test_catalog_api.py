"""Template structures, the template list and tag categories, as the graph screens read them."""
from toolkit.model import Template


async def test_template_structure_in_both_languages(api, people):
    token = await api.login("tester")
    teaching = await Template.get(code="teaching")
    _, body = await api.call("GET", f"/basic-api/api/graph/getTemplateStructure/{teaching.id}", token)
    structure = body["result"]
    root = next(e for e in structure["entitys"] if e["isRoot"])
    assert root["code"] == "KnowGraph" and root["name"] == "知识图谱" and root["iconStyle"]["colorView"].startswith("#")
    point = next(e for e in structure["entitys"] if e["code"] == "KnowPoint")
    assert {a["code"] for a in point["attributes"]} >= {"difficulty", "importance", "hours"}
    assert {r["code"] for r in structure["relations"]} >= {"Contain", "Behind", "Mutual"}
    _, english = await api.call("GET", f"/basic-api/api/template/{teaching.id}", token, lang="en")
    assert english["result"]["name"] == "Teaching graph"
    _, missing = await api.call("GET", "/basic-api/api/graph/getTemplateStructure/999999", token)
    assert missing["code"] == 1


async def test_template_list_and_tags(api, people):
    token = await api.login("expert")
    _, listed = await api.call("GET", "/basic-api/api/template/list", token, params={"pageSize": 100})
    assert listed["result"]["total"] == 8
    _, kind = await api.call("GET", "/basic-api/api/template/list", token, params={"kind": "ability"})
    assert [t["code"] for t in kind["result"]["items"]] == ["ability"]
    _, tags = await api.call("GET", "/basic-api/api/category/listNodeTags", token)
    assert "重点" in {t["name"] for t in tags["result"]}
    _, categories = await api.call("GET", "/basic-api/api/category/listCategory", token, params={"scope": "ability"})
    assert [c["scope"] for c in categories["result"]] == ["ability"] and categories["result"][0]["tags"]
