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


def _paths(doc: GraphDoc) -> dict[str, str]:
    """Each node's path by names from the root (`根 > 第一章 > 栈`), for people reading a diff."""
    paths: dict[str, str] = {}
    for node, parent, _level in doc.walk():
        paths[node.id] = f"{paths[parent.id]} > {node.name}" if parent is not None else node.name
    return paths


def longest_increasing(values: list[int]) -> set[int]:
    """Indexes of one longest strictly increasing subsequence (patience sorting, n log n)."""
    from bisect import bisect_left

    tails: list[int] = []          # values ending the best run of each length
    tail_index: list[int] = []     # where each of those values sits
    previous = [-1] * len(values)
    for index, value in enumerate(values):
        length = bisect_left(tails, value)
        if length == len(tails):
            tails.append(value)
            tail_index.append(index)
        else:
            tails[length] = value
            tail_index[length] = index
        previous[index] = tail_index[length - 1] if length else -1
    kept, index = set(), tail_index[-1] if tail_index else -1
    while index >= 0:
        kept.add(index)
        index = previous[index]
    return kept


def _reordered(before: dict, new: GraphDoc) -> set[str]:
    """Nodes really reordered among siblings that kept their parent: those outside a longest run of
    old positions that still increase. A sibling inserted or removed above only shifts the others."""
    moved: set[str] = set()
    for parent, _p, _l in new.walk():
        kept = [child.id for child in parent.children if child.id in before and before[child.id][1] == parent.id]
        in_order = longest_increasing([before[child_id][2] for child_id in kept])
        moved.update(child_id for index, child_id in enumerate(kept) if index not in in_order)
    return moved


def compare(old: GraphDoc, new: GraphDoc) -> GraphDiff:
    """Added, removed, renamed, moved (a new parent, or a real reorder among the same siblings: not
    a shift caused by an insertion or a removal) and changed nodes, each with its path; added and
    removed relations."""
    before, after = _placement(old), _placement(new)
    old_paths, new_paths = _paths(old), _paths(new)
    reordered = _reordered(before, new)
    diff = GraphDiff()
    for node_id, (node, parent, order) in after.items():
        if node_id not in before:
            diff.nodes.append(NodeChange(node_id, node.name, "added", {"parentId": parent, "path": new_paths[node_id]}))
            continue
        old_node, old_parent, old_order = before[node_id]
        if old_node.name != node.name:
            diff.nodes.append(NodeChange(node_id, node.name, "renamed", {"oldName": old_node.name, "path": new_paths[node_id]}))
        if old_parent != parent or node_id in reordered:
            diff.nodes.append(NodeChange(node_id, node.name, "moved", {"oldParentId": old_parent, "parentId": parent,
                                                                        "oldOrder": old_order, "order": order,
                                                                        "oldPath": old_paths[node_id], "path": new_paths[node_id]}))
        changed = [f for f in COMPARED_FIELDS if getattr(old_node, f) != getattr(node, f)]
        if changed:
            diff.nodes.append(NodeChange(node_id, node.name, "changed", {"fields": changed, "path": new_paths[node_id]}))
    for node_id, (node, parent, _order) in before.items():
        if node_id not in after:
            diff.nodes.append(NodeChange(node_id, node.name, "removed", {"parentId": parent, "path": old_paths[node_id]}))
    key = lambda r: (r.start, r.target, r.type)  # noqa: E731
    old_relations = {key(r): r for r in old.relations}
    new_relations = {key(r): r for r in new.relations}
    diff.relations_added = [{"start": s, "target": t, "type": k} for (s, t, k) in new_relations if (s, t, k) not in old_relations]
    diff.relations_removed = [{"start": s, "target": t, "type": k} for (s, t, k) in old_relations if (s, t, k) not in new_relations]
    return diff


def adopt_ids(current: GraphDoc, edited: GraphDoc) -> int:
    """Give the edited file's unknown nodes the ids of the graph's nodes at the same place: the same
    name under the same (matched) parent, not named by any other node of the file. Applying a file
    twice then changes nothing the second time instead of creating its added nodes again.
    Returns how many nodes were matched."""
    known = {node.id: node for node, _p, _l in current.walk()}
    claimed = {node.id for node, _p, _l in edited.walk() if node.id in known}
    renamed: dict[str, str] = {}
    if edited.root.id not in known:
        renamed[edited.root.id] = current.root.id
        claimed.add(current.root.id)
    for node, parent, _level in edited.walk():
        if parent is None:
            continue
        graph_parent = known.get(renamed.get(parent.id, parent.id))
        if node.id in known or graph_parent is None:
            continue
        for candidate in graph_parent.children:
            if candidate.name == node.name and candidate.id not in claimed:
                renamed[node.id] = candidate.id
                claimed.add(candidate.id)
                break
    for node, _p, _l in edited.walk():
        node.id = renamed.get(node.id, node.id)
    for relation in edited.relations:
        relation.start = renamed.get(relation.start, relation.start)
        relation.target = renamed.get(relation.target, relation.target)
    return len(renamed)
