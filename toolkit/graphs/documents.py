"""A stored graph as a GraphDoc (for versions, copies and exports)."""
from __future__ import annotations

from toolkit.graphdoc import DocNode, DocRelation, GraphDoc
from toolkit.graphs.nodes import load_index, tags_by_node
from toolkit.model import Graph, Relation


async def to_document(graph: Graph, start_node_id: int | None = None) -> GraphDoc:
    """The whole graph, or the subtree under `start_node_id`, keyed by database node ids."""
    await graph.fetch_related("template")
    index = await load_index(graph.id)
    start = start_node_id if start_node_id is not None else index.root_id
    tags = await tags_by_node(graph_id=graph.id)
    included = set(index.subtree_ids(start))
    made: dict[int, DocNode] = {}
    for node_id in index.subtree_ids(start):
        row = index.rows[node_id]
        doc_node = DocNode(
            id=str(node_id), name=row["name"], type=row["type"], desc=row["desc"], define=row["define"],
            desc_tags=row["desc_tags"] or [], attributes=row["attributes"] or {},
            tags=[t["name"] for t in tags.get(node_id, [])], is_core=bool(row["is_core"]), is_control=bool(row["is_control"]),
        )
        made[node_id] = doc_node
        if node_id != start:
            made[row["parent_id"]].children.append(doc_node)
    relations = [
        DocRelation(str(s), str(t), kind, name, attributes or {})
        for s, t, kind, name, attributes in await Relation.filter(graph_id=graph.id).order_by("id").values_list(
            "start_node_id", "target_node_id", "relation_type", "relation_name", "attributes")
        if s in included and t in included
    ]
    return GraphDoc(name=graph.name, template=graph.template.code, root=made[start], relations=relations,
                    description=graph.description)
