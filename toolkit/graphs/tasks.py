"""Graph tasks: a subtree dispatched to an author (assigned -> submitted -> examined | returned)."""
from __future__ import annotations

from collections import Counter
from datetime import datetime

from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from toolkit import audit, roles, textrules
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.guard import open_graph
from toolkit.model import Graph, GraphTask, Node, ProjectMember, User

ASSIGNED, SUBMITTED, EXAMINED, RETURNED = "assigned", "submitted", "examined", "returned"
MAX_ASSIGNEES = 50


def task_view(task: GraphTask, assignee_name: str | None = None) -> dict:
    return {"id": task.id, "graphId": task.graph_id, "nodeId": task.node_id, "title": task.title, "state": task.state,
            "assigneeId": task.assignee_id, "assigneeName": assignee_name, "dispatcherId": task.dispatcher_id,
            "opinion": task.opinion, "dueAt": task.due_at.isoformat() if task.due_at else None,
            "updateTime": task.updated_at.isoformat() if task.updated_at else None}


async def _candidates(graph: Graph, actor: User):
    """Who may take a task of this graph: enabled users who are not testers; the project's members for a
    project graph, else the people of the graph owner's unit (the actor's when the owner is gone)."""
    query = User.filter(enabled=True).exclude(role=roles.TEST)
    if graph.project_id:
        return query.filter(id__in=await ProjectMember.filter(project_id=graph.project_id).values_list("user_id", flat=True))
    owner = await User.get_or_none(id=graph.create_user_id) if graph.create_user_id else None
    unit_id = owner.unit_id if owner else actor.unit_id
    return query.filter(unit_id=unit_id) if unit_id else query


async def _assignee(graph: Graph, actor: User, assignee_id: int) -> User:
    user = await User.get_or_none(id=assignee_id, enabled=True)
    if user is None:
        raise NotFound(what="what.user")
    if not await (await _candidates(graph, actor)).filter(id=user.id).exists():
        raise ValidationError("task.assignee_not_member" if graph.project_id else "task.assignee_elsewhere")
    return user


async def assignable_users(user: User, graph_id: int, keyword: str = "", limit: int = 20) -> list[dict]:
    """The people the caller may dispatch this graph's tasks to, by name or account name (the picker of the task dialog)."""
    access = await open_graph(user, graph_id, edit=True)
    query = await _candidates(access.graph, user)
    keyword = (keyword or "").strip()
    if keyword:
        query = query.filter(Q(name__icontains=keyword) | Q(user_name__icontains=keyword))
    rows = await query.order_by("name", "id").limit(max(1, min(int(limit), MAX_ASSIGNEES))).values("id", "name", "user_name")
    return [{"userId": row["id"], "name": row["name"], "userName": row["user_name"]} for row in rows]


async def _view(task: GraphTask) -> dict:
    name = await User.filter(id=task.assignee_id).first().values_list("name", flat=True) if task.assignee_id else None
    return task_view(task, name)


async def _task(task_id: int) -> GraphTask:
    task = await GraphTask.get_or_none(id=task_id)
    if task is None:
        raise NotFound(what="what.task")
    return task


async def _may_manage(user: User, task: GraphTask) -> None:
    # Reassigning and examining write the graph's work: they need its edit right, not only a view.
    access = await open_graph(user, task.graph_id, edit=True)
    if not (task.dispatcher_id == user.id or user.role == roles.SUPER or access.project_role == roles.PROJECT_ADMIN):
        raise Forbidden()


async def dispatch(user: User, graph_id: int, node_id: int, assignee_id: int, title: str = "", due_at: datetime | None = None) -> dict:
    access = await open_graph(user, graph_id, edit=True)
    title = textrules.clean_text("task.title", title)
    node = await Node.get_or_none(id=node_id, graph_id=graph_id)
    if node is None:
        raise NotFound(what="what.node")
    assignee = await _assignee(access.graph, user, assignee_id)
    async with in_transaction():
        task = await GraphTask.create(graph_id=graph_id, node_id=node_id, title=(title or node.name[:textrules.LIMITS["task.title"].max]).strip(), assignee=assignee,
                                      dispatcher=user, state=ASSIGNED, due_at=due_at)
        if assignee.id not in (access.graph.author_ids or []):
            await Graph.filter(id=graph_id).update(author_ids=[*(access.graph.author_ids or []), assignee.id])
        await audit.record("task.dispatch", user.id, "task", task.id, graph=graph_id, assignee=assignee.id)
    return task_view(task, assignee.name)


async def assign(user: User, task_id: int, assignee_id: int) -> dict:
    task = await _task(task_id)
    await _may_manage(user, task)
    graph = await Graph.get(id=task.graph_id)
    assignee = await _assignee(graph, user, assignee_id)
    task.assignee, task.state = assignee, ASSIGNED
    await task.save()
    if assignee.id not in (graph.author_ids or []):
        await Graph.filter(id=graph.id).update(author_ids=[*(graph.author_ids or []), assignee.id])
    await audit.record("task.assign", user.id, "task", task.id, assignee=assignee.id)
    return task_view(task, assignee.name)


async def submit(user: User, task_id: int) -> dict:
    task = await _task(task_id)
    if task.assignee_id != user.id:
        raise Forbidden()
    # An assignee who may no longer edit the graph (a tester now, the trial over) cannot hand in work on it.
    await open_graph(user, task.graph_id, edit=True)
    if task.state not in (ASSIGNED, RETURNED):
        raise ValidationError("task.bad_state", state=task.state)
    task.state = SUBMITTED
    await task.save()
    await audit.record("task.submit", user.id, "task", task.id)
    return await _view(task)


async def examine(user: User, task_id: int, approve: bool, opinion: str = "") -> dict:
    """Approve, or return with an opinion (required when returning)."""
    task = await _task(task_id)
    await _may_manage(user, task)
    if task.state != SUBMITTED:
        raise ValidationError("task.bad_state", state=task.state)
    opinion = textrules.clean_text("opinion", opinion)
    if not approve and not opinion.strip():
        raise ValidationError("error.field_required", field="opinion")
    task.state, task.opinion = (EXAMINED if approve else RETURNED), (opinion or "").strip()
    await task.save()
    await audit.record("task.examine", user.id, "task", task.id, approve=approve)
    return await _view(task)


async def overview(user: User, graph_id: int) -> dict:
    await open_graph(user, graph_id)
    tasks = await GraphTask.filter(graph_id=graph_id).order_by("-updated_at")
    names = dict(await User.filter(id__in={t.assignee_id for t in tasks if t.assignee_id}).values_list("id", "name"))
    return {"counts": dict(Counter(t.state for t in tasks)), "items": [task_view(t, names.get(t.assignee_id)) for t in tasks]}
