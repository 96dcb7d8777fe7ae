"""`python -m bench [name…]`: run the benchmarks (all by default)."""
import sys

from bench import attainment, back_office, formats, foundation, graph_engine, load, mind_map, mining, relation_graph, tree_storage, tui, web_figures, worker_start

BENCHMARKS = {"foundation": foundation.main, "graph_engine": graph_engine.main, "formats": formats.main,
              "back_office": back_office.main, "mining": mining.main, "tui": tui.main, "mind_map": mind_map.main,
              "web_figures": web_figures.main, "load": load.main, "tree_storage": tree_storage.main,
              "attainment": attainment.main, "relation_graph": relation_graph.main, "worker_start": worker_start.main}
# Run only when named: they take minutes.
ON_REQUEST = {"load_memory": load.memory_main}


def run(args: list[str]) -> None:
    if args and args[0] == "graph_engine" and len(args) > 1:
        graph_engine.main(args[1:])  # one database, in a child process
        return
    if args and args[0] == "tree_storage" and len(args) > 1:
        tree_storage.main(args[1:])  # one database, in a child process
        return
    if args and args[0] == "tui" and len(args) > 1:
        tui.main(args[1:])  # one database, in a child process
        return
    for name in args or list(BENCHMARKS):
        {**BENCHMARKS, **ON_REQUEST}[name]()


if __name__ == "__main__":
    run(sys.argv[1:])
