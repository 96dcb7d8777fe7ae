"""Copying a graph or a subtree (saveGraphAs) and converting a graph to another template (transGraph)."""
from __future__ import annotations

from tortoise.transactions import in_transaction

from toolkit import audit
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphdoc import GraphDoc
from toolkit.graphs.crud import _project_for_create, clean_name
from toolkit.graphs.documents import to_document
from toolkit.graphs.guard import open_graph
from toolkit.graphs.store import store_document
from toolkit.model import Graph, Node, Relation, Template, User


def _root_type(template: Template) -> str:
    return next(e["code"] for e in template.entitys if e.get("isRoot"))


def conversion_problems(doc: GraphDoc, target: Template, mapping: dict[str, str]) -> list[dict]:
    """What cannot map to the target template: unknown types, children not allowed, relations not allowed."""
    allowed = {e["code"]: set(e.get("children") or []) for e in target.entitys}
    relations = {r["code"]: {(s["startEntityCode"], s["endEntityCode"]) for s in r.get("effectScope") or []} for r in target.relations}
    problems = []
    typed = {}
    for node, parent, _level in doc.walk():
        new_type = _root_type(target) if parent is None else mapping.get(node.type, node.type)
        typed[node.id] = new_type
        if new_type not in allowed:
            problems.append({"nodeId": node.id, "name": node.name, "problem": "type", "type": new_type})
        elif parent is not None and new_type not in allowed.get(typed[parent.id], set()):
            problems.append({"nodeId": node.id, "name": node.name, "problem": "placement", "type": new_type, "parentType": typed[parent.id]})
    for relation in doc.relations:
        pairs = relations.get(relation.type)
        if pairs is None or (pairs and (typed[relation.start], typed[relation.target]) not in pairs):
            problems.append({"start": relation.start, "target": relation.target, "problem": "relation", "type": relation.type})
    return problems


def convert(doc: GraphDoc, target: Template, mapping: dict[str, str]) -> GraphDoc:
    root_type = _root_type(target)
    for node, parent, _level in doc.walk():
        node.type = root_type if parent is None else mapping.get(node.type, node.type)
    doc.template = target.code
    return doc


async def save_graph_as(user: User, graph_id: int, name: str, project_id: int | None, template_id: int | None = None,
                        node_id: int | None = None, mapping: dict[str, str] | None = None) -> Graph:
    access = await open_graph(user, graph_id)
    if access.via_library:
        raise Forbidden()
    name = clean_name(name)
    target = access.graph.template if template_id is None else await Template.get_or_none(id=template_id)
    if target is None:
        raise NotFound(what="what.template")
    project = await _project_for_create(user, project_id, target.id)
    if node_id is not None and not await Node.exists(id=node_id, graph_id=graph_id):
        raise NotFound(what="what.node")
    doc = await to_document(access.graph, node_id)
    problems = conversion_problems(doc, target, mapping or {})
    if problems:
        raise ValidationError("graph.cannot_convert", count=len(problems), first=problems[0].get("name") or problems[0].get("type"))
    copy = await store_document(convert(doc, target, mapping or {}), project, user, name=name)
    await Graph.filter(id=copy.id).update(source_graph_id=graph_id)
    await audit.record("graph.copy", user.id, "graph", copy.id, source=graph_id, node=node_id)
    return copy


async def trans_graph(user: User, graph_id: int, template_id: int, mapping: dict[str, str], dry_run: bool = False) -> dict:
    """Convert a graph to another template; every problem is reported and nothing changes while there are any."""
    access = await open_graph(user, graph_id, edit=True)
    target = await Template.get_or_none(id=template_id)
    if target is None:
        raise NotFound(what="what.template")
    doc = await to_document(access.graph)
    problems = conversion_problems(doc, target, mapping)
    if problems or dry_run:
        return {"ok": not problems, "applied": False, "problems": problems}
    root_type = _root_type(target)
    async with in_transaction():
        for old, new in mapping.items():
            await Node.filter(graph_id=graph_id, type=old).exclude(parent_id=None).update(type=new)
        await Node.filter(graph_id=graph_id, parent_id=None).update(type=root_type)
        await Graph.filter(id=graph_id).update(template_id=target.id)
        await audit.record("graph.convert", user.id, "graph", graph_id, template=target.code)
    return {"ok": True, "applied": True, "problems": []}


async def major_list(user: User) -> list[dict]:
    """getMajorList: the major graphs (major teaching and ability-target) the caller may see."""
    from toolkit.graphs.listing import GraphFilter, list_graphs

    items, _ = await list_graphs(user, 1, 10000, GraphFilter(), by_role=True)
    return [g for g in items if g["templateKind"] in ("majorTeaching", "majorAbilityTarget")]


async def related_graphs(user: User, graph_id: int) -> list[dict]:
    """getRelateGraphList: graphs bound to this one by cross relations, copies or relationGraphId."""
    access = await open_graph(user, graph_id)
    from toolkit.model import CrossRelation

    ids = set(await CrossRelation.filter(start_graph_id=graph_id).values_list("target_graph_id", flat=True))
    ids |= set(await CrossRelation.filter(target_graph_id=graph_id).values_list("start_graph_id", flat=True))
    ids |= set(await Graph.filter(source_graph_id=graph_id).values_list("id", flat=True))
    for linked in (access.graph.relation_graph_id, access.graph.source_graph_id):
        if linked:
            ids.add(linked)
    ids.discard(graph_id)
    rows = await Graph.filter(id__in=sorted(ids)).values("id", "name", "template__kind", "template__name")
    return [{"id": r["id"], "name": r["name"], "templateKind": r["template__kind"], "templateName": r["template__name"]} for r in rows]
