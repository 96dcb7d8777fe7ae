"""The built-in catalogue: entity types, relation groups and types, the eight templates.

`install()` is idempotent: it creates what is missing and leaves what exists (and any
edits an admin made to it) alone.
"""
from __future__ import annotations

from tortoise.transactions import in_transaction

from toolkit.model import Category, EntityType, RelationGroup, RelationType, Tag, Template, TemplateConnection

PALETTE = [
    "#0960bd", "#13c2c2", "#52c41a", "#fa8c16", "#eb2f96", "#722ed1", "#2f54eb", "#faad14",
    "#a0d911", "#f5222d", "#1890ff", "#fa541c", "#08979c", "#9254de", "#d4380d", "#389e0d",
]


def _attr(code, name, value_type, *, en, length=None, default=None, required=False, editable=True, sort=0, param=None):
    """An attribute definition; `en` is its English label and a list's param may carry "optionsEn",
    the English labels of its options (the stored values stay the Chinese options)."""
    return {
        "code": code, "name": name, "nameEn": en, "valueType": value_type, "valueLength": length,
        "defaultValue": default, "isEdit": editable, "isNull": not required, "sort": sort,
        "param": param or {},
    }


DEFAULT_ABILITY_LEVELS = [
    {"name": "优秀", "rangeStart": 90, "rangeStartType": 1, "rangeEnd": 100, "rangeEndType": 1, "desc": ""},
    {"name": "良好", "rangeStart": 80, "rangeStartType": 1, "rangeEnd": 90, "rangeEndType": 0, "desc": ""},
    {"name": "中等", "rangeStart": 70, "rangeStartType": 1, "rangeEnd": 80, "rangeEndType": 0, "desc": ""},
    {"name": "及格", "rangeStart": 60, "rangeStartType": 1, "rangeEnd": 70, "rangeEndType": 0, "desc": ""},
    {"name": "不及格", "rangeStart": 0, "rangeStartType": 1, "rangeEnd": 60, "rangeEndType": 0, "desc": ""},
]

_COURSE_ATTRS = [
    _attr("CourseName", "课程名称", "text", en="Course name", length=100, required=True, sort=0),
    _attr("credits", "学分", "decimal", en="Credits", length=4, sort=1, param={"precision": 1}),
    _attr("hours", "学时", "integer", en="Hours", length=4, sort=2),
    _attr("semester", "开课学期", "integer", en="Semester", length=2, sort=3),
    _attr("courseType", "课程性质", "list", en="Course type", sort=4,
          param={"options": ["通识必修", "通识选修", "学科基础", "专业必修", "专业选修", "实践环节"], "optionsEn": ["General required", "General elective", "Discipline foundation", "Major required", "Major elective", "Practice"]}),
]

_KNOW_POINT_ATTRS = [
    _attr("difficulty", "难度", "list", en="Difficulty", sort=0, param={"options": ["易", "中", "难"], "optionsEn": ["Easy", "Medium", "Hard"]}),
    _attr("importance", "掌握程度", "list", en="Mastery", sort=1, param={"options": ["了解", "理解", "掌握", "应用"], "optionsEn": ["Know", "Understand", "Master", "Apply"]}),
    _attr("hours", "建议学时", "decimal", en="Suggested hours", length=4, sort=2, param={"precision": 1}),
    _attr("keywords", "关键词", "text", en="Keywords", length=200, sort=3),
]

# code, zh name, en name, icon shape, attributes
ENTITY_TYPES = [
    ("KnowGraph", "知识图谱", "Knowledge graph", "rect", []),
    ("Catalogue", "目录", "Catalogue", "rect", []),
    ("KnowUnit", "知识单元", "Knowledge unit", "rect", [_attr("hours", "学时", "decimal", en="Hours", length=4, param={"precision": 1})]),
    ("KnowPoint", "知识点", "Knowledge point", "underline", _KNOW_POINT_ATTRS),
    ("AbilityGraph", "能力图谱", "Ability graph", "rect", []),
    ("AbilityPoint", "能力点", "Ability point", "underline", [_attr("level", "能力层级", "list", en="Ability level", param={"options": ["识记", "理解", "应用", "分析", "评价", "创造"], "optionsEn": ["Remember", "Understand", "Apply", "Analyse", "Evaluate", "Create"]})]),
    ("ExperimentGraph", "实验图谱", "Experiment graph", "rect", []),
    ("ExperimentUnit", "实验模块", "Experiment module", "rect", []),
    ("Experiment", "实验项目", "Experiment", "underline", [
        _attr("hours", "学时", "integer", en="Hours", length=3, sort=0),
        _attr("expType", "实验类型", "list", en="Experiment type", sort=1, param={"options": ["验证性", "设计性", "综合性", "创新性"], "optionsEn": ["Verification", "Design", "Comprehensive", "Innovative"]}),
        _attr("equipment", "主要仪器", "text", en="Main equipment", length=300, sort=2),
        _attr("required", "要求", "list", en="Requirement", sort=3, param={"options": ["必做", "选做"], "optionsEn": ["Required", "Optional"]}),
    ]),
    ("Course", "课程", "Course", "rect", _COURSE_ATTRS),
    ("CourseGroup", "课程群", "Course group", "rect", []),
    ("Major", "专业", "Major", "rect", [
        _attr("majorCode", "专业代码", "text", en="Major code", length=20, sort=0),
        _attr("degree", "授予学位", "text", en="Degree awarded", length=50, sort=1),
        _attr("duration", "学制（年）", "integer", en="Duration (years)", length=1, sort=2),
    ]),
    ("AbilityTarget", "毕业要求", "Graduation requirement", "rect", [_attr("CourseName", "课程名称", "text", en="Course name", length=100)]),
    ("TargetPoint", "指标点", "Indicator", "underline", [_attr("weight", "权重", "decimal", en="Weight", length=4, param={"precision": 2})]),
    ("CourseAbilityTarget", "课程目标", "Course objective", "rect", [_attr("weight", "权重", "decimal", en="Weight", length=4, param={"precision": 2})]),
    ("CourseAbilityPoint", "课程能力点", "Course ability point", "underline", [
        _attr("abilityLevels", "能力分级", "group", en="Ability levels", default=DEFAULT_ABILITY_LEVELS, param={"kind": "abilityLevels"}),
    ]),
]

RELATION_GROUPS = [
    ("structure", "结构关系", "Structure"),
    ("learning", "学习关系", "Learning"),
    ("semantic", "语义关系", "Semantic"),
    ("ability", "能力关系", "Ability"),
    ("practice", "实践关系", "Practice"),
]

# code, zh, en, group, directed, colour, effect scope (start, end) pairs (empty: any), attributes
RELATION_TYPES = [
    ("Contain", "包含", "Contains", "structure", True, "#8c8c8c", [], []),
    ("Behind", "先修", "Prerequisite of", "learning", True, "#fa541c", [], []),
    ("Extend", "拓展", "Extends", "learning", True, "#faad14", [], []),
    ("Mutual", "相关", "Related to", "semantic", False, "#1890ff", [], []),
    ("Synonym", "同义", "Synonym of", "semantic", False, "#13c2c2", [], []),
    ("Example", "举例", "Example of", "semantic", True, "#722ed1", [], []),
    ("Support", "支撑", "Supports", "ability", True, "#52c41a",
     [("Course", "TargetPoint"), ("Course", "AbilityTarget"), ("CourseAbilityTarget", "TargetPoint"),
      ("CourseAbilityTarget", "CourseAbilityPoint"), ("KnowPoint", "AbilityPoint"), ("KnowPoint", "CourseAbilityPoint"),
      ("CourseAbilityPoint", "TargetPoint")],
     [_attr("strength", "支撑强度", "list", en="Support strength", param={"options": ["H", "M", "L"]})]),
    ("Belong", "归属", "Belongs to", "ability", True, "#2f54eb",
     [("KnowPoint", "AbilityPoint"), ("KnowPoint", "CourseAbilityPoint"), ("Experiment", "AbilityPoint")], []),
    ("Verify", "验证", "Verifies", "practice", True, "#eb2f96", [("Experiment", "KnowPoint")], []),
    ("Apply", "应用", "Applies", "practice", True, "#a0d911",
     [("Experiment", "KnowPoint"), ("KnowPoint", "KnowPoint"), ("AbilityPoint", "KnowPoint")], []),
]

_SEMANTIC = ["Behind", "Extend", "Mutual", "Synonym", "Example"]

# kind, code, zh, en, {entity: children allowed below it}, relations, description
TEMPLATES = [
    ("teaching", "teaching", "教学图谱", "Teaching graph",
     {"KnowGraph": ["KnowUnit", "KnowPoint", "Catalogue"], "Catalogue": ["KnowUnit", "KnowPoint", "Catalogue"],
      "KnowUnit": ["KnowUnit", "KnowPoint"], "KnowPoint": ["KnowPoint"]},
     ["Contain", *_SEMANTIC, "Apply"], "课程知识树：章节、知识单元与知识点。"),
    ("ability", "ability", "能力图谱", "Ability graph",
     {"AbilityGraph": ["AbilityPoint"], "AbilityPoint": ["AbilityPoint"]},
     ["Contain", "Behind", "Mutual", "Extend"], "能力树：逐级分解的能力点。"),
    ("experiment", "experiment", "实验图谱", "Experiment graph",
     {"ExperimentGraph": ["ExperimentUnit", "Experiment"], "ExperimentUnit": ["ExperimentUnit", "Experiment"],
      "Experiment": ["KnowPoint"], "KnowPoint": ["KnowPoint"]},
     ["Contain", "Behind", "Mutual", "Verify", "Apply"], "实验课程的模块、实验项目及其验证的知识点。"),
    ("course", "course", "课程图谱", "Course graph",
     {"Course": ["KnowUnit", "KnowPoint"], "KnowUnit": ["KnowUnit", "KnowPoint"], "KnowPoint": ["KnowPoint"]},
     ["Contain", *_SEMANTIC], "一门课程的知识单元与知识点及其先修关系。"),
    ("courseGroup", "courseGroup", "课程群图谱", "Course-group graph",
     {"CourseGroup": ["CourseGroup", "Course"], "Course": []},
     ["Contain", "Behind", "Mutual"], "课程群中的课程及课程间的先修关系。"),
    ("majorTeaching", "majorTeaching", "专业教学图谱", "Major teaching graph",
     {"Major": ["CourseGroup", "Course"], "CourseGroup": ["CourseGroup", "Course"], "Course": ["KnowUnit"],
      "KnowUnit": ["KnowUnit"]},
     ["Contain", "Behind", "Mutual"], "专业的课程体系：课程群、课程与主要教学模块。"),
    ("majorAbilityTarget", "majorAbilityTarget", "专业能力目标图谱", "Major ability-target graph",
     {"Major": ["AbilityTarget", "CourseGroup", "Course"], "AbilityTarget": ["TargetPoint"], "TargetPoint": [],
      "CourseGroup": ["CourseGroup", "Course"], "Course": []},
     ["Contain", "Support", "Behind", "Mutual"], "毕业要求、指标点与课程支撑矩阵（工程教育认证）。"),
    ("courseAbility", "courseAbility", "课程能力图谱", "Course-ability graph",
     {"Course": ["CourseAbilityTarget"], "CourseAbilityTarget": ["CourseAbilityPoint"],
      "CourseAbilityPoint": ["KnowPoint"], "KnowPoint": ["KnowPoint"]},
     ["Contain", "Support", "Belong", "Mutual", "Behind"], "课程目标、课程能力点与能力分级。"),
]

# The templates' descriptions in English, by template code.
DESCRIPTIONS_EN = {
    "teaching": "A course's knowledge tree: chapters, knowledge units and knowledge points.",
    "ability": "An ability tree: ability points broken down level by level.",
    "experiment": "An experiment course's modules, its experiments and the knowledge points they verify.",
    "course": "A course's knowledge units and knowledge points with their prerequisites.",
    "courseGroup": "The courses of a course group and the prerequisites between them.",
    "majorTeaching": "A major's curriculum: course groups, courses and their main teaching modules.",
    "majorAbilityTarget": "Graduation requirements, their indicators and the courses supporting them (engineering accreditation).",
    "courseAbility": "Course objectives, course ability points and their ability levels.",
}

# Which templates' nodes may be bound across graphs.
CONNECTIONS = [
    ("teaching", "KnowPoint", "ability", "AbilityPoint", "Belong"),
    ("courseAbility", "CourseAbilityTarget", "majorAbilityTarget", "TargetPoint", "Support"),
    ("courseAbility", "KnowPoint", "teaching", "KnowPoint", "Mutual"),
    ("experiment", "KnowPoint", "teaching", "KnowPoint", "Mutual"),
    ("majorTeaching", "Course", "teaching", "KnowGraph", "Contain"),
]

TAG_CATEGORIES = [
    ("node", "知识点标签", ["基础", "重点", "难点", "考点", "考研", "拓展", "思政"]),
    ("ability", "能力标签", ["知识", "能力", "素质"]),
]


def entity_style(index: int, shape: str) -> tuple[dict, dict]:
    colour = PALETTE[index % len(PALETTE)]
    icon = {"rect": shape == "rect", "underline": shape == "underline", "icon": "", "colors": [colour], "colorView": colour}
    name = {"fontSize": 14, "fill": "#262626", "fontWeight": 600 if shape == "rect" else 400}
    return icon, name


def template_entitys(structure: dict[str, list[str]]) -> list[dict]:
    root = next(iter(structure))
    return [{"code": code, "isRoot": code == root, "children": children} for code, children in structure.items()]


def template_relations(codes: list[str], structure: dict[str, list[str]]) -> list[dict]:
    allowed = set(structure)
    scopes = {code: scope for code, _zh, _en, _g, _d, _c, scope, _a in RELATION_TYPES}
    result = []
    for code in codes:
        pairs = [(s, e) for s, e in scopes[code] if s in allowed and e in allowed] if scopes[code] else []
        result.append({"code": code, "effectScope": [{"startEntityCode": s, "endEntityCode": e} for s, e in pairs]})
    return result


def with_english(stored: list[dict], builtin: list[dict]) -> list[dict]:
    """Stored attribute definitions with the built-in English labels added where they lack them (an
    attribute an admin renamed or added keeps what it has)."""
    english = {(d["code"], d["name"]): d for d in builtin}
    result = []
    for definition in stored:
        known = english.get((definition.get("code"), definition.get("name")))
        if known is not None:
            definition = {**definition, "nameEn": definition.get("nameEn") or known["nameEn"]}
            options_en = (known.get("param") or {}).get("optionsEn")
            param = definition.get("param") or {}
            if options_en and not param.get("optionsEn") and param.get("options") == known["param"]["options"]:
                definition["param"] = {**param, "optionsEn": options_en}
        result.append(definition)
    return result


async def _add_english() -> None:
    """Built-ins installed before they had English names get them; nothing else is changed."""
    attributes = {code: definitions for code, _zh, _en, _shape, definitions in ENTITY_TYPES}
    for entity in await EntityType.filter(builtin=True, code__in=list(attributes)):
        english = with_english(entity.attributes or [], attributes[entity.code])
        if english != entity.attributes:
            entity.attributes = english
            await entity.save(update_fields=["attributes"])
    relation_attributes = {code: definitions for code, *_rest, definitions in RELATION_TYPES}
    for relation in await RelationType.filter(builtin=True, code__in=list(relation_attributes)):
        english = with_english(relation.attributes or [], relation_attributes[relation.code])
        if english != relation.attributes:
            relation.attributes = english
            await relation.save(update_fields=["attributes"])
    for template in await Template.filter(builtin=True, code__in=list(DESCRIPTIONS_EN), description_en=""):
        template.description_en = DESCRIPTIONS_EN[template.code]
        await template.save(update_fields=["description_en"])


async def install() -> dict[str, int]:
    """Create the missing built-ins; returns how many of each were created."""
    created = {"entityTypes": 0, "relationGroups": 0, "relationTypes": 0, "templates": 0, "connections": 0, "tags": 0}
    async with in_transaction():
        for index, (code, zh, en, shape, attributes) in enumerate(ENTITY_TYPES):
            icon, name_style = entity_style(index, shape)
            _, made = await EntityType.get_or_create(
                code=code,
                defaults={"name": zh, "name_en": en, "icon_style": icon, "name_style": name_style,
                          "attributes": attributes, "builtin": True},
            )
            created["entityTypes"] += made
        groups = {}
        for sort, (code, zh, en) in enumerate(RELATION_GROUPS):
            group, made = await RelationGroup.get_or_create(code=code, defaults={"name": zh, "name_en": en, "sort": sort, "builtin": True})
            groups[code] = group
            created["relationGroups"] += made
        for code, zh, en, group, directed, colour, scope, attributes in RELATION_TYPES:
            _, made = await RelationType.get_or_create(
                code=code,
                defaults={"name": zh, "name_en": en, "group": groups[group], "directed": directed, "color": colour,
                          "effect_scope": [{"startEntityCode": s, "endEntityCode": e} for s, e in scope],
                          "attributes": attributes, "builtin": True},
            )
            created["relationTypes"] += made
        templates = {}
        for kind, code, zh, en, structure, relations, description in TEMPLATES:
            template, made = await Template.get_or_create(
                code=code,
                defaults={"kind": kind, "name": zh, "name_en": en, "description": description,
                          "description_en": DESCRIPTIONS_EN.get(code, ""),
                          "entitys": template_entitys(structure), "relations": template_relations(relations, structure),
                          "temp_config": {}, "builtin": True},
            )
            templates[code] = template
            created["templates"] += made
        for source, source_entity, target, target_entity, relation in CONNECTIONS:
            _, made = await TemplateConnection.get_or_create(
                source_template=templates[source], target_template=templates[target],
                source_entity_code=source_entity, target_entity_code=target_entity, relation_code=relation,
            )
            created["connections"] += made
        for scope, name, tags in TAG_CATEGORIES:
            category, _ = await Category.get_or_create(name=name, scope=scope)
            for sort, tag in enumerate(tags):
                _, made = await Tag.get_or_create(category=category, name=tag, defaults={"sort": sort})
                created["tags"] += made
        await _add_english()
    return created
