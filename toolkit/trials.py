"""Trial applications: anyone may ask for a trial without signing in; an admin approves or rejects.

Approving makes (or finds) the unit, an account for the applicant's phone (who then signs in
with an SMS code) and a trial project that ends after the trial days, with the applicant as its
project admin.
"""
from __future__ import annotations

import secrets
from datetime import datetime, timedelta, timezone
from typing import Any

from tortoise.transactions import in_transaction

from toolkit import audit, roles
from toolkit.accounts import create_user
from toolkit.admin.forms import check_decision
from toolkit.auth import attempts
from toolkit.auth.sms import clean_tel
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.listing import check_paging
from toolkit.model import Project, ProjectMember, TrialApplication, Unit, User
from toolkit.richtext import sanitise

PENDING, APPROVED, REJECTED = 0, 1, 2
DEFAULT_DAYS = 30


def _text(data: dict, field: str, limit: int, required: bool = True) -> str:
    value = data.get(field)
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ValidationError("error.field_required", field=field)
        return ""
    if not isinstance(value, str) or len(value.strip()) > limit:
        raise ValidationError("error.field_invalid", field=field)
    return value.strip()


async def _handler_unit(actor: User) -> str | None:
    """The unit name whose applications the caller may handle; '' for all (the super admin)."""
    if actor.role == roles.SUPER:
        return ""
    if actor.role == roles.ADMIN and actor.unit_id:
        return await Unit.filter(id=actor.unit_id).first().values_list("name", flat=True)
    return None


def _may_handle(trial: TrialApplication, handler_unit: str | None) -> bool:
    # An admin handles only their own unit's applications, a refusal as much as an approval.
    return handler_unit is not None and (handler_unit == "" or trial.unit_name == handler_unit)


def trial_view(trial: TrialApplication, handler_unit: str | None = None) -> dict:
    """handler_unit (from _handler_unit) fills `actions`: what the caller may do to the row."""
    actions = ["handle"] if trial.state == PENDING and _may_handle(trial, handler_unit) else []
    return {"actions": actions, "id": trial.id, "name": trial.name, "unitName": trial.unit_name, "tel": trial.tel, "email": trial.email,
            "reason": trial.reason, "state": trial.state, "handleOpinion": trial.handle_opinion, "projectId": trial.project_id,
            "createTime": trial.created_at.isoformat() if trial.created_at else None}


async def submit(data: dict, client: str = "") -> dict:
    """A trial application from the portal; one pending application per phone.

    The form is public: a client gets a bounded number of applications an hour, and a phone one
    a minute, both counted before the pending check so parallel submissions make one application.
    """
    tel = clean_tel(data.get("tel") if isinstance(data.get("tel"), str) else None)
    email = _text(data, "email", 200, required=False)
    if email and "@" not in email:
        raise ValidationError("error.field_invalid", field="email")
    name, unit_name, reason = _text(data, "name", 100), _text(data, "unitName", 200), sanitise(_text(data, "reason", 2000))
    try:
        await attempts.take(attempts.TRIAL_CLIENT, client or "local")
        await attempts.take(attempts.TRIAL_TEL, tel)
    except attempts.Throttled as exc:
        raise ValidationError("trial.too_many", seconds=exc.retry_after) from exc
    if await TrialApplication.exists(tel=tel, state=PENDING):
        raise ValidationError("trial.pending_exists")
    trial = await TrialApplication.create(name=name, unit_name=unit_name, tel=tel, email=email, reason=reason)
    await audit.record("trial.submit", None, "trial", trial.id)
    return {"id": trial.id, "state": trial.state}


async def list_trials(actor: User, page: int = 1, page_size: int = 10, state: int | None = None, name: str = "") -> tuple[list[dict], int]:
    if actor.role == roles.TEST:
        raise Forbidden()
    check_paging(page, page_size)
    query = TrialApplication.all()
    if state is not None and state >= 0:
        query = query.filter(state=state)
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    total = await query.count()
    rows = await query.order_by("-id").offset((page - 1) * page_size).limit(page_size)
    handler_unit = await _handler_unit(actor)
    return [trial_view(t, handler_unit) for t in rows], total


async def handle(actor: User, trial_id: int, state: Any, opinion: Any = None, days: Any = None) -> dict:
    """Approve (1) or reject (2) a pending application; the values as sent, checked here, nothing written when one is wrong."""
    if actor.role not in (roles.SUPER, roles.ADMIN):
        raise Forbidden()
    decision = check_decision("trialDecision", "state", REJECTED, {"state": state, "opinion": opinion, "days": days}, sanitise)
    state, opinion = decision["state"], decision["opinion"]
    days = decision["days"] if isinstance(decision["days"], int) else DEFAULT_DAYS
    trial = await TrialApplication.get_or_none(id=trial_id)
    if trial is None:
        raise NotFound(what="what.trial")
    handler_unit = await _handler_unit(actor)
    if not _may_handle(trial, handler_unit):
        raise Forbidden("user.other_unit")
    if trial.state != PENDING:
        raise ValidationError("trial.handled")
    async with in_transaction():
        if not await TrialApplication.filter(id=trial.id, state=PENDING).update(state=state, handler_id=actor.id, handle_opinion=opinion):
            raise ValidationError("trial.handled")
        if state == APPROVED:
            unit, _ = await Unit.get_or_create(name=trial.unit_name)
            if actor.role == roles.ADMIN and unit.id != actor.unit_id:
                raise Forbidden("user.other_unit")
            user = await User.get_or_none(tel=trial.tel)
            if user is None:
                user = await create_user(f"trial{trial.tel}", secrets.token_urlsafe(16), roles.EXPERT, trial.name, unit, actor, tel=trial.tel,
                                         email=trial.email or None)
            project = await Project.create(name=f"{trial.unit_name} {trial.name}", unit=unit, leader=user, tryout=True,
                                           end_time=datetime.now(timezone.utc) + timedelta(days=days))
            await ProjectMember.create(project=project, user=user, role=roles.PROJECT_ADMIN)
            await TrialApplication.filter(id=trial.id).update(project_id=project.id)
    await audit.record("trial.handle", actor.id, "trial", trial.id, state=state)
    return trial_view(await TrialApplication.get(id=trial.id), handler_unit)
