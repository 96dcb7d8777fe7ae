"""The public graph library: publishing graphs, reviewing them, applying to use them, approving.

Public state (SPEC §4): wait 0 → publish 4 or refuse 2 by an admin; a published graph can be
unpublished (6) and published again. An application (state apply 0) names the applicant's project
and its person in charge, who passes (2) or rejects (3) it with an opinion; a direct grant is
recorded as authorization (1). Passing or granting gives the project its own copy of the graph,
which remembers where it came from (source_graph).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from toolkit import audit, roles, textrules
from toolkit.admin.forms import check_decision
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.crud import clean_name
from toolkit.graphs.documents import to_document
from toolkit.graphs.guard import open_graph
from toolkit.graphs.listing import check_paging
from toolkit.graphs.nodes import ancestors_of, subtree_of
from toolkit.graphs.reads import graph_view
from toolkit.graphs.store import store_document
from toolkit.mining.sources import compare_view, page_image_of
from toolkit.model import AuditEvent, Graph, LibraryApply, LibraryEntry, Node, Project, ProjectMember, TextSource, User
from toolkit.projects import can_manage
from toolkit.richtext import sanitise

WAIT, REFUSE, PUBLISH, UNPUBLISH = 0, 2, 4, 6
APPLY, AUTHORIZATION, PASS, REJECT = 0, 1, 2, 3
ALL = -1
# getApplyList type: what the caller applied for, what waits for the caller's approval, what was granted.
MINE, TO_APPROVE, GRANTED = 0, 1, 2


def _time(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment else None


async def _entry_for_graph(graph_id: int) -> LibraryEntry | None:
    return await LibraryEntry.filter(graph_id=graph_id).order_by("-id").first()


async def _published_entry(graph_id: int) -> LibraryEntry:
    entry = await LibraryEntry.filter(graph_id=graph_id, public_state=PUBLISH).first()
    if entry is None:
        raise NotFound(what="what.library_graph")
    return entry


def _reviews(actor: User, unit_id: int | None) -> bool:
    return actor.role == roles.SUPER or (actor.role == roles.ADMIN and bool(actor.unit_id) and actor.unit_id == unit_id)


async def publish(actor: User, graph_id: int, summary: str = "") -> dict:
    """Offer a graph to the library; it waits for an admin's review."""
    access = await open_graph(actor, graph_id, edit=True)
    summary = textrules.clean_text("library.summary", summary)
    entry = await _entry_for_graph(graph_id)
    if entry is not None and entry.public_state in (WAIT, PUBLISH):
        raise ValidationError("library.already_offered")
    fields = {"name": access.graph.name, "summary": sanitise(summary) or access.graph.description, "public_state": WAIT,
              "publisher_id": actor.id, "reviewer_id": None, "review_opinion": ""}
    if entry is None:
        entry = await LibraryEntry.create(graph_id=graph_id, **fields)
    else:
        await LibraryEntry.filter(id=entry.id).update(**fields)
    await audit.record("library.publish", actor.id, "graph", graph_id, state=WAIT)
    return await entry_view(await LibraryEntry.get(id=entry.id))


async def update_public_state(actor: User, graph_id: int, state: Any, opinion: Any = "") -> dict:
    """An admin publishes (4) or refuses (2) a waiting graph; refusing needs an opinion."""
    decision = check_decision("libraryReview", "publicState", REFUSE, {"publicState": state, "opinion": opinion}, sanitise)
    state, opinion = decision["publicState"], decision["opinion"]
    entry = await _entry_for_graph(graph_id)
    if entry is None:
        raise NotFound(what="what.library_graph")
    graph = await Graph.get(id=graph_id).prefetch_related("project")
    if not _reviews(actor, graph.project.unit_id if graph.project else None):
        raise Forbidden()
    if entry.public_state != WAIT:
        raise ValidationError("library.not_waiting")
    async with in_transaction():
        claimed = await LibraryEntry.filter(id=entry.id, public_state=WAIT).update(public_state=state, reviewer_id=actor.id,
                                                                                   review_opinion=opinion)
        if not claimed:
            raise ValidationError("library.not_waiting")
        if state == PUBLISH:
            await Graph.filter(id=graph_id).update(is_public=True)
    await audit.record("library.review", actor.id, "graph", graph_id, state=state, opinion=opinion)
    return await entry_view(await LibraryEntry.get(id=entry.id))


async def _check_entry_owner(actor: User, graph_id: int) -> None:
    """Withdrawing a library graph or granting copies of it: the unit's reviewers, or the graph's
    owners (its edit right: having published it once is not enough, and readers of the library
    are not owners). Checked before the entry's state, so the state of others' graphs cannot be probed."""
    graph = await Graph.get_or_none(id=graph_id).prefetch_related("project")
    if graph is None:
        raise NotFound(what="what.library_graph")
    if not _reviews(actor, graph.project.unit_id if graph.project else None):
        await open_graph(actor, graph_id, edit=True)


async def unpublish(actor: User, graph_id: int) -> dict:
    await _check_entry_owner(actor, graph_id)
    entry = await _entry_for_graph(graph_id)
    if entry is None or entry.public_state not in (PUBLISH, WAIT):
        raise ValidationError("library.not_published")
    async with in_transaction():
        await LibraryEntry.filter(id=entry.id).update(public_state=UNPUBLISH)
        await Graph.filter(id=graph_id).update(is_public=False)
    await audit.record("library.unpublish", actor.id, "graph", graph_id, state=UNPUBLISH)
    return await entry_view(await LibraryEntry.get(id=entry.id))


async def entry_view(entry: LibraryEntry, apply_count: int | None = None) -> dict:
    graph = await Graph.get(id=entry.graph_id).prefetch_related("template", "project", "create_user")
    publisher = await User.get_or_none(id=entry.publisher_id) if entry.publisher_id else None
    reviewer = await User.get_or_none(id=entry.reviewer_id) if entry.reviewer_id else None
    return _view(entry, graph, publisher.name if publisher else None, reviewer.name if reviewer else None, apply_count)


def _view(entry: LibraryEntry, graph: Graph, publisher: str | None, reviewer: str | None, apply_count: int | None) -> dict:
    return {"id": entry.id, "graphId": entry.graph_id, "name": entry.name, "summary": entry.summary, "publicState": entry.public_state,
            "templateId": graph.template_id, "templateName": graph.template.name, "templateKind": graph.template.kind,
            "projectName": graph.project.name if graph.project else None, "nodeCount": graph.node_count,
            "publisherName": publisher, "reviewerName": reviewer, "reviewOpinion": entry.review_opinion,
            "previewNodeIds": entry.preview_node_ids or [], "applyCount": apply_count,
            "createTime": _time(entry.created_at), "updateTime": _time(entry.updated_at)}


async def _views(entries: list[LibraryEntry]) -> list[dict]:
    graphs = {g.id: g for g in await Graph.filter(id__in=[e.graph_id for e in entries]).prefetch_related("template", "project")}
    people = dict(await User.filter(id__in=[i for e in entries for i in (e.publisher_id, e.reviewer_id) if i]).values_list("id", "name"))
    counts: dict[int, int] = {}
    for entry_id in await LibraryApply.filter(entry_id__in=[e.id for e in entries]).values_list("entry_id", flat=True):
        counts[entry_id] = counts.get(entry_id, 0) + 1
    return [_view(e, graphs[e.graph_id], people.get(e.publisher_id), people.get(e.reviewer_id), counts.get(e.id, 0)) for e in entries]


async def list_library(page: int = 1, page_size: int = 10, name: str = "", template_kind: str | None = None) -> tuple[list[dict], int]:
    """The public library: published graphs only."""
    check_paging(page, page_size)
    query = LibraryEntry.filter(public_state=PUBLISH)
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    if template_kind:
        query = query.filter(graph__template__kind=template_kind)
    total = await query.count()
    entries = await query.order_by("-updated_at", "-id").offset((page - 1) * page_size).limit(page_size)
    return await _views(entries), total


async def list_manage(actor: User, page: int = 1, page_size: int = 10, state: int = ALL, name: str = "") -> tuple[list[dict], int]:
    """Library management: admins see their unit's entries (super admins all), others what they offered."""
    check_paging(page, page_size)
    query = LibraryEntry.all()
    if actor.role == roles.ADMIN and actor.unit_id:
        query = query.filter(Q(graph__project__unit_id=actor.unit_id) | Q(publisher_id=actor.id))
    elif actor.role != roles.SUPER:
        query = query.filter(publisher_id=actor.id)
    if state != ALL:
        if state not in (WAIT, REFUSE, PUBLISH, UNPUBLISH):
            raise ValidationError("error.field_invalid", field="publicState")
        query = query.filter(public_state=state)
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    total = await query.count()
    entries = await query.order_by("-updated_at", "-id").offset((page - 1) * page_size).limit(page_size)
    return await _views(entries), total


async def library_graph(graph_id: int) -> dict:
    """getGraph/{id}: a published graph's entry with its root, for the preview screen."""
    entry = await _published_entry(graph_id)
    view = await entry_view(entry, await LibraryApply.filter(entry_id=entry.id).count())
    view["rootId"] = await Node.filter(graph_id=graph_id, parent_id=None).first().values_list("id", flat=True)
    return view


async def public_record(actor: User, graph_id: int) -> list[dict]:
    """getGraphPublicRecord/{id}: every publish, review and unpublish of a graph, oldest first."""
    await open_graph(actor, graph_id)
    events = await AuditEvent.filter(target_type="graph", target_id=str(graph_id), action__in=(
        "library.publish", "library.review", "library.unpublish")).order_by("id").prefetch_related("user")
    return [{"action": e.action.split(".")[1], "publicState": e.detail.get("state"), "opinion": e.detail.get("opinion", ""),
             "operatorName": e.user.name if e.user else None, "createTime": _time(e.created_at)} for e in events]


async def define_preview_nodes(actor: User, graph_id: int, node_ids) -> dict:
    """definePreviewNode: the nodes a library preview shows (with their ancestors and subtrees); empty shows all."""
    await open_graph(actor, graph_id, edit=True)
    entry = await _entry_for_graph(graph_id)
    if entry is None:
        raise NotFound(what="what.library_graph")
    if not isinstance(node_ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in node_ids):
        raise ValidationError("error.field_invalid", field="nodeIds")
    found = set(await Node.filter(graph_id=graph_id, id__in=node_ids).values_list("id", flat=True))
    if len(found) != len(set(node_ids)):
        raise ValidationError("node.wrong_graph", id=next(i for i in node_ids if i not in found))
    await LibraryEntry.filter(id=entry.id).update(preview_node_ids=sorted(found))
    await audit.record("library.preview_nodes", actor.id, "graph", graph_id, nodes=len(found))
    return {"graphId": graph_id, "previewNodeIds": sorted(found)}


async def preview_graph(graph_id: int) -> dict:
    """The token-less preview of a published graph, narrowed to its preview nodes when some are set."""
    entry = await _published_entry(graph_id)
    graph = await Graph.get(id=graph_id)
    node_ids = None
    if entry.preview_node_ids:
        node_ids = set()
        for node_id in entry.preview_node_ids:
            node_ids.update(await subtree_of(node_id))
            node_ids.update(await ancestors_of(node_id))
    return await graph_view(graph_id, graph.revision, True, node_ids)


async def preview_detail(graph_id: int) -> dict:
    await _published_entry(graph_id)
    graph = await Graph.get(id=graph_id).prefetch_related("template")
    root = await Node.filter(graph_id=graph_id, parent_id=None).first().values_list("id", flat=True)
    return {"id": graph.id, "name": graph.name, "description": graph.description, "templateId": graph.template_id,
            "templateCode": graph.template.code, "templateKind": graph.template.kind, "templateName": graph.template.name,
            "releaseState": graph.release_state, "isPublic": True, "isEdit": 0, "nodeCount": graph.node_count, "rootId": root}


async def check_preview_template(template_id: int) -> None:
    if not await LibraryEntry.exists(public_state=PUBLISH, graph__template_id=template_id):
        raise NotFound(what="what.template")


# ---- text materials of published graphs (/image_text_compare/{sourceId} without a sign-in) -----

async def _public_source(source_id: int) -> TextSource:
    """A visitor sees a text material only when it is bound to a graph published in the public library;
    any other id (missing or not public) gets the same refusal, so ids cannot be probed."""
    source = await TextSource.get_or_none(id=source_id)
    if source is None or source.graph_id is None or source.state != "ready" \
            or not await LibraryEntry.exists(graph_id=source.graph_id, public_state=PUBLISH):
        raise Forbidden("library.source_not_public")
    return source


async def public_source_compare(source_id: int) -> dict:
    """The image-text compare data of a public material, its page images served by the preview service."""
    source = await _public_source(source_id)
    return {**compare_view(source, f"/api/preview/textSource/{source.id}/page"), "graphId": source.graph_id}


async def public_source_page_image(source_id: int, page: int) -> tuple[bytes, str]:
    return await page_image_of(await _public_source(source_id), page)


# ---- applications ----------------------------------------------------------------------------

async def _applicant_project(actor: User, project_id: int) -> Project:
    project = await Project.get_or_none(id=project_id)
    if project is None:
        raise NotFound(what="what.project")
    if actor.role == roles.TEST:
        raise Forbidden()
    if actor.role != roles.SUPER and not await ProjectMember.exists(project_id=project_id, user_id=actor.id) \
            and not (actor.role == roles.ADMIN and project.unit_id == actor.unit_id and actor.unit_id):
        raise Forbidden()
    return project


async def apply(actor: User, graph_id: int, graph_name: str | None, project_id: int | None, receive_user_id: int | None,
                remarks: str | None) -> dict:
    """Apply to use a library graph: graph name, project, person in charge and reason are all required."""
    name = clean_name(graph_name)
    if project_id is None:
        raise ValidationError("library.project_required")
    if receive_user_id is None:
        raise ValidationError("library.person_required")
    remarks = sanitise(textrules.clean_text("library.remarks", remarks))
    if not remarks:
        raise ValidationError("library.reason_required")
    entry = await _published_entry(graph_id)
    project = await _applicant_project(actor, project_id)
    if await ProjectMember.filter(project_id=project.id, user_id=receive_user_id).first().values_list("role", flat=True) != roles.PROJECT_ADMIN:
        raise ValidationError("library.person_not_admin")
    if await LibraryApply.exists(entry_id=entry.id, create_user_id=actor.id, state=APPLY):
        raise ValidationError("library.already_applied")
    record = await LibraryApply.create(entry_id=entry.id, graph_name=name, project_id=project.id, create_user_id=actor.id,
                                       receive_user_id=receive_user_id, remarks=remarks, state=APPLY)
    await audit.record("library.apply", actor.id, "library_apply", record.id, graph=graph_id, project=project.id)
    return (await _apply_views([record]))[0]


async def _copy_for(record: LibraryApply, applicant: User) -> Graph:
    """The project's own copy of the library graph; it remembers its source."""
    entry = await LibraryEntry.get(id=record.entry_id)
    source = await Graph.get(id=entry.graph_id).prefetch_related("template")
    project = await Project.get(id=record.project_id)
    copy = await store_document(await to_document(source), project, applicant, name=record.graph_name)
    await Graph.filter(id=copy.id).update(source_graph_id=source.id)
    return copy


async def graph_of_apply(apply_id: int) -> int | None:
    """The library graph an application asks a copy of (None for an unknown application)."""
    return await LibraryApply.filter(id=apply_id).first().values_list("entry__graph_id", flat=True)


async def approve(actor: User, apply_id: int, state: Any, opinion: Any) -> dict:
    """The person in charge passes (2) or rejects (3) an application in state 0, with an opinion."""
    decision = check_decision("libraryApproval", "state", REJECT, {"state": state, "opinion": opinion}, sanitise)
    state, opinion = decision["state"], decision["opinion"]
    record = await LibraryApply.get_or_none(id=apply_id)
    if record is None:
        raise NotFound(what="what.library_apply")
    if record.receive_user_id != actor.id and actor.role != roles.SUPER:
        raise Forbidden()
    # Passing writes a graph into the project: the person in charge must still manage it (not since
    # removed, demoted or made a tester).
    if actor.role != roles.SUPER and not await can_manage(actor, await Project.get(id=record.project_id)):
        raise Forbidden()
    if record.state != APPLY:
        raise ValidationError("library.not_pending")
    async with in_transaction():
        if not await LibraryApply.filter(id=record.id, state=APPLY).update(state=state, approval_proposal=opinion):
            raise ValidationError("library.not_pending")
        if state == PASS:
            copy = await _copy_for(record, await User.get(id=record.create_user_id))
            await LibraryApply.filter(id=record.id).update(copy_graph_id=copy.id)
    await audit.record("library.approval", actor.id, "library_apply", record.id, state=state)
    return (await _apply_views([await LibraryApply.get(id=record.id)]))[0]


async def authorize(actor: User, graph_id: int, project_id: int | None, graph_name: str | None = None,
                    remarks: str | None = None) -> dict:
    """authorizationGraph: an admin (or the graph's owners) grants a project a copy directly (state 1)."""
    await _check_entry_owner(actor, graph_id)
    entry = await _published_entry(graph_id)
    if project_id is None:
        raise ValidationError("library.project_required")
    project = await Project.get_or_none(id=project_id)
    if project is None:
        raise NotFound(what="what.project")
    leader_id = project.leader_id or actor.id
    async with in_transaction():
        record = await LibraryApply.create(entry_id=entry.id, graph_name=clean_name(graph_name or entry.name), project_id=project.id,
                                           create_user_id=actor.id, receive_user_id=leader_id, remarks=sanitise(remarks),
                                           state=AUTHORIZATION)
        copy = await _copy_for(record, actor)
        await LibraryApply.filter(id=record.id).update(copy_graph_id=copy.id)
    await audit.record("library.authorize", actor.id, "library_apply", record.id, graph=graph_id, project=project.id)
    return (await _apply_views([await LibraryApply.get(id=record.id)]))[0]


async def _apply_views(records: list[LibraryApply]) -> list[dict]:
    projects = dict(await Project.filter(id__in=[r.project_id for r in records]).values_list("id", "name"))
    people = dict(await User.filter(id__in=[i for r in records for i in (r.create_user_id, r.receive_user_id) if i]).values_list("id", "name"))
    graphs = dict(await LibraryEntry.filter(id__in=[r.entry_id for r in records]).values_list("id", "graph_id"))
    return [{"id": r.id, "graphId": graphs.get(r.entry_id), "graphName": r.graph_name, "projectId": r.project_id,
             "projectName": projects.get(r.project_id), "createUserName": people.get(r.create_user_id),
             "receviceUserName": people.get(r.receive_user_id), "receiveUserId": r.receive_user_id, "remarks": r.remarks,
             "state": r.state, "approvalProposal": r.approval_proposal, "copyGraphId": r.copy_graph_id,
             "createTime": _time(r.created_at)} for r in records]


async def apply_list(actor: User, page: int = 1, page_size: int = 10, list_type: int = MINE, graph_id: int | None = None,
                     state: int = ALL, name: str = "", project_id: int | None = None) -> tuple[list[dict], int]:
    """getApplyList: type 0 the caller's applications, 1 those waiting for the caller, 2 grants made or received."""
    check_paging(page, page_size)
    if list_type == MINE:
        query = LibraryApply.filter(create_user_id=actor.id, state__not=AUTHORIZATION)
    elif list_type == TO_APPROVE:
        query = LibraryApply.filter(state__not=AUTHORIZATION)
        if actor.role != roles.SUPER:
            query = query.filter(receive_user_id=actor.id)
    elif list_type == GRANTED:
        query = LibraryApply.filter(state=AUTHORIZATION)
        if actor.role != roles.SUPER:
            query = query.filter(Q(create_user_id=actor.id) | Q(receive_user_id=actor.id))
    else:
        raise ValidationError("error.field_invalid", field="type")
    if graph_id is not None:
        query = query.filter(entry__graph_id=graph_id)
    if state != ALL:
        query = query.filter(state=state)
    if name.strip():
        query = query.filter(graph_name__icontains=name.strip())
    if project_id is not None:
        query = query.filter(project_id=project_id)
    total = await query.count()
    records = await query.order_by("-id").offset((page - 1) * page_size).limit(page_size)
    return await _apply_views(records), total
