"""`zhitu import | export | validate | convert`: graph files from the terminal and in CI jobs (import and
validate live in toolkit.cli.file_import)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from toolkit.cli.output import counted, err, print_error
from toolkit.messages import text


def register(app: typer.Typer) -> None:
    from toolkit.cli.file_import import import_files, validate

    app.command("import", help=text("help.import"))(import_files)
    app.command("export", help=text("help.export"))(export_graph)
    app.command("validate", help=text("help.validate"))(validate)
    app.command("convert", help=text("help.convert"))(convert)


class _no_status:
    """Stands in for a spinner when stderr is not a terminal."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def export_graph(
    graph: int = typer.Argument(..., help=text("help.export.graph")),
    fmt: str = typer.Option(..., "--format", "-f", help=text("help.export.format")),
    output: Path = typer.Option(..., "-o", "--output", help=text("help.export.output")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    lang: Optional[str] = typer.Option(None, "--lang", help=text("help.export.lang")),
) -> None:
    from toolkit import db, imports, messages
    from toolkit.accounts import operator
    from toolkit.cli.main import run_async

    async def body():
        async with db.opened():
            with err.status(text("cli.export.progress"), spinner="dots") if sys.stderr.isatty() else _no_status():
                return await imports.export_graph(await operator(as_user), graph, fmt,
                                                  messages.normalise_lang(lang) if lang else messages.system_lang())

    data, _name = run_async(body)()
    output.write_bytes(data)
    err.print(text("cli.wrote_size", path=output, size=counted("cli.count.bytes", len(data))))


def convert(
    source: Path = typer.Argument(..., help=text("help.convert.source")),
    target: Path = typer.Argument(..., help=text("help.convert.target")),
) -> None:
    from toolkit.errors import ZhituError
    from toolkit.imports import convert_file

    try:
        convert_file(source, target)
    except ZhituError as exc:
        print_error(exc)
        raise typer.Exit(exc.exit_code)
    err.print(text("cli.wrote", path=target))
