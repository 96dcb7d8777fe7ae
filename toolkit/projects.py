"""Projects: who sees and manages them, members and project roles, template control, statistics.

A super admin manages every project, an admin the projects of their unit, a project admin ('10')
their own project. Only project admins can be chosen as the person in charge (SPEC §6).
"""
from __future__ import annotations

from datetime import datetime, timezone

from tortoise.expressions import Q
from tortoise.functions import Count

from toolkit import audit, roles
from toolkit.admin.forms import FormCheck
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.access import trial_expired
from toolkit.graphs.listing import check_paging
from toolkit.model import Graph, GraphTask, Node, Project, ProjectMember, Relation, Template, Unit, User
from toolkit.richtext import sanitise

ABILITY_KINDS = ("ability", "majorAbilityTarget", "courseAbility")


async def get_project(project_id: int) -> Project:
    project = await Project.get_or_none(id=project_id)
    if project is None:
        raise NotFound(what="what.project")
    return project


async def project_role(user: User, project_id: int) -> str | None:
    return await ProjectMember.filter(project_id=project_id, user_id=user.id).first().values_list("role", flat=True)


def _manages_by_role(user: User, project: Project) -> bool:
    return user.role == roles.SUPER or (user.role == roles.ADMIN and bool(user.unit_id) and project.unit_id == user.unit_id)


async def can_manage(user: User, project: Project) -> bool:
    """Super admin, the unit's admin, or a project admin of this project."""
    if _manages_by_role(user, project):
        return True
    return user.role != roles.TEST and await project_role(user, project.id) == roles.PROJECT_ADMIN


async def require_manager(user: User, project_id: int) -> Project:
    project = await get_project(project_id)
    if not await can_manage(user, project):
        raise Forbidden()
    return project


async def require_member_or_manager(user: User, project_id: int) -> Project:
    project = await get_project(project_id)
    if not _manages_by_role(user, project) and await project_role(user, project.id) is None:
        raise Forbidden()
    return project


async def check_project_role(user: User, project_id: int | None, allowed: tuple[str, ...]) -> None:
    """A route's project-role rule: super admins and the unit's admins pass, others need one of the roles."""
    if project_id is None:
        raise ValidationError("error.field_required", field="projectId")
    project = await get_project(project_id)
    if _manages_by_role(user, project):
        return
    if await project_role(user, project_id) not in allowed:
        raise Forbidden()


def project_actions(actor: User, project: Project, my_role: str | None, graph_count: int) -> list[str]:
    """What the caller may do to a project's row, by the rules the routes and the changes below
    apply (service.access, require_manager, delete_project): the web UI offers exactly these.
    editTrial: the trial terms too (only super admins and the unit's admins change them)."""
    by_role = _manages_by_role(actor, project)
    back_office = actor.role in (roles.SUPER, roles.ADMIN, roles.EXPERT)
    manages = by_role or (actor.role != roles.TEST and my_role == roles.PROJECT_ADMIN)
    actions = []
    if back_office and manages:
        actions += ["edit", "manageMembers"]
    if back_office and by_role:
        actions.append("editTrial")
    if by_role and actor.role in (roles.SUPER, roles.ADMIN) and not graph_count:
        actions.append("delete")
    if back_office and (by_role or my_role is not None):
        actions += ["members", "statistics"]
    return actions


def _visible(user: User, own: list[int]) -> Q | None:
    if user.role == roles.SUPER or user.visible_person_info:
        return None
    condition = Q(id__in=own)
    if user.role == roles.ADMIN and user.unit_id:
        condition |= Q(unit_id=user.unit_id)
    return condition


def project_view(project: Project, role: str | None = None, counts: dict | None = None) -> dict:
    end = project.end_time
    view = {
        "id": project.id, "name": project.name, "unitId": project.unit_id,
        "unitName": project.unit.name if project.unit_id and isinstance(project.unit, Unit) else None,
        "leaderId": project.leader_id,
        "leaderName": project.leader.name if project.leader_id and isinstance(project.leader, User) else None,
        "role": role, "tryout": project.tryout, "endTime": end.isoformat() if end else None,
        "expired": trial_expired(project.tryout, end), "description": project.description,
        "allowedTemplateIds": project.allowed_template_ids or [], "controlledTemplateIds": project.controlled_template_ids or [],
        "parentId": project.parent_id, "majorName": project.major_name,
        "createTime": project.created_at.isoformat() if project.created_at else None,
    }
    if counts is not None:
        view.update(counts)
    return view


async def search_projects(user: User, page: int = 1, page_size: int = 10, name: str = "", unit_id: int | None = None,
                          tryout: bool | None = None) -> tuple[list[dict], int]:
    """The project manager's list: every project the caller may see, with member and graph counts."""
    check_paging(page, page_size)
    own = await ProjectMember.filter(user_id=user.id).values_list("project_id", flat=True)
    query = Project.all()
    condition = _visible(user, own)
    if condition is not None:
        query = query.filter(condition)
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    if unit_id is not None:
        query = query.filter(unit_id=unit_id)
    if tryout is not None:
        query = query.filter(tryout=tryout)
    total = await query.count()
    projects = await query.order_by("-id").offset((page - 1) * page_size).limit(page_size).prefetch_related("unit", "leader")
    ids = [p.id for p in projects]
    members = dict(await ProjectMember.filter(project_id__in=ids).group_by("project_id").annotate(n=Count("id")).values_list("project_id", "n"))
    graphs = dict(await Graph.filter(project_id__in=ids).group_by("project_id").annotate(n=Count("id")).values_list("project_id", "n"))
    my_roles = dict(await ProjectMember.filter(user_id=user.id, project_id__in=ids).values_list("project_id", "role"))
    return [project_view(p, my_roles.get(p.id), {"memberCount": members.get(p.id, 0), "graphCount": graphs.get(p.id, 0),
                                                 "actions": project_actions(user, p, my_roles.get(p.id), graphs.get(p.id, 0))})
            for p in projects], total


def _parse_end_time(value) -> datetime | None:
    if value in (None, ""):
        return None
    try:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError as exc:
        raise ValidationError("error.field_invalid", field="endTime") from exc
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


async def _check_templates(ids) -> list[int]:
    if ids is None:
        return []
    if not isinstance(ids, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids):
        raise ValidationError("error.field_invalid", field="templateIds")
    known = set(await Template.filter(id__in=ids).values_list("id", flat=True))
    missing = [i for i in ids if i not in known]
    if missing:
        raise NotFound(what="what.template")
    return sorted(set(ids))


async def create_project(actor: User, name: str, unit_id: int | None = None, leader_id: int | None = None, tryout: bool = False,
                         end_time=None, description: str = "", allowed_template_ids=None, major_name: str | None = None,
                         parent_id: int | None = None) -> dict:
    if actor.role not in (roles.SUPER, roles.ADMIN):
        raise Forbidden()
    form = FormCheck("project")
    name, description, major_name = form.field("name", name), form.field("description", description), form.field("majorName", major_name)
    form.done()
    name, description, major_name = name.strip(), description or "", major_name or ""
    if actor.role == roles.ADMIN:
        if unit_id not in (None, actor.unit_id):
            raise Forbidden("user.other_unit")
        unit_id = actor.unit_id
    if unit_id is not None and not await Unit.exists(id=unit_id):
        raise NotFound(what="what.unit")
    end = _parse_end_time(end_time)
    if tryout and end is None:
        raise ValidationError("project.trial_needs_end")
    leader = None
    if leader_id is not None:
        leader = await User.get_or_none(id=leader_id)
        if leader is None:
            raise NotFound(what="what.user")
    if parent_id is not None:
        await require_manager(actor, parent_id)
    project = await Project.create(name=name, unit_id=unit_id, leader=leader, tryout=bool(tryout), end_time=end,
                                   description=sanitise(description), allowed_template_ids=await _check_templates(allowed_template_ids),
                                   major_name=(major_name or "").strip() or None, parent_id=parent_id)
    if leader is not None:
        await ProjectMember.create(project=project, user=leader, role=roles.PROJECT_ADMIN)
    await audit.record("project.create", actor.id, "project", project.id, tryout=bool(tryout))
    await project.fetch_related("unit", "leader")
    return project_view(project, await project_role(actor, project.id))


async def update_project(actor: User, project_id: int, data: dict) -> dict:
    project = await require_manager(actor, project_id)
    form = FormCheck("project")
    texts = {field: form.field(field, data.get(field), creating=False) for field in ("name", "description", "majorName") if field in data}
    form.done()
    if "name" in texts:
        project.name = texts["name"].strip()
    if "description" in texts:
        project.description = sanitise(texts["description"] or "")
    if "majorName" in texts:
        project.major_name = (texts["majorName"] or "").strip() or None
    if "tryout" in data or "endTime" in data:
        # Only admins change a trial's terms: a project admin must not extend their own trial.
        if not _manages_by_role(actor, project):
            raise Forbidden()
        tryout = bool(data.get("tryout", project.tryout))
        end = _parse_end_time(data["endTime"]) if "endTime" in data else project.end_time
        if tryout and end is None:
            raise ValidationError("project.trial_needs_end")
        project.tryout, project.end_time = tryout, end
    if "allowedTemplateIds" in data:
        project.allowed_template_ids = await _check_templates(data.get("allowedTemplateIds"))
    if "leaderId" in data and data["leaderId"] is not None:
        leader_id = data["leaderId"]
        if not isinstance(leader_id, int) or await project_role(await _user(leader_id), project.id) != roles.PROJECT_ADMIN:
            raise ValidationError("project.leader_not_admin")
        project.leader_id = leader_id
    await project.save()
    await audit.record("project.update", actor.id, "project", project.id, fields=sorted(data))
    await project.fetch_related("unit", "leader")
    return project_view(project, await project_role(actor, project.id))


async def delete_project(actor: User, project_id: int) -> None:
    project = await get_project(project_id)
    if not _manages_by_role(actor, project):
        raise Forbidden()
    graphs = await Graph.filter(project_id=project_id).count()
    if graphs:
        raise ValidationError("project.has_graphs", count=graphs)
    await project.delete()
    await audit.record("project.delete", actor.id, "project", project_id)


async def _user(user_id: int) -> User:
    user = await User.get_or_none(id=user_id)
    if user is None:
        raise NotFound(what="what.user")
    return user


async def members(actor: User, project_id: int, role: str | None = None, name: str = "", page: int = 1,
                  page_size: int = 50) -> tuple[list[dict], int]:
    """getProjectMember: role '10' lists the project admins, the people who can be in charge."""
    await require_member_or_manager(actor, project_id)
    check_paging(page, page_size)
    query = ProjectMember.filter(project_id=project_id)
    if role:
        if role not in roles.PROJECT_ROLES:
            raise ValidationError("error.field_invalid", field="role")
        query = query.filter(role=role)
    if name.strip():
        query = query.filter(Q(user__name__icontains=name.strip()) | Q(user__user_name__icontains=name.strip()))
    total = await query.count()
    rows = await query.order_by("role", "id").offset((page - 1) * page_size).limit(page_size).prefetch_related("user")
    return [{"id": m.id, "userId": m.user_id, "name": m.user.name, "userName": m.user.user_name, "role": m.role,
             "userRole": m.user.role, "enabled": m.user.enabled} for m in rows], total


async def set_member(actor: User, project_id: int, user_id: int, role: str) -> dict:
    """Add a member or change their project role."""
    project = await require_manager(actor, project_id)
    if role not in roles.PROJECT_ROLES:
        raise ValidationError("error.field_invalid", field="role")
    user = await _user(user_id)
    if actor.role != roles.SUPER and project.unit_id and user.unit_id != project.unit_id:
        raise ValidationError("project.member_other_unit")
    member, created = await ProjectMember.get_or_create(project_id=project_id, user_id=user_id, defaults={"role": role})
    if not created and member.role != role:
        if member.role == roles.PROJECT_ADMIN and project.leader_id == user_id:
            raise ValidationError("project.leader_stays_admin")
        member.role = role
        await member.save()
    await audit.record("project.member", actor.id, "project", project_id, user=user_id, role=role)
    return {"id": member.id, "userId": user_id, "name": user.name, "userName": user.user_name, "role": member.role}


async def remove_member(actor: User, project_id: int, user_id: int) -> None:
    project = await require_manager(actor, project_id)
    if project.leader_id == user_id:
        raise ValidationError("project.leader_stays_admin")
    removed = await ProjectMember.filter(project_id=project_id, user_id=user_id).delete()
    if not removed:
        raise NotFound(what="what.user")
    await audit.record("project.member_remove", actor.id, "project", project_id, user=user_id)


async def control(actor: User, project_id: int) -> dict:
    """control/{id}: what the caller may do in the project."""
    project = await require_member_or_manager(actor, project_id)
    role = await project_role(actor, project_id)
    expired = trial_expired(project.tryout, project.end_time)
    manage = await can_manage(actor, project)
    return {"projectId": project.id, "projectRole": role, "canManage": manage,
            "canEdit": actor.role != roles.TEST and not expired and (manage or role is not None),
            "expired": expired, "tryout": project.tryout, "endTime": project.end_time.isoformat() if project.end_time else None,
            "controlledTemplateIds": project.controlled_template_ids or [], "allowedTemplateIds": project.allowed_template_ids or []}


async def batch_update_template_control(actor: User, project_id: int, template_ids) -> dict:
    """Which templates' graphs project users may edit; empty means all of them."""
    project = await require_manager(actor, project_id)
    project.controlled_template_ids = await _check_templates(template_ids)
    await project.save(update_fields=["controlled_template_ids", "updated_at"])
    await audit.record("project.template_control", actor.id, "project", project_id, templates=project.controlled_template_ids)
    return {"projectId": project.id, "controlledTemplateIds": project.controlled_template_ids}


async def check_access_ability_graph(actor: User, project_id: int | None = None) -> dict:
    """Whether the caller may open ability graphs (of a project, or anywhere) and which ones."""
    query = Graph.filter(template__kind__in=ABILITY_KINDS)
    if project_id is not None:
        await require_member_or_manager(actor, project_id)
        query = query.filter(project_id=project_id)
    elif actor.role != roles.SUPER:
        own = await ProjectMember.filter(user_id=actor.id).values_list("project_id", flat=True)
        condition = Q(project_id__in=list(own)) | Q(create_user_id=actor.id)
        if actor.role == roles.ADMIN and actor.unit_id:
            condition |= Q(project__unit_id=actor.unit_id)
        query = query.filter(condition)
    graph_ids = await query.order_by("id").values_list("id", flat=True)
    return {"access": bool(graph_ids), "graphIds": list(graph_ids)}


async def tree_project_group(actor: User, project_id: int) -> dict:
    """getTreeProjectGroup/{id}: the project, its sub-projects, and their graphs grouped by template kind."""
    root = await require_member_or_manager(actor, project_id)

    async def build(project: Project, depth: int) -> dict:
        graphs = await Graph.filter(project_id=project.id).order_by("id").values("id", "name", "template_id", "template__kind")
        groups: dict[str, list] = {}
        for g in graphs:
            groups.setdefault(g["template__kind"], []).append({"id": g["id"], "name": g["name"], "templateId": g["template_id"]})
        children = [] if depth > 8 else [await build(c, depth + 1) for c in await Project.filter(parent_id=project.id).order_by("id")]
        return {"id": project.id, "name": project.name, "majorName": project.major_name,
                "groups": [{"kind": kind, "graphs": items} for kind, items in groups.items()], "children": children}

    return await build(root, 0)


async def project_major_list(actor: User) -> list[dict]:
    """getProjectMajorList: the majors of the projects the caller sees, each with its projects."""
    own = await ProjectMember.filter(user_id=actor.id).values_list("project_id", flat=True)
    query = Project.exclude(major_name=None)
    condition = _visible(actor, own)
    if condition is not None:
        query = query.filter(condition)
    majors: dict[str, list] = {}
    for row in await query.order_by("major_name", "id").values("id", "name", "major_name"):
        majors.setdefault(row["major_name"], []).append({"id": row["id"], "name": row["name"]})
    return [{"majorName": name, "projects": projects} for name, projects in majors.items()]


async def statistics(actor: User, project_id: int) -> dict:
    """Project statistics: graphs by kind, nodes, relations, members by role, tasks by state."""
    project = await require_member_or_manager(actor, project_id)
    graph_rows = await Graph.filter(project_id=project_id).group_by("template__kind").annotate(n=Count("id")).values_list("template__kind", "n")
    graph_ids = await Graph.filter(project_id=project_id).values_list("id", flat=True)
    node_count = await Node.filter(graph_id__in=graph_ids).count() if graph_ids else 0
    relation_count = await Relation.filter(graph_id__in=graph_ids).count() if graph_ids else 0
    member_rows = await ProjectMember.filter(project_id=project_id).group_by("role").annotate(n=Count("id")).values_list("role", "n")
    task_rows = await GraphTask.filter(graph_id__in=graph_ids).group_by("state").annotate(n=Count("id")).values_list("state", "n") if graph_ids else []
    released = await Graph.filter(project_id=project_id, release_state=1).count()
    return {"projectId": project.id, "name": project.name, "graphCount": len(graph_ids), "releasedGraphCount": released,
            "graphsByKind": dict(graph_rows), "nodeCount": node_count, "relationCount": relation_count,
            "membersByRole": dict(member_rows), "tasksByState": dict(task_rows)}
