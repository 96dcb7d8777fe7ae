"""Opening, migrating and closing the one storage (SQLite or PostgreSQL) through Tortoise."""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from datetime import datetime
from typing import AsyncIterator

from tortoise import Tortoise
from tortoise.fields import DatetimeField
from tortoise.models import Model
from tortoise.connection import get_connection
from tortoise.migrations.api import migrate as tortoise_migrate
from tortoise.migrations.executor import MigrationExecutor

from toolkit import settings
from toolkit.errors import DatabaseError

APP_LABEL = "models"
MODELS_MODULE = "toolkit.model"
MIGRATIONS_MODULE = "toolkit.migrations"
# How many times this process opened the storage: caches of what was read keep to one opening.
opened_count = 0


def normalise_url(url: str) -> str:
    if url.startswith("postgresql://"):
        url = "postgres://" + url[len("postgresql://"):]
    if not (url.startswith("sqlite://") or url.startswith("postgres://")):
        raise DatabaseError("db.unknown_scheme", url=url)
    return url


# Of PostgreSQL's default 100 connections, what the platform's workers share; the rest is left to
# psql, migrations and mining workers.
POSTGRES_CONNECTION_BUDGET = 80
MAX_POOL_SIZE = 20


def pool_size(workers: int) -> int:
    """Connections per worker process: enough for concurrent requests, all workers within the budget."""
    return max(2, min(MAX_POOL_SIZE, POSTGRES_CONNECTION_BUDGET // max(1, workers)))


def _with_pool(url: str) -> str:
    """A PostgreSQL URL with the pool sized for ZHITU_WORKERS, unless the URL sizes it itself."""
    if "maxsize=" in url:
        return url
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}minsize=1&maxsize={pool_size(int(settings.get('workers')))}"


def tortoise_config(url: str | None = None) -> dict:
    url = normalise_url(url or settings.db_url())
    connection: dict | str = url
    if url.startswith("postgres://"):
        from tortoise.backends.base.config_generator import expand_db_url

        # Tortoise's asyncpg client with transactions that give their connection back (postgres_engine).
        connection = {"engine": "toolkit.postgres_engine", "credentials": expand_db_url(_with_pool(url))["credentials"]}
    if url.startswith("sqlite://"):
        path = url[len("sqlite://"):]
        if path != ":memory:":
            # aiosqlite hangs rather than fails when the folder is missing.
            from pathlib import Path

            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # WAL lets readers go on while one writer writes; foreign keys make cascades real; the
        # platform and a mining worker share the file, so writers wait for each other (sqlite_engine).
        from toolkit.sqlite_engine import BUSY_TIMEOUT_MS

        connection = {
            "engine": "toolkit.sqlite_engine",
            "credentials": {
                "file_path": path,
                "journal_mode": "WAL",
                "foreign_keys": "ON",
                "synchronous": "NORMAL",
                "busy_timeout": BUSY_TIMEOUT_MS,
            },
        }
    return {
        "connections": {"default": connection},
        "apps": {
            APP_LABEL: {
                "models": [MODELS_MODULE],
                "default_connection": "default",
                "migrations": MIGRATIONS_MODULE,
            }
        },
        "use_tz": True,
        "timezone": "UTC",
    }


class SqlParameters:
    """The values of one hand-written statement and their marks in the connection's dialect:
    `?` on SQLite, `$1`, `$2`… on PostgreSQL. Calling it with a value gives the value's mark."""

    def __init__(self, connection) -> None:
        self.postgres = connection.capabilities.dialect == "postgres"
        self.values: list = []

    def __call__(self, value) -> str:
        self.values.append(value)
        return f"${len(self.values)}" if self.postgres else "?"


def stored_datetime(value):
    """A datetime column's raw value, parsed when SQLite gives it as ISO text. The standard library
    parses it in C, some fifty times faster than the parser the ORM's converter uses; hot reads
    parse here and hand the datetime to the converter, which then only sets the time zone."""
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return value  # not ISO text: the ORM's converter reads it
    return value


def model_from_row(model: type[Model], row: dict) -> Model:
    """A model instance from one raw row of all its columns (a hand-written SELECT *), as the ORM
    would make it."""
    for field in model._meta.fields_map.values():
        if isinstance(field, DatetimeField):
            column = field.source_field or field.model_field_name
            row[column] = stored_datetime(row[column])
    return model._init_from_db(**row)


async def connect(url: str | None = None) -> None:
    """Open the database for this process (every task sees it)."""
    global opened_count
    opened_count += 1
    try:
        await Tortoise.init(config=tortoise_config(url), _enable_global_fallback=True)
    except DatabaseError:
        raise
    except Exception as exc:  # the driver's own errors name the cause
        raise DatabaseError(detail=str(exc)) from exc


async def close() -> None:
    from toolkit import sqlite_reads

    sqlite_reads.close()
    await Tortoise.close_connections()


@contextlib.asynccontextmanager
async def opened(url: str | None = None, migrate_first: bool = False) -> AsyncIterator[None]:
    if migrate_first:
        await migrate(url)
    await connect(url)
    try:
        yield
    finally:
        await close()


async def migrate(url: str | None = None, progress=None) -> list[str]:
    """Apply pending migrations; returns the names applied."""
    applied: list[str] = []

    def record(event: str, app_label: str, name: str) -> None:
        if event == "apply_done":
            applied.append(name)
        if progress:
            progress(event, app_label, name)

    try:
        await tortoise_migrate(config=tortoise_config(url), progress=record)
    except DatabaseError:
        raise
    except (OSError, ConnectionError) as exc:
        raise DatabaseError(detail=str(exc)) from exc
    finally:
        await Tortoise.close_connections()
    return applied


@dataclass
class MigrationState:
    name: str
    applied: bool


async def status(url: str | None = None) -> list[MigrationState]:
    """Every migration on disk, in order, and whether it is applied."""
    config = tortoise_config(url)
    await Tortoise.init(config=config, init_connections=False)
    try:
        executor = MigrationExecutor(get_connection("default"), config["apps"])
        await executor.loader.build_graph()
        applied = {key.name for key in await executor.recorder.applied_migrations() if key.app_label == APP_LABEL}
        return [MigrationState(key.name, key.name in applied) for key in executor._full_plan() if key.app_label == APP_LABEL]
    except (OSError, ConnectionError) as exc:
        raise DatabaseError(detail=str(exc)) from exc
    finally:
        await Tortoise.close_connections()


def is_postgres(url: str | None = None) -> bool:
    return normalise_url(url or settings.db_url()).startswith("postgres://")
