"""Where the relation graph's nodes go, computed on the server (issue 16).

The browser laid the network out with elkjs on its main thread: seconds to a minute for a few
hundred nodes, the page frozen, and again on every filter toggle. igraph's Fruchterman-Reingold
with its grid places 5,000 nodes in a fraction of a second. The start is seeded by the graph id, so
one graph at one revision always gets the same picture; positions cover every edge (relations and
tree edges), so hiding a relation type in the browser moves nothing. Each graph's latest layout is
kept per (graph, revision); the read cache keeps whole answers on top of that.
"""
from __future__ import annotations

import asyncio
import math
import random
import sys
import threading
from collections import OrderedDict

import orjson

EDGE_LENGTH = 220  # px between the centres of related nodes, as the elkjs layout had it
NODE_SPACING = 130  # px of room each node has at least, on average (bubbles are 50-80 px)
ITERATIONS = 300
KEPT_LAYOUTS = 16
IN_THREAD_NODES = 1000  # up to here a layout takes tens of ms; bigger ones go to a child process

_seeding = threading.Lock()
_layouts: OrderedDict[tuple, dict[int, tuple[int, int]]] = OrderedDict()


async def _place_in_process(node_ids: list[int], edges: list[tuple[int, int]], seed: int) -> dict[int, tuple[int, int]]:
    """place() in a child Python: igraph keeps the GIL while it works, so in a thread a big layout
    would stall every request; server workers are daemonic, so no multiprocessing pool either."""
    child = await asyncio.create_subprocess_exec(sys.executable, "-m", "toolkit.graphs.layout", stdin=asyncio.subprocess.PIPE,
                                                 stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    out, err = await child.communicate(orjson.dumps({"nodes": node_ids, "edges": edges, "seed": seed}))
    if child.returncode != 0:
        raise RuntimeError(f"layout process failed: {err.decode(errors='replace')[-500:]}")
    return {node_id: (x, y) for node_id, x, y in orjson.loads(out)}


def place(node_ids: list[int], edges: list[tuple[int, int]], seed: int) -> dict[int, tuple[int, int]]:
    """Positions (top-left x, y in px) for the nodes; same input and seed, same answer."""
    if not node_ids:
        return {}
    # Imported here: igraph loads its cairo drawing code (a second of CPU), which every server
    # worker would pay at start (tests/attack/test_worker_start.py).
    import igraph

    index = {node_id: i for i, node_id in enumerate(node_ids)}
    pairs = sorted({(index[a], index[b]) for a, b in edges if a in index and b in index and a != b})
    graph = igraph.Graph(n=len(node_ids), edges=pairs)
    # igraph draws from one process-wide generator: seed it for this layout only.
    with _seeding:
        igraph.set_random_number_generator(random.Random(seed))
        try:
            coordinates = graph.layout_fruchterman_reingold(niter=ITERATIONS, grid=True).coords
        finally:
            igraph.set_random_number_generator(random)
    lengths = [math.dist(coordinates[a], coordinates[b]) for a, b in pairs]
    scale = EDGE_LENGTH / (sum(lengths) / len(lengths)) if lengths and sum(lengths) > 0 else EDGE_LENGTH
    left = min(x for x, _y in coordinates)
    top = min(y for _x, y in coordinates)
    # A big network comes out of the grid crowded (5,000 nodes in 2,000 px square): spread it to at
    # least NODE_SPACING px of room per node, or the bubbles lie on each other.
    area = (max(x for x, _y in coordinates) - left) * (max(y for _x, y in coordinates) - top)
    if area > 0:
        scale = max(scale, math.sqrt(len(node_ids) * NODE_SPACING ** 2 / area))
    return {node_id: (round((coordinates[i][0] - left) * scale), round((coordinates[i][1] - top) * scale))
            for node_id, i in index.items()}


async def positions(graph_id: int, revision: int, node_ids: list[int], edges: list[tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """The graph's layout at this revision: kept, or computed in a worker thread (the event loop goes on)."""
    # The content is part of the key: another database (tests, a restore) may reuse an id and revision.
    key = (graph_id, revision, hash(frozenset(node_ids)), hash(frozenset(edges)))
    kept = _layouts.get(key)
    if kept is not None:
        _layouts.move_to_end(key)
        return kept
    if len(node_ids) <= IN_THREAD_NODES:
        placed = await asyncio.to_thread(place, node_ids, edges, graph_id)
    else:
        placed = await _place_in_process(node_ids, edges, graph_id)
    for old in [k for k in _layouts if k[0] == graph_id]:
        del _layouts[old]
    _layouts[key] = placed
    while len(_layouts) > KEPT_LAYOUTS:
        _layouts.popitem(last=False)
    return placed


if __name__ == "__main__":  # the child of _place_in_process: a job on stdin, positions on stdout
    job = orjson.loads(sys.stdin.buffer.read())
    placed = place(job["nodes"], [tuple(edge) for edge in job["edges"]], job["seed"])
    sys.stdout.buffer.write(orjson.dumps([[node_id, x, y] for node_id, (x, y) in placed.items()]))
