"""Small indexed reads on SQLite, answered on the event loop's own thread.

Tortoise's SQLite driver (aiosqlite) runs every statement in its connection's one thread, one
statement at a time: for a read of one row by its key, queueing for that thread and handing the
answer back costs many times the read itself, and every request makes one or two such reads (the
caller's user row, their rights on a graph). In WAL mode a reader never waits for a writer, so these
reads go through a second connection of this process, kept for reading only, and run where they are
asked. A read that meets a lock all the same (the log being reset) does not wait: it goes through
the ORM's connection as before. So does every read inside a transaction (it must see the
transaction's own writes) and every read on PostgreSQL.

Only reads of a few rows by an index belong here: a statement that scans would hold up every other
request of the process while it runs.
"""
from __future__ import annotations

import sqlite3

from tortoise.backends.base.client import TransactionalDBClient
from tortoise.backends.sqlite.client import SqliteClient

from toolkit import db


class _Reader:
    def __init__(self) -> None:
        self.connection: sqlite3.Connection | None = None
        self.path: str | None = None
        self.opened_for = -1

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
        if self.connection is not None:
            self.connection.close()
        self.connection, self.path = None, None


_READER = _Reader()


async def fetch_rows(client, sql: str, values: list) -> list[dict]:
    """The rows of one small indexed read, as dicts by column name (execute_query_dict's answer)."""
    reader = _READER.for_client(client)
    if reader is not None:
        try:
            cursor = reader.execute(sql, values)
            names = [column[0] for column in cursor.description]
            return [dict(zip(names, row)) for row in cursor.fetchall()]
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) and "busy" not in str(exc):
                raise
    return await client.execute_query_dict(sql, values)


def close() -> None:
    _READER.close()
