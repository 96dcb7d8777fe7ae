"""Whole-graph operations for the server (copy, versions, merges, convert): in place for a
small graph, in an offload worker (toolkit.offload) for a big one, where reading, comparing and
storing tens of thousands of nodes does not stall every other request on the event loop."""
from __future__ import annotations

from typing import Any, Awaitable, Callable

from tortoise.models import Model

from toolkit import offload
from toolkit.model import Graph, User

# Up to this many nodes (all graphs involved) the work takes tens of milliseconds: done in place.
INLINE_NODES = 300


class _StoredRow:
    """A model instance on its way back from a worker, by type and id (model objects do not travel)."""

    def __init__(self, row: Model) -> None:
        self.model, self.pk = type(row), row.pk


async def _as_user(user_id: int, func: Callable[..., Awaitable], args: tuple, kwargs: dict) -> Any:
    result = await func(await User.get(id=user_id), *args, **kwargs)
    return _StoredRow(result) if isinstance(result, Model) else result


async def run(func: Callable[..., Awaitable], user: User, *args: Any, graph_ids: list[int | None], **kwargs: Any) -> Any:
    """await func(user, *args, **kwargs), in a worker when the graphs it works on (`graph_ids`) hold
    more than INLINE_NODES nodes together. Rights are checked by func itself, wherever it runs."""
    ids = [graph_id for graph_id in graph_ids if isinstance(graph_id, int)]
    nodes = sum(await Graph.filter(id__in=ids).values_list("node_count", flat=True)) if ids else 0
    if nodes <= INLINE_NODES:
        return await func(user, *args, **kwargs)
    result = await offload.run_with_database(_as_user, user.id, func, args, kwargs)
    if isinstance(result, _StoredRow):
        return await result.model.get(pk=result.pk)
    return result
