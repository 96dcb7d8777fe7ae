"""Portal content: help videos and documents, and the carousel images of the home page."""
from __future__ import annotations

import json
import re
from pathlib import Path

from toolkit import audit, roles, settings, uploads
from toolkit.admin.forms import DOC_KINDS, FormCheck
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.listing import check_paging
from toolkit.model import Carousel, HelpDoc, User
from toolkit.richtext import sanitise
IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png")
_MAGIC = {".png": (b"\x89PNG\r\n\x1a\n",), ".jpg": (b"\xff\xd8\xff",), ".jpeg": (b"\xff\xd8\xff",)}


# Help videos: short screen walkthroughs, kept in the uploads store by their content digest.
MEDIA_TYPES = {".webm": "video/webm", ".mp4": "video/mp4"}
_MEDIA_NAME = re.compile(r"^[0-9a-f]{64}\.(webm|mp4)$")


def _require_manager(actor: User) -> None:
    if actor.role not in (roles.SUPER, roles.ADMIN):
        raise Forbidden()


def _text(value) -> str:
    """A form's cleaned text as stored: trimmed, empty when left out."""
    return value.strip() if isinstance(value, str) else ""


def doc_view(doc: HelpDoc) -> dict:
    return {"id": doc.id, "kind": doc.kind, "title": doc.title, "url": doc.url, "body": doc.body, "sort": doc.sort,
            "updateTime": doc.updated_at.isoformat() if doc.updated_at else None}


async def list_docs(kind: str | None = None, page: int = 1, page_size: int = 100, title: str = "") -> tuple[list[dict], int]:
    """doc/list: help videos and documents, in their order."""
    check_paging(page, page_size)
    query = HelpDoc.all()
    if kind:
        if kind not in DOC_KINDS:
            raise ValidationError("error.field_invalid", field="kind")
        query = query.filter(kind=kind)
    if title.strip():
        query = query.filter(title__icontains=title.strip())
    total = await query.count()
    rows = await query.order_by("sort", "id").offset((page - 1) * page_size).limit(page_size)
    return [doc_view(d) for d in rows], total


async def save_doc(actor: User, data: dict, doc_id: int | None = None) -> dict:
    """Every invalid field of the form is answered at once (toolkit.admin.forms); a video needs its address."""
    _require_manager(actor)
    doc = HelpDoc() if doc_id is None else await HelpDoc.get_or_none(id=doc_id)
    if doc is None:
        raise NotFound(what="what.doc")
    form = FormCheck("doc")
    values = form.fields(data, doc_id is None)
    url = _text(values["url"]) if "url" in values else doc.url
    if values.get("kind", doc.kind) == "video" and not url:
        form.add("url", "form.required")
    form.done()
    if "kind" in values:
        doc.kind = values["kind"]
    if "title" in values:
        doc.title = _text(values["title"])
    doc.url = url or ""
    if "body" in data:
        doc.body = sanitise(data.get("body"))
    if "sort" in values:
        doc.sort = values["sort"] or 0
    await doc.save()
    await audit.record("doc.save", actor.id, "doc", doc.id)
    return doc_view(doc)


async def delete_doc(actor: User, doc_id: int) -> None:
    _require_manager(actor)
    if not await HelpDoc.filter(id=doc_id).delete():
        raise NotFound(what="what.doc")
    await audit.record("doc.delete", actor.id, "doc", doc_id)


async def load_help(folder: Path) -> list[str]:
    """The help documents and videos of a folder's help.json (the demo's examples/help): created
    once, by title, so an admin's edits stay; a video's file goes to the uploads store and is
    served by media(). The titles created are answered."""
    index = folder / "help.json"
    if not index.exists():
        return []
    created = []
    for spec in json.loads(index.read_text(encoding="utf-8"))["docs"]:
        if await HelpDoc.exists(title=spec["title"]):
            continue
        url = ""
        if spec.get("file"):
            stored = uploads.store(spec["file"], (folder / spec["file"]).read_bytes(), tuple(MEDIA_TYPES))
            url = f"/basic-api/api/doc/media/{stored['fileId']}{stored['suffix']}"
        await HelpDoc.create(kind=spec["kind"], title=spec["title"], body=sanitise(spec.get("body", "")), url=url, sort=spec.get("sort", 0))
        created.append(spec["title"])
    return created


def media(name: str) -> tuple[bytes, str]:
    """A help video by its stored name (digest + suffix), with its content type."""
    if not _MEDIA_NAME.match(name or ""):
        raise NotFound(what="what.doc")
    path = settings.uploads_dir() / name
    if not path.exists():
        raise NotFound(what="what.doc")
    return path.read_bytes(), MEDIA_TYPES[path.suffix]


def carousel_view(item: Carousel) -> dict:
    return {"id": item.id, "title": item.title, "imageUrl": f"/basic-api/api/carousel/image/{item.id}", "link": item.link,
            "sort": item.sort, "enabled": item.enabled}


async def list_carousel(include_disabled: bool = False) -> list[dict]:
    query = Carousel.all() if include_disabled else Carousel.filter(enabled=True)
    return [carousel_view(c) for c in await query.order_by("sort", "id")]


def _check_image(name: str, data: bytes) -> str:
    """The image's suffix, once it is a PNG or JPEG by its name and its first bytes."""
    suffix = uploads.check_suffix(name, IMAGE_SUFFIXES)
    if not any(data.startswith(magic) for magic in _MAGIC[suffix]):
        raise ValidationError("portal.not_an_image", name=name)
    return suffix


def _carousel_form(data: dict, image: tuple[str, bytes] | None, creating: bool) -> dict:
    """The carousel form checked whole (toolkit.admin.forms): every invalid field at once, the
    image's content included, before anything is stored."""
    form = FormCheck("carousel")
    values = form.fields({**data, "file": image[0] if image else None} if image or creating else data, creating)
    if image is not None:
        try:
            _check_image(*image)
        except ValidationError as exc:
            form.add("file", exc.key, **exc.params)
    form.done()
    return values


def _store_image(name: str, data: bytes) -> str:
    return uploads.store(name, data, IMAGE_SUFFIXES)["fileId"] + _check_image(name, data)


async def add_carousel(actor: User, data: dict, image: tuple[str, bytes] | None) -> dict:
    """data: title, link, sort (a form's text); image: the uploaded file's name and bytes."""
    _require_manager(actor)
    values = _carousel_form(data, image, True)
    item = await Carousel.create(title=_text(values["title"]), image_path=_store_image(*image), link=_text(values["link"]),
                                 sort=values["sort"] or 0)
    await audit.record("carousel.create", actor.id, "carousel", item.id)
    return carousel_view(item)


async def update_carousel(actor: User, item_id: int, data: dict, image: tuple[str, bytes] | None = None) -> dict:
    _require_manager(actor)
    item = await Carousel.get_or_none(id=item_id)
    if item is None:
        raise NotFound(what="what.carousel")
    values = _carousel_form(data, image, False)
    if "title" in values:
        item.title = _text(values["title"])
    if "link" in values:
        item.link = _text(values["link"])
    if "sort" in values:
        item.sort = values["sort"] or 0
    if "enabled" in data:
        item.enabled = str(data["enabled"]).lower() in ("1", "true", "yes")
    if image is not None:
        item.image_path = _store_image(*image)
    await item.save()
    await audit.record("carousel.update", actor.id, "carousel", item.id)
    return carousel_view(item)


async def delete_carousel(actor: User, item_id: int) -> None:
    _require_manager(actor)
    if not await Carousel.filter(id=item_id).delete():
        raise NotFound(what="what.carousel")
    await audit.record("carousel.delete", actor.id, "carousel", item_id)


async def carousel_image(item_id: int) -> tuple[bytes, str]:
    item = await Carousel.get_or_none(id=item_id, enabled=True)
    if item is None:
        raise NotFound(what="what.carousel")
    path = settings.uploads_dir() / Path(item.image_path).name
    if not path.exists():
        raise NotFound(what="what.file")
    return path.read_bytes(), "image/png" if path.suffix == ".png" else "image/jpeg"
