#!/usr/bin/env python3
"""Dev aid: sanity-check the example graphs in this folder (stdlib only).

Run from anywhere:  python3 examples/graphs/check.py
Prints one line per file and exits non-zero if any file breaks a rule.  The
template structure, relation codes and attribute definitions below mirror the
built-in catalogue (toolkit/builtins.py); keep them in step when that changes.
"""
from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent

# template -> (root entity, {entity: children allowed below it}, relation codes usable in "relations")
TEMPLATES = {
    "teaching": ("KnowGraph", {"KnowGraph": {"KnowUnit", "KnowPoint", "Catalogue"},
                               "Catalogue": {"KnowUnit", "KnowPoint", "Catalogue"},
                               "KnowUnit": {"KnowUnit", "KnowPoint"}, "KnowPoint": {"KnowPoint"}},
                 {"Behind", "Extend", "Mutual", "Synonym", "Example", "Apply"}),
    "ability": ("AbilityGraph", {"AbilityGraph": {"AbilityPoint"}, "AbilityPoint": {"AbilityPoint"}},
                {"Behind", "Mutual", "Extend"}),
    "experiment": ("ExperimentGraph", {"ExperimentGraph": {"ExperimentUnit", "Experiment"},
                                       "ExperimentUnit": {"ExperimentUnit", "Experiment"},
                                       "Experiment": {"KnowPoint"}, "KnowPoint": {"KnowPoint"}},
                   {"Behind", "Mutual", "Verify", "Apply"}),
    "course": ("Course", {"Course": {"KnowUnit", "KnowPoint"}, "KnowUnit": {"KnowUnit", "KnowPoint"},
                          "KnowPoint": {"KnowPoint"}},
               {"Behind", "Extend", "Mutual", "Synonym", "Example"}),
    "courseGroup": ("CourseGroup", {"CourseGroup": {"CourseGroup", "Course"}, "Course": set()},
                    {"Behind", "Mutual"}),
    "majorTeaching": ("Major", {"Major": {"CourseGroup", "Course"}, "CourseGroup": {"CourseGroup", "Course"},
                               "Course": {"KnowUnit"}, "KnowUnit": {"KnowUnit"}},
                      {"Behind", "Mutual"}),
    "majorAbilityTarget": ("Major", {"Major": {"AbilityTarget", "CourseGroup", "Course"},
                                     "AbilityTarget": {"TargetPoint"}, "TargetPoint": set(),
                                     "CourseGroup": {"CourseGroup", "Course"}, "Course": set()},
                           {"Support", "Behind", "Mutual"}),
    "courseAbility": ("Course", {"Course": {"CourseAbilityTarget"}, "CourseAbilityTarget": {"CourseAbilityPoint"},
                                 "CourseAbilityPoint": {"KnowPoint"}, "KnowPoint": {"KnowPoint"}},
                      {"Support", "Belong", "Mutual", "Behind"}),
}

# relation code -> allowed (start entity, target entity) pairs; absent = any pair
SCOPES = {
    "Support": {("Course", "TargetPoint"), ("Course", "AbilityTarget"), ("CourseAbilityTarget", "TargetPoint"),
                ("CourseAbilityTarget", "CourseAbilityPoint"), ("KnowPoint", "AbilityPoint"),
                ("KnowPoint", "CourseAbilityPoint"), ("CourseAbilityPoint", "TargetPoint")},
    "Belong": {("KnowPoint", "AbilityPoint"), ("KnowPoint", "CourseAbilityPoint"), ("Experiment", "AbilityPoint")},
    "Verify": {("Experiment", "KnowPoint")},
    "Apply": {("Experiment", "KnowPoint"), ("KnowPoint", "KnowPoint"), ("AbilityPoint", "KnowPoint")},
}
UNDIRECTED = {"Mutual", "Synonym"}
RELATION_ATTRS = {"Support": {"strength": ("list", ["H", "M", "L"])}}

COURSE_TYPES = ["通识必修", "通识选修", "学科基础", "专业必修", "专业选修", "实践环节"]
# entity -> {attribute code: (kind, options / precision / max length)}
ATTRS = {
    "KnowUnit": {"hours": ("decimal", 1)},
    "KnowPoint": {"difficulty": ("list", ["易", "中", "难"]), "importance": ("list", ["了解", "理解", "掌握", "应用"]),
                  "hours": ("decimal", 1), "keywords": ("text", 200)},
    "AbilityPoint": {"level": ("list", ["识记", "理解", "应用", "分析", "评价", "创造"])},
    "Experiment": {"hours": ("integer", None), "expType": ("list", ["验证性", "设计性", "综合性", "创新性"]),
                   "equipment": ("text", 300), "required": ("list", ["必做", "选做"])},
    "Course": {"CourseName": ("text", 100), "credits": ("decimal", 1), "hours": ("integer", None),
               "semester": ("integer", None), "courseType": ("list", COURSE_TYPES)},
    "Major": {"majorCode": ("text", 20), "degree": ("text", 50), "duration": ("integer", None)},
    "AbilityTarget": {"CourseName": ("text", 100)},
    "TargetPoint": {"weight": ("decimal", 2)},
    "CourseAbilityTarget": {"weight": ("decimal", 2)},
    "CourseAbilityPoint": {"abilityLevels": ("levels", None)},
}
DEFAULT_BANDS = [("优秀", 90, 100, 1, 1), ("良好", 80, 90, 1, 0), ("中等", 70, 80, 1, 0),
                 ("及格", 60, 70, 1, 0), ("不及格", 0, 60, 1, 0)]
GRADUATION_REQUIREMENTS = ["工程知识", "问题分析", "设计/开发解决方案", "研究", "使用现代工具", "工程与社会",
                           "环境和可持续发展", "职业规范", "个人和团队", "沟通", "项目管理", "终身学习"]
FILLER = re.compile(r"^(知识点|节点|能力点|课程|实验|单元|node|test)\s*\d+$", re.IGNORECASE)

# file -> expectations from the brief
SPECS = {
    "teaching-data-structures.json": {"template": "teaching", "nodes": 150, "relations": {"Behind": 40, "Mutual": 20}},
    "ability-programming.json": {"template": "ability", "nodes": 40, "relations": {"Behind": 3}},
    "experiment-physics.json": {"template": "experiment", "nodes": 40, "relations": {"Verify": 10}},
    "course-operating-systems.json": {"template": "course", "nodes": 60, "relations": {"Behind": 15}},
    "course-group-computer-basics.json": {"template": "courseGroup", "nodes": 20, "relations": {"Behind": 1}},
    "major-teaching-software-engineering.json": {"template": "majorTeaching", "nodes": 60, "relations": {"Behind": 1}},
    "major-ability-target-computer-science.json": {"template": "majorAbilityTarget", "nodes": 40,
                                                   "relations": {"Support": 30}},
    "course-ability-data-structures.json": {"template": "courseAbility", "nodes": 30, "relations": {}},
}


def sentences(text: str) -> int:
    return len([s for s in re.split(r"[。！？!?]", text) if s.strip()])


def walk(node, parent=None, depth=0):
    yield node, parent, depth
    for child in node.get("children") or []:
        yield from walk(child, node, depth + 1)


def check_value(kind, param, value) -> str | None:
    if kind == "list":
        return None if value in param else f"{value!r} is not one of {param}"
    if kind == "text":
        return None if isinstance(value, str) and value.strip() and len(value) <= param else "bad text"
    if kind in ("integer", "decimal"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            return f"{value!r} is not a non-negative number"
        if kind == "integer" and value != int(value):
            return f"{value!r} is not an integer"
        if kind == "decimal" and round(value, param) != value:
            return f"{value!r} has more than {param} decimals"
        return None
    if kind == "levels":
        if not isinstance(value, list) or len(value) != len(DEFAULT_BANDS):
            return "abilityLevels must list the five default bands"
        for level, (name, start, end, start_type, end_type) in zip(value, DEFAULT_BANDS):
            got = (level.get("name"), level.get("rangeStart"), level.get("rangeEnd"),
                   level.get("rangeStartType"), level.get("rangeEndType"))
            if got != (name, start, end, start_type, end_type):
                return f"band {got} should be {(name, start, end, start_type, end_type)}"
            if not str(level.get("desc", "")).strip():
                return f"band {name} has no desc"
        return None
    return f"unknown kind {kind}"


def has_cycle(edges: list[tuple[str, str]]) -> list[str] | None:
    graph: dict[str, list[str]] = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
    state: dict[str, int] = {}
    for start in list(graph):
        if state.get(start):
            continue
        stack = [(start, iter(graph.get(start, [])))]
        path = [start]
        state[start] = 1
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                state[node] = 2
                stack.pop()
                path.pop()
            elif state.get(child) == 1:
                return path[path.index(child):] + [child]
            elif not state.get(child):
                state[child] = 1
                path.append(child)
                stack.append((child, iter(graph.get(child, []))))
    return None


def check_file(path: Path, spec: dict) -> tuple[list[str], str]:
    errors: list[str] = []
    doc = json.loads(path.read_text(encoding="utf-8"))
    template = doc.get("template")
    if doc.get("format") != "zhitu-graph" or doc.get("version") != 1:
        errors.append("format must be zhitu-graph version 1")
    if template != spec["template"]:
        errors.append(f"template is {template!r}, expected {spec['template']!r}")
    if not str(doc.get("name", "")).strip() or not str(doc.get("description", "")).strip():
        errors.append("name and description are required")
    root_type, children_of, relation_codes = TEMPLATES[spec["template"]]
    root = doc["root"]
    if root.get("type") != root_type:
        errors.append(f"root type is {root.get('type')!r}, expected {root_type}")

    nodes: dict[str, dict] = {}
    descs: dict[str, str] = {}
    for node, parent, _depth in walk(root):
        nid, name, ntype = str(node.get("id", "")).strip(), str(node.get("name", "")).strip(), node.get("type")
        where = f"{name or '?'} ({nid or 'no id'})"
        if not nid or nid in nodes:
            errors.append(f"{where}: missing or duplicate id")
        nodes[nid] = node
        if not name or FILLER.match(name):
            errors.append(f"{where}: empty or filler name")
        if ntype not in children_of:
            errors.append(f"{where}: entity {ntype!r} not in template {template}")
        elif parent is not None and ntype not in children_of.get(parent.get("type"), set()):
            errors.append(f"{where}: {ntype} not allowed under {parent.get('type')}")
        sibling_names = [c.get("name") for c in node.get("children") or []]
        for dup, count in Counter(sibling_names).items():
            if count > 1:
                errors.append(f"{where}: {count} children named {dup!r}")
        desc, define = node.get("desc") or "", node.get("define") or ""
        if not desc.strip():
            errors.append(f"{where}: no desc")
        elif sentences(desc) > 3:
            errors.append(f"{where}: desc has more than 3 sentences")
        if desc.strip():
            if desc in descs:
                errors.append(f"{where}: same desc as {descs[desc]}")
            descs[desc] = where
        if define and sentences(define) > 1:
            errors.append(f"{where}: define is more than one sentence")
        tags = node.get("tags") or []
        if not isinstance(tags, list) or any(not isinstance(t, str) or not t.strip() or len(t) > 10 for t in tags):
            errors.append(f"{where}: tags must be short strings")
        definitions = ATTRS.get(ntype, {})
        for code, value in (node.get("attributes") or {}).items():
            if code not in definitions:
                errors.append(f"{where}: unknown attribute {code!r} for {ntype}")
                continue
            problem = check_value(*definitions[code], value)
            if problem:
                errors.append(f"{where}: {code}: {problem}")

    counts: Counter = Counter()
    seen: set = set()
    behind: list[tuple[str, str]] = []
    for index, rel in enumerate(doc.get("relations") or []):
        start, target, rtype = rel.get("start"), rel.get("target"), rel.get("type")
        where = f"relations[{index}] {start}->{target} {rtype}"
        if start not in nodes or target not in nodes:
            errors.append(f"{where}: unknown endpoint")
            continue
        if start == target:
            errors.append(f"{where}: self-relation")
        if rtype == "Contain" or rtype not in relation_codes:
            errors.append(f"{where}: relation type not usable in template {template}")
        scope = SCOPES.get(rtype)
        pair = (nodes[start].get("type"), nodes[target].get("type"))
        if scope and pair not in scope:
            errors.append(f"{where}: {pair[0]} -> {pair[1]} is outside the scope of {rtype}")
        key = (frozenset((start, target)), rtype) if rtype in UNDIRECTED else (start, target, rtype)
        if key in seen:
            errors.append(f"{where}: duplicate relation")
        seen.add(key)
        for code, (kind, param) in RELATION_ATTRS.get(rtype, {}).items():
            problem = check_value(kind, param, (rel.get("attributes") or {}).get(code))
            if problem:
                errors.append(f"{where}: {code}: {problem}")
        counts[rtype] += 1
        if rtype == "Behind":
            behind.append((start, target))
    cycle = has_cycle(behind)
    if cycle:
        errors.append("Behind cycle: " + " -> ".join(nodes[n]["name"] for n in cycle))

    if len(nodes) < spec["nodes"]:
        errors.append(f"{len(nodes)} nodes, expected at least {spec['nodes']}")
    for rtype, minimum in spec["relations"].items():
        if counts[rtype] < minimum:
            errors.append(f"{counts[rtype]} {rtype} relations, expected at least {minimum}")

    extra = EXTRA.get(spec["template"])
    if extra:
        errors.extend(extra(doc, list(nodes.values()), counts))
    summary = f"{len(nodes)} nodes, relations " + (", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "none")
    return errors, summary


def by_type(nodes, ntype):
    return [n for n in nodes if n.get("type") == ntype]


def extra_teaching(doc, nodes, counts):
    errors = []
    points = by_type(nodes, "KnowPoint")
    for point in points:
        attrs = point.get("attributes") or {}
        if not {"difficulty", "importance", "hours"} <= set(attrs):
            errors.append(f"{point['name']}: KnowPoint needs difficulty, importance and hours")
    defined = sum(1 for p in points if (p.get("define") or "").strip())
    if defined < 100:
        errors.append(f"only {defined} KnowPoints have define, expected at least 100")
    undefined = len(points) - defined
    if not 5 <= undefined <= 15:
        errors.append(f"{undefined} KnowPoints without define, expected about 10")
    chapters = [c["name"] for c in doc["root"].get("children") or [] if c.get("type") == "KnowUnit"]
    wanted = ["绪论", "线性表", "栈和队列", "串", "数组和广义表", "树和二叉树", "图", "查找", "排序"]
    if chapters != wanted:
        errors.append(f"chapters are {chapters}, expected {wanted}")
    if not any(unit.get("type") == "KnowUnit" for chapter in doc["root"]["children"] for unit in chapter.get("children") or []):
        errors.append("no nested KnowUnit sections")
    if counts["Synonym"] + counts["Example"] + counts["Extend"] < 3:
        errors.append("expected a few Synonym/Example/Extend relations")
    return errors


def extra_ability(doc, nodes, counts):
    depth = max(d for _n, _p, d in walk(doc["root"]))
    return [] if depth >= 3 else [f"AbilityPoints nest {depth} levels, expected 3"]


def extra_experiment(doc, nodes, counts):
    errors = []
    for exp in by_type(nodes, "Experiment"):
        if set(exp.get("attributes") or {}) != {"hours", "expType", "equipment", "required"}:
            errors.append(f"{exp['name']}: Experiment needs hours, expType, equipment and required")
        if not any(c.get("type") == "KnowPoint" for c in exp.get("children") or []):
            errors.append(f"{exp['name']}: Experiment has no KnowPoint")
    return errors


def extra_course(doc, nodes, counts):
    errors = []
    expected = {"CourseName": "操作系统", "credits": 3.5, "hours": 56, "semester": 5, "courseType": "专业必修"}
    if doc["root"].get("attributes") != expected:
        errors.append(f"root attributes should be {expected}")
    points = by_type(nodes, "KnowPoint")
    if sum(1 for p in points if (p.get("define") or "").strip()) < len(points) * 0.8:
        errors.append("most KnowPoints should have a define")
    return errors


def courses_need_attributes(nodes):
    return [f"{c['name']}: Course needs credits, hours, semester and courseType"
            for c in by_type(nodes, "Course")
            if not {"credits", "hours", "semester", "courseType"} <= set(c.get("attributes") or {})]


def behind_between_courses(doc, nodes):
    ids = {c["id"] for c in by_type(nodes, "Course")}
    bad = [r for r in doc["relations"] if r["type"] == "Behind" and not {r["start"], r["target"]} <= ids]
    return [f"{len(bad)} Behind relations are not between courses"] if bad else []


def extra_course_group(doc, nodes, counts):
    errors = courses_need_attributes(nodes) + behind_between_courses(doc, nodes)
    if not any(c.get("type") == "CourseGroup" for c in doc["root"].get("children") or []):
        errors.append("no sub-groups below the root CourseGroup")
    return errors


def extra_major_teaching(doc, nodes, counts):
    errors = courses_need_attributes(nodes) + behind_between_courses(doc, nodes)
    for course in by_type(nodes, "Course"):
        if not course.get("children"):
            errors.append(f"{course['name']}: Course has no KnowUnit")
    return errors


def extra_major_ability(doc, nodes, counts):
    errors = courses_need_attributes(nodes)
    targets = [c for c in doc["root"].get("children") or [] if c.get("type") == "AbilityTarget"]
    if len(targets) != 12:
        errors.append(f"{len(targets)} AbilityTargets, expected the 12 graduation requirements")
    for target, title in zip(targets, GRADUATION_REQUIREMENTS):
        if title not in target["name"]:
            errors.append(f"{target['name']}: expected {title}")
        if not 2 <= len(target.get("children") or []) <= 4:
            errors.append(f"{target['name']}: expected 2-4 TargetPoints")
    courses = by_type(nodes, "Course")
    if len(courses) < 12:
        errors.append(f"{len(courses)} courses, expected at least 12")
    supported = {r["target"] for r in doc["relations"] if r["type"] == "Support"}
    supporting = {r["start"] for r in doc["relations"] if r["type"] == "Support"}
    orphans = [p["name"] for p in by_type(nodes, "TargetPoint") if p["id"] not in supported]
    idle = [c["name"] for c in courses if c["id"] not in supporting]
    if orphans:
        errors.append(f"TargetPoints without support: {orphans}")
    if idle:
        errors.append(f"courses supporting nothing: {idle}")
    strengths = {(r.get("attributes") or {}).get("strength") for r in doc["relations"] if r["type"] == "Support"}
    if strengths != {"H", "M", "L"}:
        errors.append(f"Support strengths used: {sorted(strengths)}, expected H, M and L")
    return errors


def extra_course_ability(doc, nodes, counts):
    errors = []
    if (doc["root"].get("attributes") or {}).get("CourseName") != "数据结构":
        errors.append("root needs CourseName 数据结构")
    names = [c["name"] for c in doc["root"].get("children") or []]
    if names != [f"课程目标{i}" for i in range(1, 5)]:
        errors.append(f"course targets are {names}, expected 课程目标1-4")
    for point in by_type(nodes, "CourseAbilityPoint"):
        if "abilityLevels" not in (point.get("attributes") or {}):
            errors.append(f"{point['name']}: no abilityLevels")
        if not any(c.get("type") == "KnowPoint" for c in point.get("children") or []):
            errors.append(f"{point['name']}: no KnowPoint")
    return errors


EXTRA = {
    "teaching": extra_teaching, "ability": extra_ability, "experiment": extra_experiment, "course": extra_course,
    "courseGroup": extra_course_group, "majorTeaching": extra_major_teaching,
    "majorAbilityTarget": extra_major_ability, "courseAbility": extra_course_ability,
}


def main() -> int:
    failed = 0
    present = {p.name for p in HERE.glob("*.json")}
    for name in sorted(present - set(SPECS)):
        print(f"?    {name}: not described in check.py")
    for name, spec in SPECS.items():
        path = HERE / name
        if not path.exists():
            print(f"FAIL {name}: missing")
            failed += 1
            continue
        try:
            errors, summary = check_file(path, spec)
        except (ValueError, KeyError, TypeError) as exc:
            errors, summary = [f"cannot read: {exc!r}"], ""
        if errors:
            failed += 1
            print(f"FAIL {name}: {summary}")
            for error in errors:
                print(f"       - {error}")
        else:
            print(f"ok   {name}: {summary}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
