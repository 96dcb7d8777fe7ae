"""The tree's invariants, checked on stored data: what must hold after any sequence of edits.

Each problem found is a code with its parameters, so scripts can tell them apart; `integrity.<code>`
in toolkit.messages words it for a person (zh-CN and en)."""
from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from toolkit import messages
from toolkit.model import Graph, Node, Relation


class TreeProblem(NamedTuple):
    code: str
    params: dict

    def text(self, lang: str | None = None) -> str:
        """The problem in words; a count of exactly one takes the `.one` message ("1 node", not "1 nodes")."""
        key = f"integrity.{self.code}"
        if "count" in self.params:
            return messages.counted(key, self.params["count"], lang, **{k: v for k, v in self.params.items() if k != "count"})
        return messages.text(key, lang, **self.params)

    def described(self, lang: str | None = None) -> dict:
        return {"code": self.code, "params": self.params, "text": self.text(lang)}


async def tree_problems(graph_id: int) -> list[TreeProblem]:
    """One root; every node reachable from it (no cycle); sibling orders 0..n-1; levels = parent + 1;
    relations only between nodes of this graph; the stored node count right."""
    rows = await Node.filter(graph_id=graph_id).values("id", "parent_id", "order", "level")
    problems = []
    by_id = {r["id"]: r for r in rows}
    roots = [r for r in rows if r["parent_id"] is None]
    if len(roots) != 1:
        problems.append(TreeProblem("roots", {"count": len(roots)}))
    children = defaultdict(list)
    for row in rows:
        if row["parent_id"] is not None:
            if row["parent_id"] not in by_id:
                problems.append(TreeProblem("parent_outside", {"node": row["id"]}))
                continue
            children[row["parent_id"]].append(row)
    for parent_id, kids in children.items():
        orders = sorted(k["order"] for k in kids)
        if orders != list(range(len(kids))):
            problems.append(TreeProblem("sibling_orders", {"parent": parent_id, "orders": orders}))
        for kid in kids:
            if kid["level"] != by_id[parent_id]["level"] + 1:
                problems.append(TreeProblem("level", {"node": kid["id"], "level": kid["level"], "above": by_id[parent_id]["level"]}))
    if roots:
        seen, stack = set(), [roots[0]["id"]]
        while stack:
            current = stack.pop()
            seen.add(current)
            stack.extend(k["id"] for k in children.get(current, []) if k["id"] not in seen)
        if len(seen) != len(rows):
            problems.append(TreeProblem("unreachable", {"count": len(rows) - len(seen)}))
        if roots[0]["level"] != 0:
            problems.append(TreeProblem("root_level", {}))
    for start, target in await Relation.filter(graph_id=graph_id).values_list("start_node_id", "target_node_id"):
        if start not in by_id or target not in by_id:
            problems.append(TreeProblem("relation_outside", {"start": start, "target": target}))
    graph = await Graph.get(id=graph_id)
    if graph.node_count != len(rows):
        problems.append(TreeProblem("node_count", {"recorded": graph.node_count, "count": len(rows)}))
    return problems
