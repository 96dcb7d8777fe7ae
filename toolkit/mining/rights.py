"""The one rule for writes on mining tasks, text sources, results and dictionaries (issue 18).

Reading follows what the caller may read (a graph they see, a project they belong to); writing
needs the right to edit what the object belongs to: its graph's edit right (SPEC §6: testers,
expired trials, project users on template-controlled graphs and readers of a public-library
graph only read), else its project's, else being its owner. A tester never writes.
"""
from __future__ import annotations

from toolkit import roles
from toolkit.errors import Forbidden
from toolkit.graphs.access import trial_expired
from toolkit.graphs.guard import open_graph
from toolkit.model import Project, ProjectMember, User


async def check_project_write(user: User, project_id: int) -> None:
    """Writing into a project's material (a source or dictionary without a graph): a super admin,
    the project's unit admin, or a member who is not a tester, while a trial has not expired."""
    project = await Project.get_or_none(id=project_id)
    if project is None or user.role == roles.TEST:
        raise Forbidden()
    if trial_expired(project.tryout, project.end_time):
        raise Forbidden()
    if user.role == roles.SUPER or (user.role == roles.ADMIN and user.unit_id and user.unit_id == project.unit_id):
        return
    if not await ProjectMember.exists(project_id=project_id, user_id=user.id):
        raise Forbidden()


async def check_write(user: User, *, graph_id: int | None, project_id: int | None = None,
                      owner_id: int | None = None, owner_unit_id: int | None = None) -> None:
    """May `user` change an object bound to `graph_id` (else `project_id`, else owned by `owner_id`)?

    owner_unit_id: for an object of no graph nor project, the owner's unit, whose admin manages
    it (the text-material bank of the back office). Raises Forbidden, changes nothing."""
    if user.role == roles.TEST:
        raise Forbidden()
    if graph_id is not None:
        await open_graph(user, graph_id, edit=True)
        return
    if project_id is not None:
        await check_project_write(user, project_id)
        return
    if user.role == roles.SUPER or (owner_id is not None and owner_id == user.id):
        return
    if user.role == roles.ADMIN and user.unit_id and owner_unit_id == user.unit_id:
        return
    raise Forbidden()
