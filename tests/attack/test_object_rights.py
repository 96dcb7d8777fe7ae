"""Object-level rights on every write (issue 18 item 4).

tests/test_access_walk.py checks routes by role; this walk checks writes by object. For every
write route of the app (found in its router, so a new route fails here until it is classified),
callers who may read the object but not edit it — a tester of the project, a project user on a
template-controlled graph, anyone reading a public-library graph that is not theirs — and callers
of another unit, who may not even read it, are refused with the forbidden answer, and nothing in
the database changes. Routes with no object of that kind are listed with the reason.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from tortoise import Tortoise

from tests.conftest import PASSWORD_HASH
from toolkit import imports
from toolkit.graphs import tree, versions
from toolkit.graphs.crud import create_graph
from toolkit.mining import sources
from toolkit.model import (Carousel, CrossRelation, Graph, GraphTask, HelpDoc, LibraryApply, LibraryEntry, MiningResult,
                           MiningTask, Node, Project, ProjectMember, Relation, Template, TemplateConnection, TextSource,
                           TrialApplication, Unit, User, UserDictionary)

B = "/basic-api/api"
WRITE_METHODS = {"POST", "PUT", "DELETE"}
COURSE = "第一章 线性表\n线性表是由n个数据元素组成的有限序列。栈是一种后进先出的线性表。\n".encode()

# Who attacks: each may read the library graph G and no one of them may edit it; the last two
# are of another unit and may not even read H, the project's graph outside the library.
ATTACKERS = ("tester", "member", "outsider", "other_admin")
READERS_OF_H = ("tester", "member")


@dataclass
class Side:
    """One graph and everything hanging on it."""

    graph: int
    root: int
    n1: int
    n2: int
    relation: int
    cross: int
    version: int
    graph_task: int
    source: int
    done_task: int
    queued_task: int
    failed_task: int
    catalogue_task: int
    result: int
    apply: int


@dataclass
class World:
    users: dict[str, User]
    unit: int
    project_a: int
    own_project: dict[str, int]
    teaching: int
    ability: int
    trial: int
    empty_project: int
    empty_unit: int
    edg: bytes
    sides: dict[str, Side] = field(default_factory=dict)


async def _side(people, w: World, name: str, public: bool) -> Side:
    expert, admin = people["users"]["expert"], people["users"]["admin"]
    graph = await create_graph(expert, name, w.teaching, w.project_a)
    root = await Node.get(graph_id=graph.id, parent_id=None)
    n1 = (await tree.create_node(expert, graph.id, root.id, "线性表"))["id"]
    n2 = (await tree.create_node(expert, graph.id, root.id, "栈"))["id"]
    relation = await Relation.create(graph_id=graph.id, start_node_id=n1, target_node_id=n2, relation_type="Mutual")
    version = await versions.save_version(expert, graph.id, "v1", "")
    # A task whose assignee has since become a tester: handing it in is a write they may no longer make.
    graph_task = await GraphTask.create(graph_id=graph.id, node_id=n1, title="线性表", assignee=w.users["tester"],
                                        dispatcher=expert, state="assigned")
    source = (await sources.add_source(expert, "课程.txt", COURSE, graph_id=graph.id))["id"]
    tasks = {}
    for state, kind in (("done", "points"), ("queued", "points"), ("failed", "points"), ("done", "catalogue")):
        # The admin's tasks: the issue saw a tester delete one.
        tasks[(state, kind)] = await MiningTask.create(kind=kind, state=state, source_ids=[source], graph_id=graph.id,
                                                       create_user=admin, progress=100 if state == "done" else 0)
    result = await MiningResult.create(task=tasks[("done", "points")], kind="points", payload={"term": "队列"}, score=0.9,
                                       source_id=source, location={"start": 0, "end": 2})
    await MiningResult.create(task=tasks[("done", "catalogue")], kind="catalogue", score=0.9, source_id=source,
                              payload={"title": "第一章 线性表", "level": 1, "index": 0, "parent": None})
    await UserDictionary.create(graph_id=graph.id, terms=["线性表"])
    entry = await LibraryEntry.create(graph_id=graph.id, name=name, public_state=4 if public else 0, publisher=expert)
    if public:
        await Graph.filter(id=graph.id).update(is_public=True)
    apply = await LibraryApply.create(entry=entry, graph_name=f"{name}副本", project_id=w.project_a, create_user=admin,
                                      receive_user=expert, remarks="教学使用", state=0)
    return Side(graph.id, root.id, n1, n2, relation.id, 0, version["id"], graph_task.id, source,
                tasks[("done", "points")].id, tasks[("queued", "points")].id, tasks[("failed", "points")].id,
                tasks[("done", "catalogue")].id, result.id, apply.id)


async def build_world(people) -> World:
    unit, other_unit = people["unit"], people["projects"]["b"].unit_id
    users = dict(people["users"])
    users["member"] = await User.create(user_name="member", name="member", role="30", unit=unit, password_hash=PASSWORD_HASH)
    # The one whose account the user routes aim at (not an attacker, not an owner in the control).
    users["clerk"] = await User.create(user_name="clerk", name="clerk", role="30", unit=unit, password_hash=PASSWORD_HASH)
    users["other_admin"] = await User.create(user_name="other_admin", name="other_admin", role="20", unit_id=other_unit,
                                             password_hash=PASSWORD_HASH)
    project_a, project_b = people["projects"]["a"], people["projects"]["b"]
    await ProjectMember.create(project=project_a, user=users["member"], role="20")
    teaching = await Template.get(code="teaching")
    ability = await Template.get(code="ability")
    trial = await TrialApplication.create(name="张老师", unit_name=unit.name, tel="13800000000", reason="试用")
    w = World(users, unit.id, project_a.id, {"tester": project_a.id, "member": project_a.id, "outsider": project_b.id,
                                             "other_admin": project_b.id},
              teaching.id, ability.id, trial.id, 0, 0, b"")
    # Deleting a project or a unit needs them empty: these are, so only the caller's right decides.
    w.empty_project = (await Project.create(name="项目C", unit=unit, leader=users["expert"])).id
    w.empty_unit = (await Unit.create(name="空单位")).id
    w.sides["G"] = await _side(people, w, "公开图谱", public=True)
    w.sides["H"] = await _side(people, w, "内部图谱", public=False)
    await TemplateConnection.create(source_template_id=teaching.id, target_template_id=teaching.id, source_entity_code="KnowUnit",
                                    target_entity_code="KnowUnit", relation_code="Mutual")
    for here, there in (("G", "H"), ("H", "G")):
        cross = await CrossRelation.create(start_graph_id=w.sides[here].graph, start_node_id=w.sides[here].n1,
                                           target_graph_id=w.sides[there].graph, target_node_id=w.sides[there].n2,
                                           relation_type="Mutual")
        w.sides[here].cross = cross.id
    w.edg, _ = await imports.export_graph(users["expert"], w.sides["G"].graph, "edg")
    # Project users of A edit only ability graphs: G and H (teaching) are read-only to the member.
    await Project.filter(id=project_a.id).update(controlled_template_ids=[ability.id])
    await Carousel.create(title="首页", image_path="x.png")
    await HelpDoc.create(kind="manual", title="手册")
    return w


# ---- the write routes and how to aim each at an object ----------------------------------------

Request = tuple[str, dict]
Build = Callable[[World, Side, str], Request]


@dataclass(frozen=True)
class Write:
    build: Build
    # "graph": aimed at G and at H; "unit": at unit U / project A (the same for both).
    scope: str = "graph"
    # Attackers who may legitimately make this call, with the reason.
    legit: tuple[tuple[str, str], ...] = ()


def with_json(path: str, body: dict) -> Request:
    return path, {"json": body}


def with_query(path: str, **params) -> Request:
    return path, {"params": params}


def with_file(path: str, name: str, data: bytes, **form) -> Request:
    return path, {"files": {"file": (name, data)}, "data": {k: str(v) for k, v in form.items()}}


WRITES: dict[str, Write] = {
    # graph content
    "POST /graph/createNode": Write(lambda w, s, who: with_json(f"{B}/graph/createNode", {"graphId": s.graph, "nodeId": s.root, "name": "新节点"})),
    "PUT /graph/updateNode/<node_id:int>": Write(lambda w, s, who: with_json(f"{B}/graph/updateNode/{s.n1}", {"graphId": s.graph, "name": "改名"})),
    "PUT /graph/changeNodeType": Write(lambda w, s, who: with_json(f"{B}/graph/changeNodeType", {"graphId": s.graph, "nodeId": s.n1, "type": "KnowPoint"})),
    "POST /graph/moveNode": Write(lambda w, s, who: with_json(f"{B}/graph/moveNode", {"graphId": s.graph, "nodeId": s.n2, "parentId": s.n1})),
    "POST /graph/updateOrder": Write(lambda w, s, who: with_json(f"{B}/graph/updateOrder", {"graphId": s.graph, "parentId": s.root, "ids": [s.n2, s.n1]})),
    "DELETE /graph/deleteNode": Write(lambda w, s, who: with_query(f"{B}/graph/deleteNode", graphId=s.graph, nodeId=s.n2)),
    "DELETE /graph/batchDeleteNode": Write(lambda w, s, who: with_json(f"{B}/graph/batchDeleteNode", {"graphId": s.graph, "ids": [s.n2]})),
    "POST /graph/createRelation": Write(lambda w, s, who: with_json(f"{B}/graph/createRelation", {"graphId": s.graph, "startNodeId": s.n2, "targetNodeId": s.n1, "relationshipType": "Behind"})),
    "DELETE /graph/deleteRelation": Write(lambda w, s, who: with_query(f"{B}/graph/deleteRelation", graphId=s.graph, relationId=s.relation)),
    "POST /graph/UpdateNodeRelation": Write(lambda w, s, who: with_json(f"{B}/graph/UpdateNodeRelation", {"graphId": s.graph, "nodeId": s.n1, "relationshipType": "Mutual", "targetIds": []})),
    "POST /graph/createCrossRelation": Write(lambda w, s, who: with_json(f"{B}/graph/createCrossRelation", {"graphId": s.graph, "nodeId": s.n2, "targetGraphId": _other(w, s).graph, "targetNodeId": _other(w, s).n1, "relationshipType": "Mutual"})),
    "DELETE /graph/deleteCrossRelation": Write(lambda w, s, who: with_query(f"{B}/graph/deleteCrossRelation", id=s.cross)),
    "POST /graph/mergeTree": Write(lambda w, s, who: with_json(f"{B}/graph/mergeTree", {"graphId": s.graph, "sourceGraphId": _other(w, s).graph})),
    "POST /graph/mergeAll": Write(lambda w, s, who: with_json(f"{B}/graph/mergeAll", {"graphId": s.graph, "sourceGraphIds": [_other(w, s).graph]})),
    "POST /graph/file/uploadMerge": Write(lambda w, s, who: with_file(f"{B}/graph/file/uploadMerge", "图谱.edg", w.edg, graphId=s.graph)),
    # graph tasks
    "POST /graph/task/dispatch": Write(lambda w, s, who: with_json(f"{B}/graph/task/dispatch", {"graphId": s.graph, "nodeId": s.n2, "assigneeId": w.users["expert"].id})),
    "POST /graph/task/assign": Write(lambda w, s, who: with_json(f"{B}/graph/task/assign", {"taskId": s.graph_task, "assigneeId": w.users["expert"].id})),
    "POST /graph/task/submit": Write(lambda w, s, who: with_json(f"{B}/graph/task/submit", {"taskId": s.graph_task})),
    "POST /graph/task/examine": Write(lambda w, s, who: with_json(f"{B}/graph/task/examine", {"taskId": s.graph_task, "approve": True})),
    # whole graphs and versions
    "PUT /graphList/<graph_id:int>": Write(lambda w, s, who: with_json(f"{B}/graphList/{s.graph}", {"name": "改名"})),
    "DELETE /graphList/<graph_id:int>": Write(lambda w, s, who: (f"{B}/graphList/{s.graph}", {})),
    "PUT /graphList/publish/<graph_id:int>": Write(lambda w, s, who: (f"{B}/graphList/publish/{s.graph}", {})),
    "PUT /graphList/unPublish/<graph_id:int>": Write(lambda w, s, who: (f"{B}/graphList/unPublish/{s.graph}", {})),
    "POST /graphList/saveVersion/<graph_id:int>": Write(lambda w, s, who: with_json(f"{B}/graphList/saveVersion/{s.graph}", {"name": "v2"})),
    "POST /graphList/restoreVersion/<graph_id:int>": Write(lambda w, s, who: with_json(f"{B}/graphList/restoreVersion/{s.graph}", {"versionId": s.version})),
    "POST /graphList/transGraph/<graph_id:int>": Write(lambda w, s, who: with_json(f"{B}/graphList/transGraph/{s.graph}", {"templateId": w.teaching, "mapping": {}})),
    # A copy into the caller's own project: of a library graph only through apply and approval.
    "POST /graphList/saveGraphAs/<graph_id:int>": Write(lambda w, s, who: with_json(f"{B}/graphList/saveGraphAs/{s.graph}", {"name": "副本", "projectId": w.own_project.get(who, w.project_a)})),
    "POST /graphList": Write(lambda w, s, who: with_json(f"{B}/graphList", {"name": "新图谱", "templateId": w.teaching, "projectId": w.project_a}), scope="unit"),
    "POST /graph/file/upload/edg": Write(lambda w, s, who: with_file(f"{B}/graph/file/upload/edg", "图谱.edg", w.edg, projectId=w.project_a), scope="unit"),
    # the public library
    "POST /common/graph/publish": Write(lambda w, s, who: with_json(f"{B}/common/graph/publish", {"graphId": s.graph})),
    "POST /common/graph/updatePublicState": Write(lambda w, s, who: with_json(f"{B}/common/graph/updatePublicState", {"graphId": s.graph, "publicState": 2, "opinion": "不通过"})),
    "PUT /common/graph/unPublish/<graph_id:int>": Write(lambda w, s, who: (f"{B}/common/graph/unPublish/{s.graph}", {})),
    "POST /common/graph/definePreviewNode": Write(lambda w, s, who: with_json(f"{B}/common/graph/definePreviewNode", {"graphId": s.graph, "nodeIds": [s.n1]})),
    "POST /common/graph/authorizationGraph": Write(lambda w, s, who: with_json(f"{B}/common/graph/authorizationGraph", {"graphId": s.graph, "projectId": w.own_project.get(who, w.project_a)})),
    "POST /common/graph/approval": Write(lambda w, s, who: with_json(f"{B}/common/graph/approval", {"id": s.apply, "state": 2, "approvalProposal": "同意"})),
    "POST /common/graph/apply": Write(
        lambda w, s, who: with_json(f"{B}/common/graph/apply", {"graphId": w.sides["G"].graph, "graphName": "副本", "projectId": w.project_a,
                                                        "receiveUserId": w.users["expert"].id, "remarks": "教学使用"}),
        scope="unit", legit=(("member", "a member of project A may ask for a copy into A; its person in charge decides"),)),
    # mining: text materials, tasks, results, dictionaries
    "POST /excavate/textSource": Write(lambda w, s, who: with_file(f"{B}/excavate/textSource", "材料.txt", COURSE, graphId=s.graph)),
    "DELETE /excavate/textSource/<source_id:int>": Write(lambda w, s, who: (f"{B}/excavate/textSource/{s.source}", {})),
    "PUT /excavate/textSource/<source_id:int>/graph": Write(lambda w, s, who: with_json(f"{B}/excavate/textSource/{s.source}/graph", {"graphId": None})),
    "PUT /excavate/dictionary": Write(lambda w, s, who: with_json(f"{B}/excavate/dictionary", {"graphId": s.graph, "terms": ["二叉树"]})),
    "POST /excavate/task": Write(lambda w, s, who: with_json(f"{B}/excavate/task", {"kind": "points", "sourceIds": [s.source], "graphId": s.graph})),
    "POST /excavate/task/<task_id:int>/cancel": Write(lambda w, s, who: (f"{B}/excavate/task/{s.queued_task}/cancel", {})),
    "POST /excavate/task/<task_id:int>/retry": Write(lambda w, s, who: (f"{B}/excavate/task/{s.failed_task}/retry", {})),
    "DELETE /excavate/task/<task_id:int>": Write(lambda w, s, who: (f"{B}/excavate/task/{s.done_task}", {})),
    "PUT /excavate/result/<result_id:int>": Write(lambda w, s, who: with_json(f"{B}/excavate/result/{s.result}", {"term": "链表"})),
    "POST /excavate/result/reject": Write(lambda w, s, who: with_json(f"{B}/excavate/result/reject", {"ids": [s.result]})),
    "POST /excavate/result/accept": Write(lambda w, s, who: with_json(f"{B}/excavate/result/accept", {"ids": [s.result], "parentNodeId": s.root})),
    "POST /excavate/result/reopen": Write(lambda w, s, who: with_json(f"{B}/excavate/result/reopen", {"ids": [s.result]})),
    "POST /excavate/result/acceptAbove": Write(lambda w, s, who: with_json(f"{B}/excavate/result/acceptAbove", {"taskId": s.done_task, "minScore": 0, "parentNodeId": s.root})),
    "POST /excavate/result/acceptAsGraph": Write(lambda w, s, who: with_json(f"{B}/excavate/result/acceptAsGraph", {"taskId": s.catalogue_task, "name": "目录图谱", "projectId": w.own_project.get(who, w.project_a)})),
    # attainment (students' scores of a course graph)
    "POST /attainment/import": Write(lambda w, s, who: with_file(f"{B}/attainment/import", "成绩.csv", "学号,姓名,期末\n1,张三,90\n".encode(),
                                                              graphId=s.graph, term="2025-2026-1", className="1班")),
    "DELETE /attainment/term": Write(lambda w, s, who: with_query(f"{B}/attainment/term", graphId=s.graph, term="2025-2026-1")),
    # projects of unit U
    "POST /project": Write(lambda w, s, who: with_json(f"{B}/project", {"name": "新项目", "unitId": w.unit}), scope="unit"),
    "PUT /project/<project_id:int>": Write(lambda w, s, who: with_json(f"{B}/project/{w.project_a}", {"name": "改名"}), scope="unit"),
    "DELETE /project/<project_id:int>": Write(lambda w, s, who: (f"{B}/project/{w.empty_project}", {}), scope="unit"),
    "POST /project/member/<project_id:int>": Write(lambda w, s, who: with_json(f"{B}/project/member/{w.project_a}", {"userId": w.users[who].id, "role": "10"}), scope="unit"),
    "DELETE /project/member/<project_id:int>/<user_id:int>": Write(lambda w, s, who: (f"{B}/project/member/{w.project_a}/{w.users['tester'].id}", {}), scope="unit"),
    "PUT /project/batchUpdateTemplateControl/<project_id:int>": Write(lambda w, s, who: with_json(f"{B}/project/batchUpdateTemplateControl/{w.project_a}", {"templateIds": []}), scope="unit"),
    "POST /template/apply": Write(lambda w, s, who: with_json(f"{B}/template/apply", {"templateId": w.ability, "projectIds": [w.project_a]}), scope="unit"),
    # users and the unit of U, trial applications naming U
    "POST /user": Write(lambda w, s, who: with_json(f"{B}/user", {"userName": "newcomer", "password": "Zhitu@2026x", "role": "30", "unitId": w.unit}), scope="unit"),
    "PUT /user/<user_id:int>": Write(lambda w, s, who: with_json(f"{B}/user/{w.users['clerk'].id}", {"name": "改名"}), scope="unit"),
    "PUT /user/<user_id:int>/enable": Write(lambda w, s, who: (f"{B}/user/{w.users['clerk'].id}/enable", {}), scope="unit"),
    "PUT /user/<user_id:int>/disable": Write(lambda w, s, who: (f"{B}/user/{w.users['clerk'].id}/disable", {}), scope="unit"),
    "PUT /user/<user_id:int>/password": Write(lambda w, s, who:  with_json(f"{B}/user/{w.users['clerk'].id}/password", {"password": "Zhitu@2026x"}), scope="unit"),
    "PUT /unit/<unit_id:int>": Write(lambda w, s, who: with_json(f"{B}/unit/{w.unit}", {"name": "改名"}), scope="unit"),
    "DELETE /unit/<unit_id:int>": Write(lambda w, s, who: (f"{B}/unit/{w.empty_unit}", {}), scope="unit"),
    "PUT /trial/handle/<trial_id:int>": Write(lambda w, s, who: with_json(f"{B}/trial/handle/{w.trial}", {"state": 2, "opinion": "不通过"}), scope="unit"),
}

# Site-wide catalogue and portal content has no owner: an admin of any unit (or only the super
# admin) manages it, so the role decides; the walk checks every other caller is refused by role.
SITE_WIDE_WRITES = {
    "POST /carousel", "PUT /carousel/<item_id:int>", "DELETE /carousel/<item_id:int>",
    "POST /doc", "PUT /doc/<doc_id:int>", "DELETE /doc/<doc_id:int>",
    "POST /relationGroup", "PUT /relationGroup/<group_id:int>", "DELETE /relationGroup/<group_id:int>",
    "POST /relation", "PUT /relation/<relation_id:int>", "DELETE /relation/<relation_id:int>",
    "POST /unit", "POST /template/add", "PUT /template/<template_id:int>", "DELETE /template/<template_id:int>",
    "POST /template/templateEntity/add", "PUT /template/templateEntity/<entity_id:int>",
    "DELETE /template/templateEntity/<entity_id:int>", "POST /template/templateRelations/add",
    "POST /template/connection/add", "DELETE /template/connection/<connection_id:int>",
}

# Routes that write no shared object, or do not write at all.
NO_OBJECT = {
    "POST /Authorize/login": "signs the caller in",
    "POST /Authorize/refresh": "renews the caller's own token",
    "POST /Authorize/check": "reads the caller's own session",
    "POST /authorize/smslogin": "signs the caller in",
    "POST /authorize/ssoLogin": "signs the caller in",
    "POST /trial/apply": "a visitor's application, owned by no one yet",
    "POST /file": "stores an upload by its content hash, bound to nothing",
    "POST /graph/mergeTreeCheck": "a preview: reads both graphs, writes nothing",
    "POST /graph/prepareMergeTree": "a preview: reads both graphs, writes nothing",
    "POST /graph/mergeAllPreview": "a preview: reads the graphs, writes nothing",
    "POST /graph/uploadMergeCheck": "a preview of a file against a graph it reads, writes nothing",
    "POST /graph/uploadMergePrepare": "a preview of a file against a graph it reads, writes nothing",
    "POST /graph/checkNewAbilityTree": "a check that reads the graph",
    "POST /graph/file/convertPdf": "an export: reads the graph",
    "POST /graph/file/preview": "a preview of an uploaded file's sheets and import report, stores nothing",
    "POST /manage/getGraphList": "a list filtered by the caller's scope",
    "POST /manage/export": "an export of the list filtered by the caller's scope",
}


def _other(w: World, s: Side) -> Side:
    return w.sides["H"] if s is w.sides["G"] else w.sides["G"]


def write_routes(app) -> dict[str, set[str]]:
    """Every write route of the app as 'METHOD /path' (without /basic-api/api), with the roles its rule admits."""
    found = {}
    for route in app.router.routes:
        path = "/" + route.path.lstrip("/")
        if not path.startswith("/basic-api/api/") or not set(route.methods) & WRITE_METHODS:
            continue
        rule = route.handler.access_rule
        for method in set(route.methods) & WRITE_METHODS:
            found[f"{method} {path.removeprefix('/basic-api/api').rstrip('/')}"] = None if rule.public else set(rule.roles)
    return found


async def snapshot() -> dict:
    """Every row of every table: a refused write must leave all of them as they were."""
    state = {}
    for model in Tortoise.apps["models"].values():
        state[model._meta.db_table] = await model.all().order_by(model._meta.pk_attr).values()
    return state


def changes(before: dict, after: dict) -> list[str]:
    return [table for table in before if before[table] != after[table]]


async def test_every_write_route_is_classified(app):
    routes = write_routes(app)
    unclassified = sorted(set(routes) - set(WRITES) - SITE_WIDE_WRITES - set(NO_OBJECT))
    assert unclassified == [], "classify each new write route in tests/attack/test_object_rights.py"


async def test_no_write_by_a_reader_who_may_not_edit_nor_by_another_unit(api, app, people):
    w = await build_world(people)
    tokens = {who: await api.login(who) for who in ATTACKERS}
    routes = write_routes(app)
    # Another unit may not even read H.
    for who in ATTACKERS:
        if who not in READERS_OF_H:
            status, body = await api.call("GET", f"{B}/graphList/{w.sides['H'].graph}", tokens[who])
            assert status == 403 and body["code"] == 1, who
        status, body = await api.call("GET", f"{B}/graphList/{w.sides['G'].graph}", tokens[who])
        assert status == 200 and body["result"]["isEdit"] == 0, who
    before = await snapshot()
    attempts = refused = 0
    for key, write in sorted(WRITES.items()):
        if key not in routes:
            continue  # a route this build of the app does not have
        method = key.split(" ")[0]
        legit = dict(write.legit)
        for who in ATTACKERS:
            if who in legit:
                continue
            for side in ("G", "H") if write.scope == "graph" else ("G",):
                path, kwargs = write.build(w, w.sides[side], who)
                status, body = await api.call(method, path, tokens[who], **kwargs)
                attempts += 1
                assert status == 403 and body and body["code"] == 1, (key, who, side, status, body)
                refused += 1
                changed = changes(before, await snapshot())
                assert changed == [], (key, who, side, changed)
    for key in sorted(SITE_WIDE_WRITES & set(routes)):
        method, path = key.split(" ", 1)
        for who in ATTACKERS:
            if w.users[who].role in routes[key]:
                continue  # an admin of any unit manages site-wide content
            status, body = await api.call(method, B + re.sub(r"<[^>]+>", "1", path), tokens[who], json={})
            attempts += 1
            assert status == 403 and body["code"] == 1 and body.get("reason") == "role", (key, who)
            refused += 1
    assert changes(before, await snapshot()) == []
    print(f"object-level walk: {len(WRITES)} object routes, {attempts} writes by readers and other units, {refused} refused")
    assert attempts == refused > 300


# The control: each aimed write succeeds for someone who may make it, so the refusals above come
# from the object rule and not from a request that could never have worked.
CONTROL_ELSEWHERE = {
    "POST /attainment/import": "needs a course graph with objectives and a score sheet: tests of toolkit.attainment",
    "DELETE /attainment/term": "needs an imported term: tests of toolkit.attainment",
}
OWNER = "expert"  # project A's admin, who made G and H
OWNERS: dict[str, tuple[str, str]] = {
    "POST /common/graph/updatePublicState": ("admin", "H"),
    "POST /common/graph/publish": ("expert", "H_unpublished"),
    "POST /common/graph/apply": ("member", "G"),
    "POST /graph/task/submit": ("expert", "G"),  # after the reassignment to the expert
    "POST /excavate/result/reject": ("expert", "H"),  # G's result is accepted by then
    "POST /project": ("admin", "G"), "DELETE /project/<project_id:int>": ("admin", "G"),
    "POST /template/apply": ("admin", "G"), "POST /user": ("admin", "G"), "PUT /user/<user_id:int>": ("admin", "G"),
    "PUT /user/<user_id:int>/enable": ("admin", "G"), "PUT /user/<user_id:int>/disable": ("admin", "G"),
    "PUT /user/<user_id:int>/password": ("admin", "G"), "PUT /trial/handle/<trial_id:int>": ("admin", "G"),
    "PUT /unit/<unit_id:int>": ("super", "G"), "DELETE /unit/<unit_id:int>": ("super", "G"),
    "POST /project/member/<project_id:int>": ("expert", "G"),
}
# Writes that take their object away go last, each on its own side where it matters.
FIRST = ("POST /graph/updateOrder", "PUT /excavate/result/<result_id:int>")
LAST = ("POST /graph/task/examine", "DELETE /excavate/task/<task_id:int>", "DELETE /graph/deleteNode", "DELETE /graph/batchDeleteNode", "DELETE /excavate/textSource/<source_id:int>",
        "DELETE /graphList/<graph_id:int>", "DELETE /project/<project_id:int>", "DELETE /unit/<unit_id:int>")


async def test_each_aimed_write_works_for_its_owner(api, app, people):
    w = await build_world(people)
    routes = write_routes(app)
    # A graph of A not yet offered to the library.
    spare = await create_graph(w.users["expert"], "待发布", w.teaching, w.project_a)
    w.sides["H_unpublished"] = Side(spare.id, *([0] * 14))
    tokens = {}
    failures = []
    def place(key: str) -> tuple:
        return (0, FIRST.index(key)) if key in FIRST else (2, LAST.index(key)) if key in LAST else (1, key)

    for key in sorted((k for k in WRITES if k in routes and k not in CONTROL_ELSEWHERE), key=place):
        who, side = OWNERS.get(key, (OWNER, "G"))
        if key in ("DELETE /graph/deleteNode", "DELETE /excavate/textSource/<source_id:int>"):
            side = "H"  # G keeps its node and source for the batch delete and the graph delete
        if who not in tokens:
            tokens[who] = await api.login(w.users[who].user_name)
        path, kwargs = WRITES[key].build(w, w.sides[side], who)
        status, body = await api.call(key.split(" ")[0], path, tokens[who], **kwargs)
        if not (status == 200 and body and body["code"] == 0):
            failures.append((key, who, status, body and body.get("message")))
    assert failures == [], "\n".join(map(str, failures))


# ---- the cases of issue 18, one by one -------------------------------------------------------

E = f"{B}/excavate"


async def _mining_graph(people, public: bool = False):
    """A graph of project A with a source, the admin's finished task and one pending result."""
    expert, admin = people["users"]["expert"], people["users"]["admin"]
    graph = await create_graph(expert, "数据结构", (await Template.get(code="teaching")).id, people["projects"]["a"].id)
    source = (await sources.add_source(expert, "课程.txt", COURSE, graph_id=graph.id))["id"]
    task = await MiningTask.create(kind="points", state="done", source_ids=[source], graph_id=graph.id, create_user=admin)
    queued = await MiningTask.create(kind="points", state="queued", source_ids=[source], graph_id=graph.id, create_user=admin)
    result = await MiningResult.create(task=task, kind="points", payload={"term": "栈"}, score=0.8, source_id=source)
    if public:
        await LibraryEntry.create(graph_id=graph.id, name=graph.name, public_state=4, publisher=expert)
        await Graph.filter(id=graph.id).update(is_public=True)
    return graph, source, task, queued, result


def _refused(status, body) -> bool:
    return status == 403 and body["code"] == 1


async def test_a_tester_creates_no_mining_task(api, people):
    graph, source, *_ = await _mining_graph(people)
    tester = await api.login("tester")
    before = await MiningTask.all().count()
    assert _refused(*await api.call("POST", f"{E}/task", tester, json={"kind": "points", "sourceIds": [source], "graphId": graph.id}))
    # Nor one without a graph: a tester only reads.
    assert _refused(*await api.call("POST", f"{E}/task", tester, json={"kind": "points", "sourceIds": [source]}))
    assert await MiningTask.all().count() == before


async def test_a_tester_uploads_no_source_to_a_graph(api, people):
    graph, *_ = await _mining_graph(people)
    tester = await api.login("tester")
    before = await TextSource.all().count()
    status, body = await api.call("POST", f"{E}/textSource", tester, files={"file": ("课程.txt", COURSE)},
                                  data={"graphId": str(graph.id)})
    assert _refused(status, body)
    status, body = await api.call("POST", f"{E}/textSource", tester, files={"file": ("课程.txt", COURSE)},
                                  data={"projectId": str(people["projects"]["a"].id)})
    assert _refused(status, body)
    assert await TextSource.all().count() == before


async def test_a_tester_neither_edits_nor_rejects_results(api, people):
    *_, result = await _mining_graph(people)
    tester = await api.login("tester")
    assert _refused(*await api.call("PUT", f"{E}/result/{result.id}", tester, json={"term": "队列"}))
    assert _refused(*await api.call("POST", f"{E}/result/reject", tester, json={"ids": [result.id]}))
    row = await MiningResult.get(id=result.id)
    assert row.state == "pending" and row.edited_payload is None and row.reviewer_id is None
    # The tester still reads them.
    status, body = await api.call("GET", f"{E}/result/list?taskIds={result.task_id}", tester)
    assert status == 200 and body["result"]["total"] == 1


async def test_a_tester_deletes_no_admins_task(api, people):
    _graph, _source, task, queued, _result = await _mining_graph(people)
    tester = await api.login("tester")
    for method, path in (("DELETE", f"{E}/task/{task.id}"), ("POST", f"{E}/task/{queued.id}/cancel")):
        assert _refused(*await api.call(method, path, tester))
    assert await MiningTask.filter(id=task.id).exists() and (await MiningTask.get(id=queued.id)).state == "queued"
    # The admin, whose task it is and who edits the unit's graphs, may.
    admin = await api.login("admin")
    status, body = await api.call("DELETE", f"{E}/task/{task.id}", admin)
    assert status == 200 and body["code"] == 0 and not await MiningTask.filter(id=task.id).exists()


async def test_another_units_teacher_leaves_a_library_graphs_tasks_alone(api, people):
    graph, _source, task, queued, result = await _mining_graph(people, public=True)
    outsider = await api.login("outsider")
    # The graph is in the public library: the outsider reads it and its tasks ...
    status, body = await api.call("GET", f"{B}/graphList/{graph.id}", outsider)
    assert status == 200 and body["result"]["isEdit"] == 0
    status, body = await api.call("GET", f"{E}/task/{task.id}", outsider)
    assert status == 200 and body["code"] == 0
    # ... and changes none of them.
    for method, path, kwargs in (("POST", f"{E}/task/{queued.id}/cancel", {}), ("DELETE", f"{E}/task/{queued.id}", {}),
                                 ("DELETE", f"{E}/task/{task.id}", {}), ("POST", f"{E}/task/{task.id}/retry", {}),
                                 ("POST", f"{E}/result/accept", {"json": {"ids": [result.id]}}),
                                 ("POST", f"{E}/result/reject", {"json": {"ids": [result.id]}}),
                                 ("POST", f"{E}/result/acceptAsGraph", {"json": {"taskId": task.id, "name": "拿走",
                                                                                 "projectId": people["projects"]["b"].id}}),
                                 ("PUT", f"{E}/dictionary", {"json": {"graphId": graph.id, "terms": ["x"]}}),
                                 ("POST", f"{B}/graphList/saveGraphAs/{graph.id}", {"json": {"name": "拿走",
                                                                                            "projectId": people["projects"]["b"].id}})):
        assert _refused(*await api.call(method, path, outsider, **kwargs)), path
    assert (await MiningTask.get(id=queued.id)).state == "queued" and await MiningTask.filter(id=task.id).exists()
    assert (await MiningResult.get(id=result.id)).state == "pending"
    assert not await Graph.filter(name="拿走").exists()


async def test_a_graphless_task_is_its_owners(api, people):
    expert = await api.login("expert")
    _, source, *_ = await _mining_graph(people)
    status, body = await api.call("POST", f"{E}/task", expert, json={"kind": "points", "sourceIds": [source]})
    assert status == 200 and body["code"] == 0, body
    task_id = body["result"]["id"]
    assert _refused(*await api.call("POST", f"{E}/task/{task_id}/cancel", await api.login("admin")))
    status, body = await api.call("POST", f"{E}/task/{task_id}/cancel", expert)
    assert status == 200 and body["result"]["state"] == "cancelled"


async def test_a_library_graph_is_no_merge_source_for_readers(api, people):
    """Merging a library graph into one's own graph would copy it past the library's apply and approval."""
    graph, *_ = await _mining_graph(people, public=True)
    teaching = (await Template.get(code="teaching")).id
    own = await create_graph(people["users"]["outsider"], "我的图谱", teaching, people["projects"]["b"].id)
    outsider = await api.login("outsider")
    nodes = await Node.filter(graph_id=own.id).count()
    status, body = await api.call("POST", f"{B}/graph/mergeTreeCheck", outsider, json={"graphId": own.id, "sourceGraphId": graph.id})
    assert status == 200 and body["code"] == 0  # a preview reads what the library shows anyway
    assert _refused(*await api.call("POST", f"{B}/graph/mergeTree", outsider, json={"graphId": own.id, "sourceGraphId": graph.id}))
    assert _refused(*await api.call("POST", f"{B}/graph/mergeAll", outsider, json={"graphId": own.id, "sourceGraphIds": [graph.id]}))
    assert await Node.filter(graph_id=own.id).count() == nodes


async def test_a_person_in_charge_no_longer_managing_passes_no_application(api, people):
    graph, *_ = await _mining_graph(people, public=True)
    entry = await LibraryEntry.get(graph_id=graph.id)
    record = await LibraryApply.create(entry=entry, graph_name="副本", project=people["projects"]["a"], create_user=people["users"]["admin"],
                                       receive_user=people["users"]["expert"], remarks="教学使用", state=0)
    expert = await api.login("expert")
    # Since the application, the expert is a project user of A, no longer its admin.
    await ProjectMember.filter(project_id=people["projects"]["a"].id, user_id=people["users"]["expert"].id).update(role="20")
    graphs = await Graph.all().count()
    status, body = await api.call("POST", f"{B}/common/graph/approval", expert, json={"id": record.id, "state": 2, "approvalProposal": "同意"})
    assert _refused(status, body) and body.get("reason") != "role"
    assert (await LibraryApply.get(id=record.id)).state == 0 and await Graph.all().count() == graphs


async def test_no_new_graph_in_an_expired_trial(api, people):
    from datetime import datetime, timedelta, timezone

    project = people["projects"]["a"]
    await Project.filter(id=project.id).update(tryout=True, end_time=datetime.now(timezone.utc) - timedelta(days=1))
    expert = await api.login("expert")
    graphs = await Graph.all().count()
    teaching = (await Template.get(code="teaching")).id
    assert _refused(*await api.call("POST", f"{B}/graphList", expert, json={"name": "新图谱", "templateId": teaching, "projectId": project.id}))
    assert await Graph.all().count() == graphs
