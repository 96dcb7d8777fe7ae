"""The back office's overviews: graph management, platform metrics, project statistics, task list, export.

A super admin sees the whole platform, an admin their unit, an ordinary user what they take part in.
"""
from __future__ import annotations

import io
from datetime import datetime, timedelta, timezone

from tortoise.expressions import Q
from tortoise.functions import Count

from toolkit import roles
from toolkit.errors import Forbidden, ValidationError
from toolkit.graphs.access import visible_filter
from toolkit.graphs.listing import GraphFilter, check_paging, list_graphs
from toolkit.model import (AuditEvent, Graph, GraphTask, LibraryApply, LibraryEntry, Node, Project, ProjectMember, Relation,
                           Template, Unit, User)
from toolkit.projects import search_projects

ABILITY_KINDS = ("ability", "majorAbilityTarget", "courseAbility")
EXPORT_LIMIT = 10000


def _filters(data: dict) -> GraphFilter:
    def optional_int(name):
        value = data.get(name)
        if value in (None, ""):
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError("error.field_invalid", field=name)
        return value

    name = data.get("name") or ""
    if not isinstance(name, str):
        raise ValidationError("error.field_invalid", field="name")
    kind = data.get("templateKind") or None
    if kind is not None and not isinstance(kind, str):
        raise ValidationError("error.field_invalid", field="templateKind")
    return GraphFilter(name=name, project_id=optional_int("projectId"), template_id=optional_int("templateId"),
                       release_state=optional_int("releaseState"), unit_id=optional_int("unitId"), template_kind=kind)


async def graph_list(actor: User, data: dict, lang: str = "zh-CN") -> tuple[list[dict], int]:
    """manage/getGraphList: every graph the caller's role reaches, with the management filters."""
    page, page_size = data.get("page", 1), data.get("pageSize", 10)
    if not isinstance(page, int) or not isinstance(page_size, int):
        raise ValidationError("error.field_invalid", field="page")
    return await list_graphs(actor, page, page_size, _filters(data), by_role=True, lang=lang)


async def export_graph_list(actor: User, data: dict, lang: str = "zh-CN") -> bytes:
    """manage/export: the management graph list as a spreadsheet (the same filters, up to 10,000 rows)."""
    import openpyxl

    from toolkit import messages
    from toolkit.cells import xlsx_row

    items, _ = await list_graphs(actor, 1, EXPORT_LIMIT, _filters(data), by_role=True, lang=lang)
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet(messages.text("export.graphs_sheet", lang))
    columns = ["id", "name", "templateName", "projectName", "releaseState", "isPublic", "nodeCount", "updateTime"]
    sheet.append([messages.text(f"export.column.{c}", lang) for c in columns])
    for item in items:
        sheet.append(xlsx_row(sheet, [item[c] if not isinstance(item[c], bool) else int(item[c]) for c in columns]))
    buffer = io.BytesIO()
    book.save(buffer)
    return buffer.getvalue()


async def _scope(actor: User) -> tuple[Q | None, Q | None, Q | None]:
    """Filters on Project, Graph and User for what the caller's metrics cover: everything for a super
    admin, the unit for an admin, the projects an expert takes part in (and their members). The
    graphs are those the caller's graph management list shows (access.visible_filter by role), so
    each figure equals that list's total: graphs in no project count too where the list has them
    (the super admin's all, anyone's own)."""
    if actor.role == roles.SUPER:
        return None, None, None
    graphs = await visible_filter(actor, by_role=True)
    if actor.role == roles.ADMIN and actor.unit_id:
        return Q(unit_id=actor.unit_id), graphs, Q(unit_id=actor.unit_id)
    if actor.role == roles.EXPERT:
        project_ids = list(await ProjectMember.filter(user_id=actor.id).values_list("project_id", flat=True))
        member_ids = list(await ProjectMember.filter(project_id__in=project_ids).values_list("user_id", flat=True))
        return Q(id__in=project_ids), graphs, Q(id__in=[actor.id, *member_ids])
    raise Forbidden()


def _scope_name(actor: User) -> str:
    """What the figures cover, for the screen to say: the platform, the unit, or the caller's projects."""
    return {roles.SUPER: "platform", roles.ADMIN: "unit"}.get(actor.role, "projects")


async def _grouped(query, field: str) -> dict:
    return {str(k): v for k, v in await query.group_by(field).annotate(n=Count("id")).values_list(field, "n")}


async def statistic_metrics(actor: User, days: int = 30) -> dict:
    """getStatisticMetrics: counts for the statistics screen, over the caller's scope."""
    if not 1 <= days <= 366:
        raise ValidationError("error.field_invalid", field="days")
    project_scope, graph_scope, user_scope = await _scope(actor)
    projects = Project.all() if project_scope is None else Project.filter(project_scope)
    graphs = Graph.all() if graph_scope is None else Graph.filter(graph_scope)
    users = User.all() if user_scope is None else User.filter(user_scope)
    graph_ids = None if graph_scope is None else await graphs.values_list("id", flat=True)
    nodes = Node.all() if graph_ids is None else Node.filter(graph_id__in=graph_ids)
    relations = Relation.all() if graph_ids is None else Relation.filter(graph_id__in=graph_ids)
    entries = LibraryEntry.all() if graph_ids is None else LibraryEntry.filter(graph_id__in=graph_ids)
    applies = LibraryApply.all() if graph_ids is None else LibraryApply.filter(entry__graph_id__in=graph_ids)
    since = datetime.now(timezone.utc) - timedelta(days=days)
    user_ids = None if project_scope is None else await users.values_list("id", flat=True)
    logins = AuditEvent.filter(action="login", created_at__gte=since)
    if user_ids is not None:
        logins = logins.filter(user_id__in=user_ids)
    created = Graph.filter(created_at__gte=since)
    if graph_scope is not None:
        created = created.filter(graph_scope)
    per_day: dict[str, int] = {}
    for moment in await created.values_list("created_at", flat=True):
        key = moment.date().isoformat()
        per_day[key] = per_day.get(key, 0) + 1
    return {
        "units": await Unit.all().count() if project_scope is None else len({u for u in await projects.values_list("unit_id", flat=True) if u}),
        "users": await users.count(),
        "usersByRole": await _grouped(users, "role"),
        "projects": await projects.count(),
        "trialProjects": await projects.filter(tryout=True).count(),
        "graphs": await graphs.count(),
        "graphsOutsideProjects": await graphs.filter(project_id__isnull=True).count(),
        "releasedGraphs": await graphs.filter(release_state=1).count(),
        "graphsByKind": await _grouped(graphs, "template__kind"),
        "nodes": await nodes.count(),
        "relations": await relations.count(),
        "libraryByState": await _grouped(entries, "public_state"),
        "appliesByState": await _grouped(applies, "state"),
        "logins": await logins.count(),
        "activeUsers": len(set(await logins.values_list("user_id", flat=True))),
        "graphsCreatedPerDay": [{"date": d, "count": per_day[d]} for d in sorted(per_day)],
        "days": days,
        "scope": _scope_name(actor),
    }


async def project_list(actor: User, page: int = 1, page_size: int = 10, name: str = "") -> tuple[list[dict], int]:
    """manage/getProjectList: projects with their sizes for the statistics screen."""
    items, total = await search_projects(actor, page, page_size, name)
    ids = [item["id"] for item in items]
    nodes = dict(await Graph.filter(project_id__in=ids).group_by("project_id").annotate(n=Count("nodes__id")).values_list("project_id", "n"))
    for item in items:
        item["nodeCount"] = nodes.get(item["id"], 0)
    return items, total


async def ability_templates(lang: str = "zh-CN") -> list[dict]:
    """category/listAbilityTemplate: the templates of the ability kinds."""
    rows = await Template.filter(kind__in=ABILITY_KINDS, enabled=True).order_by("id")
    return [{"id": t.id, "code": t.code, "kind": t.kind, "name": (t.name_en if lang == "en" else "") or t.name} for t in rows]


async def task_list(actor: User, page: int = 1, page_size: int = 10, state: str = "", graph_id: int | None = None,
                    title: str = "") -> tuple[list[dict], int]:
    """The task manager: graph tasks over the caller's scope."""
    check_paging(page, page_size)
    query = GraphTask.all()
    if actor.role == roles.ADMIN and actor.unit_id:
        query = query.filter(graph__project__unit_id=actor.unit_id)
    elif actor.role != roles.SUPER:
        raise Forbidden()
    if state:
        query = query.filter(state=state)
    if graph_id is not None:
        query = query.filter(graph_id=graph_id)
    if title:
        query = query.filter(title__icontains=title)
    total = await query.count()
    tasks = await query.order_by("-id").offset((page - 1) * page_size).limit(page_size).prefetch_related("graph", "node", "assignee", "dispatcher")
    return [{"id": t.id, "title": t.title, "state": t.state, "graphId": t.graph_id, "graphName": t.graph.name, "nodeId": t.node_id,
             "nodeName": t.node.name, "assigneeName": t.assignee.name if t.assignee else None,
             "dispatcherName": t.dispatcher.name if t.dispatcher else None, "opinion": t.opinion,
             "dueTime": t.due_at.isoformat() if t.due_at else None, "createTime": t.created_at.isoformat()} for t in tasks], total
