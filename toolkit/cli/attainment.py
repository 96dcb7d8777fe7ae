"""`zhitu attainment …`: import a class's scores, report course objectives and indicators."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from toolkit.cli.output import Format, counted, emit, err
from toolkit.messages import text

app = typer.Typer(help=text("help.attainment"), no_args_is_help=True)


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="attainment")


def _run(body, as_user: str | None):
    from toolkit.cli.main import run_async

    async def opened():
        from toolkit import db
        from toolkit.accounts import operator

        async with db.opened():
            return await body(await operator(as_user))

    return run_async(opened)()


def _read(path: Path) -> bytes:
    from toolkit.errors import FormatError

    try:
        return path.read_bytes()
    except OSError as exc:
        raise FormatError("format.unreadable", where=path.name, detail=exc.strerror or str(exc)) from exc


@app.command("import", help=text("help.attainment.import"))
def import_scores(
    scores: Path = typer.Argument(..., help=text("help.attainment.import.scores")),
    graph: int = typer.Option(..., "--graph", help=text("help.attainment.graph")),
    term: str = typer.Option(..., "--term", help=text("help.attainment.import.term")),
    class_name: str = typer.Option(..., "--class", help=text("help.attainment.import.class")),
    items: Optional[Path] = typer.Option(None, "--items", help=text("help.attainment.import.items")),
    threshold: Optional[float] = typer.Option(None, "--threshold", help=text("help.attainment.import.threshold")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    as_json: bool = typer.Option(False, "--json", help=text("help.common.json")),
) -> None:
    from toolkit.attainment.records import import_scores as store

    def body(user):
        items_file = (items.name, _read(items)) if items else None
        return store(user, graph, term, class_name, scores.name, _read(scores), items_file=items_file, threshold=threshold)

    result = _run(body, as_user)
    if as_json:
        emit(result, fmt=Format.json)
        return
    err.print(text("cli.attainment.imported", students=counted("cli.count.students", result["students"]),
                   items=counted("cli.count.items", len(result["items"])), term=result["term"], class_name=result["className"]))


@app.command("report", help=text("help.attainment.report"))
def report(
    graph: int = typer.Option(..., "--graph", help=text("help.attainment.graph")),
    term: str = typer.Option(..., "--term", help=text("help.attainment.report.term")),
    class_name: Optional[str] = typer.Option(None, "--class", help=text("help.attainment.report.class")),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help=text("help.attainment.report.output")),
    fmt: Optional[str] = typer.Option(None, "--format", help=text("help.attainment.report.format")),
    lang: Optional[str] = typer.Option(None, "--lang", help=text("help.attainment.report.lang")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    as_json: bool = typer.Option(False, "--json", help=text("help.attainment.report.json")),
) -> None:
    from toolkit.attainment.exports import export_report
    from toolkit.attainment.reports import course_report

    if as_json:
        emit(_run(lambda user: course_report(user, graph, term, class_name), as_user), fmt=Format.json)
        return
    chosen = fmt or (output.suffix.lstrip(".").lower() if output and output.suffix else "docx")
    data, name = _run(lambda user: export_report(user, graph, term, class_name, chosen, lang), as_user)
    target = output or Path(name)
    target.write_bytes(data)
    err.print(text("cli.wrote", path=target))


@app.command("indicators", help=text("help.attainment.indicators"))
def indicators(
    graph: int = typer.Option(..., "--graph", help=text("help.attainment.indicators.graph")),
    term: Optional[str] = typer.Option(None, "--term", help=text("help.attainment.indicators.term")),
    method: str = typer.Option("weighted", "--method", help=text("help.attainment.indicators.method")),
    weights: Optional[str] = typer.Option(None, "--weights", help=text("help.attainment.indicators.weights")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    as_json: bool = typer.Option(False, "--json", help=text("help.common.json")),
) -> None:
    from toolkit.attainment.indicators import indicator_report

    result = _run(lambda user: indicator_report(user, graph, term, method, weights), as_user)
    if as_json:
        emit(result, fmt=Format.json)
        return
    rows = [{"indicator": i["name"], "requirement": i["requirement"], "value": i["value"],
             "courses": ", ".join(f"{c['courseName']}({c['strength']})" for c in i["courses"] if c["value"] is not None),
             "missing": ", ".join(i["missing"])} for i in result["indicators"]]
    emit(rows, ["indicator", "requirement", "value", "courses", "missing"], Format.table, title=text("cli.attainment.indicators", method=method))


@app.command("list", help=text("help.attainment.list"))
def list_assessments(graph: int = typer.Option(..., "--graph", help=text("help.attainment.graph")),
                     as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
                     as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.attainment.records import list_assessments as listing

    rows = _run(lambda user: listing(user, graph), as_user)
    emit(rows, ["term", "className", "students", "items", "threshold", "updateTime"], Format.json if as_json else Format.table)


@app.command("delete", help=text("help.attainment.delete"))
def delete(graph: int = typer.Option(..., "--graph", help=text("help.attainment.graph")),
           term: str = typer.Option(..., "--term", help=text("help.attainment.delete.term")),
           class_name: Optional[str] = typer.Option(None, "--class", help=text("help.attainment.delete.class")),
           yes: bool = typer.Option(False, "--yes", help=text("help.common.yes")),
           as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.attainment.records import delete_term

    if not yes and not typer.confirm(text("cli.attainment.confirm_delete", term=term, graph=graph)):
        raise typer.Exit(1)
    count = _run(lambda user: delete_term(user, graph, term, class_name), as_user)
    err.print(counted("cli.attainment.deleted", count))
