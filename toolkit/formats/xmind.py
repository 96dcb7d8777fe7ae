"""XMind: 2020+/Zen (content.json) and XMind 8 (content.xml). Notes become descriptions, labels
become tags, markers become `xmind:` tags (and markers again on export), relationships become
relations (Mutual unless the title names a relation type); a topic with no title (an image) is
named （无标题主题）."""
from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from toolkit.formats.extras import node_extras
from toolkit.formats.labels import Labels
from toolkit.graphdoc import DocRelation, GraphDoc

NS = "{urn:xmind:xmap:xmlns:content:2.0}"
RELATION_TITLES = {"包含": "Contain", "先修": "Behind", "相关": "Mutual", "同义": "Synonym", "举例": "Example", "拓展": "Extend",
                   "支撑": "Support", "归属": "Belong", "验证": "Verify", "应用": "Apply"}


UNTITLED = "（无标题主题）"  # image-only topics are common in real maps


def marker_tags(marker_ids) -> list[str]:
    """XMind markers (priority-1, task-done, flag-red…) kept as tags, prefixed so they read as markers."""
    return [f"xmind:{marker}" for marker in marker_ids if marker]


def relation_of(start: str, target: str, title: str, code: str | None = None) -> DocRelation:
    """A relationship as a relation: its type (_relation_type), its title as the relation's name."""
    return DocRelation(start, target, _relation_type(title, code), title)


def _relation_type(title: str | None, code: str | None = None) -> str:
    """A relationship's type: the code a Zhitu export keeps with it, else its title as a built-in
    relation's Chinese or English name (an export in English titles it Prerequisite of), else Mutual."""
    if code:
        return str(code)
    title = (title or "").strip()
    english = {name.casefold(): code for code, name in Labels.builtin("en").relations.items()}
    return RELATION_TITLES.get(title) or english.get(title.casefold()) or (title if title in RELATION_TITLES.values() else "Mutual")


def read_all(path: str | Path, data: bytes | None = None, sheet: str | None = None) -> list[GraphDoc]:
    """Every non-empty sheet, each a graph (toolkit.formats.xmind_sheets reads them)."""
    from toolkit.formats.xmind_sheets import read_all as read_sheets

    return read_sheets(path, data, sheet=sheet)


def read(path: str | Path, data: bytes | None = None) -> GraphDoc:
    return read_all(path, data)[0]


def _image_member(uri: str) -> tuple[str, bytes] | None:
    """A topic picture kept as a data URI (attribute 图片) as an archive member, for XMind to show."""
    import base64
    import hashlib

    head, _, payload = uri.partition(",")
    suffix = {"data:image/png;base64": ".png", "data:image/jpeg;base64": ".jpg", "data:image/gif;base64": ".gif",
              "data:image/svg+xml;base64": ".svg"}.get(head)
    if not suffix:
        return None
    try:
        data = base64.b64decode(payload, validate=True)
    except ValueError:
        return None
    return f"resources/{hashlib.sha256(data).hexdigest()}{suffix}", data


def dumps(doc: GraphDoc, labels: Labels | None = None) -> bytes:
    """Relationships are titled by the relation's name in the export's language and keep its code."""
    from toolkit.formats.xmind_sheets import IMAGE_ATTRIBUTE, KIND_TAGS

    labels = labels or Labels.builtin(template=doc.template)
    images: dict[str, bytes] = {}
    kinds = set(KIND_TAGS.values())

    def topic(node) -> dict:
        data = {"id": node.id, "class": "topic", "title": node.name, "zhitu": node_extras(node)}
        if node.desc:
            data["notes"] = {"plain": {"content": node.desc}}
        picture = node.attributes.get(IMAGE_ATTRIBUTE)
        member = _image_member(picture) if isinstance(picture, str) else None
        if member:
            images[member[0]] = member[1]
            data["image"] = {"src": f"xap:{member[0]}"}
        labels = [t for t in node.tags if not t.startswith("xmind:")]
        markers = [t[len("xmind:"):] for t in node.tags if t.startswith("xmind:") and t not in kinds]
        if labels:
            data["labels"] = labels
        if markers:
            data["markers"] = [{"markerId": m} for m in markers]
        if node.children:
            data["children"] = {"attached": [topic(child) for child in node.children]}
        return data

    sheet = {"id": "sheet-1", "class": "sheet", "title": doc.name, "rootTopic": topic(doc.root),
             "relationships": [{"id": f"rel-{i}", "end1Id": r.start, "end2Id": r.target, "title": labels.relation(r.type),
                                "zhituType": r.type} for i, r in enumerate(doc.relations)]}
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("content.json", json.dumps([sheet], ensure_ascii=False))
        archive.writestr("metadata.json", json.dumps({"creator": {"name": "Zhitu"}}))
        for name, data in images.items():
            archive.writestr(name, data)
        archive.writestr("manifest.json", json.dumps({"file-entries": {"content.json": {}, "metadata.json": {},
                                                                        **{name: {} for name in images}}}))
    return buffer.getvalue()


def write(doc: GraphDoc, path: str | Path) -> None:
    Path(path).write_bytes(dumps(doc))

