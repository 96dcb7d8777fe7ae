"""`zhitu graph …`: the graph engine for operators and scripts (same functions as the API)."""
from __future__ import annotations

from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.tree import Tree

from toolkit.cli.output import Format, counted, emit, err, label
from toolkit.messages import text

app = typer.Typer(help="Graphs: list, show, edit, version, merge and check.", no_args_is_help=True)
AS_HELP = "Act as this user (default: the first super admin)."


def _run(body):
    from toolkit.cli.main import run_async

    return run_async(body)()


def _fmt(as_json: bool) -> Format:
    return Format.json if as_json else Format.table


async def _user(user_name: str | None):
    from toolkit.accounts import operator

    return await operator(user_name)


def _opened(fn):
    """Open the database around an async body that takes the acting user."""
    async def body(user_name, *args):
        from toolkit import db

        async with db.opened():
            return await fn(await _user(user_name), *args)
    return body


@app.command("list")
def list_graphs(
    name: str = typer.Option("", "--name", help="Only graphs whose name contains this."),
    project: Optional[int] = typer.Option(None, "--project", help="Only this project id."),
    page_size: int = typer.Option(100, "--page-size", help="How many to list."),
    as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
    as_json: bool = typer.Option(False, "--json", help="JSON for scripts."),
    fmt: Format = typer.Option(Format.table, "--format", help="table, json or csv"),
) -> None:
    """List the graphs the user may see."""
    from toolkit.graphs.listing import GraphFilter, list_graphs as listing

    async def body(user):
        return await listing(user, 1, page_size, GraphFilter(name=name, project_id=project), by_role=True)

    items, total = _run(lambda: _opened(body)(as_user))
    emit(items, ["id", "name", "templateName", "projectName", "releaseState", "nodeCount", "updateTime"],
         Format.json if as_json else fmt, title=counted("cli.count.graphs", total))


@app.command("show")
def show(graph_id: int, as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
         as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """Show one graph's details."""
    from toolkit.graphs.crud import graph_detail

    emit(_run(lambda: _opened(graph_detail)(as_user, graph_id)), fmt=_fmt(as_json))


@app.command("tree")
def tree(graph_id: int, node: Optional[int] = typer.Option(None, "--node", help="Start at this node."),
         depth: Optional[int] = typer.Option(None, "--depth", help="Levels to show."),
         as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
         as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """Print the tree (or a subtree)."""
    from toolkit.graphs.tree import search_tree

    result = _run(lambda: _opened(search_tree)(as_user, graph_id, node, depth))
    if as_json:
        emit(result, fmt=Format.json)
        return
    root = result["tree"]
    view = Tree(f"[bold]{root['name']}[/bold] [dim]{root['type']} #{root['id']}[/dim]")
    stack = [(root, view)]
    while stack:
        node_data, branch = stack.pop()
        for child in node_data["childs"]:
            mark = "" if child["isDefine"] or child["type"] != "KnowPoint" else " [green]●[/green]"
            stack.append((child, branch.add(f"{child['name']} [dim]{child['type']} #{child['id']}[/dim]{mark}")))
    Console().print(view)


@app.command("create")
def create(name: str, template: str = typer.Option(..., "--template", help="Template code, e.g. teaching."),
           project: Optional[int] = typer.Option(None, "--project", help="Project id."),
           as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
           as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """Create an empty graph from a template."""
    from toolkit.errors import NotFound
    from toolkit.graphs.crud import create_graph, graph_detail
    from toolkit.model import Template

    async def body(user):
        found = await Template.get_or_none(code=template)
        if found is None:
            raise NotFound(what="what.template")
        graph = await create_graph(user, name, found.id, project)
        return await graph_detail(user, graph.id)

    emit(_run(lambda: _opened(body)(as_user)), fmt=_fmt(as_json))


@app.command("rename")
def rename(graph_id: int, name: str, as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP)) -> None:
    """Rename a graph (and its root node)."""
    from toolkit.graphs.crud import update_graph

    async def body(user):
        await update_graph(user, graph_id, None, name=name)

    _run(lambda: _opened(body)(as_user))
    err.print(text("cli.graph.renamed", graph=graph_id))


@app.command("delete")
def delete(graph_id: int, yes: bool = typer.Option(False, "--yes", help="Do not ask."),
           as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP)) -> None:
    """Delete a graph with all its nodes and relations."""
    from toolkit.graphs.crud import delete_graph

    if not yes and not typer.confirm(text("cli.graph.confirm_delete", graph=graph_id)):
        raise typer.Exit(1)
    _run(lambda: _opened(delete_graph)(as_user, graph_id))
    err.print(text("cli.graph.deleted", graph=graph_id))


@app.command("copy")
def copy(graph_id: int, name: str, project: Optional[int] = typer.Option(None, "--project", help="Project of the copy."),
         node: Optional[int] = typer.Option(None, "--node", help="Copy only the subtree under this node."),
         as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
         as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """Save a graph (or a subtree) as a new graph."""
    from toolkit.graphs.copies import save_graph_as
    from toolkit.graphs.crud import graph_detail

    async def body(user):
        graph = await save_graph_as(user, graph_id, name, project, None, node)
        return await graph_detail(user, graph.id)

    emit(_run(lambda: _opened(body)(as_user)), fmt=_fmt(as_json))


def _release(graph_id: int, released: bool, as_user: str | None) -> None:
    from toolkit.graphs.crud import set_release

    _run(lambda: _opened(set_release)(as_user, graph_id, released))
    err.print(text("cli.graph.published" if released else "cli.graph.unpublished", graph=graph_id))


@app.command("publish")
def publish(graph_id: int, as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP)) -> None:
    """Publish (release) a graph."""
    _release(graph_id, True, as_user)


@app.command("unpublish")
def unpublish(graph_id: int, as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP)) -> None:
    """Cancel a graph's release."""
    _release(graph_id, False, as_user)


@app.command("versions")
def versions(graph_id: int, save: Optional[str] = typer.Option(None, "--save", help="Save a new version with this name first."),
             as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
             as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """List saved versions (and optionally save one)."""
    from toolkit.graphs import versions as versioning

    async def body(user):
        if save is not None:
            await versioning.save_version(user, graph_id, save)
        return await versioning.list_versions(user, graph_id)

    emit(_run(lambda: _opened(body)(as_user)), ["id", "number", "name", "nodeCount", "createTime"], _fmt(as_json))


@app.command("diff")
def diff(graph_id: int, version: int = typer.Argument(..., help="Version id to compare."),
         other: Optional[int] = typer.Option(None, "--other", help="Compare with this version instead of now."),
         as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
         as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """What changed between a version and now (or another version)."""
    from toolkit.graphs.versions import compare_versions

    result = _run(lambda: _opened(compare_versions)(as_user, graph_id, version, other))
    if as_json:
        emit(result, fmt=Format.json)
        return
    emit([result["counts"]], fmt=Format.table, title=text("cli.graph.changes"))
    emit(result["nodes"], ["kind", "id", "name"], Format.table)


@app.command("restore")
def restore(graph_id: int, version: int, as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP)) -> None:
    """Restore a version as a new revision (the present is saved as a version first)."""
    from toolkit.graphs.versions import restore_version

    result = _run(lambda: _opened(restore_version)(as_user, graph_id, version))
    err.print(text("cli.graph.restored", version=result["restored"], backup=result["backupVersion"]))


@app.command("merge")
def merge(graph_id: int, source: int = typer.Argument(..., help="Source graph id."),
          node: Optional[int] = typer.Option(None, "--node", help="Merge under this node of the target (default: root)."),
          apply: bool = typer.Option(False, "--apply", help="Apply; without it only the preview is printed."),
          as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
          as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """Preview or apply merging a source graph into a graph."""
    from toolkit.graphs import merge as merging

    call = merging.merge_apply if apply else merging.merge_prepare
    result = _run(lambda: _opened(call)(as_user, graph_id, node, source, None, None))
    if as_json:
        emit(result, fmt=Format.json)
        return
    emit([result["counts"]], fmt=Format.table, title=text("cli.graph.merge_applied" if apply else "cli.graph.merge_preview"))
    if result["conflicts"]:
        emit(result["conflicts"], ["kind", "name", "sourceId"], Format.table, title=text("cli.graph.conflicts"))
        raise typer.Exit(1)


@app.command("dedupe")
def dedupe(graph_id: int, as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
           as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """List nodes whose names repeat (ignoring width, case, spaces and punctuation); exit 1 if any."""
    from toolkit.graphs.merge import find_duplicates

    groups = _run(lambda: _opened(find_duplicates)(as_user, graph_id))
    if as_json:
        emit(groups, fmt=Format.json)
    else:
        emit([{"name": n["name"], "id": n["id"], "path": n["path"]} for g in groups for n in g["nodes"]], ["name", "id", "path"], Format.table)
    if groups:
        raise typer.Exit(1)


@app.command("check")
def check(graph_id: int, as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
          as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """Check the tree's integrity and prerequisite cycles; exit 1 when anything is wrong."""
    from toolkit.graphs.analysis import check_graph

    result = _run(lambda: _opened(check_graph)(as_user, graph_id))
    if as_json:
        emit(result, fmt=Format.json)
    else:
        for problem in result["integrity"]:
            err.print(f"{label('cli.label.tree', 'red')} {escape(problem['text'])}")
        for cycle in result["cycles"]:
            err.print(f"{label('cli.label.cycle', 'red')} " + " → ".join(n["name"] for n in cycle))
        if not result["cycles"]:
            err.print(text("cli.graph.no_cycle", nodes=counted("cli.count.nodes", len(result["learningOrder"]))))
    if result["cycles"] or result["integrity"]:
        raise typer.Exit(1)


@app.command("path")
def path(graph_id: int, node: int = typer.Argument(..., help="The node to reach."),
         as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
         as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """What to learn before a node, in order (its prerequisites)."""
    from toolkit.graphs.analysis import prerequisite_path

    result = _run(lambda: _opened(prerequisite_path)(as_user, graph_id, node))
    emit(result, ["id", "name"], _fmt(as_json))
