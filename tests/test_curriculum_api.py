"""Course and ability views on the example graphs."""
from tests.conftest import TEST_EXAMPLES
from toolkit.demo import load_examples
from toolkit.model import Graph, Node

G = "/basic-api/api/graph"


async def test_support_matrix_and_course_line(api, database):
    await load_examples(TEST_EXAMPLES)
    token = await api.login("teacher", "Zhitu@2026")
    major = await Graph.get(name="计算机科学与技术专业毕业要求")
    _, info = await api.call("GET", f"{G}/getCourseDisplayInfo/{major.id}", token)
    result = info["result"]
    assert len(result["courses"]) == 16 and len(result["matrix"]) == 39
    assert {m["strength"] for m in result["matrix"]} == {"H", "M", "L"}
    assert [c["semester"] for c in result["courses"]] == sorted(c["semester"] for c in result["courses"])
    _, totals = await api.call("GET", f"{G}/searchAbilityPointRelationTotal/{major.id}", token)
    assert totals["result"]["supported"] > 0 and totals["result"]["unsupported"]
    point = await Node.get(graph_id=major.id, name="指标点1.1")
    _, relations = await api.call("GET", f"{G}/searchAbilityRelation", token, params={"graphId": major.id, "nodeId": point.id})
    assert {r["start_node__name"] for r in relations["result"]["relations"]} >= {"高等数学", "离散数学"}
    group = await Graph.get(name="计算机基础课程群")
    _, line = await api.call("GET", f"{G}/getCourseLine/{group.id}", token)
    assert len(line["result"]["prerequisites"]) == 14
    _, times = await api.call("GET", f"{G}/getCourseTimes/{group.id}", token)
    assert times["result"]["semesters"][0]["semester"] == 1


async def test_course_hours_and_ability_check(api, database):
    await load_examples(TEST_EXAMPLES)
    token = await api.login("teacher", "Zhitu@2026")
    course = await Graph.get(name="数据结构")
    _, times = await api.call("GET", f"{G}/getCourseTimes/{course.id}", token)
    assert times["result"]["totalHours"] > 40 and len(times["result"]["units"]) == 9
    ability = await Graph.get(name="程序设计能力")
    _, check = await api.call("POST", f"{G}/checkNewAbilityTree", token, json={"graphId": ability.id})
    assert check["result"]["repeatedNames"] == [] and check["result"]["withoutDescription"] == []
    assert check["result"]["unsupportedLeaves"]
