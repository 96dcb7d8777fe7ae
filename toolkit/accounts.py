"""Users, units and projects as the rest of the library needs them."""
from __future__ import annotations

from tortoise.expressions import Q

from toolkit import audit, roles, textrules
from toolkit.auth import passwords
from toolkit.errors import ValidationError
from toolkit.model import Project, ProjectMember, Unit, User


async def profile(user: User) -> dict:
    """SPEC §3 Profile."""
    unit_name = None
    if user.unit_id:
        unit_name = await Unit.filter(id=user.unit_id).first().values_list("name", flat=True)
    return {
        "Id": user.id,
        "Name": user.name,
        "UserName": user.user_name,
        "UnitName": unit_name,
        "Role": user.role,
        "Photo": user.photo,
    }


async def create_user(user_name: str, password: str, role: str, name: str | None = None,
                      unit: Unit | None = None, actor: User | None = None, **extra) -> User:
    user_name = textrules.clean_text("user.user_name", user_name).strip()
    name = textrules.clean_optional("user.name", name)
    if not user_name:
        raise ValidationError("error.field_required", field="userName")
    if role not in roles.ROLE_CODES:
        raise ValidationError("error.field_invalid", field="role")
    if len(password or "") < passwords.MIN_LENGTH:
        raise ValidationError("auth.password_too_short", min=passwords.MIN_LENGTH)
    user = await User.create(user_name=user_name, name=(name or user_name).strip(), role=role, unit=unit,
                             password_hash=passwords.hash_password(password), **extra)
    await audit.record("user.create", actor.id if actor else None, "user", user.id, role=role)
    return user


async def ensure_user(user_name: str, password: str, role: str, **fields) -> tuple[User, bool]:
    """Create the user unless one with that name exists (then leave it as it is)."""
    existing = await User.get_or_none(user_name=user_name)
    if existing:
        return existing, False
    return await create_user(user_name, password, role, **fields), True


async def project_ids_of(user: User) -> list[int]:
    return await ProjectMember.filter(user_id=user.id).values_list("project_id", flat=True)


async def list_projects(user: User, page: int = 1, page_size: int = 50, name: str = "") -> tuple[list[dict], int]:
    """The caller's projects (SPEC §6: own and trial projects unless visible person info is allowed)."""
    query = Project.all()
    if user.role != roles.SUPER and not user.visible_person_info:
        own = await project_ids_of(user)
        if user.role == roles.ADMIN and user.unit_id:
            query = query.filter(Q(unit_id=user.unit_id) | Q(id__in=own))
        else:
            query = query.filter(id__in=own)
    if name:
        query = query.filter(name__icontains=name.strip())
    total = await query.count()
    projects = await query.order_by("id").offset((page - 1) * page_size).limit(page_size).prefetch_related("leader")
    roles_by_project = dict(await ProjectMember.filter(user_id=user.id).values_list("project_id", "role"))
    items = [
        {"id": p.id, "name": p.name, "leaderName": p.leader.name if p.leader else None,
         "role": roles_by_project.get(p.id), "tryout": p.tryout,
         "endTime": p.end_time.isoformat() if p.end_time else None}
        for p in projects
    ]
    return items, total


async def operator(user_name: str | None = None) -> User:
    """Who a CLI command acts as: the named user, or the first enabled super admin."""
    from toolkit.errors import NotFound

    if user_name:
        user = await User.get_or_none(user_name=user_name, enabled=True)
    else:
        user = await User.filter(role=roles.SUPER, enabled=True).order_by("id").first()
    if user is None:
        raise NotFound(what="what.user")
    return user
