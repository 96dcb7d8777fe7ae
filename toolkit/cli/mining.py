"""`zhitu mine …`, `zhitu source add|list` and `zhitu worker`: knowledge mining from the terminal."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from toolkit.cli.output import Format, counted, emit, err, label
from toolkit.messages import listed, system_lang, text

mine_app = typer.Typer(help=text("help.mine"), no_args_is_help=True)
source_app = typer.Typer(help=text("help.source"), no_args_is_help=True)

COLUMNS = {
    "points": ["score", "term", "count", "page", "start"],
    "definitions": ["score", "term", "sentence", "page"],
    "relations": ["score", "type", "start", "target", "cooccurrence", "sentence"],
    "belong": ["score", "term", "nodeName", "reason"],
    "catalogue": ["level", "title", "page", "method"],
}


def _read(path: Path) -> bytes:
    from toolkit.errors import FormatError

    try:
        return path.read_bytes()
    except OSError as exc:
        raise FormatError("format.unreadable", where=path.name, detail=exc.strerror or str(exc)) from exc


def register(app: typer.Typer) -> None:
    app.add_typer(mine_app, name="mine")
    app.add_typer(source_app, name="source")
    app.command("worker", help=text("help.worker"))(worker)


def _mine(kind: str, files: List[Path], graph: Optional[int], as_json: bool, limit: int | None,
          backend: Optional[str] = None, min_score: Optional[float] = None) -> None:
    from toolkit.cli.main import run_async
    from toolkit.mining.documents import read_document
    from toolkit.mining.runner import less_sure_left_out, mine_document

    async def graph_context():
        if graph is None:
            return [], None
        from toolkit import db
        from toolkit.accounts import operator
        from toolkit.graphs.guard import open_graph
        from toolkit.mining.dictionaries import terms_for
        from toolkit.mining.tasks import graph_context as load_context

        async with db.opened():
            await open_graph(await operator(None), graph)
            return await terms_for(graph), await load_context(graph)

    terms, context = run_async(graph_context)()

    def body() -> list[dict]:
        rows = []
        for path in files:
            document = read_document(path.name, _read(path))
            _warn_unreliable(path.name, document.unreliable_pages())
            for candidate in mine_document(kind, document, terms, context, limit, backend, min_score):
                rows.append({"file": str(path), **candidate.as_dict()})
        return rows

    async def run_sync():
        return body()

    rows = run_async(run_sync)()
    if as_json:
        emit(rows, fmt=Format.json)
        return
    flat = []
    for row in rows:
        flat.append({"score": f"{row['score']:.3f}", "page": row["location"].get("page"), "start": row["location"].get("start"),
                     **{k: v for k, v in row["payload"].items()}})
    emit(flat, COLUMNS[kind], Format.table, title=f"{text('tui.kind.' + kind)} ({len(flat)})")
    if not flat and less_sure_left_out(kind, min_score):
        err.print(text("cli.mine.less_sure_left_out"))


def _command(kind: str, help_key: str):
    """`zhitu mine KIND`: each kind offers only the options its miner reads (--limit for points,
    --min-score for relations), so no option is accepted and then ignored."""
    files_argument = typer.Argument(..., help=text("help.mine.options.files"))
    graph_option = typer.Option(None, "--graph", help=text("help.mine.options.graph"))
    json_option = typer.Option(False, "--json", help=text("help.common.json"))
    backend_option = typer.Option(None, "--backend", help=text("help.mine.options.backend"))
    if kind == "points":
        def command(files: List[Path] = files_argument, graph: Optional[int] = graph_option, as_json: bool = json_option,
                    limit: int = typer.Option(200, "--limit", help=text("help.mine.options.limit")),
                    backend: Optional[str] = backend_option) -> None:
            _mine(kind, files, graph, as_json, limit, backend)
    elif kind == "relations":
        def command(files: List[Path] = files_argument, graph: Optional[int] = graph_option, as_json: bool = json_option,
                    backend: Optional[str] = backend_option,
                    min_score: Optional[float] = typer.Option(None, "--min-score", help=text("help.mine.options.min_score"))) -> None:
            _mine(kind, files, graph, as_json, None, backend, min_score)
    else:
        def command(files: List[Path] = files_argument, graph: Optional[int] = graph_option, as_json: bool = json_option,
                    backend: Optional[str] = backend_option) -> None:
            _mine(kind, files, graph, as_json, None, backend)

    mine_app.command(kind, help=text(help_key))(command)


_command("points", "help.mine.points")
_command("definitions", "help.mine.definitions")
_command("relations", "help.mine.relations")
_command("belong", "help.mine.belong")
_command("catalogue", "help.mine.catalogue")


@source_app.command("add", help=text("help.source.add"))
def source_add(
    files: List[Path] = typer.Argument(..., help=text("help.source.add.files")),
    graph: Optional[int] = typer.Option(None, "--graph", help=text("help.source.add.graph")),
    project: Optional[int] = typer.Option(None, "--project", help=text("help.source.add.project")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    as_json: bool = typer.Option(False, "--json", help=text("help.common.json")),
) -> None:
    from toolkit import db
    from toolkit.accounts import operator
    from toolkit.cli.main import run_async
    from toolkit.mining import sources

    async def body():
        results = []
        async with db.opened():
            user = await operator(as_user)
            for path in files:
                results.append(await sources.add_source(user, path.name, _read(path), graph, project))
        return results

    rows = run_async(body)()
    emit(rows, ["id", "name", "state", "pageCount", "charCount", "ocr", "unreliablePages", "graphId"],
         Format.json if as_json else Format.table)
    for row in rows:
        _warn_unreliable(row["name"], row["unreliablePages"])


def _warn_unreliable(name: str, pages: list[int]) -> None:
    if pages:
        err.print(f"{label('cli.label.warning', 'yellow')} {text('cli.source_unreliable', name=name, pages=listed(pages, system_lang()))}")


@source_app.command("list", help=text("help.source.list"))
def source_list(
    graph: Optional[int] = typer.Option(None, "--graph", help=text("help.source.list.graph")),
    keyword: str = typer.Option("", "--name", help=text("help.source.list.name")),
    page_size: int = typer.Option(50, "--page-size", help=text("help.common.page_size")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    fmt: Format = typer.Option(Format.table, "--format", "-f", help=text("help.common.format")),
    as_json: bool = typer.Option(False, "--json", help=text("help.common.json_format")),
) -> None:
    from toolkit import db
    from toolkit.accounts import operator
    from toolkit.cli.main import run_async
    from toolkit.mining import sources

    async def body():
        async with db.opened():
            items, _total = await sources.list_sources(await operator(as_user), 1, page_size, graph, keyword)
            return items

    emit(run_async(body)(), ["id", "name", "suffix", "state", "pageCount", "charCount", "ocr", "unreliablePages", "graphId", "createTime"],
         Format.json if as_json else fmt)


def worker(
    concurrency: int = typer.Option(1, "--concurrency", "-c", min=1, max=32, help=text("help.worker.concurrency")),
    once: bool = typer.Option(False, "--once", help=text("help.worker.once")),
    poll: float = typer.Option(1.0, "--poll", help=text("help.worker.poll")),
) -> None:
    import asyncio
    import signal

    from toolkit import db
    from toolkit.cli.main import run_async
    from toolkit.mining import tasks

    async def body():
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            try:
                loop.add_signal_handler(signum, stop.set)
            except (NotImplementedError, RuntimeError):
                pass
        async with db.opened():
            err.print(text("cli.worker.waiting", worker=tasks.worker_name(), concurrency=concurrency))
            return await tasks.work(concurrency, once=once, poll_seconds=poll, stop=stop)

    ran = run_async(body)()
    err.print(counted("cli.worker.ran", ran))
