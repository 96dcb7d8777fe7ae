"""Attainment (达成度): the arithmetic against a published example and by hand, its properties,
the score-sheet import's refusals, the reports, the CLI and the API's rights."""
from __future__ import annotations

import io
import json
from fractions import Fraction

import openpyxl
import pytest
from docx import Document
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import PASSWORD, PASSWORD_HASH, TEST_EXAMPLES
from toolkit import graphdoc
from toolkit.attainment import calculation, indicators, records, reports
from toolkit.attainment.calculation import Item, Student
from toolkit.attainment.document import write_report
from toolkit.attainment.sheets import Objective, read_scores
from toolkit.demo import load_examples
from toolkit.errors import FormatError, Forbidden
from toolkit.graphs.store import store_document
from toolkit.model import AuditEvent, Assessment, CrossRelation, Graph, Node, Project, StudentScore, Unit, User

A = "/basic-api/api/attainment"
TERM = "2024-2025-1"


# --- The published worked example -----------------------------------------------------------
# Source: 优学院 (ulearning) help, "OBE目标达成度分析-计算规则说明", http://help.ulearning.cn/?p=5970
# Objective 1 holds two grade items: A1 (weight 5) = the mean of assignment 1 and 2 on a 100 scale,
# D1 (weight 10) = exam questions worth 30 marks. A student with 98 and 80 on the assignments and 15
# of 30 on the questions: A1 = 89, D1 = 50, and
#     (A1/100)*(5/15) + (D1/100)*(10/15) = 0.30 + 0.33
# The page prints the two terms as 0.30 and 0.33 and their total as 0.66; the terms' sum is 0.63
# (0.2967 + 0.3333), an arithmetic slip on the page, so the test holds the two terms and 0.63.
# As items: the two assignments carry 2.5 each of A1's weight 5, the questions 10.
WORKED_CSV = (
    "学号,姓名,作业1,作业2,考试题\n"
    "满分,,100,100,30\n"
    "课程目标,,1,1,1\n"
    "权重,,2.5,2.5,10\n"
    "S001,学生甲,98,80,15\n"
)


def test_published_worked_example_to_two_decimals():
    objective = Objective(1, "课程目标1", 1)
    sheet = read_scores("worked.csv", WORKED_CSV.encode(), [objective])
    items, students = sheet.items, sheet.students
    a1 = sum(w * s / i.full_marks for i, w, s in zip(items[:2], (2.5, 2.5), students[0].scores[:2])) / 15
    d1 = 10 * students[0].scores[2] / items[2].full_marks / 15
    assert (round(a1, 2), round(d1, 2)) == (0.30, 0.33)
    result = calculation.objective_result(items, students, 1)
    assert round(result.average, 2) == 0.63
    assert result.share == 1.0  # 0.63 >= 0.6


# --- A hand-computed class example (labelled as such: not from a publication) ----------------
# Formula as the published rules state it (e.g. 大连海洋大学 海洋与土木工程学院, "本科课程目标达成
# 情况评价机制与实施办法", https://tmgc.dlou.edu.cn/2022/0917/c6943a140520/page.htm, formula (1):
# objective i = sum_j W_j * A_j / S_j with the weights of one objective summing to 1).
# Objective 1: 平时 (full 100, weight 0.3) and 期末一 (full 60, weight 0.7); objective 2: 期末二 (full 40).
# Class of four: 平时 80, 90, 70, 60 (mean 75); 期末一 48, 30, 54, 36 (mean 42); 期末二 20, 36, 28, 12 (mean 24).
# Objective 1 = 0.3 * 75/100 + 0.7 * 42/60 = 0.225 + 0.49 = 0.715; objective 2 = 24/40 = 0.60.
# Students' objective-1 values: 0.80, 0.62, 0.84, 0.60 -> all four at or above 0.6;
# objective 2: 0.50, 0.90, 0.70, 0.30 -> two of four.
HAND_ITEMS = [Item("平时", 100, {1: 0.3}), Item("期末一", 60, {1: 0.7}), Item("期末二", 40, {2: 40})]
HAND_STUDENTS = [Student("1", "", [80, 48, 20]), Student("2", "", [90, 30, 36]), Student("3", "", [70, 54, 28]),
                 Student("4", "", [60, 36, 12])]


def test_hand_computed_class_example():
    first = calculation.objective_result(HAND_ITEMS, HAND_STUDENTS, 1)
    second = calculation.objective_result(HAND_ITEMS, HAND_STUDENTS, 2)
    assert round(first.average, 4) == 0.715 and first.share == 1.0
    assert round(second.average, 4) == 0.6 and second.share == 0.5
    assert calculation.course_values({1: first.average, 2: second.average}, {1: 0.6, 2: 0.4}) == pytest.approx(
        {"minimum": 0.6, "weighted": 0.6 * 0.715 + 0.4 * 0.6})
    # Indicator: courses H (0.715) and L (0.6) with H=3, L=1: (3*0.715 + 0.6)/4; minimum 0.6.
    weights = calculation.strength_weights("H=3,M=2,L=1")
    assert calculation.indicator_value([("H", 0.715), ("L", 0.6)], "weighted", weights) == pytest.approx(0.68625)
    assert calculation.indicator_value([("H", 0.715), ("L", 0.6)], "minimum", weights) == 0.6


# --- Properties on small random classes ------------------------------------------------------
@st.composite
def classes(draw):
    item_count = draw(st.integers(1, 5))
    objective_ids = [1, 2, 3]
    items = []
    for index in range(item_count):
        full = draw(st.integers(1, 100))
        chosen = draw(st.lists(st.sampled_from(objective_ids), min_size=1, max_size=3, unique=True))
        weights = {o: draw(st.sampled_from([None, 0.1, 0.3, 0.5, 1.0, 2.0])) or float(full) for o in chosen}
        items.append(Item(f"item{index}", float(full), weights))
    students = [Student(str(k), "", [float(draw(st.integers(0, int(i.full_marks)))) for i in items])
                for k in range(draw(st.integers(1, 8)))]
    return items, students


def _by_hand(items, students, objective_id):
    """Exact fractions: the mean over students of each student's weighted ratio."""
    pairs = [(i, Fraction(item.weights[objective_id])) for i, item in enumerate(items) if objective_id in item.weights]
    if not pairs:
        return None
    total = sum(w for _, w in pairs)
    values = [sum(w * Fraction(s.scores[i]) / Fraction(items[i].full_marks) for i, w in pairs) / total for s in students]
    return sum(values) / len(values)


@settings(max_examples=200, deadline=None)
@given(classes())
def test_attainment_stays_in_unit_interval_and_equals_the_hand_computation(data):
    items, students = data
    for objective_id in (1, 2, 3):
        result = calculation.objective_result(items, students, objective_id)
        expected = _by_hand(items, students, objective_id)
        if expected is None:
            assert result.average is None
            continue
        assert 0 <= result.average <= 1 and 0 <= result.share <= 1
        assert result.average == pytest.approx(float(expected), abs=1e-9)
        assert sum(result.distribution) == len(students)


@settings(max_examples=200, deadline=None)
@given(classes(), st.data())
def test_attainment_never_falls_when_a_score_rises(data, draw):
    items, students = data
    k = draw.draw(st.integers(0, len(students) - 1))
    i = draw.draw(st.integers(0, len(items) - 1))
    raised = [Student(s.number, s.name, list(s.scores)) for s in students]
    raised[k].scores[i] = draw.draw(st.floats(students[k].scores[i], items[i].full_marks))
    weights = calculation.DEFAULT_STRENGTH_WEIGHTS
    for objective_id in (1, 2, 3):
        before = calculation.objective_result(items, students, objective_id)
        after = calculation.objective_result(items, raised, objective_id)
        if before.average is None:
            continue
        assert after.average >= before.average - 1e-12
        assert after.share >= before.share
        for method in calculation.METHODS:
            assert calculation.indicator_value([("H", after.average), ("L", 0.5)], method, weights) >= \
                calculation.indicator_value([("H", before.average), ("L", 0.5)], method, weights) - 1e-12


# --- Import refusals -------------------------------------------------------------------------
OBJECTIVES = [Objective(11, "课程目标1", 1), Objective(12, "课程目标2", 2)]


def _xlsx(rows: list[list]) -> bytes:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "成绩"
    for row in rows:
        sheet.append(row)
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


GOOD = [["学号", "姓名", "作业", "期末"], ["满分", None, 20, 80], ["课程目标", None, "1:0.4", "课程目标1:0.6;2:1"],
        ["2021001", "甲", 18, 70], ["2021002", "乙", 15, 52]]


@pytest.mark.parametrize("change, key, where", [
    (lambda rows: rows[3].__setitem__(2, 25), "attainment.over_full_marks", "row 4, column C"),
    (lambda rows: rows[4].__setitem__(0, None), "attainment.missing_student", "row 5, column A"),
    (lambda rows: rows[4].__setitem__(0, "2021001"), "attainment.duplicate_student", "row 5, column A"),
    (lambda rows: rows[4].__setitem__(3, "缺考"), "attainment.not_a_number", "row 5, column D"),
    (lambda rows: rows[4].__setitem__(3, None), "attainment.missing_score", "row 5, column D"),
    (lambda rows: rows[3].__setitem__(3, -1), "attainment.negative_score", "row 4, column D"),
    (lambda rows: rows[2].__setitem__(2, "课程目标9"), "attainment.unknown_objective", "row 3, column C"),
    (lambda rows: rows[1].__setitem__(3, 0), "attainment.bad_full_marks", "row 2, column D"),
    (lambda rows: rows[0].__setitem__(0, "序号"), "format.missing_column", "row 1"),
    (lambda rows: rows[3].__setitem__(0, "9" * 51), "text.too_long_at", "row 4, column A"),
    # 作业 left to its full marks while 期末 weighs 0.6 in the same objective: no common scale.
    (lambda rows: rows[2].__setitem__(2, "1"), "attainment.mixed_weights", "row 3, column C"),
])
def test_bad_sheets_get_one_located_error(change, key, where):
    rows = [list(r) for r in GOOD]
    change(rows)
    with pytest.raises(FormatError) as caught:
        read_scores("scores.xlsx", _xlsx(rows), OBJECTIVES)
    assert caught.value.key == key
    assert "scores.xlsx" in caught.value.message("en") and where in caught.value.message("en")
    if key != "format.missing_column":
        assert "sheet 成绩" in caught.value.message("en")


def test_good_sheet_reads_items_weights_and_students():
    sheet = read_scores("scores.xlsx", _xlsx(GOOD), OBJECTIVES)
    assert [(i.name, i.full_marks, i.weights) for i in sheet.items] == [("作业", 20, {11: 0.4}), ("期末", 80, {11: 0.6, 12: 1})]
    assert [(s.number, s.name, s.scores) for s in sheet.students] == [("2021001", "甲", [18, 70]), ("2021002", "乙", [15, 52])]


def test_full_marks_given_apart_from_the_sheet():
    from toolkit.attainment.sheets import items_from_dicts

    rows = [["学号", "姓名", "作业", "期末", "总评"], ["2021001", "甲", 18, 70, 88]]
    given = items_from_dicts([{"name": "作业", "fullMarks": 20, "objectives": {"1": 0.3}},
                              {"name": "期末", "fullMarks": 80, "objectives": {"1": 0.7, "2": 1}}], OBJECTIVES)
    sheet = read_scores("scores.xlsx", _xlsx(rows), OBJECTIVES, given)
    assert [i.name for i in sheet.items] == ["作业", "期末"] and sheet.students[0].scores == [18, 70]
    with pytest.raises(FormatError) as caught:
        items_from_dicts([{"name": "作业", "fullMarks": 20, "objectives": [1]},
                          {"name": "期末", "fullMarks": 80, "objectives": {"1": 0.7}}], OBJECTIVES)
    assert caught.value.key == "attainment.mixed_weights" and "item 1" in caught.value.message("en")


# --- Stored data, reports, the Word report ---------------------------------------------------
SMALL_COURSE = {
    "format": "zhitu-graph", "version": 1, "name": "程序设计基础课程能力图谱", "template": "courseAbility",
    "root": {"id": "r", "name": "程序设计基础", "type": "Course", "attributes": {"CourseName": "程序设计基础"}, "children": [
        {"id": "o1", "name": "课程目标1", "type": "CourseAbilityTarget", "desc": "掌握基本程序结构。", "children": [
            {"id": "p1", "name": "程序结构", "type": "CourseAbilityPoint", "children": [
                {"id": "k1", "name": "循环结构", "type": "KnowPoint"}, {"id": "k2", "name": "函数", "type": "KnowPoint"}]}]}]},
    "relations": [],
}


async def _setup():
    await load_examples(TEST_EXAMPLES)
    course = await Graph.get(name="数据结构课程能力图谱")
    teacher = await User.get(user_name="teacher")
    return course, teacher


def _course_sheet(scores: list[tuple[str, list[int]]]) -> bytes:
    rows = [["学号", "姓名", "作业", "实验", "期末1", "期末2"], ["满分", None, 100, 100, 40, 60],
            ["课程目标", None, "1,2", "4", "1,3", "2,3"]]
    rows += [[number, f"学生{number}", *values] for number, values in scores]
    return _xlsx(rows)


CLASS_SCORES = [("2101", [90, 80, 30, 50]), ("2102", [50, 40, 10, 20]), ("2103", [70, 90, 35, 45])]


async def test_import_stores_the_class_and_a_bad_sheet_changes_nothing(database):
    course, teacher = await _setup()
    stored = await records.import_scores(teacher, course.id, TERM, "计科2101", "scores.xlsx", _course_sheet(CLASS_SCORES))
    assert stored["students"] == 3 and not stored["replaced"]
    bad = _course_sheet([*CLASS_SCORES[:2], ("2103", [70, 90, 45, 45])])  # 45 > 40
    with pytest.raises(FormatError):
        await records.import_scores(teacher, course.id, TERM, "计科2101", "scores.xlsx", bad)
    kept = await StudentScore.filter(assessment__graph_id=course.id).order_by("student_number").values_list("scores", flat=True)
    assert kept == [[90, 80, 30, 50], [50, 40, 10, 20], [70, 90, 35, 45]]
    assert await AuditEvent.filter(action="attainment.import").count() == 1


async def test_course_report_values_and_word_report(database):
    course, teacher = await _setup()
    await records.import_scores(teacher, course.id, TERM, "计科2101", "scores.xlsx", _course_sheet(CLASS_SCORES))
    report = await reports.course_report(teacher, course.id, TERM)
    by_name = {o["name"]: o for o in report["objectives"]}
    # Objective 1: 作业 (weight 100) and 期末1 (weight 40): (100*70/100 + 40*25/40) / 140 = (70 + 25) / 140.
    assert by_name["课程目标1"]["average"] == round(95 / 140, 4)
    # Objective 4: 实验 only: mean 70/100.
    assert by_name["课程目标4"]["average"] == 0.7
    # Student 2102 on objective 1: (50 + 10) / 140 < 0.6; the others are above: share 2/3.
    assert by_name["课程目标1"]["share"] == round(2 / 3, 4)
    assert report["courseAttainment"]["minimum"] == min(o["average"] for o in report["objectives"])
    below = [o for o in report["objectives"] if o["attained"] is False]
    assert [o["id"] for o in below] == report["belowThreshold"]
    assert all(o["knowledgePoints"] for o in report["objectives"])
    assert str(by_name["课程目标1"]["id"]) in report["nodeAttainment"]

    document = Document(io.BytesIO(write_report(report, "zh-CN")))
    texts = [p.text for p in document.paragraphs]
    assert any("课程目标达成情况评价报告" in t for t in texts) and "六、持续改进" in texts
    attainment_table = document.tables[2]  # information, items, attainment
    assert [row.cells[0].text for row in attainment_table.rows][1:5] == ["课程目标1", "课程目标2", "课程目标3", "课程目标4"]
    assert attainment_table.rows[1].cells[2].text == f"{95 / 140:.2f}"


async def test_indicators_through_the_support_matrix(database):
    course, teacher = await _setup()
    project = await Project.get(name="计算机科学与技术专业建设")
    programming = await store_document(graphdoc.from_dict(SMALL_COURSE), project, teacher)
    await records.import_scores(teacher, course.id, TERM, "计科2101", "scores.xlsx", _course_sheet(CLASS_SCORES))
    small = _xlsx([["学号", "作业"], ["满分", 10], ["2101", 5], ["2102", 9]])
    await records.import_scores(teacher, programming.id, TERM, "计科2101", "small.xlsx", small)
    major = await Graph.get(name="计算机科学与技术专业毕业要求")
    indicator = await Node.get(graph_id=major.id, name="指标点1.2")
    objective = await Node.get(graph_id=course.id, name="课程目标2")
    await CrossRelation.create(start_graph_id=course.id, start_node_id=objective.id, target_graph_id=major.id,
                               target_node_id=indicator.id, relation_type="Support")
    report = await reports.course_report(teacher, course.id, TERM)
    data_structures = next(o["average"] for o in report["objectives"] if o["name"] == "课程目标2")
    result = await indicators.indicator_report(teacher, major.id, TERM)
    row = next(i for i in result["indicators"] if i["id"] == indicator.id)
    values = {c["courseName"]: c for c in row["courses"]}
    # 数据结构 (H) through its bound objective 2; 程序设计基础 (M) through its only objective: 14/20 = 0.7.
    assert values["数据结构"]["value"] == data_structures and values["数据结构"]["objectives"] == [objective.id]
    assert values["程序设计基础"]["value"] == 0.7
    assert row["value"] == pytest.approx((3 * data_structures + 2 * 0.7) / 5, abs=1e-4)
    assert set(row["missing"]) == {"计算机组成原理", "计算机网络"}
    minimum = await indicators.indicator_report(teacher, major.id, TERM, "minimum", "H=1,M=1")
    assert next(i for i in minimum["indicators"] if i["id"] == indicator.id)["value"] == min(data_structures, 0.7)
    # An earlier term with 程序设计基础 alone: its history holds both terms, each with its own courses.
    await records.import_scores(teacher, programming.id, "2023-2024-2", "计科2101", "small.xlsx",
                                _xlsx([["学号", "作业"], ["满分", 10], ["2101", 4]]))
    history = await indicators.indicator_history(teacher, major.id)
    values = {t["term"]: next(i["value"] for i in t["indicators"] if i["id"] == indicator.id) for t in history["terms"]}
    assert values == {"2023-2024-2": 0.4, TERM: row["value"]}


async def test_results_are_for_the_course_and_the_unit_only(database):
    course, teacher = await _setup()
    await records.import_scores(teacher, course.id, TERM, "计科2101", "scores.xlsx", _course_sheet(CLASS_SCORES))
    other_unit = await Unit.create(name="别的大学")
    stranger = await User.create(user_name="stranger", name="stranger", role="30", unit=other_unit, password_hash=PASSWORD_HASH)
    for call in (reports.course_report(stranger, course.id, TERM), reports.student_values(stranger, course.id, TERM),
                 records.delete_term(stranger, course.id, TERM)):
        with pytest.raises(Forbidden):
            await call
    tester = await User.get(user_name="tester")
    assert (await reports.course_report(tester, course.id, TERM))["students"] == 3
    with pytest.raises(Forbidden):
        await reports.student_values(tester, course.id, TERM)
    admin = await User.get(user_name="admin")
    assert len((await reports.student_values(admin, course.id, TERM))["items"]) == 3


# --- The API ---------------------------------------------------------------------------------
def _upload(graph_id: int, data: bytes, name: str = "scores.xlsx", class_name: str = "计科2101") -> dict:
    return {"files": {"file": (name, data, "application/octet-stream")},
            "data": {"graphId": str(graph_id), "term": TERM, "className": class_name}}


async def test_api_import_report_export_and_delete(api, database):
    course, _ = await _setup()
    token = await api.login("teacher", "Zhitu@2026")
    status, body = await api.call("POST", f"{A}/import", token, **_upload(course.id, _course_sheet(CLASS_SCORES)))
    assert status == 200 and body["code"] == 0 and body["result"]["students"] == 3, body
    bad = _course_sheet([("2101", [90, 80, 30, 50]), ("2101", [1, 1, 1, 1])])
    status, body = await api.call("POST", f"{A}/import", token, lang="en", **_upload(course.id, bad, class_name="计科2102"))
    assert body["code"] == 1 and "row 5, column A" in body["message"] and "2101" in body["message"]
    assert await Assessment.filter(graph_id=course.id).count() == 1
    _, listed = await api.call("GET", f"{A}/assessments", token, params={"graphId": course.id})
    assert [(a["term"], a["className"], a["students"]) for a in listed["result"]] == [(TERM, "计科2101", 3)]
    _, result = await api.call("GET", f"{A}/course", token, params={"graphId": course.id, "term": TERM})
    assert len(result["result"]["objectives"]) == 4 and result["result"]["students"] == 3
    _, history = await api.call("GET", f"{A}/history", token, params={"graphId": course.id})
    assert [t["term"] for t in history["result"]["terms"]] == [TERM]
    major = await Graph.get(name="计算机科学与技术专业毕业要求")
    _, found = await api.call("GET", f"{A}/indicators", token, params={"graphId": major.id, "method": "minimum"})
    assert any(i["value"] is not None for i in found["result"]["indicators"])
    _, history = await api.call("GET", f"{A}/indicatorHistory", token, params={"graphId": major.id})
    assert [t["term"] for t in history["result"]["terms"]] == [TERM]
    _, refused = await api.call("GET", f"{A}/indicators", token, params={"graphId": major.id, "method": "median"})
    assert refused["code"] == 1 and "method" in refused["message"]
    response = await api.client.get(f"{A}/export", params={"graphId": course.id, "term": TERM, "format": "docx"},
                                    headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200
    assert Document(io.BytesIO(response.content)).tables
    response = await api.client.get(f"{A}/export", params={"graphId": course.id, "term": TERM, "format": "xlsx"},
                                    headers={"Authorization": f"Bearer {token}"})
    book = openpyxl.load_workbook(io.BytesIO(response.content))
    assert len(book.worksheets) == 3  # objectives, items, and the students for a teacher
    status, deleted = await api.call("DELETE", f"{A}/term", token, params={"graphId": course.id, "term": TERM})
    assert deleted["result"] == {"deleted": 1}
    assert await StudentScore.all().count() == 0
    assert await AuditEvent.filter(action="attainment.delete").count() == 1


async def test_api_rights(api, database):
    course, teacher = await _setup()
    await records.import_scores(teacher, course.id, TERM, "计科2101", "scores.xlsx", _course_sheet(CLASS_SCORES))
    other_unit = await Unit.create(name="别的大学")
    await User.create(user_name="stranger", name="stranger", role="30", unit=other_unit, password_hash=PASSWORD_HASH)
    stranger = await api.login("stranger", PASSWORD)
    status, body = await api.call("GET", f"{A}/course", stranger, params={"graphId": course.id, "term": TERM})
    assert status == 403 and body["code"] == 1
    status, body = await api.call("POST", f"{A}/import", stranger, **_upload(course.id, _course_sheet(CLASS_SCORES)))
    assert status == 403
    tester = await api.login("tester", "Zhitu@2026")
    status, body = await api.call("POST", f"{A}/import", tester, **_upload(course.id, _course_sheet(CLASS_SCORES)))
    assert status == 403 and body["reason"] == "role"
    status, body = await api.call("DELETE", f"{A}/term", tester, params={"graphId": course.id, "term": TERM})
    assert status == 403 and body["reason"] == "role"
    status, body = await api.call("GET", f"{A}/students", tester, params={"graphId": course.id, "term": TERM})
    assert status == 403
    status, body = await api.call("GET", f"{A}/course", tester, params={"graphId": course.id, "term": TERM})
    assert status == 200 and body["code"] == 0
    admin = await api.login("admin", "Zhitu@2026")
    status, body = await api.call("GET", f"{A}/students", admin, params={"graphId": course.id, "term": TERM})
    assert body["code"] == 0 and len(body["result"]["items"]) == 3
    assert await Assessment.all().count() == 1


# --- The CLI ---------------------------------------------------------------------------------
def test_cli_import_and_reports(demo_db, tmp_path):
    import asyncio

    from typer.testing import CliRunner

    from toolkit import db
    from toolkit.cli.main import app

    async def graph_id():
        async with db.opened(demo_db):
            return (await Graph.get(name="数据结构课程能力图谱")).id

    course = asyncio.run(graph_id())
    sheet = tmp_path / "scores.xlsx"
    sheet.write_bytes(_course_sheet(CLASS_SCORES))
    runner = CliRunner()
    imported = runner.invoke(app, ["attainment", "import", str(sheet), "--graph", str(course), "--term", TERM,
                                   "--class", "计科2101", "--json"])
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.stdout)["students"] == 3
    report = tmp_path / "report.docx"
    written = runner.invoke(app, ["attainment", "report", "--graph", str(course), "--term", TERM, "-o", str(report)])
    assert written.exit_code == 0, written.output
    assert Document(str(report)).tables
    as_json = runner.invoke(app, ["attainment", "report", "--graph", str(course), "--term", TERM, "--json"])
    assert len(json.loads(as_json.stdout)["objectives"]) == 4
    workbook = tmp_path / "report.xlsx"
    assert runner.invoke(app, ["attainment", "report", "--graph", str(course), "--term", TERM, "--format", "xlsx",
                               "-o", str(workbook)]).exit_code == 0
    assert openpyxl.load_workbook(workbook).worksheets[0]["A5"].value == "课程目标1"
    bad = tmp_path / "bad.csv"
    bad.write_text("学号,作业\n满分,10\n2101,11\n", encoding="utf-8")
    refused = runner.invoke(app, ["attainment", "import", str(bad), "--graph", str(course), "--term", TERM, "--class", "B"])
    assert refused.exit_code == 3 and "bad.csv" in refused.output
