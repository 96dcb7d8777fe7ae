"""Small reads on SQLite, answered on the event loop's own thread.

Tortoise's SQLite driver (aiosqlite) runs every statement in its connection's one thread, one
statement at a time: for a read of a row or a page of rows, queueing for that thread and handing the
answer back costs several times the read itself (on a busy machine every hand-over waits for the
scheduler), and every request makes one to three such reads (the caller's user row, their rights on
a graph, a page of the graph list). In WAL mode a reader never waits for a writer, so these reads go through a
second connection of this process, kept for reading only, and run where they are asked.

A read must not hold up the other requests of the process: one still running after READ_BUDGET
steps of SQLite's virtual machine (a millisecond or so of work; counted in steps, not by the clock,
so a busy machine pausing the process does not send small reads away) is interrupted and goes
through the ORM's connection instead, as does one that meets a lock
(the log being reset; it never waits here), every read inside a transaction (it must see the
transaction's own writes) and every read on PostgreSQL.
"""
from __future__ import annotations

import sqlite3

from tortoise.backends.base.client import TransactionalDBClient
from tortoise.backends.sqlite.client import SqliteClient

from toolkit import db

# How many virtual-machine steps a read may take on the event loop before it is handed to the ORM's
# thread instead (a user row takes 20 steps, a graph's rights 40, a graph-list page of a few
# graphs under 2,000, about 200 more for each graph the caller may see), counted in
# checks every STEPS_BETWEEN_CHECKS steps.
READ_BUDGET = 50_000
STEPS_BETWEEN_CHECKS = 1_000


class _Reader:
    def __init__(self) -> None:
        self.connection: sqlite3.Connection | None = None
        self.path: str | None = None
        self.opened_for = -1
        # Answers of repeated reads, good while the database's data_version stays what it was.
        self.answers: dict[tuple, object] = {}
        self.answers_version: int | None = None

    def for_client(self, client) -> sqlite3.Connection | None:
        """The reading connection beside `client`, or None where reads must go through `client`."""
        if not isinstance(client, SqliteClient) or isinstance(client, TransactionalDBClient):
            return None
        if self.opened_for != db.opened_count or self.path != client.filename:
            self.close()
            self.opened_for = db.opened_count
            if client.filename and client.filename != ":memory:":
                connection = sqlite3.connect(client.filename, isolation_level=None, check_same_thread=False)
                # Never wait for a lock here: the read goes the ORM's way instead.
                connection.execute("PRAGMA busy_timeout = 0")
                connection.execute("PRAGMA query_only = ON")
                self.connection, self.path = connection, client.filename
        return self.connection

    def close(self) -> None:
        self.answers.clear()
        self.answers_version = None
        if self.connection is not None:
            self.connection.close()
        self.connection, self.path = None, None


_READER = _Reader()


async def fetch_rows(client, sql: str, values: list, budget: int | None = None) -> list[dict]:
    """The rows of one small read, as dicts by column name (execute_query_dict's answer)."""
    reader = _READER.for_client(client)
    if reader is not None:
        checks = iter(range((READ_BUDGET if budget is None else budget) // STEPS_BETWEEN_CHECKS))
        # SQLite calls this every STEPS_BETWEEN_CHECKS steps; a true answer interrupts the read.
        reader.set_progress_handler(lambda: next(checks, None) is None, STEPS_BETWEEN_CHECKS)
        try:
            cursor = reader.execute(sql, values)
            names = [column[0] for column in cursor.description]
            return [dict(zip(names, row)) for row in cursor.fetchall()]
        except sqlite3.OperationalError as exc:
            if not any(word in str(exc) for word in ("interrupted", "locked", "busy")):
                raise
        finally:
            reader.set_progress_handler(None, 0)
    return await client.execute_query_dict(sql, values)


# How many answers kept_rows holds at most (a user row or a page of the graph list each: small).
KEPT_ANSWERS = 1024


async def kept_rows(client, sql: str, values: list, prepare=None):
    """fetch_rows for the reads every request repeats (the caller's user row, a graph-list page),
    kept until anything is committed to the database: SQLite's data_version moves on every commit
    of any other connection, in this process or another worker's, so one pragma tells whether a kept
    answer still holds, and a write is seen at once everywhere. `prepare` turns the rows into what is
    kept (conversions done once); callers must not change what they get. On PostgreSQL or inside a
    transaction it is a plain read."""
    reader = _READER.for_client(client)
    if reader is None:
        rows = await client.execute_query_dict(sql, values)
        return prepare(rows) if prepare else rows
    try:
        version = reader.execute("PRAGMA data_version").fetchone()[0]
    except sqlite3.OperationalError:  # a lock met (the log being reset): read it the plain way
        rows = await fetch_rows(client, sql, values)
        return prepare(rows) if prepare else rows
    if version != _READER.answers_version:
        _READER.answers.clear()
        _READER.answers_version = version
    key = (sql, tuple(values))
    answer = _READER.answers.get(key)
    if answer is None:
        rows = await fetch_rows(client, sql, values)
        answer = prepare(rows) if prepare else rows
        # A read that went to the ORM's thread may have been overtaken by a commit meanwhile.
        if _READER.answers_version == version:
            if len(_READER.answers) >= KEPT_ANSWERS:
                _READER.answers.pop(next(iter(_READER.answers)))
            _READER.answers[key] = answer
    return answer


def close() -> None:
    _READER.close()
