"""Graph files over HTTP: create from a file, upload and download .edg, export, merge an edited export."""
import asyncio

from sanic import Blueprint, Request
from sanic.response import raw

from service.access import ADMIN, EXPERT, SUPER, access
from service.envelope import lang_of, ok
from service.request_data import bounded, parse_json, query_int, query_text, required_query_int
from toolkit import file_jobs, formats, messages, uploads
from toolkit.errors import ValidationError, ZhituError
from toolkit.graphs import crud

bp = Blueprint("graph_files", url_prefix="/api/graph")
files_bp = Blueprint("files", url_prefix="/api")
CONTENT_TYPES = {"edg": "application/zip", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                 "xmind": "application/zip", "md": "text/markdown; charset=utf-8", "opml": "text/x-opml; charset=utf-8",
                 "mm": "application/x-freemind; charset=utf-8",
                 "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                 "svg": "image/svg+xml", "png": "image/png", "pdf": "application/pdf"}


def uploaded(request: Request):
    upload = request.files.get("file")
    if upload is None:
        raise ValidationError("upload.file_required")
    return upload


def form_int(request: Request, name: str, required: bool = False) -> int | None:
    value = request.form.get(name)
    if value in (None, ""):
        if required:
            raise ValidationError("error.field_required", field=name)
        return None
    try:
        return int(value)
    except ValueError as exc:
        raise ValidationError("error.field_invalid", field=name) from exc


def download(data: bytes, name: str, fmt: str):
    from urllib.parse import quote

    return raw(data, content_type=CONTENT_TYPES.get(fmt, "application/octet-stream"),
               headers={"Content-Disposition": f"attachment; filename*=UTF-8''{quote(name)}"})


async def create_from_upload(request: Request) -> dict:
    """The (first) new graph's detail, with every new graph's id and the import report."""
    upload = uploaded(request)
    graph_ids, report = await file_jobs.import_upload_report(
        request.ctx.user, upload.name, upload.body, form_int(request, "projectId"), request.form.get("templateCode") or None,
        request.form.get("name") or None, request.form.get("sheet") or None)
    detail = await crud.graph_detail(request.ctx.user, graph_ids[0])
    return {**detail, "graphIds": graph_ids, "importReport": report.as_dict(lang_of(request))}


@bp.post("/file/preview")
@access(SUPER, ADMIN, EXPERT)
async def preview_upload(request: Request):
    """What importing the file would give, nothing stored: its sheets (for the sheet picker), the
    problems that would refuse it and the import report."""
    upload = uploaded(request)
    preview = await file_jobs.preview_upload(upload.name, upload.body, request.form.get("sheet") or None)
    lang = lang_of(request)
    return ok(request, {"sheets": preview["sheets"], "problems": [messages.text(key, lang, **params) for key, params in preview["problems"]],
                        "importReport": preview["report"].as_dict(lang)})


@bp.post("/file/upload/edg")
@access(SUPER, ADMIN, EXPERT)
async def upload_edg(request: Request):
    formats.format_of(uploaded(request).name)
    return ok(request, await create_from_upload(request))


@bp.get("/file/download/edg")
@access()
async def download_edg(request: Request):
    data, name = await file_jobs.export(request.ctx.user, required_query_int(request, "graphId"), "edg")
    return download(data, name, "edg")


@bp.post("/file/convertPdf")
@access()
async def convert_pdf(request: Request):
    """The graph drawn as a PDF (SPEC §7 file/convertPdf)."""
    data = parse_json(request.body) if request.body and request.body.strip() else None
    graph_id = (data or {}).get("graphId") if isinstance(data, dict) else None
    if graph_id is None:
        graph_id = query_int(request, "graphId")
    if not isinstance(graph_id, int) or isinstance(graph_id, bool):
        raise ValidationError("error.field_required", field="graphId")
    bounded(graph_id, "graphId")
    pdf, name = await file_jobs.export(request.ctx.user, graph_id, "pdf")
    return download(pdf, name, "pdf")


@bp.get("/file/export")
@access()
async def export(request: Request):
    fmt = query_text(request, "format") or "edg"
    # The names shown in the file follow the caller's language (a `lang` query, else Accept-Language).
    lang = messages.normalise_lang(query_text(request, "lang") or request.headers.get("accept-language"))
    data, name = await file_jobs.export(request.ctx.user, required_query_int(request, "graphId"), fmt, lang)
    return download(data, name, fmt)


MERGE_CHECK_SECONDS = 120  # SPEC §9: merge checks and previews 2 minutes


async def _merge(request: Request, apply: bool):
    upload = uploaded(request)
    work = file_jobs.merge_upload(request.ctx.user, form_int(request, "graphId", required=True), upload.name, upload.body, apply,
                                  lang_of(request))
    if apply:
        result = await work
    else:
        try:
            result = await asyncio.wait_for(work, MERGE_CHECK_SECONDS)
        except asyncio.TimeoutError as exc:
            raise ZhituError("error.too_slow", seconds=MERGE_CHECK_SECONDS) from exc
    return {**result, "report": result["report"].as_dict(lang_of(request))}


@bp.post("/uploadMergeCheck")
@access()
async def upload_merge_check(request: Request):
    result = await _merge(request, apply=False)
    return ok(request, {"ok": not result["problems"], "problems": result["problems"], "counts": result["diff"]["counts"],
                        "changes": result["diff"]["nodes"], "importReport": result["report"]})


@bp.post("/uploadMergePrepare")
@access()
async def upload_merge_prepare(request: Request):
    return ok(request, await _merge(request, apply=False))


@bp.post("/file/uploadMerge")
@access(SUPER, ADMIN, EXPERT)
async def upload_merge(request: Request):
    return ok(request, await _merge(request, apply=True))


@files_bp.post("/file")
@access(SUPER, ADMIN, EXPERT)
async def upload_file(request: Request):
    upload = uploaded(request)
    return ok(request, uploads.store(upload.name, upload.body))
