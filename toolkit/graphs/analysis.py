"""Graph analysis with igraph: prerequisite cycles, a learning order, degrees."""
from __future__ import annotations

from toolkit.graphs.guard import open_graph
from toolkit.model import Node, Relation, User

PREREQUISITE = "Behind"


def _directed_graph(size: int, edges: list[tuple[int, int]]):
    # Imported here: igraph loads its cairo drawing code (half a second), which every server
    # worker would pay at start for the few requests that check a graph.
    import igraph

    return igraph.Graph(n=size, edges=edges, directed=True)


def prerequisite_cycles(node_ids: list[int], edges: list[tuple[int, int]]) -> list[list[int]]:
    """Every strongly connected group of more than one node (or a self-loop) is a cycle to report."""
    position = {n: i for i, n in enumerate(node_ids)}
    graph = _directed_graph(len(node_ids), [(position[a], position[b]) for a, b in edges])
    cycles = []
    for component in graph.connected_components(mode="strong"):
        if len(component) > 1 or graph.are_adjacent(component[0], component[0]):
            cycles.append(sorted(node_ids[i] for i in component))
    return cycles


def learning_order(node_ids: list[int], edges: list[tuple[int, int]]) -> list[int]:
    """A topological order of the prerequisite graph (ties broken by the given node order)."""
    position = {n: i for i, n in enumerate(node_ids)}
    graph = _directed_graph(len(node_ids), [(position[a], position[b]) for a, b in edges])
    if not graph.is_dag():
        return []
    return [node_ids[i] for i in graph.topological_sorting(mode="out")]


async def check_graph(user: User, graph_id: int, lang: str | None = None) -> dict:
    """The tree's integrity problems (code, parameters and words in `lang`), prerequisite cycles (with
    their nodes' names) and a learning order when there is none."""
    await open_graph(user, graph_id)
    rows = await Node.filter(graph_id=graph_id).order_by("level", "order", "id").values_list("id", "name")
    names = dict(rows)
    ids = [r[0] for r in rows]
    edges = await Relation.filter(graph_id=graph_id, relation_type=PREREQUISITE).values_list("start_node_id", "target_node_id")
    cycles = prerequisite_cycles(ids, list(edges))
    order = learning_order(ids, list(edges)) if not cycles else []
    involved = {n for a, b in edges for n in (a, b)}
    from toolkit.graphs.integrity import tree_problems

    return {
        "integrity": [problem.described(lang) for problem in await tree_problems(graph_id)],
        "cycles": [[{"id": n, "name": names[n]} for n in cycle] for cycle in cycles],
        "learningOrder": [{"id": n, "name": names[n]} for n in order if n in involved],
    }


async def prerequisite_path(user: User, graph_id: int, node_id: int) -> list[dict]:
    """Everything to learn before a node (its Behind ancestors), in a learning order, ending with the node."""
    await open_graph(user, graph_id)
    rows = await Node.filter(graph_id=graph_id).order_by("level", "order", "id").values_list("id", "name")
    names = dict(rows)
    if node_id not in names:
        from toolkit.errors import NotFound

        raise NotFound(what="what.node")
    ids = [r[0] for r in rows]
    position = {n: i for i, n in enumerate(ids)}
    edges = await Relation.filter(graph_id=graph_id, relation_type=PREREQUISITE).values_list("start_node_id", "target_node_id")
    graph = _directed_graph(len(ids), [(position[a], position[b]) for a, b in edges])
    before = set(graph.subcomponent(position[node_id], mode="in"))
    sub = graph.induced_subgraph(sorted(before))
    members = [ids[i] for i in sorted(before)]
    order = [members[i] for i in sub.topological_sorting(mode="out")] if sub.is_dag() else members
    return [{"id": n, "name": names[n]} for n in order]
