"""Optimistic locking: a write names the revision it was based on; a stale one changes nothing."""
from __future__ import annotations

from tortoise.expressions import F

from toolkit.errors import Conflict
from toolkit.model import Graph, Node


async def claim_node(node_id: int, expected: int | None) -> None:
    """Bump the node's revision if it still is `expected` (None: no check); else Conflict."""
    query = Node.filter(id=node_id)
    if expected is not None:
        query = query.filter(revision=expected)
    if await query.update(revision=F("revision") + 1) == 0:
        raise Conflict()


async def bump_graph(graph_id: int, node_delta: int = 0) -> None:
    """Every write moves the graph revision on, so readers can tell that something changed."""
    await Graph.filter(id=graph_id).update(revision=F("revision") + 1, node_count=F("node_count") + node_delta)


async def claim_graph(graph_id: int, expected: int | None) -> None:
    query = Graph.filter(id=graph_id)
    if expected is not None:
        query = query.filter(revision=expected)
    if await query.update(revision=F("revision") + 1) == 0:
        raise Conflict()
