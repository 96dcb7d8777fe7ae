"""GraphDoc: the in-memory, storage-free form of a graph (the graph.json of an .edg file)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator

from toolkit.errors import FormatError
from toolkit.formats.limits import MAX_TREE_DEPTH

FORMAT_NAME = "zhitu-graph"
FORMAT_VERSION = 1


@dataclass
class DocNode:
    id: str
    name: str
    type: str
    desc: str = ""
    define: str = ""
    desc_tags: list = field(default_factory=list)
    attributes: dict = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    is_core: bool = False
    is_control: bool = True
    children: list["DocNode"] = field(default_factory=list)


@dataclass
class DocRelation:
    start: str
    target: str
    type: str
    name: str = ""
    attributes: dict = field(default_factory=dict)


@dataclass
class GraphDoc:
    name: str
    template: str
    root: DocNode
    relations: list[DocRelation] = field(default_factory=list)
    description: str = ""

    def walk(self) -> Iterator[tuple[DocNode, DocNode | None, int]]:
        """Every node with its parent and level, parents before children."""
        stack: list[tuple[DocNode, DocNode | None, int]] = [(self.root, None, 0)]
        while stack:
            node, parent, level = stack.pop()
            yield node, parent, level
            for child in reversed(node.children):
                stack.append((child, node, level + 1))

    def node_count(self) -> int:
        return sum(1 for _ in self.walk())


def _text(raw: dict, key: str, where: str, required: bool = False) -> str:
    value = raw.get(key, "")
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise FormatError(where=where, detail=f"{key} must be text")
    if required and not value.strip():
        raise FormatError(where=where, detail=f"{key} is required")
    return value.strip() if key in ("name", "type", "id") else value


def _node(raw: Any, where: str, seen: set[str], depth: int = 0) -> DocNode:
    if not isinstance(raw, dict):
        raise FormatError(where=where, detail="a node must be an object")
    if depth > MAX_TREE_DEPTH:
        raise FormatError("format.too_deep", where=where, max=MAX_TREE_DEPTH)
    node_id = str(raw.get("id", "")).strip()
    if not node_id:
        raise FormatError(where=where, detail="id is required")
    if node_id in seen:
        raise FormatError("graphdoc.duplicate_id", where=where, id=node_id)
    seen.add(node_id)
    name = _text(raw, "name", where, required=True)
    attributes = raw.get("attributes") or {}
    tags = raw.get("tags") or []
    children = raw.get("children") or []
    if not isinstance(attributes, dict):
        raise FormatError(where=where, detail="attributes must be an object")
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise FormatError(where=where, detail="tags must be a list of text")
    if not isinstance(children, list):
        raise FormatError(where=where, detail="children must be a list")
    node = DocNode(
        id=node_id, name=name, type=_text(raw, "type", where, required=True),
        desc=_text(raw, "desc", where), define=_text(raw, "define", where),
        desc_tags=list(raw.get("descTags") or []), attributes=attributes, tags=[t.strip() for t in tags if t.strip()],
        is_core=bool(raw.get("isCore", False)), is_control=bool(raw.get("isControl", True)),
    )
    for index, child in enumerate(children):
        node.children.append(_node(child, f"{where} > {child.get('name', index) if isinstance(child, dict) else index}", seen, depth + 1))
    return node


def from_dict(raw: Any, source: str = "graph.json") -> GraphDoc:
    """Validate and build a GraphDoc; every problem raises FormatError with a location."""
    if not isinstance(raw, dict):
        raise FormatError(where=source, detail="the document must be a JSON object")
    if raw.get("format") not in (None, FORMAT_NAME):
        raise FormatError(where=source, detail=f"format must be {FORMAT_NAME}")
    version = raw.get("version", FORMAT_VERSION)
    if not isinstance(version, int) or version > FORMAT_VERSION:
        raise FormatError(where=source, detail=f"unsupported version {version}")
    if "root" not in raw:
        raise FormatError(where=source, detail="root is required")
    seen: set[str] = set()
    root = _node(raw["root"], f"{source}: {raw['root'].get('name', 'root') if isinstance(raw['root'], dict) else 'root'}", seen)
    relations = []
    for index, rel in enumerate(raw.get("relations") or []):
        where = f"{source}: relations[{index}]"
        if not isinstance(rel, dict):
            raise FormatError(where=where, detail="a relation must be an object")
        start, target = str(rel.get("start", "")), str(rel.get("target", ""))
        for end in (start, target):
            if end not in seen:
                raise FormatError("graphdoc.dangling_relation", where=where, id=end)
        if start == target:
            raise FormatError(where=where, detail="a relation cannot join a node to itself")
        relations.append(DocRelation(start, target, _text(rel, "type", where, required=True),
                                     _text(rel, "name", where), rel.get("attributes") or {}))
    return GraphDoc(
        name=_text(raw, "name", source) or root.name,
        template=_text(raw, "template", source, required=True),
        root=root, relations=relations, description=_text(raw, "description", source),
    )


def to_dict(doc: GraphDoc) -> dict:
    def node(n: DocNode) -> dict:
        return {"id": n.id, "name": n.name, "type": n.type, "desc": n.desc, "define": n.define,
                "descTags": n.desc_tags, "attributes": n.attributes, "tags": n.tags, "isCore": n.is_core,
                "isControl": n.is_control, "children": [node(c) for c in n.children]}

    return {
        "format": FORMAT_NAME, "version": FORMAT_VERSION, "name": doc.name, "template": doc.template,
        "description": doc.description, "root": node(doc.root),
        "relations": [{"start": r.start, "target": r.target, "type": r.type, "name": r.name, "attributes": r.attributes}
                      for r in doc.relations],
    }
