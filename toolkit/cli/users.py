"""`zhitu user …` and `zhitu unit …`: bulk administration from the terminal."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

import typer

from toolkit.cli.output import Format, counted, emit, err
from toolkit.messages import text

user_app = typer.Typer(help=text("help.user"), no_args_is_help=True)
unit_app = typer.Typer(help=text("help.unit"), no_args_is_help=True)


def _run(body):
    from toolkit.cli.main import run_async

    async def opened():
        from toolkit import db

        async with db.opened():
            return await body()

    return run_async(opened)()


async def _unit_id(name: str | None) -> int | None:
    if not name:
        return None
    from toolkit.model import Unit

    unit, _ = await Unit.get_or_create(name=name)
    return unit.id


@user_app.command("add", help=text("help.user.add"))
def user_add(user_name: str = typer.Argument(..., help=text("help.user.add.user_name")),
             role: str = typer.Option("30", "--role", help=text("help.user.add.role")),
             name: Optional[str] = typer.Option(None, "--name", help=text("help.user.add.name")),
             unit: Optional[str] = typer.Option(None, "--unit", help=text("help.user.add.unit")),
             password: Optional[str] = typer.Option(None, "--password", envvar="ZHITU_NEW_PASSWORD", help=text("help.user.add.password")),
             tel: Optional[str] = typer.Option(None, "--tel", help=text("help.user.add.tel")),
             as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.admin.users import add_user

    if password is None:
        password = typer.prompt(text("cli.prompt.password"), hide_input=True, confirmation_prompt=True)

    async def body():
        return await add_user(None, user_name, password, role, name, await _unit_id(unit), tel)

    emit(_run(body), fmt=Format.json if as_json else Format.table)


@user_app.command("list", help=text("help.user.list"))
def user_list(name: str = typer.Option("", "--name", help=text("help.user.list.name")),
              role: Optional[str] = typer.Option(None, "--role", help=text("help.user.list.role")),
              as_json: bool = typer.Option(False, "--json", help=text("help.common.json")),
              fmt: Format = typer.Option(Format.table, "--format", help=text("help.common.format"))) -> None:
    from toolkit.accounts import operator
    from toolkit.admin.users import list_users

    async def body():
        return await list_users(await operator(), 1, 10000, name, role)

    items, _total = _run(body)
    emit(items, ["id", "userName", "name", "role", "unitName", "tel", "enabled"], Format.json if as_json else fmt)


def _switch(user_name: str, enabled: bool) -> None:
    from toolkit.admin.users import find_user, set_enabled

    async def body():
        return await set_enabled(None, (await find_user(user_name)).id, enabled)

    _run(body)
    err.print(text("cli.user_enabled" if enabled else "cli.user_disabled", user=user_name))


@user_app.command("disable", help=text("help.user.disable"))
def user_disable(user_name: str = typer.Argument(..., help=text("help.common.user_name"))) -> None:
    _switch(user_name, False)


@user_app.command("enable", help=text("help.user.enable"))
def user_enable(user_name: str = typer.Argument(..., help=text("help.common.user_name"))) -> None:
    _switch(user_name, True)


@user_app.command("unblock", help=text("help.user.unblock"))
def user_unblock(user_name: str = typer.Argument(..., help=text("help.common.user_name"))) -> None:
    from toolkit.admin.users import find_user
    from toolkit.auth.attempts import unblock_account

    async def body():
        await find_user(user_name)
        return await unblock_account(user_name)

    lifted = _run(body)
    err.print(text("cli.user_unblocked", user=user_name, count=lifted))


@user_app.command("password", help=text("help.user.password"))
def user_password(user_name: str = typer.Argument(..., help=text("help.common.user_name")),
                  password: Optional[str] = typer.Option(None, "--password", envvar="ZHITU_NEW_PASSWORD",
                                                         help=text("help.user.password.password"))) -> None:
    from toolkit.admin.users import find_user, reset_password

    if password is None:
        password = typer.prompt(text("cli.prompt.new_password"), hide_input=True, confirmation_prompt=True)

    async def body():
        await reset_password(None, (await find_user(user_name)).id, password)

    _run(body)
    err.print(text("cli.password_reset", user=user_name))


@user_app.command("import", help=text("help.user.import"))
def user_import(file: Path = typer.Argument(..., help=text("help.user.import.file")),
                as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.admin.users import import_users
    from toolkit.formats.limits import read_bytes

    async def body():
        return await import_users(None, read_bytes(file), file.name)

    created = _run(body)
    emit(created, ["id", "userName", "name", "role", "unitName"], Format.json if as_json else Format.table, title=counted("cli.users_imported", len(created)))


@unit_app.command("add", help=text("help.unit.add"))
def unit_add(name: str = typer.Argument(..., help=text("help.unit.add.name")),
             code: Optional[str] = typer.Option(None, "--code", help=text("help.unit.add.code"))) -> None:
    from toolkit.admin.units import add_unit

    async def body():
        return await add_unit(None, name, code)

    emit(_run(body), fmt=Format.table)


@unit_app.command("list", help=text("help.unit.list"))
def unit_list(as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.accounts import operator
    from toolkit.admin.units import list_units

    async def body():
        return await list_units(await operator(), 1, 10000)

    items, _total = _run(body)
    emit(items, ["id", "name", "code", "userCount", "projectCount", "enabled"], Format.json if as_json else Format.table)


@unit_app.command("rename", help=text("help.unit.rename"))
def unit_rename(unit_id: int = typer.Argument(..., help=text("help.common.unit_id")),
                name: str = typer.Argument(..., help=text("help.common.new_name"))) -> None:
    from toolkit.admin.units import update_unit

    async def body():
        return await update_unit(None, unit_id, name=name)

    emit(_run(body), fmt=Format.table)


@unit_app.command("delete", help=text("help.unit.delete"))
def unit_delete(unit_id: int = typer.Argument(..., help=text("help.common.unit_id"))) -> None:
    from toolkit.admin.units import delete_unit

    async def body():
        await delete_unit(None, unit_id)

    _run(body)
    err.print(text("cli.unit_deleted", unit=unit_id))
