"""Who may see and change a course's attainment data.

Students' scores (and anything per student) are for the course graph's teachers, i.e. those
with the edit right on the graph, which includes the unit's admins and the super admin.
Class-level results are also readable by the graph's project members (a tester, for one), but
never through the public library alone: a published graph does not publish its classes.
"""
from __future__ import annotations

from toolkit.errors import Forbidden
from toolkit.graphs.guard import GraphAccess, open_graph
from toolkit.model import User


async def open_course(user: User, graph_id: int, *, write: bool = False, personal: bool = False) -> GraphAccess:
    """The graph, if the caller may read its results (or, with write/personal, change or see students)."""
    access = await open_graph(user, graph_id, edit=write)
    if personal and not access.can_edit:
        raise Forbidden()
    if not (access.can_edit or access.project_role is not None):
        raise Forbidden()
    return access


async def readable(user: User, graph_id: int) -> bool:
    from toolkit.errors import NotFound

    try:
        await open_course(user, graph_id)
    except (Forbidden, NotFound):
        return False
    return True
