"""`zhitu project …`, `zhitu library …` and `zhitu trial …`: bulk administration from the terminal.

Commands act as the first super admin, or as `--as USER`.
"""
from __future__ import annotations

from typing import Optional

import typer

from toolkit.cli.output import Format, counted, emit, err
from toolkit.messages import text

project_app = typer.Typer(help=text("help.project"), no_args_is_help=True)
library_app = typer.Typer(help=text("help.library"), no_args_is_help=True)
trial_app = typer.Typer(help=text("help.trial"), no_args_is_help=True)


def _run(body, as_user: str | None):
    from toolkit.cli.main import run_async

    async def opened():
        from toolkit import db
        from toolkit.accounts import operator

        async with db.opened():
            return await body(await operator(as_user))

    return run_async(opened)()


def _fmt(as_json: bool) -> Format:
    return Format.json if as_json else Format.table


@project_app.command("list", help=text("help.project.list"))
def project_list(name: str = typer.Option("", "--name", help=text("help.project.list.name")),
                 as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
                 as_json: bool = typer.Option(False, "--json", help=text("help.common.json")),
                 fmt: Format = typer.Option(Format.table, "--format", help=text("help.common.format"))) -> None:
    from toolkit.projects import search_projects

    items, _ = _run(lambda actor: search_projects(actor, 1, 10000, name), as_user)
    emit(items, ["id", "name", "unitName", "leaderName", "tryout", "endTime", "memberCount", "graphCount"],
         Format.json if as_json else fmt)


@project_app.command("add", help=text("help.project.add"))
def project_add(name: str = typer.Argument(..., help=text("help.project.add.name")),
                unit_id: Optional[int] = typer.Option(None, "--unit", help=text("help.project.add.unit")),
                leader: Optional[str] = typer.Option(None, "--leader", help=text("help.project.add.leader")),
                trial_end: Optional[str] = typer.Option(None, "--trial-until", help=text("help.project.add.trial_until")),
                major: Optional[str] = typer.Option(None, "--major", help=text("help.project.add.major")),
                as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
                as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.admin.users import find_user
    from toolkit.projects import create_project

    async def body(actor):
        leader_id = (await find_user(leader)).id if leader else None
        return await create_project(actor, name, unit_id, leader_id, trial_end is not None, trial_end, major_name=major)

    emit(_run(body, as_user), fmt=_fmt(as_json))


@project_app.command("members", help=text("help.project.members"))
def project_members(project_id: int = typer.Argument(..., help=text("help.common.project_id")),
                    as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
                    as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.projects import members

    items, _ = _run(lambda actor: members(actor, project_id, page_size=10000), as_user)
    emit(items, ["userId", "userName", "name", "role", "enabled"], _fmt(as_json))


@project_app.command("member", help=text("help.project.member"))
def project_member(project_id: int = typer.Argument(..., help=text("help.common.project_id")),
                   user_names: list[str] = typer.Argument(..., help=text("help.project.member.user_names")),
                   role: str = typer.Option("20", "--role", help=text("help.project.member.role")),
                   remove: bool = typer.Option(False, "--remove", help=text("help.project.member.remove")),
                   as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.admin.users import find_user
    from toolkit.projects import remove_member, set_member

    async def body(actor):
        for user_name in user_names:
            user = await find_user(user_name)
            if remove:
                await remove_member(actor, project_id, user.id)
            else:
                await set_member(actor, project_id, user.id, role)

    _run(body, as_user)
    err.print(counted("cli.members_removed" if remove else "cli.members_set", len(user_names)))


@project_app.command("template-control", help=text("help.project.template_control"))
def project_template_control(project_id: int = typer.Argument(..., help=text("help.common.project_id")),
                             template_ids: list[int] = typer.Argument(None, help=text("help.project.template_control.template_ids")),
                             as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.projects import batch_update_template_control

    emit(_run(lambda actor: batch_update_template_control(actor, project_id, list(template_ids or [])), as_user), fmt=Format.table)


@project_app.command("stats", help=text("help.project.stats"))
def project_stats(project_id: int = typer.Argument(..., help=text("help.common.project_id")),
                  as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
                  as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.projects import statistics

    emit(_run(lambda actor: statistics(actor, project_id), as_user), fmt=_fmt(as_json))


@library_app.command("list", help=text("help.library.list"))
def library_list(state: int = typer.Option(-1, "--state", help=text("help.library.list.state")),
                 as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
                 as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.library import list_manage

    items, _ = _run(lambda actor: list_manage(actor, 1, 10000, state), as_user)
    emit(items, ["graphId", "name", "publicState", "templateName", "projectName", "publisherName", "applyCount"], _fmt(as_json))


@library_app.command("review", help=text("help.library.review"))
def library_review(graph_id: int = typer.Argument(..., help=text("help.library.review.graph_id")),
                   refuse: Optional[str] = typer.Option(None, "--refuse", help=text("help.library.review.refuse")),
                   as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.library import PUBLISH, REFUSE, update_public_state

    entry = _run(lambda actor: update_public_state(actor, graph_id, REFUSE if refuse else PUBLISH, refuse or ""), as_user)
    err.print(text("cli.library_state", graph=graph_id, state=entry["publicState"]))


@library_app.command("applications", help=text("help.library.applications"))
def library_applications(kind: int = typer.Option(1, "--type", help=text("help.library.applications.type")),
                         as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
                         as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.library import apply_list

    items, _ = _run(lambda actor: apply_list(actor, 1, 10000, kind), as_user)
    emit(items, ["id", "graphName", "projectName", "createUserName", "receviceUserName", "state", "createTime"], _fmt(as_json))


@trial_app.command("list", help=text("help.trial.list"))
def trial_list(state: Optional[int] = typer.Option(None, "--state", help=text("help.trial.list.state")),
               as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user")),
               as_json: bool = typer.Option(False, "--json", help=text("help.common.json"))) -> None:
    from toolkit.trials import list_trials

    items, _ = _run(lambda actor: list_trials(actor, 1, 10000, state), as_user)
    emit(items, ["id", "name", "unitName", "tel", "state", "createTime"], _fmt(as_json))


@trial_app.command("approve", help=text("help.trial.approve"))
def trial_approve(trial_id: int = typer.Argument(..., help=text("help.common.trial_id")),
                  days: int = typer.Option(30, "--days", help=text("help.trial.approve.days")),
                  as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.trials import APPROVED, handle

    result = _run(lambda actor: handle(actor, trial_id, APPROVED, "", days), as_user)
    err.print(text("cli.trial_approved", trial=trial_id, project=result["projectId"]))


@trial_app.command("reject", help=text("help.trial.reject"))
def trial_reject(trial_id: int = typer.Argument(..., help=text("help.common.trial_id")),
                 opinion: str = typer.Option(..., "--opinion", help=text("help.trial.reject.opinion")),
                 as_user: Optional[str] = typer.Option(None, "--as", help=text("help.common.as_user"))) -> None:
    from toolkit.trials import REJECTED, handle

    _run(lambda actor: handle(actor, trial_id, REJECTED, opinion), as_user)
    err.print(text("cli.trial_rejected", trial=trial_id))
