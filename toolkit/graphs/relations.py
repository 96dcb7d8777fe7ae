"""Relations inside a graph and cross-graph bindings, checked against effect scopes."""
from __future__ import annotations

from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from toolkit import audit, textrules
from toolkit.errors import NotFound, ValidationError
from toolkit.graphs.guard import GraphAccess, open_graph
from toolkit.graphs.revisions import bump_graph
from toolkit.model import CrossRelation, Node, Relation, RelationType, TemplateConnection, User

TREE_RELATION = "Contain"


def relation_view(relation: dict, names: dict[int, str] | None = None) -> dict:
    view = {
        "relationId": relation["id"], "startNodeId": relation["start_node_id"], "targetNodeId": relation["target_node_id"],
        "relationshipType": relation["relation_type"], "relationshipName": relation["relation_name"],
        "attributes": relation.get("attributes") or {},
    }
    if names is not None:
        view["startNodeName"] = names.get(relation["start_node_id"])
        view["targetNodeName"] = names.get(relation["target_node_id"])
    return view


async def check_allowed(access: GraphAccess, relation_type: str, start: Node, target: Node) -> RelationType:
    """The template must list the type, and its effect scope (if any) must admit the pair."""
    template_relations = {r["code"]: r for r in access.graph.template.relations}
    kind = await RelationType.get_or_none(code=relation_type)
    if kind is None or relation_type not in template_relations or relation_type == TREE_RELATION:
        raise ValidationError("relation.unknown_type", type=relation_type)
    scope = template_relations[relation_type].get("effectScope") or kind.effect_scope or []
    pairs = {(s["startEntityCode"], s["endEntityCode"]) for s in scope}
    if pairs and (start.type, target.type) not in pairs:
        raise ValidationError("relation.not_allowed", type=relation_type, start=start.type, end=target.type)
    return kind


async def create_relation(user: User, graph_id: int, start_id: int, target_id: int, relation_type: str,
                          attributes: dict | None = None) -> dict:
    access = await open_graph(user, graph_id, edit=True)
    if attributes is not None and not isinstance(attributes, dict):
        raise ValidationError("error.field_invalid", field="attributes")
    textrules.check_json("relation.attributes", attributes)
    if start_id == target_id:
        raise ValidationError("relation.self")
    nodes = {n.id: n for n in await Node.filter(id__in=[start_id, target_id], graph_id=graph_id)}
    if len(nodes) != 2:
        raise NotFound(what="what.node")
    kind = await check_allowed(access, relation_type, nodes[start_id], nodes[target_id])
    if not kind.directed and await Relation.filter(start_node_id=target_id, target_node_id=start_id, relation_type=relation_type).exists():
        raise ValidationError("relation.exists")
    try:
        async with in_transaction():
            relation = await Relation.create(graph_id=graph_id, start_node_id=start_id, target_node_id=target_id,
                                             relation_type=relation_type, relation_name=kind.name, attributes=attributes or {})
            await bump_graph(graph_id)
            await audit.record("relation.create", user.id, "relation", relation.id, graph=graph_id, type=relation_type)
    except IntegrityError as exc:
        raise ValidationError("relation.exists") from exc
    row = await Relation.filter(id=relation.id).values("id", "start_node_id", "target_node_id", "relation_type", "relation_name", "attributes")
    return relation_view(row[0])


async def delete_relation(user: User, graph_id: int, relation_id: int) -> None:
    await open_graph(user, graph_id, edit=True)
    relation = await Relation.get_or_none(id=relation_id, graph_id=graph_id)
    if relation is None:
        raise NotFound(what="what.relation")
    async with in_transaction():
        await relation.delete()
        await bump_graph(graph_id)
        await audit.record("relation.delete", user.id, "relation", relation_id, graph=graph_id)


async def update_node_relations(user: User, graph_id: int, node_id: int, relation_type: str, target_ids: list[int]) -> list[dict]:
    """UpdateNodeRelation: make the node's outgoing relations of one type exactly `target_ids`."""
    access = await open_graph(user, graph_id, edit=True)
    start = await Node.get_or_none(id=node_id, graph_id=graph_id)
    if start is None:
        raise NotFound(what="what.node")
    targets = {n.id: n for n in await Node.filter(id__in=list(target_ids), graph_id=graph_id)}
    if len(targets) != len(set(target_ids)) or node_id in targets:
        raise ValidationError("error.field_invalid", field="targetIds")
    kind = None
    for target in targets.values():
        kind = await check_allowed(access, relation_type, start, target)
    kind = kind or await RelationType.get_or_none(code=relation_type)
    if kind is None:
        raise ValidationError("relation.unknown_type", type=relation_type)
    async with in_transaction():
        existing = dict(await Relation.filter(start_node_id=node_id, relation_type=relation_type).values_list("target_node_id", "id"))
        await Relation.filter(id__in=[rid for tid, rid in existing.items() if tid not in targets]).delete()
        await Relation.bulk_create([
            Relation(graph_id=graph_id, start_node_id=node_id, target_node_id=tid, relation_type=relation_type, relation_name=kind.name)
            for tid in targets if tid not in existing
        ])
        await bump_graph(graph_id)
        await audit.record("relation.update", user.id, "node", node_id, type=relation_type, targets=sorted(targets))
    rows = await Relation.filter(start_node_id=node_id, relation_type=relation_type).values(
        "id", "start_node_id", "target_node_id", "relation_type", "relation_name", "attributes")
    return [relation_view(r) for r in rows]


async def create_cross_relation(user: User, graph_id: int, node_id: int, target_graph_id: int, target_node_id: int,
                                relation_type: str) -> dict:
    """Bind a node to a node of another graph, as the templates' connections allow."""
    access = await open_graph(user, graph_id, edit=True)
    target_access = await open_graph(user, target_graph_id)
    start = await Node.get_or_none(id=node_id, graph_id=graph_id)
    target = await Node.get_or_none(id=target_node_id, graph_id=target_graph_id)
    if start is None or target is None:
        raise NotFound(what="what.node")
    allowed = await TemplateConnection.filter(
        source_template_id=access.graph.template_id, target_template_id=target_access.graph.template_id,
        source_entity_code=start.type, target_entity_code=target.type, relation_code=relation_type).exists()
    if not allowed:
        raise ValidationError("relation.not_allowed", type=relation_type, start=start.type, end=target.type)
    try:
        async with in_transaction():
            cross = await CrossRelation.create(start_graph_id=graph_id, start_node_id=node_id, target_graph_id=target_graph_id,
                                               target_node_id=target_node_id, relation_type=relation_type)
            await audit.record("cross_relation.create", user.id, "cross_relation", cross.id)
    except IntegrityError as exc:
        raise ValidationError("relation.exists") from exc
    return {"id": cross.id, "startGraphId": graph_id, "startNodeId": node_id, "targetGraphId": target_graph_id,
            "targetNodeId": target_node_id, "relationshipType": relation_type}


async def delete_cross_relation(user: User, cross_id: int) -> None:
    cross = await CrossRelation.get_or_none(id=cross_id)
    if cross is None:
        raise NotFound(what="what.relation")
    await open_graph(user, cross.start_graph_id, edit=True)
    await cross.delete()
    await audit.record("cross_relation.delete", user.id, "cross_relation", cross_id)
