"""The SQLite engine Zhitu configures: Tortoise's, with write transactions begun IMMEDIATE.

The platform and a mining worker are two processes on one SQLite file. A deferred BEGIN reads first
and takes the write lock only at its first write; if the other process wrote in between, SQLite
refuses that upgrade at once ("database is locked"), without waiting. BEGIN IMMEDIATE takes the
write lock up front, so a transaction waits its turn (the busy timeout) instead of failing.
"""
from __future__ import annotations

import sqlite3

from tortoise.backends.sqlite.client import SqliteClient, SqliteTransactionContext, SqliteTransactionWrapper
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


class ZhituSqliteClient(SqliteClient):
    def _in_transaction(self) -> SqliteTransactionContext:
        return SqliteTransactionContext(_ImmediateTransaction(self), self._lock)


client_class = ZhituSqliteClient


def get_client_class(db_info: dict) -> type[SqliteClient]:
    return ZhituSqliteClient
