"""`zhitu mine …`, `zhitu source add|list` and `zhitu worker`: knowledge mining from the terminal."""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from toolkit.cli.output import Format, counted, emit, err
from toolkit.messages import text

mine_app = typer.Typer(help="Mine knowledge from text materials without a server (prints the results).",
                       no_args_is_help=True)
source_app = typer.Typer(help="The text-material library.", no_args_is_help=True)

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
    app.command("worker")(worker)


def _mine(kind: str, files: List[Path], graph: Optional[int], as_json: bool, limit: int, importance: bool,
          backend: Optional[str] = None, min_score: Optional[float] = None) -> None:
    from toolkit.cli.main import run_async
    from toolkit.mining.documents import read_document
    from toolkit.mining.runner import mine_document

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
            for candidate in mine_document(kind, document, terms, context, limit, importance, backend, min_score):
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


def _command(kind: str, summary: str):
    def command(
        files: List[Path] = typer.Argument(..., help="Text materials (.txt .md .docx .pdf .jpg .jpeg .png)."),
        graph: Optional[int] = typer.Option(None, "--graph", help="Use this graph's points, catalogue and dictionary (needs the database)."),
        as_json: bool = typer.Option(False, "--json", help="JSON for scripts."),
        limit: int = typer.Option(200, "--limit", help="Most knowledge points to keep per file."),
        importance: bool = typer.Option(False, "--importance", help="Points: add LAC's word-importance model (slower)."),
        backend: Optional[str] = typer.Option(None, "--backend", help="offline or llm (default: llm when ZHITU_LLM_URL is set, else offline)."),
        min_score: Optional[float] = typer.Option(
            None, "--min-score", help="Relations: keep those whose kind of evidence is right at least this often (default 0.6; 0 keeps all)."),
    ) -> None:
        _mine(kind, files, graph, as_json, limit, importance, backend, min_score)

    command.__doc__ = summary
    mine_app.command(kind)(command)


_command("points", "Knowledge points: domain terms, ranked.")
_command("definitions", "Definitions: the sentences that define a term, with the term.")
_command("relations", "Relations between points: prerequisite, contain, related, with the supporting sentence.")
_command("belong", "Attribution: which catalogue node (of the graph, or of the document) each point belongs to.")
_command("catalogue", "Catalogue recognition: the chapter/section tree with page numbers.")


@source_app.command("add")
def source_add(
    files: List[Path] = typer.Argument(..., help="Files to add (.txt .md .docx .pdf .jpg .jpeg .png)."),
    graph: Optional[int] = typer.Option(None, "--graph", help="Bind the materials to this graph."),
    project: Optional[int] = typer.Option(None, "--project", help="Bind the materials to this project."),
    as_user: Optional[str] = typer.Option(None, "--as", help="Act as this user (default: the first super admin)."),
    as_json: bool = typer.Option(False, "--json", help="JSON for scripts."),
) -> None:
    """Add text materials to the library (read to normalised text, OCR for images and scans)."""
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
    emit(rows, ["id", "name", "state", "pageCount", "charCount", "ocr", "graphId"], Format.json if as_json else Format.table)


@source_app.command("list")
def source_list(
    graph: Optional[int] = typer.Option(None, "--graph", help="Only the materials of this graph."),
    keyword: str = typer.Option("", "--name", help="Part of the file name."),
    page_size: int = typer.Option(50, "--page-size", help="How many to list."),
    as_user: Optional[str] = typer.Option(None, "--as", help="Act as this user (default: the first super admin)."),
    fmt: Format = typer.Option(Format.table, "--format", "-f", help="table, json or csv"),
    as_json: bool = typer.Option(False, "--json", help="Same as --format json."),
) -> None:
    """List the text materials the user may see."""
    from toolkit import db
    from toolkit.accounts import operator
    from toolkit.cli.main import run_async
    from toolkit.mining import sources

    async def body():
        async with db.opened():
            items, _total = await sources.list_sources(await operator(as_user), 1, page_size, graph, keyword)
            return items

    emit(run_async(body)(), ["id", "name", "suffix", "state", "pageCount", "charCount", "ocr", "graphId", "createTime"],
         Format.json if as_json else fmt)


def worker(
    concurrency: int = typer.Option(1, "--concurrency", "-c", min=1, max=32, help="Tasks run at the same time."),
    once: bool = typer.Option(False, "--once", help="Stop when the queue is empty."),
    poll: float = typer.Option(1.0, "--poll", help="Seconds between looks at an empty queue."),
) -> None:
    """Claim mining tasks from the database and run them (any number of workers, on any machines)."""
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
