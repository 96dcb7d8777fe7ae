"""The text-material library: add, list, read, delete sources, and the data behind
/image_text_compare/{sourceId} (the page image beside its text, line by line)."""
from __future__ import annotations

import asyncio
import hashlib
from pathlib import Path

from tortoise.expressions import Q

from toolkit import audit, roles, settings
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.access import visible_filter
from toolkit.graphs.guard import open_graph
from toolkit.graphs.listing import check_paging
from toolkit.mining import ocr, rights
from toolkit.mining.documents import IMAGE_SUFFIXES, Document, read_document
from toolkit.model import Graph, ProjectMember, TextSource, User
from toolkit.uploads import check_suffix


def source_view(source: TextSource, with_text: bool = False) -> dict:
    view = {"id": source.id, "name": source.name, "suffix": source.suffix, "size": source.size, "state": source.state,
            "error": source.error, "graphId": source.graph_id, "projectId": source.project_id,
            "createUserId": source.create_user_id, "pageCount": source.page_count, "charCount": len(source.text or ""),
            "ocr": any(page.get("ocr") for page in (source.layout or {}).get("pages", [])),
            # Pages OCR could not read reliably (handwriting): kept for the compare view, not mined.
            "unreliablePages": Document.from_layout("", {"pages": (source.layout or {}).get("pages", [])}).unreliable_pages(),
            "createTime": source.created_at.isoformat() if source.created_at else None}
    if with_text:
        view["text"] = source.text
        view["paragraphs"] = (source.layout or {}).get("paragraphs", [])
        view["pages"] = (source.layout or {}).get("pages", [])
        view["bookmarks"] = (source.layout or {}).get("bookmarks", [])
    return view


async def _visible_query(user: User):
    if user.role == roles.SUPER:
        return TextSource.all()
    graph_filter = await visible_filter(user, by_role=True)
    graph_ids = await Graph.filter(graph_filter).values_list("id", flat=True) if graph_filter is not None else []
    project_ids = await ProjectMember.filter(user_id=user.id).values_list("project_id", flat=True)
    condition = Q(create_user_id=user.id) | Q(graph_id__in=list(graph_ids)) | Q(project_id__in=list(project_ids))
    if user.role == roles.ADMIN and user.unit_id:
        condition |= Q(create_user__unit_id=user.unit_id)
    return TextSource.filter(condition)


async def get_source(user: User, source_id: int) -> TextSource:
    """A source the caller may see; NotFound for one that does not exist."""
    source = await TextSource.get_or_none(id=source_id)
    if source is None:
        raise NotFound(what="what.source")
    if not await (await _visible_query(user)).filter(id=source_id).exists():
        raise Forbidden()
    return source


async def add_source(user: User, name: str, data: bytes, graph_id: int | None = None,
                     project_id: int | None = None) -> dict:
    """Read the file to normalised text first: a file that cannot be read leaves no row behind."""
    name = Path(name or "").name
    suffix = check_suffix(name)
    await rights.check_write(user, graph_id=graph_id, project_id=project_id, owner_id=user.id)
    if graph_id is not None:
        project_id = (await open_graph(user, graph_id, edit=True)).graph.project_id
    document = await asyncio.to_thread(read_document, name, data)
    digest = hashlib.sha256(data).hexdigest()
    path = settings.uploads_dir() / f"{digest}{suffix}"
    if not path.exists():
        path.write_bytes(data)
    source = await TextSource.create(name=name, suffix=suffix, file_path=str(path), size=len(data), sha256=digest,
                                     graph_id=graph_id, project_id=project_id, create_user_id=user.id, state="ready",
                                     text=document.text, layout=document.layout(), page_count=len(document.pages))
    await audit.record("source.add", user.id, "text_source", source.id, name=name)
    return source_view(source)


async def list_sources(user: User, page: int = 1, page_size: int = 10, graph_id: int | None = None,
                       keyword: str = "", bank: bool = False) -> tuple[list[dict], int]:
    """`bank` is the back office's view (admins and super admins): every source of the unit."""
    check_paging(page, page_size)
    if bank:
        if user.role not in (roles.SUPER, roles.ADMIN):
            raise Forbidden()
        query = TextSource.all() if user.role == roles.SUPER else TextSource.filter(create_user__unit_id=user.unit_id)
    else:
        query = await _visible_query(user)
    if graph_id is not None:
        query = query.filter(graph_id=graph_id)
    if keyword.strip():
        query = query.filter(name__icontains=keyword.strip())
    total = await query.count()
    rows = await query.order_by("-id").offset((page - 1) * page_size).limit(page_size)
    return [source_view(row) for row in rows], total


async def source_detail(user: User, source_id: int) -> dict:
    return source_view(await get_source(user, source_id), with_text=True)


async def _check_source_write(user: User, source: TextSource) -> None:
    """Deleting or moving a source: the right to edit its graph (else its project, else its
    owner's, or their unit admin's for the bank)."""
    owner_unit_id = await User.filter(id=source.create_user_id).first().values_list("unit_id", flat=True) \
        if source.create_user_id else None
    await rights.check_write(user, graph_id=source.graph_id, project_id=source.project_id, owner_id=source.create_user_id,
                             owner_unit_id=owner_unit_id)


async def delete_source(user: User, source_id: int) -> None:
    source = await get_source(user, source_id)
    await _check_source_write(user, source)
    await source.delete()
    await audit.record("source.delete", user.id, "text_source", source_id)


async def rebind_source(user: User, source_id: int, graph_id: int | None) -> dict:
    """Bind an existing source to another graph (None: to no graph). The same people who may
    delete it may move it, and only onto a graph they may edit; the source takes that graph's
    project. Tasks already started keep the graph they were started for, and their results,
    pending or accepted, stay with those tasks (a result carries its own passage, so its review
    does not depend on still seeing the source): rebinding only decides where new tasks and the
    graph's material list find the source."""
    source = await get_source(user, source_id)
    await _check_source_write(user, source)
    if graph_id is not None:
        access = await open_graph(user, graph_id, edit=True)
        source.project_id = access.graph.project_id
    previous = source.graph_id
    source.graph_id = graph_id
    await source.save(update_fields=["graph_id", "project_id"])
    await audit.record("source.rebind", user.id, "text_source", source.id, graph=graph_id, previous=previous)
    return source_view(source)


async def source_document(source: TextSource) -> Document:
    return Document.from_layout(source.text, source.layout)


def compare_view(source: TextSource, image_base: str) -> dict:
    """Pages with their image address (`image_base`/{page}) and recognised lines (or text-layer
    paragraphs) with boxes: the image-text compare screen, signed in or public."""
    document = Document.from_layout(source.text, source.layout)
    has_image = source.suffix in IMAGE_SUFFIXES or source.suffix == ".pdf"
    pages = []
    for page in document.pages:
        rows = [{"text": document.text[line.start:line.end], "box": line.box, "start": line.start, "end": line.end,
                 "confidence": line.confidence} for line in document.lines if line.page == page.page]
        if not rows:
            rows = [{"text": document.text[p.start:p.end], "box": p.box, "start": p.start, "end": p.end, "confidence": None}
                    for p in document.paragraphs if p.page == page.page]
        pages.append({"page": page.page, "width": page.width, "height": page.height, "ocr": page.ocr,
                      "ocrConfidence": page.ocr_confidence, "unreliable": page.unreliable,
                      "image": f"{image_base}/{page.page}" if has_image else None, "lines": rows})
    return {"id": source.id, "name": source.name, "suffix": source.suffix, "pages": pages}


async def image_text_compare(user: User, source_id: int) -> dict:
    source = await get_source(user, source_id)
    return compare_view(source, f"/api/excavate/textSource/{source.id}/page")


async def page_image_of(source: TextSource, page: int) -> tuple[bytes, str]:
    """The image of one page: the upload itself for an image, a rendering for a PDF page."""
    if page < 1 or page > max(source.page_count, 1):
        raise NotFound(what="what.page")
    try:
        data = Path(source.file_path).read_bytes()
    except OSError as exc:
        raise NotFound(what="what.file") from exc
    if source.suffix in IMAGE_SUFFIXES:
        return data, "image/png" if source.suffix == ".png" else "image/jpeg"
    if source.suffix == ".pdf":
        image, _w, _h = await asyncio.to_thread(ocr.render_pdf_page, data, page, source.name, 100)
        return image, "image/png"
    raise ValidationError("mining.no_page_image")


async def page_image(user: User, source_id: int, page: int) -> tuple[bytes, str]:
    return await page_image_of(await get_source(user, source_id), page)
