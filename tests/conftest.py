"""Fixtures: a fresh database per test on a real SQLite file, or on PostgreSQL when
ZHITU_TEST_DB is set (one database per test run, emptied between tests)."""
from __future__ import annotations

import asyncio
import itertools
import json
import os
import shutil
import tempfile
import uuid
from pathlib import Path

# Every test process (the run, each xdist worker, and the processes tests start, which inherit the
# environment) has a data folder of its own in the temp folder, set before the library is imported:
# a test with no zhitu_home must not write into the user's ~/.zhitu, nor use a database ZHITU_DB
# names. Per process, so workers never share a signing key or a SQLite file. Tests that need a
# folder of their own still take zhitu_home.
SESSION_HOME = tempfile.mkdtemp(prefix="zhitu-test-home-")
os.environ["ZHITU_HOME"] = SESSION_HOME
os.environ.pop("ZHITU_DB", None)

import httpx
import pytest
from sanic import Sanic

from toolkit import builtins, db
from toolkit.auth.passwords import hash_password
from toolkit.model import Project, ProjectMember, Unit, User

PG_BASE = os.environ.get("ZHITU_TEST_DB")
# A frozen copy of the example data, so tests do not move when examples/ is edited.
TEST_EXAMPLES = Path(__file__).resolve().parent / "data" / "examples"
PASSWORD = "Secret@123"
PASSWORD_HASH = hash_password(PASSWORD)  # hashed once: argon2 is slow on purpose
_app_names = itertools.count()


# The fixtures through which a test reaches the database under test; a test that takes none of them
# runs the same on SQLite and PostgreSQL, so the PostgreSQL run leaves it out (it ran on SQLite).
DATABASE_FIXTURES = frozenset({"template_db", "fresh_url", "demo_template", "demo_db", "db_url", "database"})


def pytest_collection_modifyitems(config, items):
    if not PG_BASE:
        return
    same_on_both = [item for item in items if not DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))]
    if same_on_both:
        config.hook.pytest_deselected(items=same_on_both)
        items[:] = [item for item in items if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))]


def pytest_unconfigure(config):
    shutil.rmtree(SESSION_HOME, ignore_errors=True)


def _pg_admin_url(base: str) -> str:
    return base.rsplit("/", 1)[0] + "/postgres"


async def _pg_create(name: str, template: str | None = None) -> str:
    import asyncpg

    admin_url = _pg_admin_url(PG_BASE).replace("postgres://", "postgresql://", 1)
    connection = await asyncpg.connect(admin_url)
    try:
        await connection.execute(f'CREATE DATABASE "{name}"' + (f' TEMPLATE "{template}"' if template else ""))
    finally:
        await connection.close()
    return PG_BASE.rsplit("/", 1)[0] + "/" + name


async def _pg_drop(name: str) -> None:
    import asyncpg

    connection = await asyncpg.connect(_pg_admin_url(PG_BASE).replace("postgres://", "postgresql://", 1))
    try:
        await connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await connection.close()


async def _prepare(url: str) -> None:
    await db.migrate(url)
    await db.connect(url)
    await builtins.install()
    await db.close()


@pytest.fixture(scope="session")
def template_db(tmp_path_factory):
    """A migrated database with the built-ins: copied per test (SQLite) or reused and emptied (PostgreSQL)."""
    if PG_BASE:
        name = f"zhitu_test_{uuid.uuid4().hex[:10]}"
        url = asyncio.run(_pg_create(name))
        asyncio.run(_prepare(url))
        asyncio.run(_pg_remember(url))
        yield url
        asyncio.run(_pg_drop(name))
    else:
        path = tmp_path_factory.mktemp("template") / "template.sqlite3"
        asyncio.run(_prepare(f"sqlite://{path}"))
        yield str(path)


# The built-in catalogue: made once with the template database, kept between tests unless one changed it.
_CATALOGUE = ("entity_type", "relation_group", "relation_type", "template", "template_connection", "category", "tag")


class _PgReset:
    """Puts a PostgreSQL test database back to the template's state in a few milliseconds.

    TRUNCATE costs about 80 ms whatever it empties (it makes new files), so only the tables a test
    wrote are emptied, by DELETE, and their id sequences restarted. The catalogue is compared
    with its state after builtins.install() by one checksum (its rows and its id sequences); if a
    test changed it, everything is emptied and the built-ins installed again, as on a new database."""

    def __init__(self, tables: list[str], sequences: dict[str, str]) -> None:
        """`sequences`: each id sequence and the table it belongs to."""
        data = [t for t in tables if t not in _CATALOGUE and t != "tortoise_migrations"]
        self.all_tables = [t for t in tables if t != "tortoise_migrations"]
        data_sequences = [s for s, t in sequences.items() if t in data]
        catalogue_sequences = sorted(s for s, t in sequences.items() if t in _CATALOGUE)
        rows = " || ".join(f"(SELECT coalesce(string_agg(x::text, '|' ORDER BY x::text), '') FROM \"{t}\" x)"
                           for t in _CATALOGUE)
        counters = ("(SELECT coalesce(string_agg(sequencename || '=' || coalesce(last_value::text, ''), ',' "
                    "ORDER BY sequencename), '') FROM pg_sequences WHERE schemaname = 'public' AND sequencename IN ("
                    + ", ".join(f"'{s}'" for s in catalogue_sequences) + "))")
        self.checksum_query = f"SELECT md5({rows} || {counters}) AS sum"
        written = [f"SELECT 'table' AS kind, '{t}' AS name WHERE EXISTS (SELECT 1 FROM \"{t}\")" for t in data]
        written.append("SELECT 'sequence', sequencename::text FROM pg_sequences WHERE schemaname = 'public' "
                       "AND last_value IS NOT NULL AND sequencename IN (" + ", ".join(f"'{s}'" for s in data_sequences) + ")")
        written.append(f"SELECT 'catalogue', md5({rows} || {counters})")
        self.written_query = " UNION ALL ".join(written)
        self.catalogue_sum = ""

    @classmethod
    async def read(cls, connection) -> "_PgReset":
        _, rows = await connection.execute_query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        _, owned = await connection.execute_query(
            "SELECT s.relname AS sequence, t.relname AS owner FROM pg_class s JOIN pg_depend d ON d.objid = s.oid "
            "JOIN pg_class t ON d.refobjid = t.oid JOIN pg_namespace n ON n.oid = s.relnamespace "
            "WHERE s.relkind = 'S' AND n.nspname = 'public'")
        state = cls([r["tablename"] for r in rows], {r["sequence"]: r["owner"] for r in owned})
        await state.remember_catalogue(connection)
        return state

    async def remember_catalogue(self, connection) -> None:
        _, rows = await connection.execute_query(self.checksum_query)
        self.catalogue_sum = rows[0]["sum"]

    async def reset(self, connection) -> None:
        _, rows = await connection.execute_query(self.written_query)
        tables = [r["name"] for r in rows if r["kind"] == "table"]
        sequences = [r["name"] for r in rows if r["kind"] == "sequence"]
        catalogue_sum = next(r["name"] for r in rows if r["kind"] == "catalogue")
        if catalogue_sum != self.catalogue_sum:
            await connection.execute_script(
                "TRUNCATE " + ", ".join(f'"{t}"' for t in self.all_tables) + " RESTART IDENTITY CASCADE")
            await builtins.install()
            await self.remember_catalogue(connection)
        elif tables or sequences:
            # Every table a test wrote is emptied here, so no foreign key is left dangling; skipping
            # their checks (for this transaction only) spares ordering the deletes.
            await connection.execute_script(
                "BEGIN; SET LOCAL session_replication_role = replica; "
                + "".join(f'DELETE FROM "{t}"; ' for t in tables)
                + "".join(f'ALTER SEQUENCE "{s}" RESTART; ' for s in sequences) + "COMMIT;")


_pg_resets: dict[str, _PgReset] = {}


async def _pg_remember(url: str) -> None:
    """Read the template database's tables and its catalogue as builtins.install() left it."""
    from tortoise.connection import get_connection

    async with db.opened(url):
        _pg_resets[url] = await _PgReset.read(get_connection("default"))


async def _pg_reset(url: str) -> None:
    """Empty every table but the migration record and the built-ins, which stay as installed."""
    from tortoise.connection import get_connection

    await _pg_resets[url].reset(get_connection("default"))


@pytest.fixture
def zhitu_home(tmp_path, monkeypatch) -> Path:
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("ZHITU_HOME", str(home))
    monkeypatch.delenv("ZHITU_DB", raising=False)
    return home


@pytest.fixture
def fresh_url(zhitu_home):
    """An empty, unmigrated database of the kind under test."""
    if PG_BASE:
        name = f"zhitu_fresh_{uuid.uuid4().hex[:10]}"
        yield asyncio.run(_pg_create(name))
        asyncio.run(_pg_drop(name))
    else:
        yield f"sqlite://{zhitu_home / 'fresh.sqlite3'}"


async def _prepare_demo(url: str) -> None:
    from toolkit.bootstrap import initialise
    from toolkit.demo import load_examples

    await initialise(url, "root", "secret123")
    async with db.opened(url):
        await load_examples(TEST_EXAMPLES)


@pytest.fixture(scope="session")
def demo_template(tmp_path_factory):
    """The example data loaded once per run (their users' passwords are hashed with argon2, slow on
    purpose): the PostgreSQL database's name, or the SQLite file, that each demo_db copies."""
    home = tmp_path_factory.mktemp("demo-home")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("ZHITU_HOME", str(home))
        monkeypatch.delenv("ZHITU_DB", raising=False)
        if PG_BASE:
            name = f"zhitu_demo_{uuid.uuid4().hex[:10]}"
            asyncio.run(_prepare_demo(asyncio.run(_pg_create(name))))
        else:
            path = tmp_path_factory.mktemp("demo") / "demo.sqlite3"
            asyncio.run(_prepare_demo(f"sqlite://{path}"))
    if PG_BASE:
        yield name
        asyncio.run(_pg_drop(name))
    else:
        yield path


@pytest.fixture
def demo_db(demo_template, zhitu_home, monkeypatch):
    """A fresh database with the built-ins, a super admin and the example data, for CLI tests: a copy
    of demo_template (a database of its own on PostgreSQL, a file in the data folder on SQLite)."""
    if PG_BASE:
        name = f"zhitu_fresh_{uuid.uuid4().hex[:10]}"
        url = asyncio.run(_pg_create(name, template=demo_template))
    else:
        path = zhitu_home / "fresh.sqlite3"
        shutil.copy(demo_template, path)
        url = f"sqlite://{path}"
    monkeypatch.setenv("ZHITU_DB", url)
    yield url
    if PG_BASE:
        asyncio.run(_pg_drop(name))


@pytest.fixture
def db_url(template_db, tmp_path, zhitu_home) -> str:
    if PG_BASE:
        return template_db
    path = tmp_path / "zhitu.sqlite3"
    shutil.copy(template_db, path)
    return f"sqlite://{path}"


@pytest.fixture
async def database(db_url):
    await db.connect(db_url)
    if PG_BASE:
        await _pg_reset(db_url)
    yield db_url
    await db.close()


@pytest.fixture
async def people(database):
    """A unit, two projects and one user of each role; the expert and tester are in project A."""
    unit = await Unit.create(name="测试大学")
    other_unit = await Unit.create(name="其他大学")
    users = {
        name: await User.create(user_name=name, name=name, role=role, unit=home, password_hash=PASSWORD_HASH)
        for name, role, home in [("super", "10", unit), ("admin", "20", unit), ("expert", "30", unit),
                                 ("tester", "test", unit), ("outsider", "30", other_unit)]
    }
    project_a = await Project.create(name="项目A", unit=unit, leader=users["expert"])
    project_b = await Project.create(name="项目B", unit=other_unit, leader=users["outsider"])
    await ProjectMember.create(project=project_a, user=users["expert"], role="10")
    await ProjectMember.create(project=project_a, user=users["tester"], role="20")
    await ProjectMember.create(project=project_b, user=users["outsider"], role="10")
    return {"users": users, "projects": {"a": project_a, "b": project_b}, "unit": unit}


_shared_app: list[Sanic] = []


@pytest.fixture
def app(database):
    """One app for the whole run: it holds no database state (manage_db=False), and starting
    Sanic (routes, OpenAPI) is the slow part of a request test."""
    Sanic.test_mode = True
    if not _shared_app:
        _shared_app.append(create_test_app(database))
    return _shared_app[0]


def create_test_app(db_url: str) -> Sanic:
    from service.app import create_app

    return create_app(f"zhitu_test_{next(_app_names)}", db_url, webui_url=None, manage_db=False)


class Api:
    """A thin client over the real app through ASGI, returning (status, envelope).

    The app is started once (sanic-testing's client restarts it on every request, which is slow)."""

    def __init__(self, app: Sanic) -> None:
        self.app = app
        self.client: httpx.AsyncClient | None = None

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self.app.asgi = True  # lets the app take the running loop as its own
        if not getattr(self.app.ctx, "test_started", False):
            await self.app._startup()
            self.app.ctx.test_started = True
        await self.app._server_event("init", "before", loop=loop)
        await self.app._server_event("init", "after", loop=loop)
        self.client = httpx.AsyncClient(transport=httpx.ASGITransport(app=self.app), base_url="http://zhitu.test")

    async def close(self) -> None:
        if self.client is not None:
            await self.client.aclose()

    async def call(self, method: str, path: str, token: str | None = None, lang: str | None = None, **kwargs):
        headers = dict(kwargs.pop("headers", {}) or {})
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if lang:
            headers["Accept-Language"] = lang
        if "json" in kwargs:
            kwargs["content"] = json.dumps(kwargs.pop("json")).encode()
            headers["Content-Type"] = "application/json"
        response = await self.client.request(method.upper(), path, headers=headers, **kwargs)
        try:
            body = response.json()
        except ValueError:
            body = None
        return response.status_code, body

    async def login(self, user_name: str, password: str = PASSWORD) -> str:
        status, body = await self.call("POST", "/basic-api/api/Authorize/login", json={"userName": user_name, "password": password})
        assert status == 200 and body["code"] == 0, body
        return body["result"]["accessToken"]


@pytest.fixture
async def api(app, monkeypatch):
    # The client speaks to http://zhitu.test: that is the site's configured public address.
    monkeypatch.setenv("ZHITU_PUBLIC_URL", "http://zhitu.test")
    client = Api(app)
    await client.start()
    yield client
    await client.close()
