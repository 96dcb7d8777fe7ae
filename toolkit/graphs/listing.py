"""The graph list (SPEC §3 graph list item) with paging and filters."""
from __future__ import annotations

from dataclasses import dataclass

from tortoise.expressions import RawSQL

from toolkit.errors import ValidationError
from toolkit.graphs.access import is_editable, project_role_of, template_controlled, trial_expired, visible_filter
from toolkit.model import Graph, User

MAX_PAGE_SIZE = 10000

_FIELDS = (
    "id", "name", "template_id", "template__name", "template__name_en", "template__kind", "project_id", "project__name",
    "project__end_time", "project__tryout", "project__unit_id", "project__controlled_template_ids", "release_state", "is_tryout", "is_public",
    "create_user_id", "extend_relations", "author_ids", "relation_graph_id", "node_count", "updated_at",
)


@dataclass
class GraphFilter:
    name: str = ""
    project_id: int | None = None
    template_id: int | None = None
    release_state: int | None = None
    unit_id: int | None = None
    template_kind: str | None = None


def check_paging(page: int, page_size: int) -> None:
    if page < 1:
        raise ValidationError("error.field_invalid", field="page")
    if not 1 <= page_size <= MAX_PAGE_SIZE:
        raise ValidationError("error.page_size", max=MAX_PAGE_SIZE)


async def page_rows(query, order: tuple[str, ...], page: int, page_size: int, fields: tuple[str, ...],
                    **columns) -> tuple[list[dict], int]:
    """One page of a query's rows and the total, in one statement (a window count); `columns` adds
    computed columns. Only a page past the end asks for the total apart."""
    rows = await (query.annotate(**columns, total_rows=RawSQL("COUNT(*) OVER ()")).order_by(*order)
                  .offset((page - 1) * page_size).limit(page_size).values(*fields, *columns, "total_rows"))
    total = rows[0]["total_rows"] if rows else (await query.count() if page > 1 else 0)
    return rows, total


async def list_graphs(user: User, page: int = 1, page_size: int = 10, filters: GraphFilter | None = None,
                      by_role: bool = False, lang: str = "zh-CN") -> tuple[list[dict], int]:
    check_paging(page, page_size)
    filters = filters or GraphFilter()
    query = Graph.all()
    condition = await visible_filter(user, by_role)
    if condition is not None:
        query = query.filter(condition)
    if filters.name.strip():
        query = query.filter(name__icontains=filters.name.strip())
    if filters.project_id is not None:
        query = query.filter(project_id=filters.project_id)
    if filters.template_id is not None:
        query = query.filter(template_id=filters.template_id)
    if filters.release_state is not None:
        query = query.filter(release_state=filters.release_state)
    if filters.unit_id is not None:
        query = query.filter(project__unit_id=filters.unit_id)
    if filters.template_kind:
        query = query.filter(template__kind=filters.template_kind)
    # The caller's role in each row's project (for isEdit) comes in the same statement.
    rows, total = await page_rows(query, ("-updated_at", "-id"), page, page_size, _FIELDS, member_role=project_role_of(user.id))
    return [_item(user, row, row["member_role"], lang) for row in rows], total


def _item(user: User, row: dict, project_role: str | None, lang: str) -> dict:
    tryout = bool(row["is_tryout"] or row["project__tryout"])
    end_time = row["project__end_time"]
    expired = trial_expired(tryout, end_time)
    editable = is_editable(user, create_user_id=row["create_user_id"], author_ids=row["author_ids"],
                           project_role=project_role, project_unit_id=row["project__unit_id"], expired=expired,
                           template_controlled=template_controlled(row["project__controlled_template_ids"], row["template_id"]))
    return {
        "id": row["id"],
        "name": row["name"],
        "templateId": row["template_id"],
        "templateName": (row["template__name_en"] if lang == "en" else "") or row["template__name"],
        "templateKind": row["template__kind"],
        "projectId": row["project_id"],
        "projectName": row["project__name"],
        "releaseState": row["release_state"],
        "isTryout": tryout,
        "isPublic": bool(row["is_public"]),
        "createUserId": row["create_user_id"],
        "projectEndTime": end_time.isoformat() if end_time else None,
        "extendRelations": row["extend_relations"] or [],
        "isEdit": 1 if editable else 0,
        "authorIds": row["author_ids"] or [],
        "relationGraphId": row["relation_graph_id"],
        "nodeCount": row["node_count"],
        "updateTime": row["updated_at"].isoformat() if row["updated_at"] else None,
    }
