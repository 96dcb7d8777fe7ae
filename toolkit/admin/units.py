"""Managing units (universities)."""
from __future__ import annotations

from toolkit import audit, roles, textrules
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.listing import check_paging
from toolkit.model import Project, Unit, User


def unit_view(unit: Unit, users: int = 0, projects: int = 0) -> dict:
    return {"id": unit.id, "name": unit.name, "code": unit.code, "contact": unit.contact, "enabled": unit.enabled,
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
        result.append(unit_view(unit, await User.filter(unit_id=unit.id).count(), await Project.filter(unit_id=unit.id).count()))
    return result, total


async def add_unit(actor: User | None, name: str, code: str | None = None, contact: str | None = None) -> dict:
    _require_super(actor)
    name = textrules.clean_text("unit.name", name).strip()
    code, contact = textrules.clean_optional("unit.code", code), textrules.clean_optional("unit.contact", contact)
    if not name:
        raise ValidationError("error.field_required", field="name")
    if await Unit.exists(name=name):
        raise ValidationError("unit.exists", name=name)
    unit = await Unit.create(name=name, code=code or None, contact=contact or None)
    await audit.record("unit.create", actor.id if actor else None, "unit", unit.id)
    return unit_view(unit)


async def update_unit(actor: User | None, unit_id: int, name: str | None = None, code: str | None = None,
                      contact: str | None = None, enabled: bool | None = None) -> dict:
    _require_super(actor)
    unit = await Unit.get_or_none(id=unit_id)
    if unit is None:
        raise NotFound(what="what.unit")
    name = textrules.clean_optional("unit.name", name)
    code, contact = textrules.clean_optional("unit.code", code), textrules.clean_optional("unit.contact", contact)
    if name is not None:
        if not name.strip():
            raise ValidationError("error.field_required", field="name")
        if await Unit.filter(name=name.strip()).exclude(id=unit_id).exists():
            raise ValidationError("unit.exists", name=name)
        unit.name = name.strip()
    if code is not None:
        unit.code = code or None
    if contact is not None:
        unit.contact = contact or None
    if enabled is not None:
        unit.enabled = bool(enabled)
    await unit.save()
    await audit.record("unit.update", actor.id if actor else None, "unit", unit.id)
    return unit_view(unit)


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
