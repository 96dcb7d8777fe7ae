"""The SQLite engine Zhitu configures: Tortoise's, with write transactions begun IMMEDIATE.

The platform and a mining worker are two processes on one SQLite file. A deferred BEGIN reads first
and takes the write lock only at its first write; if the other process wrote in between, SQLite
refuses that upgrade at once ("database is locked"), without waiting. BEGIN IMMEDIATE takes the
write lock up front, so a transaction waits its turn (the busy timeout) instead of failing.

Waiting its turn is also where a transaction is most often cancelled (Sanic cancels a request whose
client went away) or refused (the other process kept the lock past the busy timeout). Tortoise's
transaction context takes the connection's lock before BEGIN and gives it back only on leaving the
block, which a failed BEGIN never enters: the lock stayed taken and every later query of the
process waited for it forever. Here a failed BEGIN gives the lock back and leaves no transaction open.

The connection itself is opened at a process's first query, under the same lock. A first query
cancelled while it was opening left the lock taken (the e2e platform wedged at its start: every later
query waited) and a connection that had only some of its pragmas (busy timeout 5 s, not 30). Here
the opening runs to its end whatever happens to the query that asked for it, the connection is used
only once every pragma is set, and a query that fails to get it gives the lock back.
"""
from __future__ import annotations

import asyncio
import sqlite3

import aiosqlite
from tortoise.backends.base.client import ConnectionWrapper, TransactionalDBClient
from tortoise.backends.sqlite.client import SqliteClient, SqliteTransactionContext, SqliteTransactionWrapper
from tortoise.connection import get_connections
from tortoise.exceptions import TransactionManagementError

# How long a statement waits for the other process's write lock before it fails, in milliseconds.
BUSY_TIMEOUT_MS = 30_000


class _ImmediateTransaction(SqliteTransactionWrapper):
    async def begin(self) -> None:
        try:
            await self._connection.commit()
            await self._connection.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise TransactionManagementError(exc) from exc


class _TransactionContext(SqliteTransactionContext):
    async def __aenter__(self) -> TransactionalDBClient:
        await self._trxlock.acquire()
        try:
            await self.ensure_connection()
            self.token = get_connections().set(self.connection_name, self.connection)
            try:
                await self.connection.begin()
            except BaseException:
                get_connections().reset(self.token)
                raise
        except BaseException:
            try:
                await _end_unfinished_begin(self.connection)
            finally:
                self._trxlock.release()
            raise
        return self.connection


class _ConnectionWrapper(ConnectionWrapper):
    async def __aenter__(self) -> aiosqlite.Connection:
        await self._lock.acquire()
        try:
            await self.ensure_connection()
        except BaseException:
            self._lock.release()
            raise
        return self.connection


async def _end_unfinished_begin(transaction: _ImmediateTransaction) -> None:
    """Roll back what a cancelled BEGIN may still start: the driver's thread runs a statement to its
    end even when the task awaiting it is cancelled, and an open transaction would hold the write lock."""
    driver = transaction._connection
    if driver is None:
        return
    try:
        # Queued behind the BEGIN in the driver's one thread, so it runs after it; shielded so a
        # second cancellation does not leave it half done.
        await asyncio.shield(driver.execute("ROLLBACK"))
    except (sqlite3.OperationalError, asyncio.CancelledError):
        pass  # no transaction was open (the usual case after a refused BEGIN)


class ZhituSqliteClient(SqliteClient):
    _opening: asyncio.Task | None = None

    def acquire_connection(self) -> ConnectionWrapper:
        return _ConnectionWrapper(self._lock, self)

    def _in_transaction(self) -> SqliteTransactionContext:
        return _TransactionContext(_ImmediateTransaction(self), self._lock)

    async def create_connection(self, with_db: bool) -> None:
        if self._connection:
            return
        if self._opening is None or self._opening.done():
            self._opening = asyncio.ensure_future(self._open())
        # Shielded: a cancelled caller leaves the opening to finish for the next query.
        await asyncio.shield(self._opening)

    async def _open(self) -> None:
        connection = await aiosqlite.connect(self.filename, isolation_level=None)
        try:
            connection._conn.row_factory = sqlite3.Row
            for pragma, value in self.pragmas.items():
                cursor = await connection.execute(f"PRAGMA {pragma}={value}")
                await cursor.close()
        except BaseException:
            await connection.close()
            raise
        self._connection = connection
        await self._post_connect()


client_class = ZhituSqliteClient


def get_client_class(db_info: dict) -> type[SqliteClient]:
    return ZhituSqliteClient
