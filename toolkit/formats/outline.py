"""Shared by the outline formats: building a GraphDoc from (level, name, extras) and giving types."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from toolkit.errors import FormatError
from toolkit.formats.limits import guard_depth
from toolkit.graphdoc import DocNode, GraphDoc

UNTYPED = ""


@dataclass
class OutlineItem:
    level: int               # 0 is the root
    name: str
    where: str               # location for messages: row, topic path, line
    id: str | None = None
    type: str = UNTYPED
    desc: str = ""
    define: str = ""
    attributes: dict = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    is_core: bool = False


def build(items: list[OutlineItem], source: str, template: str = "", name: str | None = None) -> GraphDoc:
    """Items in document order; a level may go down by any amount but up by one only."""
    if not items:
        raise FormatError("format.no_nodes", where=source)
    if items[0].level != 0:
        roots = [i for i in items if i.level == 1]
        if len(roots) == 1 and roots[0] is items[0]:
            items = [replace(i, level=i.level - 1) for i in items]
        else:
            root = OutlineItem(0, name or source, source)
            items = [root, *items]
    stack: list[DocNode] = []
    used: set[str] = set()
    counter = 0
    root_node: DocNode | None = None
    for item in items:
        counter += 1
        node_id = item.id or f"_{counter}"
        if node_id in used:
            raise FormatError("graphdoc.duplicate_id", where=item.where, id=node_id)
        used.add(node_id)
        if not item.name.strip():
            raise FormatError("format.empty_name", where=item.where)
        node = DocNode(node_id, item.name.strip(), item.type, desc=item.desc, define=item.define,
                       attributes=item.attributes, tags=item.tags, is_core=item.is_core)
        if item.level == 0:
            if root_node is not None:
                raise FormatError("format.several_roots", where=item.where)
            root_node = node
            stack = [node]
            continue
        if item.level > len(stack):
            raise FormatError("format.level_jump", where=item.where, level=item.level)
        guard_depth(item.level, item.where)
        del stack[item.level:]
        stack[-1].children.append(node)
        stack.append(node)
    assert root_node is not None
    return GraphDoc(name=name or root_node.name, template=template, root=root_node)


def assign_types(doc: GraphDoc, root_type: str, allowed: dict[str, list[str]], point_like: set[str]) -> GraphDoc:
    """Give untyped nodes a type the template allows: point-like types for leaves, others for branches."""
    doc.root.type = doc.root.type or root_type
    for node, parent, _level in doc.walk():
        if parent is None or node.type:
            continue
        options = allowed.get(parent.type, [])
        if not options:
            continue
        if node.children:
            branchy = [o for o in options if allowed.get(o) and o not in point_like] or [o for o in options if allowed.get(o)]
            node.type = (branchy or options)[0]
        else:
            leafy = [o for o in options if o in point_like]
            node.type = (leafy or options)[0]
    return doc


def attach_level_jumps(items: list[OutlineItem]) -> list[OutlineItem]:
    """Levels that go down by more than one (a skipped heading style, a bookmark or table under a
    deep heading) attach to the item above, so build() keeps every item."""
    previous = 0
    for index, item in enumerate(items):
        if index and item.level > previous + 1:
            item.level = previous + 1
        previous = item.level
    return items


def paragraph_name(text: str, location: str) -> tuple[str, str]:
    """Mind-map node texts are sometimes paragraphs: past the name limit the first line (or the
    start) is the name and the whole text the description, with a warning, so nothing is lost."""
    from toolkit.formats import report
    from toolkit.textrules import LIMITS

    limit = LIMITS["node.name"].max
    if len(text) <= limit:
        return text, ""
    first = text.split("\n", 1)[0].strip()
    name = first if first and len(first) <= limit else text[:limit - 1].rstrip() + "…"
    report.warn("import.name_cut", location, length=len(text), max=limit)
    return name, text
