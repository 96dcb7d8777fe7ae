"""Making a stored graph equal to a GraphDoc, keeping the nodes whose ids it still names.

Used to restore a version and to merge an edited export back into the graph it came from.
Linear in the node count: positions by enumeration, new rows and changed rows in batches.
"""
from __future__ import annotations

from tortoise.transactions import in_transaction

from toolkit.graphdoc import GraphDoc
from toolkit.graphs.nodes import load_index
from toolkit.graphs.revisions import bump_graph
from toolkit.graphs.store import BATCH, allocate_node_ids, direction_at, insert_in_batches, placed, tag_ids
from toolkit.model import Graph, Node, NodeTag, Relation, RelationType

COMPARED = ("parent_id", "order", "level", "name", "type", "desc", "define", "desc_tags", "attributes", "is_core", "is_control")


def _chunks(values: list, size: int = BATCH):
    for start in range(0, len(values), size):
        yield values[start:start + size]


async def _update_rows(connection, changed: list[tuple[int, dict]]) -> None:
    """Changed nodes by one executemany per batch (an UPDATE each would be a round trip per node;
    a restore that shifts 100,000 siblings changes every one)."""
    postgres = connection.capabilities.dialect == "postgres"
    fields = Node._meta.fields_map
    marks = [f"${i + 1}" if postgres else "?" for i in range(len(COMPARED) + 1)]
    sql = ('UPDATE "node" SET ' + ", ".join(f'"{column}" = {mark}' for column, mark in zip(COMPARED, marks))
           + f' WHERE "id" = {marks[-1]}')
    for batch in _chunks(changed):
        await connection.execute_many(sql, [[fields[c].to_db_value(values[c], None) for c in COMPARED] + [node_id]
                                            for node_id, values in batch])


async def apply_document(graph: Graph, doc: GraphDoc) -> dict[str, int]:
    """Returns how many nodes were kept, created and deleted. The caller holds the transaction open."""
    index = await load_index(graph.id, ("id", *COMPARED))
    existing = set(index.rows)
    rows = list(placed(doc))
    # A node the document names by a free id comes back with that id (a restored version matches itself).
    wanted = sorted({int(n.id) for n, _p, _l, _o in rows if n.id.isdigit()} - existing)
    taken: set[int] = set()
    for batch in _chunks(wanted):
        taken.update(await Node.filter(id__in=batch).values_list("id", flat=True))
    free = set(wanted) - taken
    mapping: dict[str, int] = {}
    changed: list[tuple[int, dict]] = []
    made: list[tuple[int, bool, dict]] = []  # (id, kept its own id, fields), parents before children
    fresh_needed = []
    plans = []
    for node, parent, level, order in rows:
        node_id = int(node.id) if node.id.isdigit() else None
        # A node keeps its row only if it stays the root or stays a non-root.
        if node_id in existing and (index.rows[node_id]["parent_id"] is None) != (parent is None):
            node_id = None
        if node_id in existing:
            existing.discard(node_id)
            mapping[node.id] = node_id
        elif node_id is not None and node_id in free:
            free.discard(node_id)
            mapping[node.id] = node_id
            node_id = -node_id  # made with its own id
        else:
            fresh_needed.append(node.id)
            node_id = 0
        plans.append((node, parent, level, order, node_id))
    explicit = {mapping[n.id] for n, _p, _l, _o, i in plans if i < 0}
    async with in_transaction() as connection:
        # Fresh ids skip the explicit ones, which may lie above the highest id in use.
        fresh = [i for i in await allocate_node_ids(len(fresh_needed) + len(explicit)) if i not in explicit]
        mapping.update(zip(fresh_needed, fresh))
        for node, parent, level, order, plan in plans:
            fields = dict(parent_id=mapping[parent.id] if parent is not None else None, order=order, level=level,
                          name=node.name, type=node.type, desc=node.desc, define=node.define, desc_tags=node.desc_tags,
                          attributes=node.attributes, is_core=node.is_core, is_control=node.is_control)
            if plan > 0:
                current = index.rows[plan]
                if any(current[key] != value for key, value in fields.items()):
                    changed.append((plan, fields))
            else:
                made.append((mapping[node.id], plan < 0, fields))
        await insert_in_batches(Node, (
            Node(id=node_id, graph_id=graph.id, direction=direction_at(fields["level"], fields["order"]),
                 is_new=not own_id, **fields) for node_id, own_id, fields in made))
        await _update_rows(connection, changed)
        doomed = sorted(existing)
        for batch in _chunks(doomed):
            await Node.filter(id__in=batch).delete()
        await Relation.filter(graph_id=graph.id).delete()
        names = dict(await RelationType.all().values_list("code", "name"))
        await insert_in_batches(Relation, (
            Relation(graph_id=graph.id, start_node_id=mapping[r.start], target_node_id=mapping[r.target], relation_type=r.type,
                     relation_name=r.name or names.get(r.type, r.type), attributes=r.attributes)
            for r in {(r.start, r.target, r.type): r for r in doc.relations}.values()))
        for batch in _chunks(sorted(mapping.values())):
            await NodeTag.filter(node_id__in=batch).delete()
        tags = await tag_ids({t for n, _p, _l, _o in rows for t in n.tags})
        await insert_in_batches(NodeTag, (NodeTag(node_id=mapping[n.id], tag_id=tags[t])
                                          for n, _p, _l, _o in rows for t in dict.fromkeys(n.tags)))
        count = await Node.filter(graph_id=graph.id).count()
        await Graph.filter(id=graph.id).update(node_count=count, name=doc.name or doc.root.name, description=doc.description)
        await bump_graph(graph.id)
    return {"kept": len(rows) - len(made), "created": len(made), "deleted": len(doomed)}
