"""Managing units (universities)."""
from __future__ import annotations

from toolkit import audit, roles
from toolkit.admin.forms import FormCheck
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.listing import check_paging
from toolkit.model import Project, Unit, User


def unit_actions(actor: User | None, users: int, projects: int) -> list[str]:
    """What the caller may do to a unit's row, by the rules below: super admins edit every unit and
    delete one nobody and no project belongs to."""
    if actor is not None and actor.role != roles.SUPER:
        return []
    return ["edit"] + (["delete"] if not users and not projects else [])


def unit_view(unit: Unit, users: int = 0, projects: int = 0, actor: User | None = None) -> dict:
    return {"actions": unit_actions(actor, users, projects), "id": unit.id, "name": unit.name, "code": unit.code, "contact": unit.contact, "enabled": unit.enabled,
            "userCount": users, "projectCount": projects}


def _require_super(actor: User | None) -> None:
    if actor is not None and actor.role != roles.SUPER:
        raise Forbidden()


async def list_units(actor: User, page: int = 1, page_size: int = 10, name: str = "") -> tuple[list[dict], int]:
    """Super admins see every unit; admins and experts (SPEC §2 opens the unit manager to them) their own."""
    if actor.role not in (roles.SUPER, roles.ADMIN, roles.EXPERT):
        raise Forbidden()
    check_paging(page, page_size)
    query = Unit.all() if actor.role == roles.SUPER else Unit.filter(id=actor.unit_id)
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    total = await query.count()
    units = await query.order_by("id").offset((page - 1) * page_size).limit(page_size)
    result = []
    for unit in units:
        result.append(unit_view(unit, await User.filter(unit_id=unit.id).count(), await Project.filter(unit_id=unit.id).count(), actor))
    return result, total


async def add_unit(actor: User | None, name: str, code: str | None = None, contact: str | None = None) -> dict:
    _require_super(actor)
    form = FormCheck("unit")
    name, code, contact = form.field("name", name), form.field("code", code), form.field("contact", contact)
    if isinstance(name, str) and name.strip() and await Unit.exists(name=name.strip()):
        form.add("name", "form.taken", value=name.strip())
    form.done()
    unit = await Unit.create(name=name.strip(), code=(code or "").strip() or None, contact=(contact or "").strip() or None)
    await audit.record("unit.create", actor.id if actor else None, "unit", unit.id)
    return unit_view(unit, actor=actor)


async def update_unit(actor: User | None, unit_id: int, name: str | None = None, code: str | None = None,
                      contact: str | None = None, enabled: bool | None = None) -> dict:
    _require_super(actor)
    unit = await Unit.get_or_none(id=unit_id)
    if unit is None:
        raise NotFound(what="what.unit")
    form = FormCheck("unit")
    name = form.field("name", name, creating=False) if name is not None else None
    code = form.field("code", code, creating=False) if code is not None else None
    contact = form.field("contact", contact, creating=False) if contact is not None else None
    if isinstance(name, str) and name.strip() and await Unit.filter(name=name.strip()).exclude(id=unit_id).exists():
        form.add("name", "form.taken", value=name.strip())
    form.done()
    if name is not None:
        unit.name = name.strip()
    if code is not None:
        unit.code = code.strip() or None
    if contact is not None:
        unit.contact = contact.strip() or None
    if enabled is not None:
        unit.enabled = bool(enabled)
    await unit.save()
    await audit.record("unit.update", actor.id if actor else None, "unit", unit.id)
    return unit_view(unit, await User.filter(unit_id=unit.id).count(), await Project.filter(unit_id=unit.id).count(), actor)


async def delete_unit(actor: User | None, unit_id: int) -> None:
    """Refused while users or projects belong to the unit (the message says how many)."""
    _require_super(actor)
    unit = await Unit.get_or_none(id=unit_id)
    if unit is None:
        raise NotFound(what="what.unit")
    users, projects = await User.filter(unit_id=unit_id).count(), await Project.filter(unit_id=unit_id).count()
    if users or projects:
        raise ValidationError("unit.in_use", users=users, projects=projects)
    await unit.delete()
    await audit.record("unit.delete", actor.id if actor else None, "unit", unit_id)
