"""Reading a graph's nodes into memory and shaping them as the API's Node (SPEC §3)."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field

from toolkit.model import Node, NodeTag

NODE_FIELDS = ("id", "parent_id", "order", "level", "name", "type", "desc", "define", "desc_tags", "attributes",
               "is_control", "is_core", "direction", "is_new", "is_updated", "revision", "external_key", "origin")
# What the mind map and the knowledge tree draw: no description, attributes or tags (the drawer reads
# those per node), so a 10,000-node tree loads and travels in a fraction of the full view's time.
OUTLINE_FIELDS = ("id", "parent_id", "order", "level", "name", "type", "define", "is_control", "direction", "is_new",
                  "is_updated", "revision")


@dataclass
class TreeIndex:
    """All nodes of one graph, indexed for tree walks."""

    rows: dict[int, dict]
    children: dict[int | None, list[int]] = field(default_factory=dict)

    @property
    def root_id(self) -> int | None:
        roots = self.children.get(None, [])
        return roots[0] if roots else None

    def subtree_ids(self, node_id: int) -> list[int]:
        """The node and every descendant, parents first."""
        result, stack = [], [node_id]
        while stack:
            current = stack.pop()
            result.append(current)
            stack.extend(reversed(self.children.get(current, [])))
        return result

    def ancestors(self, node_id: int) -> list[int]:
        result, current = [], self.rows[node_id]["parent_id"]
        while current is not None:
            result.append(current)
            current = self.rows[current]["parent_id"]
        return result

    def path_names(self, node_id: int) -> list[str]:
        return [self.rows[i]["name"] for i in reversed([node_id, *self.ancestors(node_id)])]


async def load_index(graph_id: int, fields: tuple[str, ...] = NODE_FIELDS, max_level: int | None = None) -> TreeIndex:
    """The graph's nodes; with `max_level`, only those that deep (levels are parent + 1, root 0)."""
    query = Node.filter(graph_id=graph_id)
    if max_level is not None:
        query = query.filter(level__lte=max_level)
    rows = await query.values(*fields)
    by_id = {row["id"]: row for row in rows}
    children: dict[int | None, list[int]] = defaultdict(list)
    for row in sorted(rows, key=lambda r: (r["order"], r["id"])):
        children[row["parent_id"]].append(row["id"])
    return TreeIndex(by_id, dict(children))


async def tags_by_node(node_ids: list[int] | None = None, graph_id: int | None = None) -> dict[int, list[dict]]:
    query = NodeTag.all()
    if graph_id is not None:
        query = query.filter(node__graph_id=graph_id)
    if node_ids is not None:
        query = query.filter(node_id__in=node_ids)
    result: dict[int, list[dict]] = defaultdict(list)
    for node_id, tag_id, name in await query.order_by("tag__sort", "tag_id").values_list("node_id", "tag_id", "tag__name"):
        result[node_id].append({"id": tag_id, "name": name})
    return result


def node_view(row: dict, tags: list[dict] | None = None) -> dict:
    """SPEC §3 Node, without children."""
    return {
        "id": row["id"],
        "parentId": row["parent_id"],
        "name": row["name"],
        "type": row["type"],
        "desc": row["desc"],
        "define": row["define"],
        "descTags": row["desc_tags"] or [],
        "attributes": row["attributes"] or {},
        "nodeTags": tags or [],
        "order": row["order"],
        "level": row["level"],
        "isControl": bool(row["is_control"]),
        "isCore": bool(row["is_core"]),
        "direction": row["direction"],
        "isNewNode": bool(row["is_new"]),
        "isUpdateNode": bool(row["is_updated"]),
        "isDefine": bool((row["define"] or "").strip()),
        "revision": row["revision"],
    }


def outline_view(row: dict, tags: list[dict] | None = None) -> dict:
    """SPEC §3 Node cut to what a tree drawing needs: names, types, marks, order and revision."""
    return {
        "id": row["id"],
        "parentId": row["parent_id"],
        "name": row["name"],
        "type": row["type"],
        "order": row["order"],
        "level": row["level"],
        "isControl": bool(row["is_control"]),
        "direction": row["direction"],
        "isNewNode": bool(row["is_new"]),
        "isUpdateNode": bool(row["is_updated"]),
        "isDefine": bool((row["define"] or "").strip()),
        "revision": row["revision"],
    }


def nested(index: TreeIndex, start: int, tags: dict[int, list[dict]], max_depth: int | None = None,
           shape: Callable[[dict, list[dict] | None], dict] = node_view) -> dict:
    """The subtree under `start` as nested nodes (`shape`: node_view or outline_view) with `childs`, built without recursion."""
    top = shape(index.rows[start], tags.get(start))
    top["childs"] = []
    stack = [(start, top, 0)]
    while stack:
        node_id, view, depth = stack.pop()
        if max_depth is not None and depth >= max_depth:
            view["hasChilds"] = bool(index.children.get(node_id))
            continue
        for child_id in index.children.get(node_id, []):
            child = shape(index.rows[child_id], tags.get(child_id))
            child["childs"] = []
            view["childs"].append(child)
            stack.append((child_id, child, depth + 1))
    return top


async def _from_node(node_id: int, sql: str) -> list[dict]:
    """The rows of one recursive query that starts at a node; `{node}` in `sql` marks the node's id."""
    from tortoise.connection import get_connection

    from toolkit.db import SqlParameters

    connection = get_connection("default")
    mark = SqlParameters(connection)
    _, rows = await connection.execute_query(sql.format(node=mark(node_id)), mark.values)
    return rows


async def subtree_of(node_id: int) -> list[int]:
    """The node and its descendants, by one recursive query (cost follows the subtree, not the graph)."""
    rows = await _from_node(node_id, 'WITH RECURSIVE sub(id) AS (SELECT "id" FROM "node" WHERE "id" = {node}'
                                     ' UNION ALL SELECT n."id" FROM "node" n JOIN sub ON n."parent_id" = sub.id) SELECT id FROM sub')
    return [row["id"] for row in rows]


async def deepest_level_under(node_id: int) -> int:
    """The largest level in the node's subtree (its own level when it is a leaf), by one recursive query."""
    rows = await _from_node(node_id, 'WITH RECURSIVE sub(id, level) AS (SELECT "id", "level" FROM "node" WHERE "id" = {node}'
                                     ' UNION ALL SELECT n."id", n."level" FROM "node" n JOIN sub ON n."parent_id" = sub.id)'
                                     ' SELECT MAX(level) AS deepest FROM sub')
    return rows[0]["deepest"]


async def ancestors_of(node_id: int) -> list[int]:
    """The node's ancestors, nearest first (cost follows the depth)."""
    rows = await _from_node(node_id, 'WITH RECURSIVE up(id, parent_id, depth) AS (SELECT "id", "parent_id", 0 FROM "node" WHERE "id" = {node}'
                                     ' UNION ALL SELECT n."id", n."parent_id", up.depth + 1 FROM "node" n JOIN up ON n."id" = up.parent_id)'
                                     ' SELECT id FROM up WHERE depth > 0 ORDER BY depth')
    return [row["id"] for row in rows]
