"""`zhitu attainment …`: import a class's scores, report course objectives and indicators."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from toolkit.cli.output import Format, counted, emit, err
from toolkit.messages import text

app = typer.Typer(help="Attainment (达成度): course objectives and graduation-requirement indicators from scores.",
                  no_args_is_help=True)
AS_HELP = "Act as this user (default: the first super admin)."


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


@app.command("import")
def import_scores(
    scores: Path = typer.Argument(..., help="The score sheet (.xlsx or .csv)."),
    graph: int = typer.Option(..., "--graph", help="The course-ability graph."),
    term: str = typer.Option(..., "--term", help="The term, e.g. 2024-2025-1."),
    class_name: str = typer.Option(..., "--class", help="The class, e.g. 计科2101."),
    items: Optional[Path] = typer.Option(None, "--items", help="Items apart from the sheet: .json, .csv or .xlsx (name, full marks, objectives, weight)."),
    threshold: Optional[float] = typer.Option(None, "--threshold", help="Attained at or above this (default 0.6)."),
    as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
    as_json: bool = typer.Option(False, "--json", help="JSON for scripts."),
) -> None:
    """Import a class's scores for a term (replaces that class's earlier import)."""
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


@app.command("report")
def report(
    graph: int = typer.Option(..., "--graph", help="The course-ability graph."),
    term: str = typer.Option(..., "--term", help="The term."),
    class_name: Optional[str] = typer.Option(None, "--class", help="Only this class (default: all the term's classes)."),
    output: Optional[Path] = typer.Option(None, "-o", "--output", help="Write the report here (.docx, .xlsx or .json)."),
    fmt: Optional[str] = typer.Option(None, "--format", help="docx, xlsx or json (default: from -o, else docx)."),
    lang: Optional[str] = typer.Option(None, "--lang", help="zh-CN or en (default: the system's)."),
    as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print the result as JSON instead."),
) -> None:
    """The course objectives' attainment for a term: a Word report, an xlsx workbook or JSON."""
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


@app.command("indicators")
def indicators(
    graph: int = typer.Option(..., "--graph", help="The major ability-target graph (the training plan)."),
    term: Optional[str] = typer.Option(None, "--term", help="Only this term's results (default: each course's latest)."),
    method: str = typer.Option("weighted", "--method", help="weighted (average) or minimum over supporting courses."),
    weights: Optional[str] = typer.Option(None, "--weights", help="Support strengths as weights, e.g. H=3,M=2,L=1."),
    as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
    as_json: bool = typer.Option(False, "--json", help="JSON for scripts."),
) -> None:
    """Graduation-requirement indicators' attainment through the training plan's support matrix."""
    from toolkit.attainment.indicators import indicator_report

    result = _run(lambda user: indicator_report(user, graph, term, method, weights), as_user)
    if as_json:
        emit(result, fmt=Format.json)
        return
    rows = [{"indicator": i["name"], "requirement": i["requirement"], "value": i["value"],
             "courses": ", ".join(f"{c['courseName']}({c['strength']})" for c in i["courses"] if c["value"] is not None),
             "missing": ", ".join(i["missing"])} for i in result["indicators"]]
    emit(rows, ["indicator", "requirement", "value", "courses", "missing"], Format.table, title=text("cli.attainment.indicators", method=method))


@app.command("list")
def list_assessments(graph: int = typer.Option(..., "--graph", help="The course-ability graph."),
                     as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP),
                     as_json: bool = typer.Option(False, "--json", help="JSON for scripts.")) -> None:
    """The graph's assessed classes by term."""
    from toolkit.attainment.records import list_assessments as listing

    rows = _run(lambda user: listing(user, graph), as_user)
    emit(rows, ["term", "className", "students", "items", "threshold", "updateTime"], Format.json if as_json else Format.table)


@app.command("delete")
def delete(graph: int = typer.Option(..., "--graph", help="The course-ability graph."),
           term: str = typer.Option(..., "--term", help="The term whose students' data goes."),
           class_name: Optional[str] = typer.Option(None, "--class", help="Only this class."),
           yes: bool = typer.Option(False, "--yes", help="Do not ask."),
           as_user: Optional[str] = typer.Option(None, "--as", help=AS_HELP)) -> None:
    """Delete a term's students' data (scores and classes) for a course."""
    from toolkit.attainment.records import delete_term

    if not yes and not typer.confirm(text("cli.attainment.confirm_delete", term=term, graph=graph)):
        raise typer.Exit(1)
    count = _run(lambda user: delete_term(user, graph, term, class_name), as_user)
    err.print(counted("cli.attainment.deleted", count))
