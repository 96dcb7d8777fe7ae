"""Comparing two GraphDocs whose node ids are comparable (versions of one graph, or an edited export)."""
from __future__ import annotations

from dataclasses import dataclass, field

from toolkit.graphdoc import DocNode, GraphDoc

COMPARED_FIELDS = ("type", "desc", "define", "attributes", "tags", "is_core")


@dataclass
class NodeChange:
    id: str
    name: str
    kind: str  # added, removed, renamed, moved, changed
    detail: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        return {"id": self.id, "name": self.name, "kind": self.kind, **self.detail}


@dataclass
class GraphDiff:
    nodes: list[NodeChange] = field(default_factory=list)
    relations_added: list[dict] = field(default_factory=list)
    relations_removed: list[dict] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        result = {kind: 0 for kind in ("added", "removed", "renamed", "moved", "changed")}
        for change in self.nodes:
            result[change.kind] += 1
        result["relationsAdded"] = len(self.relations_added)
        result["relationsRemoved"] = len(self.relations_removed)
        return result

    def is_empty(self) -> bool:
        return not (self.nodes or self.relations_added or self.relations_removed)

    def as_dict(self) -> dict:
        return {"counts": self.counts(), "nodes": [c.as_dict() for c in self.nodes],
                "relationsAdded": self.relations_added, "relationsRemoved": self.relations_removed}


def _placement(doc: GraphDoc) -> dict[str, tuple[DocNode, str | None, int]]:
    """Each node with its parent's id and its position (by enumeration: children.index was quadratic)."""
    from toolkit.graphs.store import placed

    return {node.id: (node, parent.id if parent is not None else None, order) for node, parent, _level, order in placed(doc)}


def compare(old: GraphDoc, new: GraphDoc) -> GraphDiff:
    """Added, removed, renamed, moved (new parent or position) and changed nodes; added and removed relations."""
    before, after = _placement(old), _placement(new)
    diff = GraphDiff()
    for node_id, (node, parent, order) in after.items():
        if node_id not in before:
            diff.nodes.append(NodeChange(node_id, node.name, "added", {"parentId": parent}))
            continue
        old_node, old_parent, old_order = before[node_id]
        if old_node.name != node.name:
            diff.nodes.append(NodeChange(node_id, node.name, "renamed", {"oldName": old_node.name}))
        if old_parent != parent or old_order != order:
            diff.nodes.append(NodeChange(node_id, node.name, "moved", {"oldParentId": old_parent, "parentId": parent,
                                                                        "oldOrder": old_order, "order": order}))
        changed = [f for f in COMPARED_FIELDS if getattr(old_node, f) != getattr(node, f)]
        if changed:
            diff.nodes.append(NodeChange(node_id, node.name, "changed", {"fields": changed}))
    for node_id, (node, parent, _order) in before.items():
        if node_id not in after:
            diff.nodes.append(NodeChange(node_id, node.name, "removed", {"parentId": parent}))
    key = lambda r: (r.start, r.target, r.type)  # noqa: E731
    old_relations = {key(r): r for r in old.relations}
    new_relations = {key(r): r for r in new.relations}
    diff.relations_added = [{"start": s, "target": t, "type": k} for (s, t, k) in new_relations if (s, t, k) not in old_relations]
    diff.relations_removed = [{"start": s, "target": t, "type": k} for (s, t, k) in old_relations if (s, t, k) not in new_relations]
    return diff
