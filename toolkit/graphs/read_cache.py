"""Graph reads at the cost of a cache hit (issue 16).

A graph read's answer is fixed by the graph's content, by what was asked (the call, its
parameters, the language) and by the reader's rights on that graph (may read; may edit, which
answers show as isEdit). Every write to a graph moves its revision on inside the write's
transaction (revisions.bump_graph, claim_graph); tags are never renamed. So:

- `read_rights` checks the reader's right to read in one indexed query that also gives the
  revision. Every request of every worker asks the database, so no answer is older than the last
  committed write, whichever process made it; a reader without the right is refused here, before
  any tag or stored byte is looked at.
- `answer_tag` names one answer by graph, revision, rights and question: the ETag. Equal tags mean
  byte-for-byte equal answers, so a 304 for a matching If-None-Match is always right.
- `ANSWERS` keeps the serialised bytes of recent answers by tag, in this process, bounded in bytes;
  a graph's older revisions leave as soon as a newer one is stored.
"""
from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from tortoise.connection import connections

from toolkit import db, sqlite_reads
from toolkit.errors import Forbidden, NotFound
from toolkit.graphs.access import is_editable, may_read, template_controlled, trial_expired
from toolkit.model import Graph, Project, User

# Bump when the shape of any cached answer changes, so a client's old copy never matches again.
ANSWER_FORMAT = 3
DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024

# The rights check runs on every graph read, so it is one statement written once (building it
# through the ORM cost more than running it); the ORM's field converters still read the values.
_RIGHTS_SQL = (
    "SELECT g.revision, g.created_at, g.create_user_id, g.author_ids, g.is_public, g.is_tryout, g.template_id, g.project_id,"
    " p.unit_id, p.tryout, p.end_time, p.controlled_template_ids,"
    " (SELECT m.role FROM project_member m WHERE m.project_id = g.project_id AND m.user_id = {user}) AS member_role"
    " FROM graph g LEFT JOIN project p ON p.id = g.project_id WHERE g.id = {graph}"
)
_GRAPH_COLUMNS = ("author_ids", "is_public", "is_tryout")
_PROJECT_COLUMNS = ("tryout", "end_time", "controlled_template_ids")


@dataclass(frozen=True)
class ReadRights:
    """What a reader may do with one graph at one revision (the reader may read it)."""

    graph_id: int
    revision: int
    can_edit: bool
    # A graph made after another was deleted may get its id again (SQLite): its creation time tells them apart.
    created: str = ""


async def _rights_row(user_id: int, graph_id: int) -> dict | None:
    connection = connections.get("default")
    mark = db.SqlParameters(connection)
    rows = await sqlite_reads.fetch_rows(connection, _RIGHTS_SQL.format(user=mark(user_id), graph=mark(graph_id)), mark.values)
    if not rows:
        return None
    row = rows[0]
    for name in _GRAPH_COLUMNS:
        row[name] = Graph._meta.fields_map[name].to_python_value(row[name])
    row["end_time"] = db.stored_datetime(row["end_time"])  # parsed in C; the converter below sets the zone
    for name in _PROJECT_COLUMNS:
        row[name] = Project._meta.fields_map[name].to_python_value(row[name]) if row["project_id"] is not None else None
    return row


async def read_rights(user: User, graph_id: int) -> ReadRights:
    """The reader's rights on the graph and its revision, or NotFound/Forbidden as open_graph gives."""
    row = await _rights_row(user.id, graph_id)
    if row is None:
        raise NotFound(what="what.graph")
    if not may_read(user, has_project=row["project_id"] is not None, project_role=row["member_role"], project_unit_id=row["unit_id"],
                    create_user_id=row["create_user_id"], author_ids=row["author_ids"], is_public=row["is_public"]):
        raise Forbidden()
    expired = trial_expired(bool(row["is_tryout"] or row["tryout"]), row["end_time"])
    can_edit = is_editable(user, create_user_id=row["create_user_id"], author_ids=row["author_ids"], project_role=row["member_role"],
                           project_unit_id=row["unit_id"], expired=expired,
                           template_controlled=template_controlled(row["controlled_template_ids"], row["template_id"]))
    return ReadRights(graph_id, row["revision"], can_edit, str(row["created_at"]))


async def current_revision(graph_id: int) -> int | None:
    return await Graph.filter(id=graph_id).first().values_list("revision", flat=True)


def answer_tag(rights: ReadRights, *question: object) -> str:
    """The ETag of one answer: graph, revision, rights and the question asked (call, parameters, language)."""
    asked = hashlib.blake2b(repr((ANSWER_FORMAT, rights.created, question)).encode(), digest_size=8).hexdigest()
    return f'"g{rights.graph_id}r{rights.revision}{"e" if rights.can_edit else "v"}-{asked}"'


def matches(if_none_match: str | None, tag: str) -> bool:
    """Whether a request's If-None-Match names this tag (weak or strong, one of a list, or *)."""
    if not if_none_match:
        return False
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == tag:
            return True
    return False


class AnswerCache:
    """Serialised answers by tag, least recently used first out, within a byte budget."""

    def __init__(self, budget_bytes: int = DEFAULT_BUDGET_BYTES) -> None:
        self.budget_bytes = budget_bytes
        self.size = 0
        self._answers: OrderedDict[str, tuple[int, int, bytes]] = OrderedDict()  # tag -> (graph, revision, body)
        self._newest: dict[int, int] = {}  # graph -> newest revision stored
        self._building: dict[str, asyncio.Future] = {}
        self._database = db.opened_count

    def _same_database(self) -> None:
        # Reopening the storage may mean another database (tests, a restore): nothing stored holds.
        if self._database != db.opened_count:
            self.clear()
            self._database = db.opened_count

    def get(self, tag: str) -> bytes | None:
        self._same_database()
        entry = self._answers.get(tag)
        if entry is None:
            return None
        self._answers.move_to_end(tag)
        return entry[2]

    def put(self, rights: ReadRights, tag: str, body: bytes) -> None:
        self._same_database()
        newest = self._newest.get(rights.graph_id)
        if newest is not None and rights.revision < newest:
            return  # a newer revision is already stored: this answer is out of date
        if newest is not None and rights.revision > newest:
            for old in [t for t, (graph, revision, _b) in self._answers.items() if graph == rights.graph_id and revision < rights.revision]:
                self._drop(old)
        if len(body) > self.budget_bytes:
            return
        if tag in self._answers:
            self._drop(tag)
        self._answers[tag] = (rights.graph_id, rights.revision, body)
        self._newest[rights.graph_id] = rights.revision
        self.size += len(body)
        while self.size > self.budget_bytes:
            self._drop(next(iter(self._answers)))

    def _drop(self, tag: str) -> None:
        graph, _revision, body = self._answers.pop(tag)
        self.size -= len(body)
        if not any(g == graph for g, _r, _b in self._answers.values()):
            self._newest.pop(graph, None)

    def clear(self) -> None:
        self._answers.clear()
        self._newest.clear()
        self.size = 0

    async def answer(self, rights: ReadRights, tag: str, build: Callable[[], Awaitable[bytes]]) -> bytes:
        """The stored answer, or one built now; concurrent misses of one tag build it once.

        A built answer is stored only if the graph's revision did not move while it was built, so
        a write committed in the middle never leaves a mixed answer under the older revision.
        """
        while True:
            body = self.get(tag)
            if body is not None:
                return body
            pending = self._building.get(tag)
            if pending is None:
                return await self._build(rights, tag, build)
            try:
                return await asyncio.shield(pending)
            except asyncio.CancelledError:
                # The request that was building went away (its client disconnected) and took the
                # build with it; this one still wants the answer, so it builds it. Its own
                # cancellation leaves the shared build running and is passed on.
                if not pending.cancelled() or asyncio.current_task().cancelling():
                    raise

    async def _build(self, rights: ReadRights, tag: str, build: Callable[[], Awaitable[bytes]]) -> bytes:
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self._building[tag] = future
        try:
            body = await build()
            if await current_revision(rights.graph_id) == rights.revision:
                self.put(rights, tag, body)
            future.set_result(body)
            return body
        except asyncio.CancelledError:
            future.cancel()
            raise
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved here, so a build nobody else waited for logs nothing
            raise
        finally:
            del self._building[tag]


ANSWERS = AnswerCache()
