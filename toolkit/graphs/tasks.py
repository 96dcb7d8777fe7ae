"""Graph tasks: a subtree dispatched to an author (assigned -> submitted -> examined | returned)."""
from __future__ import annotations

from collections import Counter
from datetime import datetime

from tortoise.transactions import in_transaction

from toolkit import audit, roles
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.guard import open_graph
from toolkit.model import Graph, GraphTask, Node, ProjectMember, User

ASSIGNED, SUBMITTED, EXAMINED, RETURNED = "assigned", "submitted", "examined", "returned"


def task_view(task: GraphTask) -> dict:
    return {"id": task.id, "graphId": task.graph_id, "nodeId": task.node_id, "title": task.title, "state": task.state,
            "assigneeId": task.assignee_id, "dispatcherId": task.dispatcher_id, "opinion": task.opinion,
            "dueAt": task.due_at.isoformat() if task.due_at else None,
            "updateTime": task.updated_at.isoformat() if task.updated_at else None}


async def _assignee(graph: Graph, assignee_id: int) -> User:
    user = await User.get_or_none(id=assignee_id, enabled=True)
    if user is None:
        raise NotFound(what="what.user")
    if user.role == roles.TEST or (graph.project_id and not await ProjectMember.exists(project_id=graph.project_id, user_id=user.id)):
        raise ValidationError("task.assignee_not_member")
    return user


async def _task(task_id: int) -> GraphTask:
    task = await GraphTask.get_or_none(id=task_id)
    if task is None:
        raise NotFound(what="what.task")
    return task


async def _may_manage(user: User, task: GraphTask) -> None:
    access = await open_graph(user, task.graph_id)
    if not (task.dispatcher_id == user.id or user.role == roles.SUPER or access.project_role == roles.PROJECT_ADMIN):
        raise Forbidden()


async def dispatch(user: User, graph_id: int, node_id: int, assignee_id: int, title: str = "", due_at: datetime | None = None) -> dict:
    access = await open_graph(user, graph_id, edit=True)
    node = await Node.get_or_none(id=node_id, graph_id=graph_id)
    if node is None:
        raise NotFound(what="what.node")
    assignee = await _assignee(access.graph, assignee_id)
    async with in_transaction():
        task = await GraphTask.create(graph_id=graph_id, node_id=node_id, title=(title or node.name).strip(), assignee=assignee,
                                      dispatcher=user, state=ASSIGNED, due_at=due_at)
        if assignee.id not in (access.graph.author_ids or []):
            await Graph.filter(id=graph_id).update(author_ids=[*(access.graph.author_ids or []), assignee.id])
        await audit.record("task.dispatch", user.id, "task", task.id, graph=graph_id, assignee=assignee.id)
    return task_view(task)


async def assign(user: User, task_id: int, assignee_id: int) -> dict:
    task = await _task(task_id)
    await _may_manage(user, task)
    graph = await Graph.get(id=task.graph_id)
    assignee = await _assignee(graph, assignee_id)
    task.assignee, task.state = assignee, ASSIGNED
    await task.save()
    if assignee.id not in (graph.author_ids or []):
        await Graph.filter(id=graph.id).update(author_ids=[*(graph.author_ids or []), assignee.id])
    await audit.record("task.assign", user.id, "task", task.id, assignee=assignee.id)
    return task_view(task)


async def submit(user: User, task_id: int) -> dict:
    task = await _task(task_id)
    if task.assignee_id != user.id:
        raise Forbidden()
    if task.state not in (ASSIGNED, RETURNED):
        raise ValidationError("task.bad_state", state=task.state)
    task.state = SUBMITTED
    await task.save()
    await audit.record("task.submit", user.id, "task", task.id)
    return task_view(task)


async def examine(user: User, task_id: int, approve: bool, opinion: str = "") -> dict:
    """Approve, or return with an opinion (required when returning)."""
    task = await _task(task_id)
    await _may_manage(user, task)
    if task.state != SUBMITTED:
        raise ValidationError("task.bad_state", state=task.state)
    if not approve and not (opinion or "").strip():
        raise ValidationError("error.field_required", field="opinion")
    task.state, task.opinion = (EXAMINED if approve else RETURNED), (opinion or "").strip()
    await task.save()
    await audit.record("task.examine", user.id, "task", task.id, approve=approve)
    return task_view(task)


async def overview(user: User, graph_id: int) -> dict:
    await open_graph(user, graph_id)
    tasks = await GraphTask.filter(graph_id=graph_id).order_by("-updated_at")
    return {"counts": dict(Counter(t.state for t in tasks)), "items": [task_view(t) for t in tasks]}
