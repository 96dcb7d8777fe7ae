"""Storing a GraphDoc as a new graph, in one transaction."""
from __future__ import annotations

from typing import Iterator

from tortoise.transactions import in_transaction

from toolkit import audit
from toolkit.errors import FormatError
from toolkit.graphdoc import DocNode, GraphDoc
from toolkit.model import Graph, Node, NodeTag, Project, Relation, RelationType, Tag, Template, User

BATCH = 1000


async def allocate_node_ids(count: int) -> list[int]:
    """Ids for new nodes. PostgreSQL hands them out from the sequence. On SQLite the caller's
    transaction already holds the write lock (it created the graph row), so max(id) cannot move."""
    from tortoise.connection import get_connection

    if count == 0:
        return []
    connection = get_connection("default")
    if connection.capabilities.dialect == "postgres":
        _, rows = await connection.execute_query(
            "SELECT nextval(pg_get_serial_sequence('node', 'id')) AS id FROM generate_series(1, $1)", [count])
        return [row["id"] for row in rows]
    # sqlite_sequence remembers ids of deleted rows too: never hand those out again.
    _, rows = await connection.execute_query(
        "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'node'), 0), "
        "COALESCE((SELECT MAX(id) FROM node), 0)) AS top")
    top = rows[0]["top"]
    return list(range(top + 1, top + 1 + count))


def _allowed_children(template: Template) -> dict[str, set[str]]:
    return {e["code"]: set(e.get("children") or []) for e in template.entitys}


def _root_codes(template: Template) -> set[str]:
    return {e["code"] for e in template.entitys if e.get("isRoot")}


async def check_document(doc: GraphDoc, template: Template) -> None:
    """Entity types and relations must fit the template; raises FormatError naming the place."""
    allowed = _allowed_children(template)
    if doc.root.type not in _root_codes(template):
        raise FormatError("graphdoc.unknown_entity", where=doc.root.name, template=template.code, type=doc.root.type)
    for node, parent, _level in doc.walk():
        if node.type not in allowed:
            raise FormatError("graphdoc.unknown_entity", where=node.name, template=template.code, type=node.type)
        if parent is not None and node.type not in allowed[parent.type]:
            raise FormatError("graphdoc.unknown_entity", where=f"{parent.name} > {node.name}",
                              template=template.code, type=node.type)
    relation_codes = {r["code"] for r in template.relations}
    known = set(await RelationType.all().values_list("code", flat=True))
    for relation in doc.relations:
        if relation.type not in known or relation.type not in relation_codes:
            raise FormatError("graphdoc.unknown_relation", where=f"{relation.start} -> {relation.target}", type=relation.type)


def placed(doc: GraphDoc) -> Iterator[tuple[DocNode, DocNode | None, int, int]]:
    """Every node with its parent, level and position among its siblings, parents before children.
    Positions come from enumerating each parent's children: `children.index` made storing quadratic
    (worse: DocNode equality compares whole subtrees)."""
    stack: list[tuple[DocNode, DocNode | None, int, int]] = [(doc.root, None, 0, 0)]
    while stack:
        node, parent, level, order = stack.pop()
        yield node, parent, level, order
        children = node.children
        for position in range(len(children) - 1, -1, -1):
            stack.append((children[position], node, level + 1, position))


def direction_at(level: int, order: int) -> str | None:
    """Children of the root alternate right and left in the mind map; deeper nodes follow their parent."""
    if level != 1:
        return None
    return "right" if order % 2 == 0 else "left"


async def tag_ids(names: set[str]) -> dict[str, int]:
    """Ids of the named tags, creating the missing ones (one read for all that exist)."""
    result = dict(await Tag.filter(name__in=sorted(names)).values_list("name", "id")) if names else {}
    for name in sorted(names - set(result)):
        result[name] = (await Tag.create(name=name)).id
    return result


async def insert_in_batches(model, rows) -> None:
    """bulk_create `BATCH` model instances at a time from an iterable that makes them lazily, so a
    100,000-node tree never holds 100,000 model objects and the event loop gets a turn per batch."""
    batch = []
    for row in rows:
        batch.append(row)
        if len(batch) == BATCH:
            await model.bulk_create(batch)
            batch = []
    if batch:
        await model.bulk_create(batch)


async def store_document(doc: GraphDoc, project: Project | None, user: User | None, name: str | None = None) -> Graph:
    """Create a graph from a document: nodes, tags and relations, all or nothing.

    Linear in the node count: positions come from enumerating each parent's children, ids are
    allocated up front (so parents are known without reading rows back), rows go in batches."""
    template = await Template.get_or_none(code=doc.template)
    if template is None:
        raise FormatError("graphdoc.unknown_template", template=doc.template)
    await check_document(doc, template)
    relation_names = dict(await RelationType.all().values_list("code", "name"))
    rows = list(placed(doc))  # parents before children, so every parent row exists before its children
    tag_names = {tag for node, _p, _l, _o in rows for tag in node.tags}
    async with in_transaction():
        graph = await Graph.create(
            name=(name or doc.name).strip(), description=doc.description, template=template, project=project,
            create_user=user, is_tryout=bool(project and project.tryout), author_ids=[user.id] if user else [],
        )
        ids = {node.id: node_id for (node, _p, _l, _o), node_id in zip(rows, await allocate_node_ids(len(rows)))}
        await insert_in_batches(Node, (
            Node(id=ids[node.id], graph_id=graph.id, parent_id=ids[parent.id] if parent is not None else None, order=order,
                 level=level, name=node.name, type=node.type, desc=node.desc, define=node.define,
                 desc_tags=node.desc_tags, attributes=node.attributes, is_control=node.is_control,
                 is_core=node.is_core, direction=direction_at(level, order), external_key=node.id)
            for node, parent, level, order in rows))
        tags = await tag_ids(tag_names)
        await insert_in_batches(NodeTag, (NodeTag(node_id=ids[node.id], tag_id=tags[t])
                                          for node, _p, _l, _o in rows for t in dict.fromkeys(node.tags)))
        await insert_in_batches(Relation, (
            Relation(graph_id=graph.id, start_node_id=ids[r.start], target_node_id=ids[r.target], relation_type=r.type,
                     relation_name=r.name or relation_names.get(r.type, r.type), attributes=r.attributes)
            for r in {(r.start, r.target, r.type): r for r in doc.relations}.values()))
        graph.node_count = len(ids)
        await graph.save(update_fields=["node_count"])
        await audit.record("graph.create", user.id if user else None, "graph", graph.id, nodes=len(ids), source="document")
    return graph
