"""Loading a graph for a caller with the right to see or to edit it (SPEC §6)."""
from __future__ import annotations

from dataclasses import dataclass

from toolkit.errors import Forbidden, NotFound
from toolkit.graphs.access import is_editable, may_read, template_controlled, trial_expired
from toolkit.model import Graph, ProjectMember, User


@dataclass
class GraphAccess:
    graph: Graph
    can_edit: bool
    project_role: str | None
    # Seen only because it is in the public library: its owners edit it, everyone else reads it,
    # and a copy of it is had through the library's apply and approval, not by saving it as one's own.
    via_library: bool = False


async def open_graph(user: User, graph_id: int, edit: bool = False) -> GraphAccess:
    graph = await Graph.get_or_none(id=graph_id).prefetch_related("project", "template")
    if graph is None:
        raise NotFound(what="what.graph")
    project = graph.project
    project_role = None
    if project is not None:
        project_role = await ProjectMember.filter(project_id=project.id, user_id=user.id).first().values_list("role", flat=True)
    if not may_read(user, has_project=project is not None, project_role=project_role,
                    project_unit_id=project.unit_id if project else None, create_user_id=graph.create_user_id,
                    author_ids=graph.author_ids, is_public=graph.is_public, edit=edit):
        raise Forbidden()
    tryout = graph.is_tryout or bool(project and project.tryout)
    expired = trial_expired(tryout, project.end_time if project else None)
    can_edit = is_editable(user, create_user_id=graph.create_user_id, author_ids=graph.author_ids,
                           project_role=project_role, project_unit_id=project.unit_id if project else None,
                           expired=expired,
                           template_controlled=template_controlled(project.controlled_template_ids if project else None, graph.template_id))
    if edit and not can_edit:
        raise Forbidden()
    via_library = graph.is_public and not may_read(
        user, has_project=project is not None, project_role=project_role, project_unit_id=project.unit_id if project else None,
        create_user_id=graph.create_user_id, author_ids=graph.author_ids, is_public=False)
    return GraphAccess(graph, can_edit, project_role, via_library=via_library)
