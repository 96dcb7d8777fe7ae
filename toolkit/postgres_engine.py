"""The PostgreSQL engine Zhitu configures: Tortoise's asyncpg client, whose transactions give their
pooled connection back when BEGIN fails.

Tortoise's pooled transaction context takes a connection from the pool before BEGIN and returns it
only on leaving the block, which a BEGIN that fails or is cancelled (Sanic cancels a request whose
client went away) never enters: each such request kept one connection, and once the pool was
drained every later query of the process waited forever. The SQLite engine mends the same flaw.
"""
from __future__ import annotations

from tortoise.backends.asyncpg.client import AsyncpgDBClient, TransactionWrapper
from tortoise.backends.base.client import TransactionContext, TransactionContextPooled, TransactionalDBClient
from tortoise.connection import get_connections


class _TransactionContext(TransactionContextPooled):
    async def __aenter__(self) -> TransactionalDBClient:
        await self.ensure_connection()
        pool = self.client._parent._pool
        self.client._connection = await pool.acquire()
        try:
            self.token = get_connections().set(self.connection_name, self.client)
            try:
                await self.client.begin()
            except BaseException:
                get_connections().reset(self.token)
                raise
        except BaseException:
            # A connection whose BEGIN was cut off may be mid-statement: the pool resets or closes it.
            await pool.release(self.client._connection)
            raise
        return self.client


class ZhituPostgresClient(AsyncpgDBClient):
    def _in_transaction(self) -> TransactionContext:
        return _TransactionContext(TransactionWrapper(self), self._pool_init_lock)


client_class = ZhituPostgresClient


def get_client_class(db_info: dict) -> type[AsyncpgDBClient]:
    return ZhituPostgresClient
