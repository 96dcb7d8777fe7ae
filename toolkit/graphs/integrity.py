"""The tree's invariants, checked on stored data: what must hold after any sequence of edits."""
from __future__ import annotations

from collections import defaultdict

from toolkit.model import Graph, Node, Relation


async def tree_problems(graph_id: int) -> list[str]:
    """One root; every node reachable from it (no cycle); sibling orders 0..n-1; levels = parent + 1;
    relations only between nodes of this graph; the stored node count right."""
    rows = await Node.filter(graph_id=graph_id).values("id", "parent_id", "order", "level")
    problems = []
    by_id = {r["id"]: r for r in rows}
    roots = [r for r in rows if r["parent_id"] is None]
    if len(roots) != 1:
        problems.append(f"{len(roots)} roots")
    children = defaultdict(list)
    for row in rows:
        if row["parent_id"] is not None:
            if row["parent_id"] not in by_id:
                problems.append(f"node {row['id']} has a parent outside the graph")
                continue
            children[row["parent_id"]].append(row)
    for parent_id, kids in children.items():
        orders = sorted(k["order"] for k in kids)
        if orders != list(range(len(kids))):
            problems.append(f"children of {parent_id} have orders {orders}")
        for kid in kids:
            if kid["level"] != by_id[parent_id]["level"] + 1:
                problems.append(f"node {kid['id']} has level {kid['level']} under level {by_id[parent_id]['level']}")
    if roots:
        seen, stack = set(), [roots[0]["id"]]
        while stack:
            current = stack.pop()
            seen.add(current)
            stack.extend(k["id"] for k in children.get(current, []) if k["id"] not in seen)
        if len(seen) != len(rows):
            problems.append(f"{len(rows) - len(seen)} nodes are not reachable from the root")
        if roots[0]["level"] != 0:
            problems.append("the root is not at level 0")
    for start, target in await Relation.filter(graph_id=graph_id).values_list("start_node_id", "target_node_id"):
        if start not in by_id or target not in by_id:
            problems.append(f"relation {start}->{target} leaves the graph")
    graph = await Graph.get(id=graph_id)
    if graph.node_count != len(rows):
        problems.append(f"node count {graph.node_count} but {len(rows)} nodes")
    return problems
