"""`zhitu import` and `zhitu validate`: files in, every graph a file holds, and the import report
(nodes read and created, what was not carried over, every warning with its location)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from toolkit.cli.output import Format, counted, emit, err, label
from toolkit.messages import text



def _reader_options(levels: Optional[str], name_col: Optional[str], from_layout: bool, each_sheet: bool = False) -> dict:
    options: dict = {}
    if each_sheet:
        options["each_sheet"] = True
    if levels:
        options["levels"] = [part.strip() for part in levels.replace("，", ",").split(",") if part.strip()]
    if name_col:
        options["name_col"] = name_col
    if from_layout:
        options["from_layout"] = True
    return options


def _print_report(collected, lang: str) -> None:
    data = collected.as_dict(lang)
    nodes = counted("cli.count.nodes", data["nodesRead"])
    err.print("  " + (text("cli.import.read_created", nodes=nodes, created=data["nodesCreated"]) if data["nodesCreated"]
                      else text("cli.import.read", nodes=nodes)))
    for entry in data["notCarried"]:
        err.print("  " + text("cli.import.not_carried", label=entry["label"], count=entry["count"]))
    for note in data["notices"]:
        err.print(f"  {label('cli.label.note', 'cyan')} {note['message']}")
    for note in data["warnings"]:
        err.print(f"  {label('cli.label.warning', 'yellow')} {note['message']}")


def _change_rows(path: Path, diff: dict) -> list[dict]:
    rows = []
    for change in diff["nodes"]:
        detail = {"renamed": lambda c: f"{c['oldName']} → {c['name']}", "moved": lambda c: text("cli.change.moved_from", path=c["oldPath"]),
                  "changed": lambda c: ", ".join(c["fields"])}.get(change["kind"], lambda c: "")(change)
        rows.append({"change": text(f"cli.change.{change['kind']}"), "path": change["path"], "detail": detail})
    for key, relations in (("cli.change.relation_added", diff["relationsAdded"]), ("cli.change.relation_removed", diff["relationsRemoved"])):
        rows.extend({"change": text(key), "path": f"{r['start']} → {r['target']}", "detail": r["type"]} for r in relations)
    return rows


def import_files(
    files: List[Path] = typer.Argument(..., help=text("help.import.files")),
    project: Optional[int] = typer.Option(None, "--project", help=text("help.import.project")),
    template: Optional[str] = typer.Option(None, "--template", help=text("help.import.template")),
    into: Optional[int] = typer.Option(None, "--into", help=text("help.import.into")),
    apply: bool = typer.Option(False, "--apply", help=text("help.import.apply")),
    sheet: Optional[str] = typer.Option(None, "--sheet", help=text("help.reader.sheet")),
    levels: Optional[str] = typer.Option(None, "--levels", help=text("help.reader.levels")),
    name_col: Optional[str] = typer.Option(None, "--name-col", help=text("help.reader.name_col")),
    from_layout: bool = typer.Option(False, "--from-layout", help=text("help.import.from_layout")),
    each_sheet: bool = typer.Option(False, "--each-sheet", help=text("help.reader.each_sheet")),
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    as_json: bool = typer.Option(False, "--json", help=text("help.import.json")),
) -> None:
    from toolkit import db, imports, messages
    from toolkit.accounts import operator
    from toolkit.cli.main import run_async

    lang = messages.system_lang()
    options = _reader_options(levels, name_col, from_layout, each_sheet)

    async def body():
        results = []
        async with db.opened():
            user = await operator(as_user)
            for path in files:
                docs, collected = imports.read_documents(path, sheet=sheet, **options)
                if into is not None:
                    result = await imports.merge_document(user, into, docs[0], apply, collected, lang)
                    if as_json:
                        results.append({"file": str(path), "graphId": into, **result["diff"]["counts"],
                                        "applied": result["applied"] is not None, "backupVersion": result["backupVersion"],
                                        "problems": result["problems"], "changes": result["diff"]["nodes"],
                                        "report": collected.as_dict(lang)})
                    else:
                        # One row a change, with the node's path, so the preview can be checked before --apply.
                        results.extend(_change_rows(path, result["diff"]))
                        err.print(f"{path}: " + text("cli.separator").join(f"{text('cli.change.' + kind)} {count}"
                                                                             for kind, count in result["diff"]["counts"].items()))
                        if result["backupVersion"] is not None:
                            err.print("  " + text("cli.import.backup", version=result["backupVersion"]))
                        for problem in result["problems"]:
                            err.print(f"  {label('cli.label.problem', 'red')} {problem}")
                        _print_report(collected, lang)
                    continue
                graphs = await imports.import_documents(user, docs, collected, project, template)
                for graph in graphs:
                    results.append({"file": str(path), "graphId": graph.id, "name": graph.name, "nodes": graph.node_count})
                if as_json:
                    results[-1]["report"] = collected.as_dict(lang)
                else:
                    err.print(f"{path}:")
                    _print_report(collected, lang)
        return results

    results = run_async(body)()
    emit(results, None if as_json else ["file", "graphId", "name", "nodes"] if into is None else ["change", "path", "detail"],
         Format.json if as_json else Format.table)


def validate(
    files: List[Path] = typer.Argument(..., help=text("help.validate.files")),
    template: Optional[str] = typer.Option(None, "--template", help=text("help.validate.template")),
    sheet: Optional[str] = typer.Option(None, "--sheet", help=text("help.reader.sheet")),
    levels: Optional[str] = typer.Option(None, "--levels", help=text("help.reader.levels")),
    name_col: Optional[str] = typer.Option(None, "--name-col", help=text("help.reader.name_col")),
    from_layout: bool = typer.Option(False, "--from-layout", help=text("help.validate.from_layout")),
    each_sheet: bool = typer.Option(False, "--each-sheet", help=text("help.reader.each_sheet")),
    explain: bool = typer.Option(False, "--explain", help=text("help.validate.explain")),
    as_json: bool = typer.Option(False, "--json", help=text("help.validate.json")),
) -> None:
    from toolkit import messages
    from toolkit.errors import FormatError
    from toolkit.imports import validate_documents

    lang = messages.system_lang()
    options = _reader_options(levels, name_col, from_layout, each_sheet)
    entries = []
    for path in files:
        try:
            docs, problems, collected = validate_documents(path, template, sheet=sheet, **options)
        except Exception as exc:  # noqa: BLE001 - one broken file is one line, and the next file is still checked
            from toolkit.formats.report import ImportReport

            docs, problems, collected = [], [FormatError("format.unreadable", where=path.name, detail=type(exc).__name__)], ImportReport(path.name)
        entries.append((path, docs, problems, collected))
    report = [{"file": str(path), "valid": not problems, "nodes": sum(d.node_count() for d in docs),
               "graphs": [{"name": d.name, "nodes": d.node_count()} for d in docs],
               "problems": [p.message(lang) for p in problems], "report": collected.as_dict(lang)}
              for path, docs, problems, collected in entries]
    if as_json:
        emit(report, fmt=Format.json)
    else:
        for (path, docs, problems, collected), entry in zip(entries, report):
            mark = label("cli.label.ok", "green") if entry["valid"] else label("cli.label.invalid", "red")
            nodes = counted("cli.count.nodes", entry["nodes"])
            summary = (text("cli.validate.summary_graphs", file=path, nodes=nodes, graphs=counted("cli.count.graphs", len(docs)))
                       if len(docs) > 1 else text("cli.validate.summary", file=path, nodes=nodes))
            err.print(f"{mark} {summary}")
            for problem in entry["problems"]:
                err.print(f"  - {problem}")
            if explain:
                _print_report(collected, lang)
                for doc in docs:
                    _print_tree(doc)
    if not all(entry["valid"] for entry in report):
        raise typer.Exit(1)


def _print_tree(doc, depth: int = 3, per_level: int = 8) -> None:
    """The first levels of a graph, so a person sees what the import would give."""
    from rich.markup import escape

    err.print(f"  {text('cli.label.graph')} [bold]{escape(doc.name)}[/bold]")
    shown: dict[int, int] = {}
    for node, _parent, level in doc.walk():
        if level > depth:
            continue
        shown[level] = shown.get(level, 0) + 1
        if shown[level] <= per_level * (level + 1):
            err.print(f"  {'  ' * level}- {escape(node.name[:80])}")
    sys.stderr.flush()
