"""Mining tasks: queued -> running (progress 0-100) -> done | failed | cancelled.

Workers (`zhitu worker`, any number, on any machine sharing the database) claim queued tasks:
on PostgreSQL with SELECT ... FOR UPDATE SKIP LOCKED, on SQLite with a compare-and-set update
(SQLite serialises writers, so only one of two claims can flip the state). A task's results are
written in one transaction at the end, so a failed or cancelled run leaves none behind.
"""
from __future__ import annotations

import asyncio
import logging
import os
import socket
from datetime import datetime, timedelta, timezone

from tortoise.transactions import in_transaction

from toolkit import audit, db, messages, roles, settings
from toolkit.errors import Forbidden, NotFound, ValidationError, ZhituError
from toolkit.graphs.guard import open_graph
from toolkit.graphs.listing import check_paging
from toolkit.mining import dictionaries, lac_shim, rights
from toolkit.mining.documents import Document
from toolkit.mining.runner import GraphContext, check_kind, check_params, less_sure_left_out, mine_document
from toolkit.mining.sources import get_source
from toolkit.model import MiningResult, MiningTask, Node, TextSource, User

log = logging.getLogger("zhitu.mining")
STATES = ("queued", "running", "done", "failed", "cancelled")
MAX_SOURCES = 100
# A running task whose worker has not been heard of for this long is taken to be orphaned.
STALE_AFTER = timedelta(minutes=10)


class Cancelled(Exception):
    """The task was cancelled (or taken away) while it ran."""


def now() -> datetime:
    return datetime.now(timezone.utc)


# What a user runs when no worker takes tasks (shown by the web UI and the TUI).
WORKER_COMMAND = "zhitu worker"
# What mines the less sure relations too from the terminal (the TUI says it under an empty review).
LESS_SURE_COMMAND = "zhitu mine relations --min-score 0 FILE…"


def waiting_for_worker(task: MiningTask, at: datetime | None = None) -> bool:
    """A queued task no worker has claimed for worker_wait_seconds: no worker runs (or all are
    busy). Queued since its creation, or since its retry (which stamps heartbeat_at)."""
    if task.state != "queued":
        return False
    since = task.heartbeat_at or task.created_at
    if since is None:
        return False
    if since.tzinfo is None:
        since = since.replace(tzinfo=timezone.utc)
    return (at or now()) - since >= timedelta(seconds=float(settings.get("worker_wait_seconds")))


def task_view(task: MiningTask, counts: dict | None = None) -> dict:
    waiting = waiting_for_worker(task)
    return {"waitingForWorker": waiting, "workerCommand": WORKER_COMMAND if waiting else None,
            "lessSureLeftOut": less_sure_left_out(task.kind, (task.params or {}).get("minScore")),
            "id": task.id, "kind": task.kind, "state": task.state, "progress": task.progress, "sourceIds": task.source_ids,
            "graphId": task.graph_id, "createUserId": task.create_user_id, "params": task.params, "error": task.error,
            "worker": task.worker, "attempts": task.attempts,
            "createTime": task.created_at.isoformat() if task.created_at else None,
            "startTime": task.started_at.isoformat() if task.started_at else None,
            "finishTime": task.finished_at.isoformat() if task.finished_at else None,
            "resultCounts": counts or {}}


async def _counts(task_id: int) -> dict:
    rows = await MiningResult.filter(task_id=task_id).values_list("state", flat=True)
    counts: dict = {}
    for state in rows:
        counts[state] = counts.get(state, 0) + 1
    return counts


async def get_task(user: User, task_id: int, write: bool = False) -> MiningTask:
    """A task the caller may read; with `write`, one they may change (its graph's edit right,
    or their own task without a graph): cancel, retry, delete and the review of its results."""
    task = await MiningTask.get_or_none(id=task_id)
    if task is None:
        raise NotFound(what="what.mining_task")
    if write:
        await rights.check_write(user, graph_id=task.graph_id, owner_id=task.create_user_id)
        return task
    if user.role == roles.SUPER or task.create_user_id == user.id:
        return task
    if task.graph_id is not None:
        await open_graph(user, task.graph_id)
        return task
    raise Forbidden()


async def create_task(user: User, kind: str, source_ids, graph_id: int | None = None, params: dict | None = None) -> dict:
    check_kind(kind)
    if not isinstance(source_ids, list) or not source_ids or len(source_ids) > MAX_SOURCES \
            or not all(isinstance(s, int) and not isinstance(s, bool) for s in source_ids):
        raise ValidationError("mining.no_sources")
    source_ids = list(dict.fromkeys(source_ids))
    # The sources are only read; the task writes (results, later nodes) into its graph.
    await rights.check_write(user, graph_id=graph_id, owner_id=user.id)
    for source_id in source_ids:
        await get_source(user, source_id)
    params = check_params(params, kind)
    task = await MiningTask.create(kind=kind, source_ids=source_ids, graph_id=graph_id, create_user_id=user.id,
                                   params=params)
    await audit.record("mining.task", user.id, "mining_task", task.id, kind=kind)
    return task_view(task)


async def list_tasks(user: User, page: int = 1, page_size: int = 10, kind: str | None = None, graph_id: int | None = None,
                     state: str | None = None) -> tuple[list[dict], int]:
    check_paging(page, page_size)
    query = MiningTask.all()
    if graph_id is not None:
        await open_graph(user, graph_id)
        query = query.filter(graph_id=graph_id)
    elif user.role != roles.SUPER:
        query = query.filter(create_user_id=user.id)
    if kind:
        query = query.filter(kind=check_kind(kind))
    if state:
        if state not in STATES:
            raise ValidationError("error.field_invalid", field="state")
        query = query.filter(state=state)
    total = await query.count()
    tasks = await query.order_by("-id").offset((page - 1) * page_size).limit(page_size)
    return [task_view(t, await _counts(t.id)) for t in tasks], total


async def task_detail(user: User, task_id: int) -> dict:
    task = await get_task(user, task_id)
    return task_view(task, await _counts(task.id))


async def cancel_task(user: User, task_id: int) -> dict:
    task = await get_task(user, task_id, write=True)
    changed = await MiningTask.filter(id=task.id, state__in=["queued", "running"]).update(
        state="cancelled", error="", finished_at=now())
    if not changed:
        raise ValidationError("mining.task_state", state=task.state)
    await audit.record("mining.cancel", user.id, "mining_task", task.id)
    return await task_detail(user, task.id)


async def retry_task(user: User, task_id: int) -> dict:
    """A failed or cancelled task goes back to the queue; its partial results (none) are cleared."""
    task = await get_task(user, task_id, write=True)
    async with in_transaction():
        changed = await MiningTask.filter(id=task.id, state__in=["failed", "cancelled"]).update(
            # heartbeat_at of a queued task is when it was queued again (see waiting_for_worker).
            state="queued", progress=0, error="", worker=None, started_at=None, finished_at=None, heartbeat_at=now())
        if not changed:
            raise ValidationError("mining.task_state", state=task.state)
        await MiningResult.filter(task_id=task.id, state="pending").delete()
    await audit.record("mining.retry", user.id, "mining_task", task.id)
    return await task_detail(user, task.id)


async def delete_task(user: User, task_id: int) -> None:
    task = await get_task(user, task_id, write=True)
    if task.state == "running":
        raise ValidationError("mining.task_state", state=task.state)
    await task.delete()
    await audit.record("mining.delete", user.id, "mining_task", task_id)


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


async def claim_next(worker: str) -> MiningTask | None:
    """Take the oldest queued task for this worker, or None. Never gives one task to two workers."""
    if db.is_postgres():
        async with in_transaction():
            task = await MiningTask.filter(state="queued").order_by("id").select_for_update(skip_locked=True).first()
            if task is None:
                return None
            await MiningTask.filter(id=task.id).update(state="running", worker=worker, started_at=now(),
                                                        heartbeat_at=now(), progress=0, attempts=task.attempts + 1)
        return await MiningTask.get(id=task.id)
    for _ in range(5):
        candidate = await MiningTask.filter(state="queued").order_by("id").first()
        if candidate is None:
            return None
        claimed = await MiningTask.filter(id=candidate.id, state="queued").update(
            state="running", worker=worker, started_at=now(), heartbeat_at=now(), progress=0,
            attempts=candidate.attempts + 1)
        if claimed:
            return await MiningTask.get(id=candidate.id)
    return None


async def report(task_id: int, worker: str, progress: int) -> None:
    """Progress and heartbeat; raises Cancelled when the task is no longer this worker's to run."""
    changed = await MiningTask.filter(id=task_id, state="running", worker=worker).update(
        progress=max(0, min(100, int(progress))), heartbeat_at=now())
    if not changed:
        raise Cancelled()


async def graph_context(graph_id: int | None) -> GraphContext | None:
    if graph_id is None:
        return None
    rows = await Node.filter(graph_id=graph_id).values("id", "parent_id", "name", "type", "desc")
    parents = {r["parent_id"] for r in rows if r["parent_id"] is not None}
    point_names = [r["name"] for r in rows if r["parent_id"] is not None]
    by_id = {r["id"]: r for r in rows}
    catalogue_nodes = [{"key": r["id"], "name": r["name"], "desc": r["desc"], "path": ancestor_names(r["id"], by_id)}
                       for r in rows if r["id"] in parents or r["type"] != "KnowPoint"]
    return GraphContext(point_names, catalogue_nodes)


def ancestor_names(node_id: int, by_id: dict[int, dict]) -> list[str]:
    """The names above a node, outermost first, without the root: every node shares the root, so
    only the branches below it tell same-named nodes apart (attribution's path reason)."""
    names: list[str] = []
    seen = {node_id}
    parent = by_id[node_id]["parent_id"]
    while parent is not None and parent in by_id and parent not in seen:
        seen.add(parent)
        row = by_id[parent]
        if row["parent_id"] is None:
            break
        names.append(row["name"])
        parent = row["parent_id"]
    return names[::-1]


async def run_task(task: MiningTask, worker: str) -> None:
    """Run one claimed task to done or failed; a cancel while it runs discards what it found."""
    try:
        terms = await dictionaries.terms_for(task.graph_id)
        context = await graph_context(task.graph_id)
        documents: list[Document] = []
        per_source: list[list] = []
        total = len(task.source_ids) or 1
        for number, source_id in enumerate(task.source_ids):
            source = await TextSource.get_or_none(id=source_id)
            if source is None:
                raise ValidationError("mining.source_gone", id=source_id)
            document = Document.from_layout(source.text, source.layout)
            await report(task.id, worker, 5 + 90 * number // total)
            limit = int(task.params.get("limit", 200)) if isinstance(task.params.get("limit", 200), int) else 200
            token = lac_shim.progress_hook.set(_progress_hook(task.id, worker, number, total))
            try:
                candidates = await asyncio.to_thread(mine_document, task.kind, document, terms, context, limit,
                                                     task.params.get("backend"), task.params.get("minScore"))
            finally:
                lac_shim.progress_hook.reset(token)
            documents.append(document)
            per_source.append(candidates)
            await report(task.id, worker, 5 + 90 * (number + 1) // total)
        if task.kind == "points":
            # URLs, names and labels repeated across the batch's files are not knowledge points.
            from toolkit.mining.points import drop_batch_boilerplate

            per_source = drop_batch_boilerplate(documents, per_source)
        found = [(source_id, c) for source_id, candidates in zip(task.source_ids, per_source) for c in candidates]
        async with in_transaction():
            still_mine = await MiningTask.filter(id=task.id, state="running", worker=worker).update(
                state="done", progress=100, finished_at=now(), heartbeat_at=now())
            if not still_mine:
                raise Cancelled()
            await MiningResult.bulk_create([_result_row(task, source_id, c) for source_id, c in found], batch_size=500)
    except Cancelled:
        log.info("task %s cancelled while running", task.id)
    except ZhituError as exc:
        await _fail(task.id, worker, exc.message())
    except Exception as exc:  # a bug in a miner must not kill the worker; the task keeps the reason
        log.exception("task %s failed", task.id)
        await _fail(task.id, worker, f"{type(exc).__name__}: {exc}")


def _progress_hook(task_id: int, worker: str, number: int, total: int):
    """Progress from inside a miner (between LAC batches): reported on the event loop, and a
    cancel seen there stops the miner where it is."""
    loop = asyncio.get_running_loop()
    last = [-1]

    def hook(fraction: float) -> None:
        percent = 5 + int(90 * (number + fraction) / total)
        if percent > last[0]:
            last[0] = percent
            asyncio.run_coroutine_threadsafe(report(task_id, worker, percent), loop).result()

    return hook


def _result_row(task: MiningTask, source_id: int, candidate) -> MiningResult:
    target = candidate.payload.get("nodeKey") if candidate.kind == "belong" and task.graph_id is not None else None
    return MiningResult(task_id=task.id, kind=candidate.kind, score=round(candidate.score, 4), payload=candidate.payload,
                        source_id=source_id, location=candidate.location, target_node_id=target)


async def _fail(task_id: int, worker: str, message: str) -> None:
    await MiningTask.filter(id=task_id, state="running", worker=worker).update(
        state="failed", error=message[:2000], finished_at=now())


async def requeue_stale(stale_after: timedelta = STALE_AFTER) -> int:
    """Running tasks whose worker stopped answering fail with a reason, ready for a retry."""
    limit = now() - stale_after
    return await MiningTask.filter(state="running", heartbeat_at__lt=limit).update(
        state="failed", error=messages.text("mining.worker_lost"), finished_at=now())


async def work(concurrency: int = 1, once: bool = False, poll_seconds: float = 1.0,
               stop: asyncio.Event | None = None) -> int:
    """The worker loop: claim and run tasks, `concurrency` at a time. `once` stops when the queue
    is empty (tests and cron jobs). Returns how many tasks it ran."""
    stop = stop or asyncio.Event()
    name = worker_name()
    ran = 0
    running: set[asyncio.Task] = set()
    while not stop.is_set():
        await requeue_stale()
        while len(running) < max(1, concurrency):
            task = await claim_next(name)
            if task is None:
                break
            ran += 1
            job = asyncio.create_task(run_task(task, name))
            running.add(job)
            job.add_done_callback(running.discard)
        if once and not running:
            break
        if running:
            await asyncio.wait(running, timeout=poll_seconds, return_when=asyncio.FIRST_COMPLETED)
        else:
            try:
                await asyncio.wait_for(stop.wait(), timeout=poll_seconds)
            except asyncio.TimeoutError:
                pass
    if running:
        await asyncio.gather(*running, return_exceptions=True)
    return ran
