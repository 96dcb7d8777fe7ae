"""The root of the `zhitu` command: library errors become one-line messages with named exit codes."""
from __future__ import annotations

import asyncio
import functools
import os
import sys
from pathlib import Path
from typing import Optional

import typer

from toolkit import settings
from toolkit.cli import exit_codes
from toolkit.cli.click_words import speak
from toolkit.cli.help_types import hide_flag_types
from toolkit.cli.output import Format, counted, emit, err, print_error
from toolkit.errors import ZhituError
from toolkit.messages import system_lang, text

# Help texts (help.* keys of the message catalogue) are looked up when the command modules are imported:
# the `zhitu` process reads ZHITU_LANG / the locale once at start, as for its other lines, and Typer copies
# the texts into Click's objects, so translating at help-formatting time would need Click classes of our
# own for every command, group and option.
app = typer.Typer(help=text("help.zhitu"), no_args_is_help=True, add_completion=False)
db_app = typer.Typer(help=text("help.db"), no_args_is_help=True)
app.add_typer(db_app, name="db")


def _register_groups() -> None:
    from toolkit.cli import files, graph, users

    app.add_typer(graph.app, name="graph")
    app.add_typer(users.user_app, name="user")
    app.add_typer(users.unit_app, name="unit")
    from toolkit.cli import admin

    app.add_typer(admin.project_app, name="project")
    app.add_typer(admin.library_app, name="library")
    app.add_typer(admin.trial_app, name="trial")
    files.register(app)
    from toolkit.cli import mining

    mining.register(app)
    from toolkit.cli import attainment

    attainment.register(app)


def run_async(coro_fn):
    """Run an async command body; ZhituError -> one line on stderr and its exit code."""

    @functools.wraps(coro_fn)
    def wrapper(*args, **kwargs):
        try:
            return asyncio.run(coro_fn(*args, **kwargs))
        except ZhituError as exc:
            if settings.get("debug"):
                raise
            print_error(exc)
            raise typer.Exit(exc.exit_code)

    return wrapper


@app.callback()
def main(
    home: Optional[str] = typer.Option(None, "--home", help=text("help.setting.home"), envvar="ZHITU_HOME"),
    db: Optional[str] = typer.Option(None, "--db", help=text("help.setting.db"), envvar="ZHITU_DB"),
    debug: bool = typer.Option(False, "--debug", help=text("help.setting.debug")),
) -> None:
    """Flags win over the environment, which wins over the config file."""
    if home:
        os.environ["ZHITU_HOME"] = home
    if db:
        os.environ["ZHITU_DB"] = db
    if debug:
        os.environ["ZHITU_DEBUG"] = "1"


@db_app.command("migrate", help=text("help.db.migrate"))
@run_async
async def db_migrate() -> None:
    from toolkit import db

    applied = await db.migrate()
    migrations = counted("cli.count.migrations", len(applied))
    err.print(text("cli.migrate.applied_names", migrations=migrations, names=", ".join(applied)) if applied
              else text("cli.migrate.applied", migrations=migrations))


@db_app.command("status", help=text("help.db.status"))
@run_async
async def db_status(fmt: Format = typer.Option(Format.table, "--format", "-f", help=text("help.common.format")),
                    as_json: bool = typer.Option(False, "--json", help=text("help.common.json_format"))) -> None:
    from toolkit import db

    states = await db.status()
    emit([{"name": s.name, "applied": s.applied} for s in states], ["name", "applied"], Format.json if as_json else fmt)


@app.command("init", help=text("help.init"))
@run_async
async def init(
    admin_user: Optional[str] = typer.Option(None, "--admin-user", envvar="ZHITU_ADMIN_USER", help=text("help.init.admin_user")),
    admin_password: Optional[str] = typer.Option(None, "--admin-password", envvar="ZHITU_ADMIN_PASSWORD", help=text("help.init.admin_password")),
    as_json: bool = typer.Option(False, "--json", help=text("help.init.json")),
) -> None:
    from toolkit.bootstrap import initialise

    if admin_user and not admin_password and sys.stdin.isatty():
        admin_password = typer.prompt(text("cli.prompt.admin_password"), hide_input=True, confirmation_prompt=True)
    report = await initialise(admin_user=admin_user, admin_password=admin_password)
    result = {"migrationsApplied": report.migrations_applied, "created": report.created,
              "adminUser": report.admin_user, "adminCreated": report.admin_created}
    if as_json:
        emit(result, fmt=Format.json)
    else:
        err.print(text("cli.init.database", url=settings.db_url()))
        err.print(text("cli.init.summary", count=len(report.migrations_applied), created=report.created))
        if report.admin_user:
            err.print(text("cli.init.admin_created" if report.admin_created else "cli.init.admin_exists", user=report.admin_user))


@app.command("serve", help=text("help.serve"))
def serve(
    host: str = typer.Option(None, "--host", help=text("help.setting.host")),
    port: int = typer.Option(None, "--port", help=text("help.setting.port")),
    workers: int = typer.Option(None, "--workers", help=text("help.setting.workers")),
    api_only: bool = typer.Option(False, "--api-only", help=text("help.common.api_only")),
    rebuild: bool = typer.Option(False, "--rebuild", help=text("help.serve.rebuild")),
    worker: Optional[bool] = typer.Option(None, "--worker/--no-worker", help=text("help.setting.embedded_worker")),
) -> None:
    from toolkit.bootstrap import initialise

    # Read first: a bad setting stops the command before the database is touched.
    host, port, workers = settings.get("host", host), int(settings.get("port", port)), int(settings.get("workers", workers))
    report = run_async(initialise)()
    if report.migrations_applied:
        err.print(text("cli.serve.migrations", names=", ".join(report.migrations_applied)))
    _serve(host, port, workers, not api_only, rebuild, None, worker)


def _serve(host: str, port: int, workers: int, with_webui: bool, rebuild: bool, banner,
           worker: Optional[bool] = None) -> None:
    from service.server import run
    from toolkit.mining import embedded

    # Workers read settings from the environment, so the flags go there too (single sign-on,
    # for one, knows this site's address from host and port unless public_url is set).
    os.environ["ZHITU_HOST"], os.environ["ZHITU_PORT"] = host, str(port)
    # The mining worker is a child process started before Sanic: the server's own processes stay
    # light and a mining run never stalls them.
    miner = embedded.EmbeddedWorker().start() if embedded.enabled(worker) else None
    try:
        run(host, port, workers, with_webui=with_webui, rebuild=rebuild, on_ready=banner)
    except ZhituError as exc:
        print_error(exc)
        raise typer.Exit(exc.exit_code)
    finally:
        if miner is not None:
            miner.stop()


@app.command("demo", help=text("help.demo"))
def demo(
    host: str = typer.Option(None, "--host", help=text("help.setting.host")),
    port: int = typer.Option(None, "--port", help=text("help.setting.port")),
    no_serve: bool = typer.Option(False, "--no-serve", help=text("help.demo.no_serve")),
    api_only: bool = typer.Option(False, "--api-only", help=text("help.common.api_only")),
    examples: Optional[Path] = typer.Option(None, "--examples", help=text("help.demo.examples")),
    worker: Optional[bool] = typer.Option(None, "--worker/--no-worker", help=text("help.setting.embedded_worker")),
) -> None:
    from toolkit import db
    from toolkit.bootstrap import initialise
    from toolkit.demo import EXAMPLES_DIR, load_examples

    async def prepare():
        await initialise()
        async with db.opened():
            return await load_examples(examples or EXAMPLES_DIR)

    host, port = settings.get("host", host), int(settings.get("port", port))  # before the database is touched
    report = run_async(prepare)()

    def banner() -> None:
        if not no_serve:
            err.print(f"\n[bold]{text('cli.demo.running', url=f'http://{host}:{port}')}[/bold]  {text('cli.demo.api_docs', path='/docs')}")
        emit(report.users, ["userName", "password", "role", "name"], title=text("cli.demo.accounts"))
        err.print(text("cli.demo.graphs_loaded", created=len(report.graphs_created), kept=len(report.graphs_kept)) + "\n")

    if no_serve:
        banner()
        return
    _serve(host, port, int(settings.get("workers")), not api_only, False, banner, worker)


@app.command("tui", help=text("help.tui"))
@run_async
async def tui(
    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
    lang: Optional[str] = typer.Option(None, "--lang", help=text("help.tui.lang")),
    theme: str = typer.Option("dark", "--theme", help=text("help.tui.theme")),
) -> None:
    from toolkit.tui import run

    await run(as_user, lang, theme)


_register_groups()


def entry() -> None:
    speak(system_lang())
    hide_flag_types()
    try:
        app()
    except ZhituError as exc:
        # One raised outside run_async (a setting read by serve or demo, ZHITU_PORT=abc): one line too.
        if os.environ.get("ZHITU_DEBUG", "").strip().lower() in {"1", "true", "yes", "on"}:
            raise
        print_error(exc)
        raise SystemExit(exc.exit_code) from None


if __name__ == "__main__":
    entry()
