"""XMind: 2020+/Zen (content.json) and XMind 8 (content.xml). Notes become descriptions, labels
become tags, markers become `xmind:` tags (and markers again on export), relationships become
relations (Mutual unless the title names a relation type); a topic with no title (an image) is
named （无标题主题）."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from toolkit.errors import FormatError
from toolkit.formats.extras import apply_extras, node_extras
from toolkit.formats.limits import open_zip, parse_xml, read_bytes
from toolkit.formats.outline import OutlineItem, build
from toolkit.graphdoc import DocRelation, GraphDoc

NS = "{urn:xmind:xmap:xmlns:content:2.0}"
RELATION_TITLES = {"包含": "Contain", "先修": "Behind", "相关": "Mutual", "同义": "Synonym", "举例": "Example", "拓展": "Extend",
                   "支撑": "Support", "归属": "Belong", "验证": "Verify", "应用": "Apply"}


UNTITLED = "（无标题主题）"  # image-only topics are common in real maps


def marker_tags(marker_ids) -> list[str]:
    """XMind markers (priority-1, task-done, flag-red…) kept as tags, prefixed so they read as markers."""
    return [f"xmind:{marker}" for marker in marker_ids if marker]


def _relation_type(title: str | None) -> str:
    title = (title or "").strip()
    return RELATION_TITLES.get(title, title if title in RELATION_TITLES.values() else "Mutual")


def _zen(sheets: list, where: str) -> tuple[list[OutlineItem], list[DocRelation], str]:
    if not isinstance(sheets, list) or not sheets or not isinstance(sheets[0], dict) or "rootTopic" not in sheets[0]:
        raise FormatError("format.no_nodes", where=where)
    sheet = sheets[0]
    items: list[OutlineItem] = []

    def walk(topic: dict, level: int, trail: str) -> None:
        title = str(topic.get("title") or "").strip() or UNTITLED
        location = f"{where}: {trail}{' > ' if trail else ''}{title}"
        notes = ((topic.get("notes") or {}).get("plain") or {}).get("content") or ""
        markers = marker_tags(m.get("markerId") for m in topic.get("markers") or [] if isinstance(m, dict))
        item = OutlineItem(level, title, location, topic.get("id"), desc=notes.strip(),
                           tags=[str(label) for label in topic.get("labels") or []] + markers)
        apply_extras(item, topic.get("zhitu"))
        items.append(item)
        for child in (topic.get("children") or {}).get("attached") or []:
            walk(child, level + 1, f"{trail}{' > ' if trail else ''}{title}")

    walk(sheet["rootTopic"], 0, "")
    relations = [DocRelation(str(r.get("end1Id")), str(r.get("end2Id")), _relation_type(r.get("title")))
                 for r in sheet.get("relationships") or [] if r.get("end1Id") and r.get("end2Id")]
    return items, relations, str(sheet.get("title") or "")


def _legacy(root, where: str) -> tuple[list[OutlineItem], list[DocRelation], str]:
    sheet = root.find(f"{NS}sheet")
    topic = sheet.find(f"{NS}topic") if sheet is not None else None
    if topic is None:
        raise FormatError("format.no_nodes", where=where)
    items: list[OutlineItem] = []

    def walk(element, level: int, trail: str) -> None:
        title = (element.findtext(f"{NS}title") or "").strip() or UNTITLED
        location = f"{where}: {trail}{' > ' if trail else ''}{title}"
        notes = element.findtext(f"{NS}notes/{NS}plain") or ""
        labels = [label.text or "" for label in element.findall(f"{NS}labels/{NS}label")]
        markers = marker_tags(m.get("marker-id") for m in element.findall(f"{NS}marker-refs/{NS}marker-ref"))
        items.append(OutlineItem(level, title, location, element.get("id"), desc=notes.strip(), tags=[l for l in labels if l] + markers))
        for topics in element.findall(f"{NS}children/{NS}topics"):
            if topics.get("type") == "attached":
                for child in topics.findall(f"{NS}topic"):
                    walk(child, level + 1, f"{trail}{' > ' if trail else ''}{title}")

    walk(topic, 0, "")
    relations = [DocRelation(r.get("end1"), r.get("end2"), _relation_type(r.findtext(f"{NS}title")))
                 for r in sheet.findall(f"{NS}relationships/{NS}relationship") if r.get("end1") and r.get("end2")]
    return items, relations, sheet.findtext(f"{NS}title") or ""


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    where = Path(path).name
    archive = open_zip(read_bytes(path, data), where)
    names = set(archive.namelist())
    if "content.json" in names:
        try:
            sheets = json.loads(archive.read("content.json").decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            raise FormatError("format.bad_json", where=f"{where}: content.json", detail=str(exc)[:120]) from exc
        items, relations, _title = _zen(sheets, where)
    elif "content.xml" in names:
        items, relations, _title = _legacy(parse_xml(archive.read("content.xml"), f"{where}: content.xml"), where)
    else:
        raise FormatError("format.missing_member", where=where, member="content.json / content.xml")
    doc = build(items, where)
    known = {n.id for n, _p, _l in doc.walk()}
    doc.relations = [r for r in relations if r.start in known and r.target in known and r.start != r.target]
    return doc


def dumps(doc: GraphDoc) -> bytes:
    def topic(node) -> dict:
        data = {"id": node.id, "class": "topic", "title": node.name, "zhitu": node_extras(node)}
        if node.desc:
            data["notes"] = {"plain": {"content": node.desc}}
        labels = [t for t in node.tags if not t.startswith("xmind:")]
        markers = [t[len("xmind:"):] for t in node.tags if t.startswith("xmind:")]
        if labels:
            data["labels"] = labels
        if markers:
            data["markers"] = [{"markerId": m} for m in markers]
        if node.children:
            data["children"] = {"attached": [topic(child) for child in node.children]}
        return data

    names = {v: k for k, v in RELATION_TITLES.items()}
    sheet = {"id": "sheet-1", "class": "sheet", "title": doc.name, "rootTopic": topic(doc.root),
             "relationships": [{"id": f"rel-{i}", "end1Id": r.start, "end2Id": r.target, "title": names.get(r.type, r.type)}
                               for i, r in enumerate(doc.relations)]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("content.json", json.dumps([sheet], ensure_ascii=False))
        archive.writestr("metadata.json", json.dumps({"creator": {"name": "Zhitu"}}))
        archive.writestr("manifest.json", json.dumps({"file-entries": {"content.json": {}, "metadata.json": {}}}))
    return buffer.getvalue()


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))


# Reading every sheet (floating topics, summaries, callouts, links, images) lives in xmind_sheets;
# `read` and `read_all` are this format's entry points.
from toolkit.formats.xmind_sheets import read, read_all  # noqa: E402,F401
