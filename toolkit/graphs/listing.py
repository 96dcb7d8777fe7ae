"""The graph list (SPEC §3 graph list item) with paging and filters."""
from __future__ import annotations

from dataclasses import dataclass

from tortoise.connection import connections
from tortoise.expressions import RawSQL
from tortoise.filters import escape_like

from toolkit import roles, sqlite_reads
from toolkit.db import SqlParameters, stored_datetime
from toolkit.errors import ValidationError
from toolkit.graphs.access import is_editable, template_controlled, trial_expired
from toolkit.model import Graph, Project, User

MAX_PAGE_SIZE = 10000


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


# The graph list answers on every page load of every user: one statement written once (building it
# through the ORM cost several times more than running it), with the conditions a filter adds.
_LIST_COLUMNS = (
    'g."id", g."name", g."template_id", t."name" AS "template__name", t."name_en" AS "template__name_en",'
    ' t."kind" AS "template__kind", g."project_id", p."name" AS "project__name", p."end_time" AS "project__end_time",'
    ' p."tryout" AS "project__tryout", p."unit_id" AS "project__unit_id",'
    ' p."controlled_template_ids" AS "project__controlled_template_ids", g."release_state", g."is_tryout", g."is_public",'
    ' g."create_user_id", g."extend_relations", g."author_ids", g."relation_graph_id", g."node_count", g."updated_at"'
)
_LIST_FROM = ' FROM "graph" g LEFT JOIN "template" t ON t."id" = g."template_id" LEFT JOIN "project" p ON p."id" = g."project_id"'
_LIST_DATETIMES = {"project__end_time": Project._meta.fields_map["end_time"], "updated_at": Graph._meta.fields_map["updated_at"]}
_LIST_JSON = {"project__controlled_template_ids": Project._meta.fields_map["controlled_template_ids"],
              "extend_relations": Graph._meta.fields_map["extend_relations"], "author_ids": Graph._meta.fields_map["author_ids"]}


def _list_conditions(user: User, filters: GraphFilter, by_role: bool, mark: SqlParameters) -> list[str]:
    """The WHERE conditions of the graph list: what the caller may list (see access.visible_filter)
    and the filters asked for."""
    conditions = []
    if not (by_role and user.role == roles.SUPER):
        visible = [f'g."project_id" IN (SELECT m."project_id" FROM "project_member" m WHERE m."user_id" = {mark(user.id)})',
                   f'g."create_user_id" = {mark(user.id)}']
        if by_role and user.role == roles.ADMIN and user.unit_id:
            visible.append(f'p."unit_id" = {mark(user.unit_id)}')
        conditions.append("(" + " OR ".join(visible) + ")")
    if filters.name.strip():
        conditions.append(f"UPPER(CAST(g.\"name\" AS VARCHAR)) LIKE UPPER({mark(f'%{escape_like(filters.name.strip())}%')}) ESCAPE '\\'")
    for column, value in (('g."project_id"', filters.project_id), ('g."template_id"', filters.template_id),
                          ('g."release_state"', filters.release_state), ('p."unit_id"', filters.unit_id)):
        if value is not None:
            conditions.append(f"{column} = {mark(value)}")
    if filters.template_kind:
        conditions.append(f't."kind" = {mark(filters.template_kind)}')
    return conditions


async def list_graphs(user: User, page: int = 1, page_size: int = 10, filters: GraphFilter | None = None,
                      by_role: bool = False, lang: str = "zh-CN") -> tuple[list[dict], int]:
    check_paging(page, page_size)
    filters = filters or GraphFilter()
    connection = connections.get("default")
    mark = SqlParameters(connection)
    # The caller's role in each row's project (for isEdit) and the total come in the same statement.
    role = f'(SELECT m."role" FROM "project_member" m WHERE m."project_id" = g."project_id" AND m."user_id" = {mark(user.id)}) AS "member_role"'
    conditions = _list_conditions(user, filters, by_role, mark)
    where = (" WHERE " + " AND ".join(conditions)) if conditions else ""
    sql = (f'SELECT {_LIST_COLUMNS}, {role}, COUNT(*) OVER () AS "total_rows"{_LIST_FROM}{where}'
           f' ORDER BY g."updated_at" DESC, g."id" DESC LIMIT {mark(page_size)} OFFSET {mark((page - 1) * page_size)}')
    # On the event loop (sqlite_reads: a quarter less CPU a request than aiosqlite's thread); a page
    # that takes long, a caller who sees hundreds of graphs, goes to the thread after its step budget.
    # Kept until the next commit: the list is asked on every page load, and written far less often.
    rows = await sqlite_reads.kept_rows(connection, sql, mark.values, _converted)
    if rows:
        total = rows[0]["total_rows"]
    elif page > 1:  # past the end: the total apart
        count = SqlParameters(connection)
        count_sql = f'SELECT COUNT(*) AS "total"{_LIST_FROM}'
        conditions = _list_conditions(user, filters, by_role, count)
        count_sql += (" WHERE " + " AND ".join(conditions)) if conditions else ""
        total = (await sqlite_reads.fetch_rows(connection, count_sql, count.values))[0]["total"]
    else:
        total = 0
    return [_item(user, row, row["member_role"], lang) for row in rows], total


def _converted(rows: list[dict]) -> list[dict]:
    """The stored dates and JSON columns of the list's rows as the model's fields give them."""
    for row in rows:
        for column, field in _LIST_DATETIMES.items():
            row[column] = field.to_python_value(stored_datetime(row[column]))
        for column, field in _LIST_JSON.items():
            if row[column] is not None:
                row[column] = field.to_python_value(row[column])
    return rows


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
