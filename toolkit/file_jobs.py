"""Graph files for the server: imports, exports (drawings too) and merges of uploaded files, run off
its event loop in the offload pool (toolkit.offload), where reading, storing, writing and drawing
can take seconds without stalling any other request. Tiny ones run in place: a worker round trip
costs more than they do.

Each job takes the user by id and opens everything it needs itself; rights are checked in the job
(the toolkit functions it calls check them), so what runs in a worker is what would run in place.
"""
from __future__ import annotations

from toolkit import imports, offload
from toolkit.formats.report import ImportReport
from toolkit.graphs.guard import open_graph
from toolkit.model import User

# Below these a file is read and stored (or a graph written) in place: tens of milliseconds at most.
INLINE_BYTES = 4 * 1024
INLINE_NODES = 300


async def _user(user_id: int) -> User:
    return await User.get(id=user_id)


# -- what runs (in a worker, or in place) ------------------------------------------------------

async def _import(user: User, filename: str, data: bytes, project_id: int | None, template_code: str | None,
                  name: str | None, sheet: str | None = None) -> tuple[list[int], ImportReport]:
    """Every graph the file holds (one per non-empty sheet unless `sheet` picks one) and its report."""
    docs, report = imports.read_documents(filename, data, sheet=sheet)
    graphs = await imports.import_documents(user, docs, report, project_id, template_code, name)
    return [graph.id for graph in graphs], report


def _preview(filename: str, data: bytes, sheet: str | None) -> dict:
    docs, problems, report = imports.validate_documents(filename, data=data, sheet=sheet)
    # Problems travel as (key, parameters): they are shown in the caller's language.
    return {"sheets": [{"name": doc.name, "nodes": doc.node_count()} for doc in docs],
            "problems": [(problem.key, problem.params) for problem in problems], "report": report}


async def _import_job(user_id: int, *args) -> int:
    return await _import(await _user(user_id), *args)


async def _export_job(user_id: int, graph_id: int, fmt: str, lang: str = "zh-CN") -> tuple[bytes, str]:
    return await imports.export_graph(await _user(user_id), graph_id, fmt, lang)


async def _merge(user: User, graph_id: int, filename: str, data: bytes, apply: bool, lang: str | None = None) -> dict:
    docs, collected = imports.read_documents(filename, data)
    return await imports.merge_document(user, graph_id, docs[0], apply, collected, lang)


async def _merge_job(user_id: int, *args) -> dict:
    return await _merge(await _user(user_id), *args)


# -- what the server calls ---------------------------------------------------------------------

async def import_upload(user: User, filename: str, data: bytes, project_id: int | None = None,
                        template_code: str | None = None, name: str | None = None) -> int:
    """A new graph from an uploaded file, all or nothing; returns the (first) graph's id."""
    graph_ids, _report = await import_upload_report(user, filename, data, project_id, template_code, name)
    return graph_ids[0]


async def import_upload_report(user: User, filename: str, data: bytes, project_id: int | None = None,
                               template_code: str | None = None, name: str | None = None,
                               sheet: str | None = None) -> tuple[list[int], ImportReport]:
    """New graphs from an uploaded file (one per non-empty sheet, or the chosen `sheet`), all or
    nothing: their ids and the import report."""
    if len(data) <= INLINE_BYTES:
        return await _import(user, filename, data, project_id, template_code, name, sheet)
    return await offload.run_with_database(_import_job, user.id, filename, data, project_id, template_code, name, sheet)


async def preview_upload(filename: str, data: bytes, sheet: str | None = None) -> dict:
    """What importing the file would give, without storing anything: {sheets: [{name, nodes}],
    problems: [(message key, parameters)], report} (the web import dialog's sheet picker and report)."""
    if len(data) <= INLINE_BYTES:
        return _preview(filename, data, sheet)
    return await offload.run(_preview, filename, data, sheet)


async def export(user: User, graph_id: int, fmt: str, lang: str = "zh-CN") -> tuple[bytes, str]:
    """The graph as a file (or a drawing): (bytes, file name); types, relations and attributes named in `lang`."""
    access = await open_graph(user, graph_id)
    if access.graph.node_count <= INLINE_NODES:
        return await imports.export_graph(user, graph_id, fmt, lang)
    return await offload.run_with_database(_export_job, user.id, graph_id, fmt, lang)


async def merge_upload(user: User, graph_id: int, filename: str, data: bytes, apply: bool, lang: str | None = None) -> dict:
    """An edited export back into its graph: the diff, applied when asked (imports.merge_document)."""
    access = await open_graph(user, graph_id, edit=apply)
    if len(data) <= INLINE_BYTES and access.graph.node_count <= INLINE_NODES:
        return await _merge(user, graph_id, filename, data, apply, lang)
    return await offload.run_with_database(_merge_job, user.id, graph_id, filename, data, apply, lang)
