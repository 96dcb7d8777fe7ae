"""Editing a graph's tree: create, update, move, order, delete, type, tags, description, attributes.

Every write names the revision of the node it is based on (None skips the check, for scripts
that just read it); a stale one raises Conflict and changes nothing. Writes to different nodes
do not conflict, so two people editing one graph do not block each other.
"""
from __future__ import annotations

from tortoise.expressions import F
from tortoise.transactions import in_transaction

from toolkit import audit, textrules
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.formats.limits import MAX_TREE_DEPTH
from toolkit.graphs.attributes import COURSE_NAME, clean_attributes, clean_description
from toolkit.graphs.guard import GraphAccess, open_graph
from toolkit.graphs.nodes import (OUTLINE_FIELDS, ancestors_of, deepest_level_under, load_index, nested, node_view,
                                  outline_view, subtree_of, tags_by_node)
from toolkit.graphs.revisions import bump_graph, claim_node
from toolkit.messages import Named
from toolkit.model import EntityType, Graph, Node, NodeTag, Relation, Tag, User

TAGGED_KINDS = ("teaching",)


def allowed_children(graph: Graph) -> dict[str, list[str]]:
    return {e["code"]: list(e.get("children") or []) for e in graph.template.entitys}


def _clean_name(name: str | None, kind: str = "node.name") -> str:
    """kind "graph.name" for the root, whose name is the graph's."""
    name = textrules.clean_text(kind, name).strip()
    if not name:
        raise ValidationError("node.name_required")
    return name


async def _node(graph_id: int, node_id: int) -> Node:
    node = await Node.get_or_none(id=node_id)
    if node is None:
        raise NotFound(what="what.node")
    if node.graph_id != graph_id:
        raise ValidationError("node.wrong_graph", id=node_id)
    return node


def _require_control(node: Node) -> None:
    if not node.is_control:
        raise Forbidden("node.not_controllable")


async def type_refusal(parent_type: str, child_type: str) -> ValidationError:
    """The refusal names the entity types as people know them (in the reader's language), not by code."""
    rows = {e.code: e for e in await EntityType.filter(code__in=[parent_type, child_type])}

    def named(code: str) -> Named | str:
        row = rows.get(code)
        return Named(row.name, row.name_en or "") if row else code

    return ValidationError("node.type_not_allowed", parent=named(parent_type), type=named(child_type))


async def _check_type(access: GraphAccess, parent_type: str, child_type: str) -> None:
    if child_type not in allowed_children(access.graph).get(parent_type, []):
        raise await type_refusal(parent_type, child_type)


TREE_VIEWS = ("full", "outline")


async def search_tree(user: User, graph_id: int, node_id: int | None = None, depth: int | None = None,
                      view: str = "full") -> dict:
    """The whole tree, or the subtree under `node_id`, as nested Node objects (SPEC §3).

    `view="outline"` gives each node only what drawing the tree needs (outline_view), for the mind
    map and the knowledge tree; the full view stays the default for every other caller.
    """
    if view not in TREE_VIEWS:
        raise ValidationError("error.field_invalid", field="view")
    access = await open_graph(user, graph_id)
    # From the root, `depth` levels need only the nodes down to one level further (which tells
    # whether a node at the cut has children): the first view of a big tree reads a fraction of it.
    max_level = depth + 1 if depth is not None and depth >= 0 and node_id is None else None
    if view == "outline":
        index = await load_index(graph_id, OUTLINE_FIELDS, max_level)
        tags: dict[int, list[dict]] = {}
    else:
        index = await load_index(graph_id, max_level=max_level)
    start = node_id if node_id is not None else index.root_id
    if start is None or start not in index.rows:
        raise NotFound(what="what.node")
    if view == "outline":
        tree = nested(index, start, tags, depth, shape=outline_view)
    else:
        tree = nested(index, start, await tags_by_node(graph_id=graph_id), depth)
    return {"graphId": graph_id, "revision": access.graph.revision, "isEdit": 1 if access.can_edit else 0, "tree": tree}


async def get_node(user: User, graph_id: int, node_id: int) -> dict:
    await open_graph(user, graph_id)
    node = await _node(graph_id, node_id)
    row = {field: getattr(node, field) for field in ("id", "parent_id", "order", "level", "name", "type", "desc", "define",
                                                      "desc_tags", "attributes", "is_control", "is_core", "direction",
                                                      "is_new", "is_updated", "revision")}
    tags = (await tags_by_node([node.id])).get(node.id, [])
    return node_view(row, tags)


async def create_node(user: User, graph_id: int, reference_id: int, name: str, *, mode: str = "child",
                      node_type: str | None = None, position: int | None = None, desc: str = "",
                      revision: int | None = None) -> dict:
    """Insert a lower-level node under `reference_id` (mode 'child') or a same-level node after it ('sibling')."""
    access = await open_graph(user, graph_id, edit=True)
    reference = await _node(graph_id, reference_id)
    if mode == "sibling":
        if reference.parent_id is None:
            raise ValidationError("node.root_fixed")
        parent = await _node(graph_id, reference.parent_id)
        position = reference.order + 1 if position is None else position
    elif mode == "child":
        parent = reference
    else:
        raise ValidationError("error.field_invalid", field="mode")
    _require_control(parent)
    if parent.level + 1 > MAX_TREE_DEPTH:  # deeper trees break the writers and version snapshots
        raise ValidationError("node.too_deep", max=MAX_TREE_DEPTH)
    options = allowed_children(access.graph).get(parent.type, [])
    node_type = node_type or (reference.type if mode == "sibling" else (options[0] if options else None))
    if node_type is None:
        raise await type_refusal(parent.type, "-")
    await _check_type(access, parent.type, node_type)
    name = _clean_name(name)
    desc = clean_description(desc) if (desc or "").strip() else ""
    async with in_transaction():
        await claim_node(parent.id, revision if mode == "child" else None)
        count = await Node.filter(parent_id=parent.id).count()
        position = count if position is None else max(0, min(int(position), count))
        await Node.filter(parent_id=parent.id, order__gte=position).update(order=F("order") + 1)
        direction = None
        if parent.parent_id is None:
            direction = "right" if position % 2 == 0 else "left"
        node = await Node.create(graph_id=graph_id, parent_id=parent.id, order=position, level=parent.level + 1,
                                 name=name, type=node_type, desc=desc, direction=direction, is_new=True)
        await bump_graph(graph_id, node_delta=1)
        await audit.record("node.create", user.id, "node", node.id, graph=graph_id)
    return await get_node(user, graph_id, node.id)


async def update_node(user: User, graph_id: int, node_id: int, revision: int | None, *, name: str | None = None,
                      define: str | None = None, is_core: bool | None = None, direction: str | None = None) -> dict:
    await open_graph(user, graph_id, edit=True)
    node = await _node(graph_id, node_id)
    _require_control(node)
    fields: dict = {}
    if name is not None:
        fields["name"] = _clean_name(name, "graph.name" if node.parent_id is None else "node.name")
    if define is not None:
        fields["define"] = textrules.clean_text("node.define", define).strip()
    if is_core is not None:
        fields["is_core"] = bool(is_core)
    if direction is not None:
        if direction not in ("left", "right") or node.level != 1:
            raise ValidationError("error.field_invalid", field="direction")
        fields["direction"] = direction
    async with in_transaction():
        await claim_node(node.id, revision)
        if fields:
            await Node.filter(id=node.id).update(is_updated=True, **fields)
            if node.parent_id is None and "name" in fields:
                await Graph.filter(id=graph_id).update(name=fields["name"])
        await bump_graph(graph_id)
        await audit.record("node.update", user.id, "node", node.id, fields=sorted(fields))
    return await get_node(user, graph_id, node.id)


async def update_description(user: User, graph_id: int, node_id: int, revision: int | None, desc: str,
                             desc_tags: list | None = None) -> dict:
    await open_graph(user, graph_id, edit=True)
    node = await _node(graph_id, node_id)
    _require_control(node)
    cleaned = clean_description(desc)
    async with in_transaction():
        await claim_node(node.id, revision)
        update = {"desc": cleaned, "is_updated": True}
        if desc_tags is not None:
            update["desc_tags"] = sorted(desc_tags, key=lambda t: t.get("order", 0) if isinstance(t, dict) else 0)
        await Node.filter(id=node.id).update(**update)
        await bump_graph(graph_id)
        await audit.record("node.desc", user.id, "node", node.id)
    return await get_node(user, graph_id, node.id)


async def update_attributes(user: User, graph_id: int, node_id: int, revision: int | None, changes: dict) -> dict:
    await open_graph(user, graph_id, edit=True)
    node = await _node(graph_id, node_id)
    _require_control(node)
    if not isinstance(changes, dict):
        raise ValidationError("error.field_invalid", field="attributes")
    if COURSE_NAME in changes and not str(changes[COURSE_NAME] or "").strip():
        raise ValidationError("node.course_name_required")
    entity = await EntityType.get_or_none(code=node.type)
    attributes = clean_attributes(entity.attributes if entity else [], node.attributes, changes)
    async with in_transaction():
        await claim_node(node.id, revision)
        await Node.filter(id=node.id).update(attributes=attributes, is_updated=True)
        await bump_graph(graph_id)
        await audit.record("node.attributes", user.id, "node", node.id, codes=sorted(changes))
    return await get_node(user, graph_id, node.id)


async def update_tags(user: User, graph_id: int, node_id: int, tag_ids: list[int], revision: int | None = None) -> dict:
    """SPEC §7: the tag update sends nodeType, id, graphId and tags as an id list.
    SPEC §6: tags are edited only in teaching graphs, on controllable nodes."""
    access = await open_graph(user, graph_id, edit=True)
    if access.graph.template.kind not in TAGGED_KINDS:
        raise ValidationError("tag.not_in_this_graph")
    node = await _node(graph_id, node_id)
    _require_control(node)
    if not isinstance(tag_ids, list) or not all(isinstance(t, int) for t in tag_ids):
        raise ValidationError("error.field_invalid", field="tags")
    wanted = list(dict.fromkeys(tag_ids))
    known = set(await Tag.filter(id__in=wanted).values_list("id", flat=True))
    for tag_id in wanted:
        if tag_id not in known:
            raise ValidationError("tag.unknown", id=tag_id)
    async with in_transaction():
        await claim_node(node.id, revision)
        await NodeTag.filter(node_id=node.id).delete()
        await NodeTag.bulk_create([NodeTag(node_id=node.id, tag_id=t) for t in wanted])
        await bump_graph(graph_id)
        await audit.record("node.tags", user.id, "node", node.id, tags=wanted)
    return await get_node(user, graph_id, node.id)


async def change_node_type(user: User, graph_id: int, node_id: int, new_type: str, revision: int | None = None) -> dict:
    """Only to a type the template allows at that place, and one that allows the node's children."""
    access = await open_graph(user, graph_id, edit=True)
    node = await _node(graph_id, node_id)
    _require_control(node)
    if node.parent_id is None:
        raise ValidationError("node.root_fixed")
    parent = await _node(graph_id, node.parent_id)
    await _check_type(access, parent.type, new_type)
    allowed = allowed_children(access.graph)
    for child_type in set(await Node.filter(parent_id=node.id).values_list("type", flat=True)):
        if child_type not in allowed.get(new_type, []):
            raise await type_refusal(new_type, child_type)
    async with in_transaction():
        await claim_node(node.id, revision)
        await Node.filter(id=node.id).update(type=new_type, is_updated=True)
        await bump_graph(graph_id)
        await audit.record("node.type", user.id, "node", node.id, type=new_type)
    return await get_node(user, graph_id, node.id)


async def move_node(user: User, graph_id: int, node_id: int, new_parent_id: int, position: int | None = None,
                    revision: int | None = None) -> dict:
    """Move a subtree under a new parent at a position; under itself is refused."""
    access = await open_graph(user, graph_id, edit=True)
    node = await _node(graph_id, node_id)
    _require_control(node)
    if node.parent_id is None:
        raise ValidationError("node.root_fixed")
    new_parent = await _node(graph_id, new_parent_id)
    if new_parent.id == node.id or node.id in await ancestors_of(new_parent.id):
        raise ValidationError("node.move_into_itself")
    await _check_type(access, new_parent.type, node.type)
    if new_parent.level + 1 + await deepest_level_under(node.id) - node.level > MAX_TREE_DEPTH:
        raise ValidationError("node.too_deep", max=MAX_TREE_DEPTH)
    async with in_transaction():
        await claim_node(node.id, revision)
        old_parent, old_order = node.parent_id, node.order
        await Node.filter(parent_id=old_parent, order__gt=old_order).update(order=F("order") - 1)
        count = await Node.filter(parent_id=new_parent.id).exclude(id=node.id).count()
        position = count if position is None else max(0, min(int(position), count))
        await Node.filter(parent_id=new_parent.id, order__gte=position).exclude(id=node.id).update(order=F("order") + 1)
        shift = new_parent.level + 1 - node.level
        direction = node.direction if new_parent.parent_id is None else None
        if new_parent.parent_id is None and direction is None:
            direction = "right" if position % 2 == 0 else "left"
        await Node.filter(id=node.id).update(parent_id=new_parent.id, order=position, direction=direction, is_updated=True)
        if shift:
            await Node.filter(id__in=await subtree_of(node.id)).update(level=F("level") + shift)
        await bump_graph(graph_id)
        await audit.record("node.move", user.id, "node", node.id, parent=new_parent.id, position=position)
    return await get_node(user, graph_id, node.id)


async def update_order(user: User, graph_id: int, parent_id: int, ordered_ids: list[int], revision: int | None = None) -> None:
    """Re-order all children of a node at once."""
    await open_graph(user, graph_id, edit=True)
    parent = await _node(graph_id, parent_id)
    children = await Node.filter(parent_id=parent.id).values_list("id", flat=True)
    if not isinstance(ordered_ids, list) or sorted(children) != sorted(ordered_ids) or len(set(ordered_ids)) != len(ordered_ids):
        raise ValidationError("node.order_mismatch")
    async with in_transaction():
        await claim_node(parent.id, revision)
        for order, child_id in enumerate(ordered_ids):
            await Node.filter(id=child_id).update(order=order)
        await bump_graph(graph_id)
        await audit.record("node.order", user.id, "node", parent.id)


async def delete_nodes(user: User, graph_id: int, node_ids: list[int], revisions: dict[int, int] | None = None) -> int:
    """Delete nodes with their subtrees and relations, in one transaction; returns how many nodes went."""
    await open_graph(user, graph_id, edit=True)
    if not node_ids:
        raise ValidationError("error.field_required", field="ids")
    requested = list(dict.fromkeys(node_ids))
    rows = {r["id"]: r for r in await Node.filter(id__in=requested).values("id", "graph_id", "parent_id", "order", "is_control")}
    for node_id in requested:
        row = rows.get(node_id)
        if row is None or row["graph_id"] != graph_id:
            raise ValidationError("node.wrong_graph", id=node_id)
        if row["parent_id"] is None:
            raise ValidationError("node.root_fixed")
        if not row["is_control"]:
            raise Forbidden("node.not_controllable")
    # Only the topmost of the requested nodes need deleting: the rest go with them.
    chosen = set(requested)
    tops = [n for n in requested if not (set(await ancestors_of(n)) & chosen)] if len(requested) > 1 else requested
    doomed: set[int] = set()
    for node_id in tops:
        doomed.update(await subtree_of(node_id))
    async with in_transaction():
        for node_id in tops:
            await claim_node(node_id, (revisions or {}).get(node_id))
        await Relation.filter(start_node_id__in=list(doomed)).delete()
        await Relation.filter(target_node_id__in=list(doomed)).delete()
        for node_id in sorted(tops, key=lambda n: -rows[n]["order"]):
            row = rows[node_id]
            await Node.filter(id=node_id).delete()
            await Node.filter(parent_id=row["parent_id"], order__gt=row["order"]).update(order=F("order") - 1)
        await bump_graph(graph_id, node_delta=-len(doomed))
        await audit.record("node.delete", user.id, "graph", graph_id, nodes=sorted(tops), count=len(doomed))
    return len(doomed)
