"""Reviewing mined results: list, edit, reject, accept (one, several, or all above a score).

Accepting writes into the graph through the graph engine (so templates, control flags and revisions
are respected) inside one transaction: if any result cannot be placed, nothing is written.
Points become nodes under the chosen catalogue node, definitions a node's define, relations graph
relations, a catalogue a subtree; every node made keeps the result's source in `origin`.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone

from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from toolkit import audit, roles
from toolkit.errors import NotFound, ValidationError
from toolkit.graphs import relations as graph_relations
from toolkit.graphs import tree
from toolkit.graphs.guard import open_graph
from toolkit.graphs.listing import check_paging
from toolkit.mining.tasks import get_task
from toolkit.model import MiningResult, MiningTask, Node, TextSource, User

REVIEWABLE = ("pending", "edited")
POINT_TYPES = ("KnowPoint", "AbilityPoint", "KnowUnit")
CATALOGUE_TYPES = ("Catalogue", "KnowUnit", "AbilityPoint", "KnowPoint")


PASSAGE_RADIUS = 60
# Whitespace holding a line break (blank lines, a line's trailing or leading spaces, \r\n): one
# line break, so a heading and each paragraph keep their own line and no blank lines pad the passage.
_LINE_BREAKS = re.compile(r"\s*\n\s*")

# A cut this close to a line break moves to it (see passage).
_SNAP = 12


def _lines(piece: str) -> str:
    return _LINE_BREAKS.sub("\n", piece.replace("\r", "\n"))


def passage(text: str | None, location: dict | None, radius: int = PASSAGE_RADIUS) -> dict | None:
    """The source passage of a result, the matched part apart: {before, match, after}, clipped to
    `radius` characters either side (an ellipsis marks a cut). Line breaks stay (a heading is no part
    of the paragraph under it), runs of them folded to one. None without a span to show."""
    location = location or {}
    start, end = location.get("start"), location.get("end")
    if not text or not isinstance(start, int) or not isinstance(end, int) or not 0 <= start <= end <= len(text):
        return None
    begin, stop = max(0, start - radius), min(len(text), end + radius)
    cut_before, cut_after = begin > 0, stop < len(text)
    # A cut a few characters from a line's end or start would show that line's last or first few
    # characters on a line of their own (…表): the passage starts or ends at the line break instead,
    # with no ellipsis, as the line break already shows where it stops.
    first = text.find("\n", begin, start) if cut_before else -1
    if 0 <= first - begin < _SNAP:
        begin, cut_before = first + 1, False
    last = text.rfind("\n", end, stop) if cut_after else -1
    if last >= 0 and stop - last <= _SNAP:
        stop, cut_after = last, False
    before, match, after = _lines(text[begin:start]), _lines(text[start:end]), _lines(text[end:stop])
    if not match and before.endswith("\n"):  # an empty span: its two sides share one line break
        after = after.lstrip("\n")
    return {"before": ("…" if cut_before else "") + before.lstrip("\n"), "match": match,
            "after": after.rstrip("\n") + ("…" if cut_after else "")}


async def _source_texts(rows: list[MiningResult]) -> dict[int, str]:
    ids = {row.source_id for row in rows if row.source_id is not None}
    return dict(await TextSource.filter(id__in=list(ids)).values_list("id", "text")) if ids else {}


async def _node_names(rows: list[MiningResult]) -> dict[int, str]:
    ids = {row.created_node_id for row in rows if row.created_node_id is not None}
    return dict(await Node.filter(id__in=list(ids)).values_list("id", "name")) if ids else {}


def result_view(row: MiningResult, texts: dict[int, str] | None = None, names: dict[int, str] | None = None) -> dict:
    """`texts` (source id -> text) adds the passage, so a review shows it without reading the
    source itself (the reviewer may no longer see a source that has since moved to another graph).
    `names` (node id -> name): the name of the node an accepted result made or changed, for its link."""
    view = {"createdNodeName": (names or {}).get(row.created_node_id),
            "id": row.id, "taskId": row.task_id, "kind": row.kind, "state": row.state, "score": row.score,
            "payload": row.edited_payload or row.payload, "original": row.payload if row.edited_payload else None,
            "sourceId": row.source_id, "location": row.location, "targetNodeId": row.target_node_id,
            "createdNodeId": row.created_node_id, "reviewerId": row.reviewer_id,
            "reviewTime": row.reviewed_at.isoformat() if row.reviewed_at else None}
    if texts is not None:
        view["passage"] = passage(texts.get(row.source_id), row.location)
    return view


async def _visible_results(user: User, task_ids: list[int] | None, graph_ids: list[int] | None) -> Q:
    """A filter on MiningResult: the named tasks and graphs (each checked), or by default the
    caller's own tasks (every task for a super admin). Joins, not id lists, so it scales."""
    for task_id in task_ids or []:
        await get_task(user, task_id)
    for graph_id in graph_ids or []:
        await open_graph(user, graph_id)
    if task_ids is None and graph_ids is None:
        return Q() if user.role == roles.SUPER else Q(task__create_user_id=user.id)
    condition = Q(id__in=[])
    if task_ids:
        condition |= Q(task_id__in=task_ids)
    if graph_ids:
        condition |= Q(task__graph_id__in=graph_ids)
    return condition


async def list_results(user: User, task_ids: list[int] | None = None, graph_ids: list[int] | None = None,
                       kind: str | None = None, state: str | None = None, min_score: float | None = None,
                       keyword: str = "", page: int = 1, page_size: int = 10) -> tuple[list[dict], int]:
    check_paging(page, page_size)
    query = MiningResult.filter(await _visible_results(user, task_ids, graph_ids))
    if kind:
        query = query.filter(kind=kind)
    if state:
        query = query.filter(state=state)
    if min_score is not None:
        query = query.filter(score__gte=min_score)
    if not keyword.strip():
        # Without a keyword the database pages: a page of 10,000 results costs one page, not all of them.
        total = await query.count()
        rows = await query.order_by("-score", "id").offset((page - 1) * page_size).limit(page_size)
        texts, names = await _source_texts(rows), await _node_names(rows)
        return [result_view(r, texts, names) for r in rows], total
    rows = await query.order_by("-score", "id")
    if keyword.strip():
        # Payloads are JSON: filter in Python, the same on SQLite and PostgreSQL.
        rows = [r for r in rows if keyword.strip() in str((r.edited_payload or r.payload).values())]
    total = len(rows)
    rows = rows[(page - 1) * page_size: page * page_size]
    texts, names = await _source_texts(rows), await _node_names(rows)
    return [result_view(r, texts, names) for r in rows], total


async def _result(user: User, result_id: int) -> tuple[MiningResult, MiningTask]:
    """A result the caller may review: every review step writes, so it needs the right to change
    the result's task (its graph's edit right), not only to read it."""
    row = await MiningResult.get_or_none(id=result_id)
    if row is None:
        raise NotFound(what="what.mining_result")
    return row, await get_task(user, row.task_id, write=True)


EDITABLE_FIELDS = {"points": ("term",), "definitions": ("term", "sentence"), "relations": ("type", "start", "target"),
                   "belong": ("term", "nodeKey", "nodeName"), "catalogue": ("title", "level", "parent")}


async def edit_result(user: User, result_id: int, changes: dict) -> dict:
    row, _task = await _result(user, result_id)
    if row.state not in REVIEWABLE:
        raise ValidationError("mining.result_state", state=row.state)
    if not isinstance(changes, dict) or not changes:
        raise ValidationError("error.body_required")
    allowed = EDITABLE_FIELDS.get(row.kind, ())
    payload = dict(row.edited_payload or row.payload)
    for key, value in changes.items():
        if key not in allowed:
            raise ValidationError("error.field_invalid", field=key)
        if key in ("term", "sentence", "title", "start", "target", "nodeName"):
            if not isinstance(value, str) or not value.strip() or len(value) > 2000:
                raise ValidationError("error.field_invalid", field=key)
            value = value.strip()
        if key == "type" and value not in ("Behind", "Contain", "Mutual"):
            raise ValidationError("error.field_invalid", field=key)
        if key == "nodeKey" and (isinstance(value, bool) or not isinstance(value, int)):
            raise ValidationError("error.field_invalid", field=key)
        payload[key] = value
    if row.kind == "belong" and "nodeKey" in changes and _task.graph_id is not None:
        # A node picked in the review: it must be one of the task's graph, and its name goes with it.
        node = await Node.get_or_none(id=payload["nodeKey"], graph_id=_task.graph_id)
        if node is None:
            raise ValidationError("node.wrong_graph", id=payload["nodeKey"])
        payload["nodeName"] = node.name
    if row.kind == "belong" and "nodeName" in changes and "nodeKey" not in changes and _task.graph_id is not None:
        # The reviewer names the node the point belongs to; the placement follows the name.
        node = await _node_by_name(_task.graph_id, payload["nodeName"])
        if node is None:
            raise ValidationError("mining.node_unknown", name=payload["nodeName"])
        payload["nodeKey"] = node.id
    row.edited_payload = payload
    row.state = "edited"
    if row.kind == "belong" and isinstance(payload.get("nodeKey"), int) and _task.graph_id is not None:
        row.target_node_id = payload["nodeKey"]
    await row.save()
    return result_view(row)


async def reject_results(user: User, result_ids: list[int]) -> int:
    rows = [await _result(user, rid) for rid in dict.fromkeys(result_ids)]
    if not rows:
        raise ValidationError("error.field_required", field="ids")
    for row, _ in rows:
        if row.state not in REVIEWABLE:
            raise ValidationError("mining.result_state", state=row.state)
    stamp = datetime.now(timezone.utc)
    count = await MiningResult.filter(id__in=[r.id for r, _ in rows]).update(state="rejected", reviewer_id=user.id, reviewed_at=stamp)
    await audit.record("mining.reject", user.id, "mining_result", ",".join(str(r.id) for r, _ in rows))
    return count


async def _child_type(access, parent: Node, preferred: tuple[str, ...]) -> str:
    options = tree.allowed_children(access.graph).get(parent.type, [])
    for code in preferred:
        if code in options:
            return code
    if not options:
        raise await tree.type_refusal(parent.type, preferred[0])
    return options[0]


def _origin(row: MiningResult, task: MiningTask) -> dict:
    location = row.location or {}
    return {"sourceId": row.source_id, "taskId": task.id, "resultId": row.id, "page": location.get("page"),
            "start": location.get("start"), "end": location.get("end")}


async def _node_by_name(graph_id: int, name: str) -> Node | None:
    return await Node.filter(graph_id=graph_id, name=name).order_by("level", "id").first()


async def _add_node(user: User, access, graph_id: int, parent: Node, name: str, preferred, origin: dict) -> Node:
    created = await tree.create_node(user, graph_id, parent.id, name, mode="child", node_type=await _child_type(access, parent, preferred))
    await Node.filter(id=created["id"]).update(origin=origin)
    return await Node.get(id=created["id"])


async def _suggestion(graph_id: int, row: MiningResult) -> tuple[Node | None, str | None]:
    """Where a point goes when the reviewer names no parent, and why: its own attribution (a belong
    result), else the node attribution chose for the same term in this graph (the best-scored
    belong result), else the root when it is the only node. Otherwise nothing: the reviewer must
    choose (never silently the root)."""
    if row.kind == "belong" and row.target_node_id is not None:
        node = await Node.get_or_none(id=row.target_node_id, graph_id=graph_id)
        if node is not None:
            return node, "attribution"
    term = (row.edited_payload or row.payload or {}).get("term")
    belonging = await MiningResult.filter(kind="belong", task__graph_id=graph_id, target_node_id__not_isnull=True,
                                          state__not="rejected").order_by("-score", "-id").values("payload", "edited_payload", "target_node_id")
    for other in belonging:
        if (other["edited_payload"] or other["payload"] or {}).get("term") == term:
            node = await Node.get_or_none(id=other["target_node_id"], graph_id=graph_id)
            if node is not None:
                return node, "attribution"
    nodes = await Node.filter(graph_id=graph_id).limit(2).values_list("id", flat=True)
    if len(nodes) == 1:
        return await Node.get(id=nodes[0]), "only_root"
    return None, None


async def suggest_parent(user: User, result_ids: list[int]) -> dict:
    """The parent the accept dialog starts from for these points: {nodeId, nodeName, reason}
    (reason: attribution or only_root; nodeId None when the reviewer must choose)."""
    rows = [await _result(user, rid) for rid in dict.fromkeys(result_ids)]
    if not rows:
        raise ValidationError("error.field_required", field="ids")
    for row, task in rows:
        if task.graph_id is None or row.kind not in ("points", "belong"):
            continue
        node, reason = await _suggestion(task.graph_id, row)
        if node is not None:
            return {"nodeId": node.id, "nodeName": node.name, "reason": reason}
    return {"nodeId": None, "nodeName": None, "reason": None}


async def accept_results(user: User, result_ids: list[int], graph_id: int | None = None,
                         parent_node_id: int | None = None, node_id: int | None = None) -> dict:
    """Accept results into a graph (the task's, or `graph_id`). parent_node_id: where points and
    catalogues go (points default to the attribution's node, see _suggestion, and are refused
    without one; catalogues to the root); node_id: the node a definition belongs to (default: the
    node named like its term)."""
    rows = [await _result(user, rid) for rid in dict.fromkeys(result_ids)]
    if not rows:
        raise ValidationError("error.field_required", field="ids")
    for row, _ in rows:
        if row.state not in REVIEWABLE:
            raise ValidationError("mining.result_state", state=row.state)
    graph_id = graph_id or rows[0][1].graph_id
    if graph_id is None:
        raise ValidationError("error.field_required", field="graphId")
    access = await open_graph(user, graph_id, edit=True)
    root = await Node.get_or_none(graph_id=graph_id, parent_id=None)
    parent = None
    if parent_node_id is not None:
        parent = await Node.get_or_none(id=parent_node_id, graph_id=graph_id)
        if parent is None:
            raise ValidationError("node.wrong_graph", id=parent_node_id)
    stamp = datetime.now(timezone.utc)
    made: list[int] = []
    async with in_transaction():
        catalogue_nodes: dict[tuple[int, int], Node] = {}
        for row, task in sorted(rows, key=lambda pair: (pair[0].task_id, (pair[0].payload or {}).get("index", 0), pair[0].id)):
            payload = row.edited_payload or row.payload
            created_id = None
            if row.kind in ("points", "belong"):
                target = parent
                if target is None:
                    target, _reason = await _suggestion(graph_id, row)
                if target is None:
                    raise ValidationError("mining.parent_required")
                existing = await Node.filter(graph_id=graph_id, parent_id=target.id, name=payload["term"]).first()
                node = existing or await _add_node(user, access, graph_id, target, payload["term"], POINT_TYPES, _origin(row, task))
                created_id = node.id
            elif row.kind == "definitions":
                node = await Node.get_or_none(id=node_id, graph_id=graph_id) if node_id is not None else await _node_by_name(graph_id, payload["term"])
                if node is None:
                    raise ValidationError("mining.node_required")
                await tree.update_node(user, graph_id, node.id, None, define=payload["sentence"])
                if not node.origin:
                    await Node.filter(id=node.id).update(origin=_origin(row, task))
                created_id = node.id
            elif row.kind == "relations":
                start = await _node_by_name(graph_id, payload["start"])
                target_node = await _node_by_name(graph_id, payload["target"])
                for name, found in ((payload["start"], start), (payload["target"], target_node)):
                    if found is None:
                        raise ValidationError("mining.relation_unresolved", name=name)
                if payload["type"] == "Contain":
                    await tree.move_node(user, graph_id, target_node.id, start.id)
                else:
                    await graph_relations.create_relation(user, graph_id, start.id, target_node.id, payload["type"],
                                                          {"sourceId": row.source_id, "resultId": row.id})
                created_id = target_node.id
            elif row.kind == "catalogue":
                above = catalogue_nodes.get((row.task_id, payload.get("parent"))) if payload.get("parent") is not None else None
                if above is None:
                    above = parent or root
                node = await _add_node(user, access, graph_id, above, payload["title"], CATALOGUE_TYPES, _origin(row, task))
                catalogue_nodes[(row.task_id, payload.get("index"))] = node
                created_id = node.id
            await MiningResult.filter(id=row.id).update(state="accepted", reviewer_id=user.id, reviewed_at=stamp,
                                                        created_node_id=created_id)
            if created_id is not None:
                made.append(created_id)
        await audit.record("mining.accept", user.id, "graph", graph_id, results=[r.id for r, _ in rows])
    return await _accepted(len(rows), list(dict.fromkeys(made)), graph_id)


async def _accepted(count: int, node_ids: list[int], graph_id: int | None) -> dict:
    """What an accept answers: the nodes it made or changed, with their names for the links to them."""
    names = dict(await Node.filter(id__in=node_ids).values_list("id", "name")) if node_ids else {}
    return {"accepted": count, "nodeIds": node_ids, "nodes": [{"id": i, "name": names[i]} for i in node_ids if i in names],
            "graphId": graph_id}


async def accept_above(user: User, task_id: int, min_score: float, graph_id: int | None = None,
                       parent_node_id: int | None = None) -> dict:
    task = await get_task(user, task_id, write=True)
    ids = await MiningResult.filter(task_id=task.id, state__in=list(REVIEWABLE), score__gte=min_score).order_by("id").values_list("id", flat=True)
    if not ids:
        return await _accepted(0, [], graph_id or task.graph_id)
    return await accept_results(user, list(ids), graph_id, parent_node_id)


async def reopen_result(user: User, result_id: int, edited_payload: dict | None = None) -> dict:
    """Undo a review (the TUI's undo key): a rejected or edited result goes back to review with
    `edited_payload` (None: the miner's own); an accepted point or catalogue entry goes back too,
    and the node its acceptance made is deleted through the graph engine, unless the node has
    children by now. Accepted definitions and relations cannot be taken back this way."""
    row, task = await _result(user, result_id)
    async with in_transaction():
        if row.state == "accepted":
            node = await Node.get_or_none(id=row.created_node_id) if row.created_node_id else None
            made_here = node is not None and (node.origin or {}).get("resultId") == row.id
            if row.kind not in ("points", "belong", "catalogue") or (node is not None and not made_here and row.kind == "catalogue"):
                raise ValidationError("mining.undo_unsupported", kind=row.kind)
            if made_here:
                if await Node.filter(parent_id=node.id).exists():
                    raise ValidationError("mining.undo_has_children", name=node.name)
                await tree.delete_nodes(user, node.graph_id, [node.id])
        row.edited_payload = edited_payload
        row.state = "edited" if edited_payload else "pending"
        row.created_node_id = None
        row.reviewer_id = None
        row.reviewed_at = None
        await row.save()
        await audit.record("mining.reopen", user.id, "mining_result", row.id, task=task.id)
    return result_view(row)


async def reopen_results(user: User, result_ids: list[int]) -> list[dict]:
    """Reopen rejected (or accepted) results for review again, all or none."""
    ids = list(dict.fromkeys(result_ids))
    if not ids:
        raise ValidationError("error.field_required", field="ids")
    async with in_transaction():
        return [await reopen_result(user, rid) for rid in ids]


async def catalogue_as_graph(user: User, task_id: int, name: str, project_id: int | None = None,
                             template_code: str = "teaching") -> dict:
    """A recognised catalogue becomes a new graph (named `name`, under the template's root); the
    graph and its nodes are made in one transaction, so a failure leaves no empty graph behind."""
    from toolkit.graphs.crud import create_graph
    from toolkit.model import Template

    task = await get_task(user, task_id, write=True)
    if task.kind != "catalogue":
        raise ValidationError("mining.unknown_kind", kind=task.kind, allowed="catalogue")
    template = await Template.get_or_none(code=template_code)
    if template is None:
        raise NotFound(what="what.template")
    ids = await MiningResult.filter(task_id=task.id, state__in=list(REVIEWABLE)).order_by("id").values_list("id", flat=True)
    if not ids:
        raise ValidationError("error.field_required", field="ids")
    async with in_transaction():
        graph = await create_graph(user, name, template.id, project_id)
        result = await accept_results(user, list(ids), graph.id)
    return result
