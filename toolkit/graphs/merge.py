"""Merging trees: a source graph (or subtree) into a target node, several graphs into one, duplicates.

Planning is pure (GraphDocs in, a plan out); applying a plan is `apply_document` on the merged doc.
"""
from __future__ import annotations

import copy
from collections import defaultdict
from dataclasses import dataclass, field

from tortoise.transactions import in_transaction

from toolkit import audit
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.formats.limits import MAX_TREE_DEPTH
from toolkit.graphdoc import DocNode, DocRelation, GraphDoc
from toolkit.graphs.apply import apply_document
from toolkit.graphs.documents import to_document
from toolkit.graphs.guard import open_graph
from toolkit.graphs.names import normalise_name
from toolkit.model import Graph, Node, User


@dataclass
class MergePlan:
    merged: GraphDoc
    added: list[dict] = field(default_factory=list)
    matched: list[dict] = field(default_factory=list)
    renamed: list[dict] = field(default_factory=list)
    conflicts: list[dict] = field(default_factory=list)
    relations_added: int = 0
    relations_dropped: list[dict] = field(default_factory=list)

    def report(self) -> dict:
        return {"ok": not self.conflicts, "added": self.added, "merged": self.matched, "renamed": self.renamed,
                "conflicts": self.conflicts, "relationsAdded": self.relations_added, "relationsDropped": self.relations_dropped,
                "counts": {"added": len(self.added), "merged": len(self.matched), "renamed": len(self.renamed),
                           "conflicts": len(self.conflicts)}}


def _find(doc: GraphDoc, node_id: str) -> DocNode:
    for node, _parent, _level in doc.walk():
        if node.id == node_id:
            return node
    raise NotFound(what="what.node")


def plan_merge(target: GraphDoc, target_node_id: str, source: GraphDoc, allowed: dict[str, set[str]],
               relation_codes: set[str], renames: dict[str, str] | None = None, prefix: str = "m") -> MergePlan:
    """Put the source root's children under the target node, matching same-level names.

    A matched node keeps its id and gains what it lacks (description, definition, attributes, tags);
    an unmatched one is added. Conflicts: a type clash on a matched name, a name twice at one level of
    the source, a type the target template does not allow there.
    """
    renames = renames or {}
    merged = copy.deepcopy(target)
    plan = MergePlan(merged)
    anchor = _find(merged, target_node_id)
    id_map: dict[str, str] = {source.root.id: anchor.id}

    def visit(source_parent: DocNode, target_parent: DocNode) -> None:
        by_name = {normalise_name(child.name): child for child in target_parent.children}
        seen: dict[str, str] = {}
        for child in source_parent.children:
            name = renames.get(child.id, child.name).strip()
            key = normalise_name(name)
            if child.id in renames:
                plan.renamed.append({"sourceId": child.id, "from": child.name, "to": name})
            if key in seen:
                plan.conflicts.append({"kind": "duplicateInSource", "name": name, "sourceId": child.id, "otherSourceId": seen[key]})
                continue
            seen[key] = child.id
            match = by_name.get(key)
            if match is not None:
                if match.type != child.type:
                    plan.conflicts.append({"kind": "typeClash", "name": name, "sourceId": child.id, "targetId": match.id,
                                           "sourceType": child.type, "targetType": match.type})
                    continue
                filled = []
                for attribute in ("desc", "define"):
                    if not getattr(match, attribute) and getattr(child, attribute):
                        setattr(match, attribute, getattr(child, attribute))
                        filled.append(attribute)
                for code, value in child.attributes.items():
                    if code not in match.attributes:
                        match.attributes[code] = value
                        filled.append(code)
                match.tags = list(dict.fromkeys([*match.tags, *child.tags]))
                plan.matched.append({"sourceId": child.id, "targetId": match.id, "name": name, "filled": filled})
                id_map[child.id] = match.id
                visit(child, match)
            else:
                if child.type not in allowed.get(target_parent.type, set()):
                    plan.conflicts.append({"kind": "typeNotAllowed", "name": name, "sourceId": child.id, "type": child.type,
                                           "parentType": target_parent.type})
                    continue
                added = copy.deepcopy(child)
                added.name = name
                added.children = []
                added.id = f"{prefix}:{child.id}"
                id_map[child.id] = added.id
                target_parent.children.append(added)
                plan.added.append({"sourceId": child.id, "name": name, "parentId": target_parent.id})
                by_name[key] = added
                visit(child, added)

    visit(source.root, anchor)
    existing = {(r.start, r.target, r.type) for r in merged.relations}
    for relation in source.relations:
        start, end = id_map.get(relation.start), id_map.get(relation.target)
        if start is None or end is None or relation.type not in relation_codes:
            plan.relations_dropped.append({"start": relation.start, "target": relation.target, "type": relation.type})
            continue
        if (start, end, relation.type) not in existing and start != end:
            merged.relations.append(DocRelation(start, end, relation.type, relation.name, relation.attributes))
            existing.add((start, end, relation.type))
            plan.relations_added += 1
    return plan


def _template_rules(graph: Graph) -> tuple[dict[str, set[str]], set[str]]:
    allowed = {e["code"]: set(e.get("children") or []) for e in graph.template.entitys}
    return allowed, {r["code"] for r in graph.template.relations}


async def _source(user: User, source_graph_id: int, applying: bool):
    """A graph to merge from: any the caller reads for a preview, but its content goes into the
    caller's graph only if it is not seen through the public library alone (the library's copy
    comes through its apply and approval)."""
    source_access = await open_graph(user, source_graph_id)
    if applying and source_access.via_library:
        raise Forbidden()
    return source_access


async def _plan(user: User, graph_id: int, node_id: int | None, source_graph_id: int, source_node_id: int | None,
                renames: dict[str, str] | None, edit: bool) -> tuple[Graph, MergePlan]:
    access = await open_graph(user, graph_id, edit=edit)
    source_access = await _source(user, source_graph_id, edit)
    # Each node id must belong to the graph it is given with (a subtree of another graph is not the source).
    for graph, node in ((graph_id, node_id), (source_graph_id, source_node_id)):
        if node is not None and not await Node.exists(id=node, graph_id=graph):
            raise ValidationError("node.wrong_graph", id=node)
    target_doc = await to_document(access.graph)
    anchor = str(node_id) if node_id is not None else target_doc.root.id
    source_doc = await to_document(source_access.graph, source_node_id)
    allowed, relation_codes = _template_rules(access.graph)
    return access.graph, plan_merge(target_doc, anchor, source_doc, allowed, relation_codes, renames, prefix=f"g{source_graph_id}")


async def merge_check(user: User, graph_id: int, node_id: int | None, source_graph_id: int, source_node_id: int | None = None,
                      renames: dict[str, str] | None = None) -> dict:
    """mergeTreeCheck: conflicts only."""
    _graph, plan = await _plan(user, graph_id, node_id, source_graph_id, source_node_id, renames, edit=False)
    return {"ok": not plan.conflicts, "conflicts": plan.conflicts}


async def merge_prepare(user: User, graph_id: int, node_id: int | None, source_graph_id: int, source_node_id: int | None = None,
                        renames: dict[str, str] | None = None) -> dict:
    """prepareMergeTree: exactly what would be added, merged and renamed."""
    _graph, plan = await _plan(user, graph_id, node_id, source_graph_id, source_node_id, renames, edit=False)
    return plan.report()


async def merge_apply(user: User, graph_id: int, node_id: int | None, source_graph_id: int, source_node_id: int | None = None,
                      renames: dict[str, str] | None = None) -> dict:
    """mergeTree: refuses while there are conflicts; otherwise applies in one transaction."""
    graph, plan = await _plan(user, graph_id, node_id, source_graph_id, source_node_id, renames, edit=True)
    if plan.conflicts:
        raise ValidationError("merge.conflicts", count=len(plan.conflicts))
    if max(level for _node, _parent, level in plan.merged.walk()) > MAX_TREE_DEPTH:  # a deep source under a deep node
        raise ValidationError("node.too_deep", max=MAX_TREE_DEPTH)
    async with in_transaction():
        result = await apply_document(graph, plan.merged)
        await audit.record("graph.merge", user.id, "graph", graph_id, source=source_graph_id, **plan.report()["counts"])
    return {**plan.report(), "applied": result}


async def merge_all(user: User, graph_id: int, source_graph_ids: list[int], apply: bool) -> dict:
    """mergeAllPreview / mergeAll: several graphs into one, one after another under the root."""
    access = await open_graph(user, graph_id, edit=apply)
    allowed, relation_codes = _template_rules(access.graph)
    merged = await to_document(access.graph)
    reports = []
    for source_id in source_graph_ids:
        source_access = await _source(user, source_id, apply)
        plan = plan_merge(merged, merged.root.id, await to_document(source_access.graph), allowed, relation_codes, prefix=f"g{source_id}")
        reports.append({"sourceGraphId": source_id, **plan.report()})
        merged = plan.merged
    conflicts = sum(len(r["conflicts"]) for r in reports)
    if not apply:
        return {"ok": conflicts == 0, "sources": reports}
    if conflicts:
        raise ValidationError("merge.conflicts", count=conflicts)
    async with in_transaction():
        result = await apply_document(access.graph, merged)
        await audit.record("graph.merge_all", user.id, "graph", graph_id, sources=source_graph_ids)
    return {"ok": True, "sources": reports, "applied": result}


async def find_duplicates(user: User, graph_id: int) -> list[dict]:
    """Groups of nodes whose names are equal once width, case, spaces and punctuation are ignored."""
    await open_graph(user, graph_id)
    rows = await Node.filter(graph_id=graph_id).values("id", "name", "type", "parent_id")
    names = {r["id"]: r["name"] for r in rows}
    parents = {r["id"]: r["parent_id"] for r in rows}

    def path(node_id: int) -> str:
        parts = []
        while node_id is not None:
            parts.append(names[node_id])
            node_id = parents[node_id]
        return " > ".join(reversed(parts))

    groups: dict[str, list[dict]] = defaultdict(list)
    for row in rows:
        groups[normalise_name(row["name"])].append(row)
    return [{"key": key, "nodes": [{"id": r["id"], "name": r["name"], "type": r["type"], "path": path(r["id"])} for r in members]}
            for key, members in sorted(groups.items()) if len(members) > 1 and key]
