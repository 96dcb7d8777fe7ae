"""Making a stored graph equal to a GraphDoc, keeping the nodes whose ids it still names.

Used to restore a version and to merge an edited export back into the graph it came from.
"""
from __future__ import annotations

from tortoise.transactions import in_transaction

from toolkit.graphdoc import GraphDoc
from toolkit.graphs.nodes import load_index
from toolkit.graphs.revisions import bump_graph
from toolkit.model import Graph, Node, NodeTag, Relation, RelationType, Tag


async def _tag_ids(names: set[str]) -> dict[str, int]:
    result = dict(await Tag.filter(name__in=sorted(names)).values_list("name", "id"))
    for name in sorted(names - set(result)):
        result[name] = (await Tag.create(name=name)).id
    return result


async def apply_document(graph: Graph, doc: GraphDoc) -> dict[str, int]:
    """Returns how many nodes were kept, created and deleted. The caller holds the transaction open."""
    compared = ("parent_id", "order", "level", "name", "type", "desc", "define", "desc_tags", "attributes", "is_core", "is_control")
    index = await load_index(graph.id, ("id", *compared))
    existing = set(index.rows)
    mapping: dict[str, int] = {}
    kept = created = 0
    # A node the document names by a free id comes back with that id (a restored version matches itself).
    wanted = {int(n.id) for n, _p, _l in doc.walk() if n.id.isdigit()} - existing
    taken = set(await Node.filter(id__in=sorted(wanted)).values_list("id", flat=True)) if wanted else set()
    free = wanted - taken
    async with in_transaction():
        for node, parent, level in doc.walk():
            order = parent.children.index(node) if parent is not None else 0
            parent_id = mapping[parent.id] if parent is not None else None
            direction = ("right" if order % 2 == 0 else "left") if level == 1 else None
            fields = dict(parent_id=parent_id, order=order, level=level, name=node.name, type=node.type, desc=node.desc,
                          define=node.define, desc_tags=node.desc_tags, attributes=node.attributes, is_core=node.is_core,
                          is_control=node.is_control)
            node_id = int(node.id) if node.id.isdigit() else None
            # A node keeps its row only if it stays the root or stays a non-root.
            if node_id in existing and (index.rows[node_id]["parent_id"] is None) != (parent is None):
                node_id = None
            if node_id in existing:
                current = index.rows[node_id]
                if any(current[key] != value for key, value in fields.items()):
                    await Node.filter(id=node_id).update(**fields)
                existing.discard(node_id)
                mapping[node.id] = node_id
                kept += 1
            else:
                explicit = {"id": int(node.id)} if node.id.isdigit() and int(node.id) in free else {}
                made = await Node.create(graph_id=graph.id, direction=direction, is_new=not explicit, **explicit, **fields)
                mapping[node.id] = made.id
                created += 1
        doomed = sorted(existing)
        if doomed:
            await Node.filter(id__in=doomed).delete()
        await Relation.filter(graph_id=graph.id).delete()
        names = dict(await RelationType.all().values_list("code", "name"))
        await Relation.bulk_create([
            Relation(graph_id=graph.id, start_node_id=mapping[r.start], target_node_id=mapping[r.target], relation_type=r.type,
                     relation_name=r.name or names.get(r.type, r.type), attributes=r.attributes)
            for r in {(r.start, r.target, r.type): r for r in doc.relations}.values()
        ])
        await NodeTag.filter(node_id__in=list(mapping.values())).delete()
        tag_ids = await _tag_ids({t for n, _p, _l in doc.walk() for t in n.tags})
        await NodeTag.bulk_create([NodeTag(node_id=mapping[n.id], tag_id=tag_ids[t]) for n, _p, _l in doc.walk() for t in dict.fromkeys(n.tags)])
        count = await Node.filter(graph_id=graph.id).count()
        await Graph.filter(id=graph.id).update(node_count=count, name=doc.name or doc.root.name, description=doc.description)
        await bump_graph(graph.id)
    return {"kept": kept, "created": created, "deleted": len(doomed)}
