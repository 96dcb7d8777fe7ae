"""`zhitu graph …`: the graph engine for operators and scripts (same functions as the API)."""
from __future__ import annotations

from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.tree import Tree

from toolkit.cli.output import Format, counted, emit, err, label
from toolkit.messages import text

app = typer.Typer(help=text("help.graph"), no_args_is_help=True)


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


@app.command("list", help=text("help.graph.list"))
def list_graphs(
    name: str = typer.Option("", "--name", help=text("help.graph.list.name")),
    project: Optional[int] = typer.Option(None, "--project", help=text("help.graph.list.project")),
    page_size: int = typer.Option(100, "--page-size", help=text("help.common.page_size")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    as_json: bool = typer.Option(False, "--json", help=text("help.common.json")),
    fmt: Format = typer.Option(Format.table, "--format", help=text("help.common.format")),
) -> None:
    from toolkit.graphs.listing import GraphFilter, list_graphs as listing

    async def body(user):
        return await listing(user, 1, page_size, GraphFilter(name=name, project_id=project), by_role=True)

    items, total = _run(lambda: _opened(body)(as_user))
    emit(items, ["id", "name", "templateName", "projectName", "releaseState", "nodeCount", "updateTime"],
         Format.json if as_json else fmt, title=counted("cli.count.graphs", total))


@app.command("show", help=text("help.graph.show"))
def show(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
         as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
         as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.graphs.crud import graph_detail

    emit(_run(lambda: _opened(graph_detail)(as_user, graph_id)), fmt=_fmt(as_json))


@app.command("tree", help=text("help.graph.tree"))
def tree(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
         node: Optional[int] = typer.Option(None, "--node", help=text("help.graph.tree.node")),
         depth: Optional[int] = typer.Option(None, "--depth", help=text("help.graph.tree.depth")),
         as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
         as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
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


@app.command("create", help=text("help.graph.create"))
def create(name: str = typer.Argument(..., help=text("help.graph.create.name")),
           template: str = typer.Option(..., "--template", help=text("help.graph.create.template")),
           project: Optional[int] = typer.Option(None, "--project", help=text("help.graph.create.project")),
           as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
           as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
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


@app.command("rename", help=text("help.graph.rename"))
def rename(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
           name: str = typer.Argument(..., help=text("help.common.new_name")),
           as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.graphs.crud import update_graph

    async def body(user):
        await update_graph(user, graph_id, None, name=name)

    _run(lambda: _opened(body)(as_user))
    err.print(text("cli.graph.renamed", graph=graph_id))


@app.command("delete", help=text("help.graph.delete"))
def delete(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
           yes: bool = typer.Option(False, "--yes", help=text("help.common.yes")),
           as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.graphs.crud import delete_graph

    if not yes and not typer.confirm(text("cli.graph.confirm_delete", graph=graph_id)):
        raise typer.Exit(1)
    _run(lambda: _opened(delete_graph)(as_user, graph_id))
    err.print(text("cli.graph.deleted", graph=graph_id))


@app.command("copy", help=text("help.graph.copy"))
def copy(graph_id: int = typer.Argument(..., help=text("help.graph.copy.graph_id")),
         name: str = typer.Argument(..., help=text("help.graph.copy.name")),
         project: Optional[int] = typer.Option(None, "--project", help=text("help.graph.copy.project")),
         node: Optional[int] = typer.Option(None, "--node", help=text("help.graph.copy.node")),
         as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
         as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
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


@app.command("publish", help=text("help.graph.publish"))
def publish(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
            as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    _release(graph_id, True, as_user)


@app.command("unpublish", help=text("help.graph.unpublish"))
def unpublish(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
              as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    _release(graph_id, False, as_user)


@app.command("versions", help=text("help.graph.versions"))
def versions(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
             save: Optional[str] = typer.Option(None, "--save", help=text("help.graph.versions.save")),
             as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
             as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.graphs import versions as versioning

    async def body(user):
        if save is not None:
            await versioning.save_version(user, graph_id, save)
        return await versioning.list_versions(user, graph_id)

    emit(_run(lambda: _opened(body)(as_user)), ["id", "number", "name", "nodeCount", "createTime"], _fmt(as_json))


@app.command("diff", help=text("help.graph.diff"))
def diff(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
         version: int = typer.Argument(..., help=text("help.graph.diff.version")),
         other: Optional[int] = typer.Option(None, "--other", help=text("help.graph.diff.other")),
         as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
         as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.graphs.versions import compare_versions

    result = _run(lambda: _opened(compare_versions)(as_user, graph_id, version, other))
    if as_json:
        emit(result, fmt=Format.json)
        return
    emit([result["counts"]], fmt=Format.table, title=text("cli.graph.changes"))
    emit(result["nodes"], ["kind", "id", "name"], Format.table)


@app.command("restore", help=text("help.graph.restore"))
def restore(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
            version: int = typer.Argument(..., help=text("help.graph.restore.version")),
            as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.graphs.versions import restore_version

    result = _run(lambda: _opened(restore_version)(as_user, graph_id, version))
    err.print(text("cli.graph.restored", version=result["restored"], backup=result["backupVersion"]))


@app.command("merge", help=text("help.graph.merge"))
def merge(graph_id: int = typer.Argument(..., help=text("help.graph.merge.graph_id")),
          source: int = typer.Argument(..., help=text("help.graph.merge.source")),
          node: Optional[int] = typer.Option(None, "--node", help=text("help.graph.merge.node")),
          apply: bool = typer.Option(False, "--apply", help=text("help.graph.merge.apply")),
          as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
          as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
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


@app.command("dedupe", help=text("help.graph.dedupe"))
def dedupe(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
           as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
           as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.graphs.merge import find_duplicates

    groups = _run(lambda: _opened(find_duplicates)(as_user, graph_id))
    if as_json:
        emit(groups, fmt=Format.json)
    else:
        emit([{"name": n["name"], "id": n["id"], "path": n["path"]} for g in groups for n in g["nodes"]], ["name", "id", "path"], Format.table)
    if groups:
        raise typer.Exit(1)


@app.command("check", help=text("help.graph.check"))
def check(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
          as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
          as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
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


@app.command("path", help=text("help.graph.path"))
def path(graph_id: int = typer.Argument(..., help=text("help.common.graph_id")),
         node: int = typer.Argument(..., help=text("help.graph.path.node")),
         as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
         as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.graphs.analysis import prerequisite_path

    result = _run(lambda: _opened(prerequisite_path)(as_user, graph_id, node))
    emit(result, ["id", "name"], _fmt(as_json))
