"""Reading XMind files whole: every sheet (Zen/2020+ content.json and XMind 8 content.xml), each a
graph of its own. Floating (detached) topics go under the root, marked; summaries and callouts
stay under their topic, marked; web links stay on the node (attribute 链接); topic-to-topic links
and relationships become relations carrying their titles; topic images are kept on the node as a
data URI (attribute 图片). Empty sheets are skipped with a notice; everything else left out is
counted in the import report."""
from __future__ import annotations

import base64
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.errors import FormatError
from toolkit.formats import report
from toolkit.formats.extras import apply_extras
from toolkit.formats.limits import open_zip, parse_json, parse_xml, read_bytes
from toolkit.formats.outline import OutlineItem, build, paragraph_name
from toolkit.graphdoc import DocRelation, GraphDoc

NS = "{urn:xmind:xmap:xmlns:content:2.0}"
XLINK = "{http://www.w3.org/1999/xlink}href"
XHTML = "{http://www.w3.org/1999/xhtml}"
TOPIC_LINK = "xmind:#"
# Marks for topics that are not plain children, kept as tags so they can be found and filtered.
KIND_TAGS = {"detached": "xmind:floating", "summary": "xmind:summary", "callout": "xmind:callout"}
LINK_ATTRIBUTE = "链接"
IMAGE_ATTRIBUTE = "图片"
MAX_IMAGE_BYTES = 512 * 1024  # larger pictures are counted as not carried over
IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".svg": "image/svg+xml"}


@dataclass
class Sheet:
    title: str
    items: list[OutlineItem] = field(default_factory=list)
    relations: list[DocRelation] = field(default_factory=list)
    links: list[tuple[str, str, str]] = field(default_factory=list)  # (from id, to id, where)
    notes: report.ImportReport | None = None  # what reading this sheet reported, kept until it is chosen
    ids: set = field(default_factory=set)

    def empty(self) -> bool:
        from toolkit.formats.xmind import UNTITLED

        return len(self.items) <= 1 and (not self.items or self.items[0].name == UNTITLED)


def _image(archive: zipfile.ZipFile, src: str | None, where: str) -> str | None:
    """The picture a topic shows, as a data URI; None (and counted) when it cannot be kept."""
    if not src:
        return None
    member = src.split(":", 1)[1] if src.startswith("xap:") else src
    suffix = Path(member).suffix.lower()
    try:
        info = archive.getinfo(member)
    except KeyError:
        report.drop("image", where)
        return None
    if suffix not in IMAGE_TYPES or info.file_size > MAX_IMAGE_BYTES:
        report.drop("image", where)
        return None
    return f"data:{IMAGE_TYPES[suffix]};base64,{base64.b64encode(archive.read(member)).decode('ascii')}"


def _item(sheet: Sheet, level: int, title: str, topic_id: str | None, trail: str, where: str, *, notes: str, tags: list[str],
          href: str | None, image: str | None, kind: str) -> OutlineItem:
    from toolkit.formats.xmind import UNTITLED

    title, full_text = paragraph_name(title, f"{where}: {trail}")
    notes = "\n\n".join(part for part in (full_text, notes.strip()) if part)
    location = f"{where}: {trail}{' > ' if trail else ''}{title or UNTITLED}"
    if not title:
        report.warn("import.placeholder_name", location, reason="import.reason.image" if image else "import.reason.blank", name=UNTITLED)
    if topic_id in sheet.ids:
        topic_id = None  # a copied topic keeping its id: a new id, so both stay (links go to the first)
    if topic_id is not None:
        sheet.ids.add(topic_id)
    item = OutlineItem(level, title or UNTITLED, location, topic_id, desc=notes.strip(), tags=tags)
    if kind in KIND_TAGS:
        item.tags.append(KIND_TAGS[kind])
        if kind == "detached":
            report.warn("import.floating_topic", location)
    if href:
        if href.startswith(TOPIC_LINK):
            if topic_id:
                sheet.links.append((topic_id, href[len(TOPIC_LINK):], location))
        else:
            item.attributes[LINK_ATTRIBUTE] = href
    if image:
        item.attributes[IMAGE_ATTRIBUTE] = image
    sheet.items.append(item)
    return item


def _of(value, kind: type):
    """A JSON value of the expected kind, else its empty form (content.json is written by many tools)."""
    return value if isinstance(value, kind) else kind()


def _zen_sheet(raw: dict, archive: zipfile.ZipFile, where: str) -> Sheet:
    from toolkit.formats.xmind import marker_tags, relation_of

    sheet = Sheet(str(raw.get("title") or "").strip())
    # Iterative walk: (topic, level, trail, kind); children pushed in reverse to keep document order.
    stack = [(raw["rootTopic"], 0, "", "attached")]
    while stack:
        topic, level, trail, kind = stack.pop()
        if not isinstance(topic, dict):
            continue
        title = str(topic.get("title") or "").strip()
        notes = _of(_of(topic.get("notes"), dict).get("plain"), dict).get("content") or ""
        markers = marker_tags(m.get("markerId") for m in _of(topic.get("markers"), list) if isinstance(m, dict))
        src = _of(topic.get("image"), dict).get("src")
        image = _image(archive, src, f"{where}: {trail or title}") if isinstance(src, str) else None
        href = topic.get("href") if isinstance(topic.get("href"), str) else None
        topic_id = str(topic["id"]) if topic.get("id") not in (None, "") else None
        item = _item(sheet, level, title, topic_id, trail, where, notes=str(notes), href=href, image=image, kind=kind,
                     tags=[str(label) for label in _of(topic.get("labels"), list)] + markers)
        apply_extras(item, topic.get("zhitu") if isinstance(topic.get("zhitu"), str) else None)
        if _of(topic.get("boundaries"), list):
            report.drop("boundary", item.where, len(topic["boundaries"]))
        children = _of(topic.get("children"), dict)
        child_trail = f"{trail}{' > ' if trail else ''}{item.name}"
        pending = []
        for child_kind in ("attached", "callout", "summary", "detached"):
            for child in _of(children.get(child_kind), list):
                pending.append((child, level + 1, child_trail, child_kind))
        stack.extend(reversed(pending))
    for relation in _of(raw.get("relationships"), list):
        if isinstance(relation, dict) and relation.get("end1Id") and relation.get("end2Id"):
            title = str(relation.get("title") or "").strip()
            sheet.relations.append(relation_of(str(relation["end1Id"]), str(relation["end2Id"]), title, relation.get("zhituType")))
    return sheet


def _legacy_sheet(element, archive: zipfile.ZipFile, where: str) -> Sheet:
    from toolkit.formats.xmind import marker_tags, relation_of

    sheet = Sheet((element.findtext(f"{NS}title") or "").strip())
    root = element.find(f"{NS}topic")
    if root is None:
        return sheet
    stack = [(root, 0, "", "attached")]
    while stack:
        topic, level, trail, kind = stack.pop()
        title = (topic.findtext(f"{NS}title") or "").strip()
        notes = topic.findtext(f"{NS}notes/{NS}plain") or ""
        labels = [label.text or "" for label in topic.findall(f"{NS}labels/{NS}label")]
        markers = marker_tags(m.get("marker-id") for m in topic.findall(f"{NS}marker-refs/{NS}marker-ref"))
        picture = topic.find(f"{XHTML}img")
        image = _image(archive, picture.get(f"{XHTML}src"), f"{where}: {trail or title}") if picture is not None else None
        item = _item(sheet, level, title, topic.get("id"), trail, where, notes=notes, href=topic.get(XLINK), image=image, kind=kind,
                     tags=[label for label in labels if label] + markers)
        boundaries = topic.findall(f"{NS}boundaries/{NS}boundary")
        if boundaries:
            report.drop("boundary", item.where, len(boundaries))
        child_trail = f"{trail}{' > ' if trail else ''}{item.name}"
        pending = []
        for topics in topic.findall(f"{NS}children/{NS}topics"):
            child_kind = topics.get("type") or "attached"
            for child in topics.findall(f"{NS}topic"):
                pending.append((child, level + 1, child_trail, child_kind))
        order = {"attached": 0, "callout": 1, "summary": 2, "detached": 3}
        pending.sort(key=lambda entry: order.get(entry[3], 0))
        stack.extend(reversed(pending))
    for relation in element.findall(f"{NS}relationships/{NS}relationship"):
        if relation.get("end1") and relation.get("end2"):
            title = (relation.findtext(f"{NS}title") or "").strip()
            sheet.relations.append(relation_of(relation.get("end1"), relation.get("end2"), title))
    return sheet


def read_sheets(path: str | Path, data: bytes | None = None) -> list[Sheet]:
    where = Path(path).name
    archive = open_zip(read_bytes(path, data), where)
    names = set(archive.namelist())
    if "content.json" in names:
        raw = parse_json(archive.read("content.json"), f"{where}: content.json")
        if not isinstance(raw, list):
            raise FormatError("format.no_nodes", where=where)
        raws = [s for s in raw if isinstance(s, dict) and isinstance(s.get("rootTopic"), dict)]
        read_one = _zen_sheet
    elif "content.xml" in names:
        raws = parse_xml(archive.read("content.xml"), f"{where}: content.xml").findall(f"{NS}sheet")
        read_one = _legacy_sheet
    else:
        raise FormatError("format.missing_member", where=where, member="content.json / content.xml")
    sheets = []
    for raw_sheet in raws:
        with report.collecting(where) as notes:
            sheet = read_one(raw_sheet, archive, where)
        sheet.notes = notes
        sheets.append(sheet)
    return sheets


def _adopt(notes: report.ImportReport | None) -> None:
    """A chosen sheet's notes join the import's report."""
    if notes is None:
        return
    current = report.current()
    current.warnings.extend(notes.warnings)
    current.notices.extend(notes.notices)
    current.not_carried.update(notes.not_carried)


def _document(sheet: Sheet, where: str, name: str | None) -> GraphDoc:
    doc = build(sheet.items, where, name=name)
    known = {n.id for n, _p, _l in doc.walk()}
    relations = []
    for relation in sheet.relations:
        if relation.start in known and relation.target in known and relation.start != relation.target:
            relations.append(relation)
        else:
            report.drop("relationship", where)
    for start, target, location in sheet.links:
        if target in known and target != start:
            relations.append(DocRelation(start, target, "Mutual", LINK_ATTRIBUTE))
        else:
            # A link to another sheet or to a topic that is not there: keep where it pointed.
            report.drop("relationship", location)
    doc.relations = relations
    return doc


def read_all(path: str | Path, data: bytes | None = None, sheet: str | None = None) -> list[GraphDoc]:
    """One graph per non-empty sheet, named after the sheet when there are several (after the
    central topic when there is one); `sheet` (a title, or a number from 1) picks one."""
    where = Path(path).name
    sheets = read_sheets(path, data)
    for number, found in enumerate(sheets, 1):
        if found.empty():
            report.notice("import.empty_sheet", where, sheet=found.title or str(number))
            report.current().not_carried["empty_sheet"] += 1
    full = [(number, s) for number, s in enumerate(sheets, 1) if not s.empty()]
    if sheet is not None:
        chosen = [(n, s) for n, s in enumerate(sheets, 1) if s.title == sheet or str(n) == str(sheet)]
        if not chosen:
            raise FormatError("format.no_sheet", where=where, sheet=sheet,
                              sheets="、".join(s.title or str(n) for n, s in enumerate(sheets, 1)))
        full = chosen
    if not full:
        raise FormatError("format.no_nodes", where=where)
    docs = []
    for number, found in full:
        _adopt(found.notes)
        name = (found.title or None) if len(full) > 1 else None
        doc = _document(found, f"{where}: {found.title or number}" if len(sheets) > 1 else where, name)
        if len(full) > 1:
            report.notice("import.sheet_graph", where, sheet=found.title or str(number), name=doc.name)
        docs.append(doc)
    return docs


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    """The first non-empty sheet (an edited export merged back has one)."""
    return read_all(path, data)[0]
