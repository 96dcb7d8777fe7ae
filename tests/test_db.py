"""Storage: migrations, status, init idempotence, the built-in catalogue."""
import ast
from pathlib import Path

from toolkit import builtins, db
from toolkit.bootstrap import initialise
from toolkit.model import EntityType, RelationType, Template, User

MODEL_DIR = Path(__file__).resolve().parent.parent / "toolkit" / "model"
MIGRATIONS = sorted(p.stem for p in (MODEL_DIR.parent / "migrations").glob("0*.py"))


async def test_migrate_then_status_lists_applied(fresh_url):
    url = fresh_url
    assert await db.status(url) == [db.MigrationState(name, False) for name in MIGRATIONS]
    assert await db.migrate(url) == MIGRATIONS
    assert await db.migrate(url) == []
    assert await db.status(url) == [db.MigrationState(name, True) for name in MIGRATIONS]


async def test_init_twice_changes_nothing(fresh_url):
    url = fresh_url
    first = await initialise(url, "root", "secret123")
    assert first.migrations_applied == MIGRATIONS
    assert first.created["templates"] == 8 and first.admin_created
    second = await initialise(url, "root", "other-password")
    assert second.migrations_applied == [] and not second.admin_created
    assert all(count == 0 for count in second.created.values())
    async with db.opened(url):
        assert await User.filter(user_name="root").count() == 1
        assert await Template.all().count() == 8


async def test_builtins_cover_spec_node_types_and_eight_kinds(database):
    codes = set(await EntityType.all().values_list("code", flat=True))
    spec_types = {"KnowGraph", "KnowUnit", "KnowPoint", "Catalogue", "AbilityGraph", "AbilityPoint", "Course",
                  "CourseGroup", "CourseAbilityPoint", "AbilityTarget", "CourseAbilityTarget"}
    assert spec_types <= codes
    kinds = set(await Template.all().values_list("kind", flat=True))
    assert kinds == {"teaching", "ability", "experiment", "course", "courseGroup", "majorTeaching",
                     "majorAbilityTarget", "courseAbility"}
    assert {"Contain", "Mutual", "Behind"} <= set(await RelationType.all().values_list("code", flat=True))
    for template in await Template.all():
        roots = [e for e in template.entitys if e["isRoot"]]
        assert len(roots) == 1, template.code
        entity_codes = {e["code"] for e in template.entitys}
        assert entity_codes <= codes
        for entity in template.entitys:
            assert set(entity["children"]) <= entity_codes
        for relation in template.relations:
            for scope in relation["effectScope"]:
                assert {scope["startEntityCode"], scope["endEntityCode"]} <= entity_codes


async def test_install_builtins_is_idempotent(database):
    again = await builtins.install()
    assert all(count == 0 for count in again.values()), again


def test_model_docstrings_are_safe_table_comments():
    """Tortoise copies model docstrings into SQL comments without escaping quotes or semicolons."""
    for path in MODEL_DIR.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                doc = ast.get_docstring(node) or ""
                assert "'" not in doc and ";" not in doc, f"{path.name}:{node.name}"


async def test_a_write_transaction_holds_the_sqlite_write_lock_from_its_start(database):
    """The platform and a mining worker share one SQLite file: a transaction that read before it
    writes must not have its write refused because the other process wrote in between."""
    import sqlite3

    import pytest
    from tortoise.transactions import in_transaction

    if not database.startswith("sqlite://"):
        pytest.skip("SQLite only")
    other = sqlite3.connect(database[len("sqlite://"):], timeout=0.2, isolation_level=None)
    try:
        async with in_transaction():
            await Template.all().count()  # a read first, as the review and mining code do
            # The other process waits (here: gives up) instead of slipping a write in between.
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("UPDATE template SET description = description")
            await Template.filter(code="teaching").update(description="教学图谱")
        other.execute("UPDATE template SET description = description")  # free again afterwards
    finally:
        other.close()


async def _hold_write_lock_then_cancel_a_transaction(path: str) -> None:
    """A transaction waiting for the other process's write lock is cancelled (its client left)."""
    import asyncio
    import sqlite3

    from tortoise.transactions import in_transaction

    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    try:
        async def write() -> None:
            async with in_transaction():
                await Template.filter(code="teaching").update(description="教学图谱")

        waiting = asyncio.create_task(write())
        await asyncio.sleep(0.3)  # it now waits in BEGIN IMMEDIATE for the lock
        waiting.cancel()
        await asyncio.sleep(0.1)
    finally:
        other.execute("COMMIT")  # the driver's thread still runs the BEGIN, which now gets the lock
        other.close()
    try:
        await waiting
    except asyncio.CancelledError:
        pass


async def test_a_transaction_cancelled_while_it_waits_for_the_write_lock_frees_the_connection(database):
    """Sanic cancels a request whose client goes away. A transaction cancelled while it waited for
    another process's write lock must not keep the connection: every later query of the process
    would wait for it forever (a server that answers /health but no sign-in)."""
    import asyncio
    import sqlite3

    import pytest

    if not database.startswith("sqlite://"):
        pytest.skip("SQLite only")
    path = database[len("sqlite://"):]
    await _hold_write_lock_then_cancel_a_transaction(path)
    # A hang is the failure here; the limit is far above the time the statements take.
    assert await asyncio.wait_for(Template.all().count(), 20) == 8
    await asyncio.wait_for(Template.filter(code="teaching").update(description="教学"), 20)
    # The cancelled BEGIN left no transaction open: another process can write at once.
    other = sqlite3.connect(path, timeout=2, isolation_level=None)
    try:
        other.execute("UPDATE template SET description = description")
    finally:
        other.close()


async def test_a_first_query_cancelled_while_the_connection_opens_leaves_it_whole_and_free(database):
    """The connection opens at a process's first query, under the connection's lock. A first query
    cancelled while it was opening (a client gone at the server's start) kept the lock: every later
    query waited forever (the e2e platform answered /health but no sign-in), and the connection it
    left had only some of its pragmas (a 5 s busy timeout instead of 30 s)."""
    import asyncio

    import pytest
    from tortoise import connections

    from toolkit import sqlite_engine

    if not database.startswith("sqlite://"):
        pytest.skip("SQLite only")
    await db.close()
    await db.connect(database)
    async def count() -> int:
        return await Template.all().count()

    first = asyncio.create_task(count())
    await asyncio.sleep(0)  # the query has taken the lock and is opening the connection
    first.cancel()
    with pytest.raises(asyncio.CancelledError):
        await first
    # A hang is the failure here; the limit is far above the time the statements take.
    assert await asyncio.wait_for(Template.all().count(), 20) == 8
    rows = await asyncio.wait_for(connections.get("default").execute_query_dict("PRAGMA busy_timeout"), 20)
    assert list(rows[0].values()) == [sqlite_engine.BUSY_TIMEOUT_MS]


async def test_a_transaction_refused_the_write_lock_frees_the_connection(database, monkeypatch):
    """A BEGIN that gives up on the other process's lock (the busy timeout) raises, and leaves the
    connection free for the next query."""
    import asyncio
    import sqlite3

    import pytest
    from tortoise import connections
    from tortoise.exceptions import TransactionManagementError
    from tortoise.transactions import in_transaction

    if not database.startswith("sqlite://"):
        pytest.skip("SQLite only")
    path = database[len("sqlite://"):]
    client = connections.get("default")
    await client.execute_script("PRAGMA busy_timeout = 100")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    async def write() -> None:  # in a task of its own, as a request runs
        async with in_transaction():
            await Template.filter(code="teaching").update(description="教学图谱")

    try:
        with pytest.raises(TransactionManagementError, match="locked"):
            await asyncio.create_task(write())
    finally:
        other.execute("COMMIT")
        other.close()
    assert await asyncio.wait_for(Template.all().count(), 20) == 8


async def test_a_postgres_transaction_whose_begin_fails_gives_its_connection_back(database, monkeypatch):
    """Tortoise kept the pooled connection of a transaction whose BEGIN failed or was cancelled:
    once as many had failed as the pool holds, every later query waited forever. Here BEGIN fails
    more times than the pool has connections, and the next query still runs."""
    import asyncio

    import pytest
    from tortoise import connections
    from tortoise.backends.asyncpg.client import TransactionWrapper
    from tortoise.transactions import in_transaction

    if not database.startswith("postgres"):
        pytest.skip("PostgreSQL only")
    pool_size = connections.get("default")._pool.get_max_size()

    async def refused_begin(self) -> None:  # the driver's answer when the server went away mid-BEGIN
        raise ConnectionResetError("connection lost")

    async def request() -> int:  # in a task of its own, as a request runs
        async with in_transaction():
            return await Template.all().count()

    monkeypatch.setattr(TransactionWrapper, "begin", refused_begin)
    for _ in range(pool_size + 1):
        with pytest.raises(ConnectionResetError):
            await asyncio.create_task(request())
    monkeypatch.undo()
    # A hang is the failure here; the limit is far above the time the statement takes.
    assert await asyncio.wait_for(asyncio.create_task(request()), 20) == 8
