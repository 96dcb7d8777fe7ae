"""Who may see and who may edit a graph (SPEC §6)."""
from __future__ import annotations

from datetime import datetime, timezone

from tortoise.expressions import Q, Subquery

from toolkit import roles
from toolkit.model import ProjectMember, User


async def visible_filter(user: User, by_role: bool, memberships: dict[int, str] | None = None) -> Q | None:
    """A filter on Graph for what the caller may list; None means everything.

    `list` shows the graphs of the caller's own projects and the ones they created or author;
    `listByRole` widens that to what the role allows: a super admin every graph, an admin every
    graph of their unit's projects. Without `memberships` the caller's projects are a subquery of
    the same statement, not a query of their own. The graph list writes the same rule in SQL
    (listing._list_conditions): a change here is a change there.
    """
    if by_role and user.role == roles.SUPER:
        return None
    projects = list(memberships) if memberships is not None else Subquery(ProjectMember.filter(user_id=user.id).values("project_id"))
    condition = Q(project_id__in=projects) | Q(create_user_id=user.id)
    if by_role and user.role == roles.ADMIN and user.unit_id:
        condition |= Q(project__unit_id=user.unit_id)
    return condition


def may_read(user: User, *, has_project: bool, project_role: str | None, project_unit_id: int | None,
             create_user_id: int | None, author_ids: list | None, is_public: bool, edit: bool = False) -> bool:
    """Whether the caller may open one graph: its project's members, its creator and authors, its
    unit's admins and the super admin; a graph published in the public library is readable (never
    editable) by everyone signed in."""
    own = (
        user.role == roles.SUPER
        or project_role is not None
        or create_user_id == user.id
        or user.id in (author_ids or [])
        or (user.role == roles.ADMIN and has_project and project_unit_id == user.unit_id and user.unit_id)
    )
    return bool(own or (is_public and not edit))


def trial_expired(is_tryout: bool, project_end_time: datetime | None, now: datetime | None = None) -> bool:
    if not is_tryout or project_end_time is None:
        return False
    now = now or datetime.now(timezone.utc)
    return project_end_time <= now


def is_editable(user: User, *, create_user_id: int | None, author_ids: list, project_role: str | None,
                project_unit_id: int | None, expired: bool, template_controlled: bool = True) -> bool:
    """isEdit for the caller: read-only for testers and expired trials.

    template_controlled is False when the project limits member editing to other templates
    (batchUpdateTemplateControl); project users then only read such graphs.
    """
    if user.role == roles.TEST or expired:
        return False
    if user.role == roles.SUPER:
        return True
    if user.role == roles.ADMIN and user.unit_id and user.unit_id == project_unit_id:
        return True
    if create_user_id == user.id or user.id in (author_ids or []):
        return True
    if project_role == roles.PROJECT_USER and not template_controlled:
        return False
    return project_role in roles.PROJECT_ROLES


def template_controlled(controlled_template_ids: list | None, template_id: int) -> bool:
    return not controlled_template_ids or template_id in controlled_template_ids
