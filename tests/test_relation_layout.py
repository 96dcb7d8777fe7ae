"""The relation graph's layout comes with searchGraph (toolkit.graphs.layout): every node placed,
the same picture for the same graph, related nodes closer than unrelated ones on average."""
from __future__ import annotations

import math
import random

from toolkit.graphs.layout import EDGE_LENGTH, NODE_SPACING, place
from toolkit.model import Template

G = "/basic-api/api/graph"


async def test_search_graph_places_every_node_and_keeps_the_picture(api, people):
    expert = await api.login("expert")
    template = await Template.get(code="teaching")
    _, made = await api.call("POST", "/basic-api/api/graphList", expert,
                             json={"name": "布局", "templateId": template.id, "projectId": people["projects"]["a"].id})
    graph = made["result"]
    for name in ("线性表", "栈", "队列"):
        _, body = await api.call("POST", f"{G}/createNode", expert, json={"graphId": graph["id"], "nodeId": graph["rootId"], "name": name})
        assert body["code"] == 0, body
    _, first = await api.call("GET", f"{G}/searchGraph", expert, params={"graphId": graph["id"]})
    nodes = first["result"]["nodes"]
    assert len(nodes) == 4 and all(isinstance(n["x"], int) and isinstance(n["y"], int) for n in nodes)
    assert len({(n["x"], n["y"]) for n in nodes}) == 4
    _, second = await api.call("GET", f"{G}/searchGraph", expert, params={"graphId": graph["id"]})
    assert [(n["x"], n["y"]) for n in second["result"]["nodes"]] == [(n["x"], n["y"]) for n in nodes]


def test_the_layout_is_seeded_and_keeps_related_nodes_near():
    rnd = random.Random(4)
    ids = list(range(10, 610))
    edges = [(ids[i], ids[rnd.randrange(i)]) for i in range(1, len(ids))]
    placed = place(ids, edges, seed=9)
    assert placed == place(ids, edges, seed=9)
    assert min(x for x, _ in placed.values()) == 0 and min(y for _, y in placed.values()) == 0
    related = sum(math.dist(placed[a], placed[b]) for a, b in edges) / len(edges)
    pairs = [(rnd.choice(ids), rnd.choice(ids)) for _ in range(2000)]
    unrelated = sum(math.dist(placed[a], placed[b]) for a, b in pairs) / len(pairs)
    assert related >= EDGE_LENGTH - 1 and unrelated > 2 * related
    width, height = max(x for x, _ in placed.values()), max(y for _, y in placed.values())
    assert width * height >= len(ids) * NODE_SPACING ** 2 * 0.99
    assert place([], [], 1) == {} and place([5], [], 1) == {5: (0, 0)}


async def test_a_big_layout_runs_in_a_child_process_with_the_same_answer():
    from toolkit.graphs import layout

    rnd = random.Random(2)
    ids = list(range(1, layout.IN_THREAD_NODES + 50))
    edges = [(ids[i], ids[rnd.randrange(i)]) for i in range(1, len(ids))]
    assert await layout.positions(777, 3, ids, edges) == place(ids, edges, seed=777)
