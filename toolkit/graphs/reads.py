"""Read-only views of a graph: flat graph, point search, relation lists and counts, definitions."""
from __future__ import annotations

from collections import Counter

from tortoise.expressions import Q, Subquery

from toolkit.graphs.access import visible_filter
from toolkit.graphs import layout
from toolkit.graphs.guard import open_graph
from toolkit.graphs.listing import check_paging, page_rows
from toolkit.graphs.nodes import NODE_FIELDS, node_view, tags_by_node
from toolkit.graphs.relations import relation_view
from toolkit.model import CrossRelation, Graph, Node, Relation, User

_REL_FIELDS = ("id", "start_node_id", "target_node_id", "relation_type", "relation_name", "attributes")
MIN_NODE_SIZE, MAX_NODE_SIZE = 50, 80


def size_by_degree(degrees: dict[int, int]) -> dict[int, int]:
    """SPEC §9: node sizes 50 to 80 by degree, scaled linearly between the smallest and largest degree."""
    if not degrees:
        return {}
    low, high = min(degrees.values()), max(degrees.values())
    span = high - low
    return {n: MIN_NODE_SIZE if span == 0 else round(MIN_NODE_SIZE + (d - low) * (MAX_NODE_SIZE - MIN_NODE_SIZE) / span)
            for n, d in degrees.items()}


async def search_graph(user: User, graph_id: int, include_tree_edges: bool = True) -> dict:
    """Nodes and edges for the relation graph: tree edges (Contain) plus relations, with sizes by
    degree and each node's position (x, y: its top-left corner in px)."""
    access = await open_graph(user, graph_id)
    view = await graph_view(graph_id, access.graph.revision, include_tree_edges)
    # Laid out here (toolkit.graphs.layout), so the browser only draws; every edge counts, so
    # hiding a relation type there moves nothing.
    placed = await layout.positions(graph_id, access.graph.revision, [node["id"] for node in view["nodes"]],
                                    [(edge["startNodeId"], edge["targetNodeId"]) for edge in view["relations"]])
    for node in view["nodes"]:
        node["x"], node["y"] = placed[node["id"]]
    return view


async def graph_view(graph_id: int, revision: int, include_tree_edges: bool = True, node_ids: set[int] | None = None) -> dict:
    """The flat graph without an access check (callers check); node_ids narrows it to those nodes."""
    rows = await Node.filter(graph_id=graph_id).values(*NODE_FIELDS)
    relations = await Relation.filter(graph_id=graph_id).values(*_REL_FIELDS)
    if node_ids is not None:
        rows = [r for r in rows if r["id"] in node_ids]
        relations = [r for r in relations if r["start_node_id"] in node_ids and r["target_node_id"] in node_ids]
    edges = [relation_view(r) for r in relations]
    if include_tree_edges:
        edges += [{"relationId": None, "startNodeId": r["parent_id"], "targetNodeId": r["id"], "relationshipType": "Contain",
                   "relationshipName": "包含", "attributes": {}} for r in rows
                  if r["parent_id"] is not None and (node_ids is None or r["parent_id"] in node_ids)]
    degree: Counter = Counter()
    for edge in edges:
        degree[edge["startNodeId"]] += 1
        degree[edge["targetNodeId"]] += 1
    sizes = size_by_degree({r["id"]: degree[r["id"]] for r in rows})
    nodes = []
    for row in rows:
        view = node_view(row)
        view["degree"] = degree[row["id"]]
        view["size"] = sizes[row["id"]]
        nodes.append(view)
    return {"graphId": graph_id, "revision": revision, "nodes": nodes, "relations": edges}


async def search_points(user: User, graph_id: int, keyword: str = "", node_type: str | None = None,
                        page: int = 1, page_size: int = 10) -> tuple[list[dict], int]:
    """searchPoint: nodes of one graph by name (and type), paged."""
    check_paging(page, page_size)
    await open_graph(user, graph_id)
    query = Node.filter(graph_id=graph_id)
    if keyword.strip():
        query = query.filter(name__icontains=keyword.strip())
    if node_type:
        query = query.filter(type=node_type)
    rows, total = await page_rows(query, ("level", "order", "id"), page, page_size, NODE_FIELDS)
    tags = await tags_by_node([r["id"] for r in rows])
    return [node_view(r, tags.get(r["id"])) for r in rows], total


async def search_points_all(user: User, keyword: str, node_type: str | None = None, page: int = 1,
                            page_size: int = 10) -> tuple[list[dict], int]:
    """searchPointAll: nodes by name across every graph the caller may see."""
    check_paging(page, page_size)
    condition = await visible_filter(user, by_role=True)
    query = Node.all() if condition is None else Node.filter(graph_id__in=Subquery(Graph.filter(condition).values("id")))
    if keyword.strip():
        query = query.filter(name__icontains=keyword.strip())
    if node_type:
        query = query.filter(type=node_type)
    rows, total = await page_rows(query, ("graph_id", "level", "id"), page, page_size, (*NODE_FIELDS, "graph_id", "graph__name"))
    result = []
    for row in rows:
        view = node_view(row)
        view["graphId"], view["graphName"] = row["graph_id"], row["graph__name"]
        result.append(view)
    return result, total


async def node_relations(user: User, graph_id: int, node_id: int) -> dict:
    """SearchRelationList: a node's relations grouped by type, both directions, with names; and its bindings."""
    await open_graph(user, graph_id)
    rows = await Relation.filter(graph_id=graph_id).filter(Q(start_node_id=node_id) | Q(target_node_id=node_id)).values(*_REL_FIELDS)
    ids = {r["start_node_id"] for r in rows} | {r["target_node_id"] for r in rows}
    names = dict(await Node.filter(id__in=list(ids)).values_list("id", "name"))
    groups: dict[str, list[dict]] = {}
    for row in rows:
        view = relation_view(row, names)
        view["direction"] = "out" if row["start_node_id"] == node_id else "in"
        groups.setdefault(row["relation_type"], []).append(view)
    cross = await CrossRelation.filter(Q(start_node_id=node_id) | Q(target_node_id=node_id)).values(
        "id", "start_graph_id", "start_node_id", "start_node__name", "target_graph_id", "target_node_id",
        "target_node__name", "target_graph__name", "relation_type")
    return {"nodeId": node_id, "groups": [{"relationshipType": k, "items": v} for k, v in sorted(groups.items())],
            "crossRelations": cross}


async def relation_counts(user: User, graph_id: int) -> dict:
    """getRelationNum: relations by type, plus the tree edges."""
    await open_graph(user, graph_id)
    counts = Counter(await Relation.filter(graph_id=graph_id).values_list("relation_type", flat=True))
    counts["Contain"] = await Node.filter(graph_id=graph_id).exclude(parent_id=None).count()
    return {"total": sum(counts.values()), "byType": dict(sorted(counts.items()))}


async def fan_out(user: User, graph_id: int) -> list[dict]:
    """countFanOut: each node's out-, in- and total degree over relations and tree edges."""
    await open_graph(user, graph_id)
    out_degree: Counter = Counter()
    in_degree: Counter = Counter()
    for start, target in await Relation.filter(graph_id=graph_id).values_list("start_node_id", "target_node_id"):
        out_degree[start] += 1
        in_degree[target] += 1
    rows = await Node.filter(graph_id=graph_id).values_list("id", "name", "parent_id")
    for node_id, _name, parent_id in rows:
        if parent_id is not None:
            out_degree[parent_id] += 1
            in_degree[node_id] += 1
    result = [{"id": i, "name": n, "outDegree": out_degree[i], "inDegree": in_degree[i], "degree": out_degree[i] + in_degree[i]}
              for i, n, _p in rows]
    return sorted(result, key=lambda r: (-r["degree"], r["id"]))


async def nodes_by_define_status(user: User, graph_id: int, defined: bool | None, node_type: str | None = None) -> list[dict]:
    """searchNodesByDefineStatus: nodes with (or without) a definition."""
    await open_graph(user, graph_id)
    query = Node.filter(graph_id=graph_id)
    if node_type:
        query = query.filter(type=node_type)
    rows = await query.order_by("level", "order").values(*NODE_FIELDS)
    return [node_view(r) for r in rows if defined is None or bool((r["define"] or "").strip()) == defined]


async def relation_list(user: User, graph_id: int, relation_type: str | None = None, page: int = 1,
                        page_size: int = 10) -> tuple[list[dict], int]:
    """getGraphRelationList: the graph's relations, paged, with node names."""
    check_paging(page, page_size)
    await open_graph(user, graph_id)
    query = Relation.filter(graph_id=graph_id)
    if relation_type:
        query = query.filter(relation_type=relation_type)
    rows, total = await page_rows(query, ("id",), page, page_size, _REL_FIELDS)
    ids = {r["start_node_id"] for r in rows} | {r["target_node_id"] for r in rows}
    names = dict(await Node.filter(id__in=list(ids)).values_list("id", "name"))
    return [relation_view(r, names) for r in rows], total
