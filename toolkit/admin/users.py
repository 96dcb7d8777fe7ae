"""Managing users: who may manage whom, create, update, enable/disable, reset password, import."""
from __future__ import annotations

import io
from dataclasses import dataclass

from tortoise.expressions import Q
from tortoise.transactions import in_transaction

from toolkit import audit, roles
from toolkit.accounts import create_user
from toolkit.admin.forms import FormCheck
from toolkit.auth import passwords
from toolkit.errors import Forbidden, FormatError, NotFound, ValidationError
from toolkit.graphs.listing import check_paging
from toolkit.model import Unit, User

def user_actions(actor: User | None, user: User) -> list[str]:
    """What the caller may do to this user's row, by the same rule the changes apply (_may_manage):
    the web UI offers exactly these, so nothing it offers is refused."""
    if actor is None:
        return ["edit", "enable" if not user.enabled else "disable", "resetPassword"]
    try:
        _may_manage(actor, user.role, user.unit_id)
    except Forbidden:
        return []
    toggle = "enable" if not user.enabled else ("disable" if actor.id != user.id else None)
    return [action for action in ("edit", toggle, "resetPassword") if action]


def user_view(user: User, unit_names: dict[int, str] | None = None, actor: User | None = None) -> dict:
    return {"actions": user_actions(actor, user), "id": user.id, "userName": user.user_name, "name": user.name, "role": user.role,
            "roleName": roles.role_name(user.role), "unitId": user.unit_id,
            "unitName": (unit_names or {}).get(user.unit_id) if user.unit_id else None, "tel": user.tel, "email": user.email,
            "enabled": user.enabled, "lastLoginAt": user.last_login_at.isoformat() if user.last_login_at else None}


def _require_manager(actor: User) -> None:
    if actor.role not in (roles.SUPER, roles.ADMIN):
        raise Forbidden()


def _may_manage(actor: User, target_role: str, target_unit_id: int | None) -> None:
    """A super admin manages everyone; an admin manages non-super users of their own unit."""
    _require_manager(actor)
    if not roles.can_manage(actor.role, target_role):
        raise Forbidden("user.cannot_manage_role")
    if actor.role == roles.ADMIN and target_unit_id != actor.unit_id:
        raise Forbidden("user.other_unit")


async def list_users(actor: User, page: int = 1, page_size: int = 10, name: str = "", role: str | None = None,
                     unit_id: int | None = None) -> tuple[list[dict], int]:
    """SPEC §2 opens the user manager to experts too: they read their own unit's users (without phone
    and e-mail), and change nothing; admins manage their unit, super admins everyone."""
    if actor.role not in (roles.SUPER, roles.ADMIN, roles.EXPERT):
        raise Forbidden()
    check_paging(page, page_size)
    query = User.all()
    if actor.role in (roles.ADMIN, roles.EXPERT):
        query = query.filter(unit_id=actor.unit_id)
    if name.strip():
        query = query.filter(Q(name__icontains=name.strip()) | Q(user_name__icontains=name.strip()))
    if role:
        query = query.filter(role=role)
    if unit_id is not None:
        query = query.filter(unit_id=unit_id)
    total = await query.count()
    users = await query.order_by("id").offset((page - 1) * page_size).limit(page_size)
    names = dict(await Unit.filter(id__in=[u.unit_id for u in users if u.unit_id]).values_list("id", "name"))
    views = [user_view(u, names, actor) for u in users]
    if actor.role == roles.EXPERT:
        for view in views:
            view["tel"] = view["email"] = None
    return views, total


async def _unit(unit_id: int | None) -> Unit | None:
    if unit_id is None:
        return None
    unit = await Unit.get_or_none(id=unit_id)
    if unit is None:
        raise NotFound(what="what.unit")
    return unit


async def add_user(actor: User | None, user_name: str, password: str, role: str, name: str | None = None,
                   unit_id: int | None = None, tel: str | None = None, email: str | None = None) -> dict:
    """actor None means the operator's terminal (full rights). Every invalid field is reported at once
    (toolkit.admin.forms); a name left out is the user name."""
    form = FormCheck("user")
    user_name, password, role = form.field("userName", user_name), form.field("password", password), form.field("role", role)
    name = form.field("name", user_name if name is None else name)
    tel, email = form.field("tel", tel), form.field("email", email)
    if isinstance(user_name, str) and user_name.strip() and await User.exists(user_name=user_name.strip()):
        form.add("userName", "form.taken", value=user_name.strip())
    if isinstance(tel, str) and tel.strip() and await User.exists(tel=tel.strip()):
        form.add("tel", "form.taken", value=tel.strip())
    form.done()
    if actor is not None:
        _may_manage(actor, role, unit_id if actor.role == roles.SUPER else (unit_id or actor.unit_id))
        if actor.role == roles.ADMIN:
            unit_id = unit_id or actor.unit_id
    user = await create_user(user_name, password, role, name=name, unit=await _unit(unit_id), actor=actor,
                             tel=(tel or "").strip() or None, email=(email or "").strip() or None)
    return user_view(user, {user.unit_id: (await Unit.get(id=user.unit_id)).name} if user.unit_id else None, actor)


async def _target(actor: User | None, user_id: int) -> User:
    user = await User.get_or_none(id=user_id)
    if user is None:
        raise NotFound(what="what.user")
    if actor is not None:
        _may_manage(actor, user.role, user.unit_id)
    return user


async def update_user(actor: User | None, user_id: int, *, name: str | None = None, role: str | None = None,
                      unit_id: int | None = None, tel: str | None = None, email: str | None = None) -> dict:
    user = await _target(actor, user_id)
    form = FormCheck("user")
    role = form.field("role", role, creating=False) if role is not None else None
    name = form.field("name", name, creating=False) if name is not None else None
    tel = form.field("tel", tel, creating=False) if tel is not None else None
    email = form.field("email", email, creating=False) if email is not None else None
    if isinstance(tel, str) and tel.strip() and await User.filter(tel=tel.strip()).exclude(id=user.id).exists():
        form.add("tel", "form.taken", value=tel.strip())
    form.done()
    if role is not None:
        if actor is not None:
            _may_manage(actor, role, user.unit_id)
        user.role = role
    if name is not None:
        user.name = name.strip()
    if unit_id is not None:
        if actor is not None and actor.role == roles.ADMIN and unit_id != actor.unit_id:
            raise Forbidden("user.other_unit")
        user.unit = await _unit(unit_id)
    if tel is not None:
        user.tel = tel.strip() or None
    if email is not None:
        user.email = email.strip() or None
    await user.save()
    await audit.record("user.update", actor.id if actor else None, "user", user.id)
    names = {user.unit_id: (await Unit.get(id=user.unit_id)).name} if user.unit_id else None
    return user_view(user, names, actor)


async def set_enabled(actor: User | None, user_id: int, enabled: bool) -> dict:
    user = await _target(actor, user_id)
    if actor is not None and actor.id == user.id and not enabled:
        raise ValidationError("user.not_yourself")
    user.enabled = enabled
    if not enabled:
        user.session_version += 1  # signs the user out everywhere
    await user.save()
    await audit.record("user.enable" if enabled else "user.disable", actor.id if actor else None, "user", user.id)
    return user_view(user, None, actor)


async def reset_password(actor: User | None, user_id: int, password: str) -> None:
    user = await _target(actor, user_id)
    form = FormCheck("password")
    password = form.field("password", password)
    form.done()
    user.password_hash = passwords.hash_password(password)
    user.session_version += 1
    await user.save()
    await audit.record("user.password", actor.id if actor else None, "user", user.id)


async def find_user(user_name: str) -> User:
    user = await User.get_or_none(user_name=user_name)
    if user is None:
        raise NotFound(what="what.user")
    return user


@dataclass
class ImportRow:
    row: int
    user_name: str
    name: str
    role: str
    unit: str
    password: str
    tel: str
    email: str


COLUMNS = {"user_name": {"用户名", "账号", "username", "user name", "username"}, "name": {"姓名", "name"},
           "role": {"角色", "role"}, "unit": {"单位", "学校", "unit"}, "password": {"密码", "password"},
           "tel": {"手机", "手机号", "电话", "tel"}, "email": {"邮箱", "email"}}
ROLE_WORDS = {"超级管理员": roles.SUPER, "管理员": roles.ADMIN, "普通用户": roles.EXPERT, "专家": roles.EXPERT, "教师": roles.EXPERT,
              "测试": roles.TEST, "super": roles.SUPER, "admin": roles.ADMIN, "expert": roles.EXPERT, "test": roles.TEST}


def read_user_sheet(data: bytes, where: str) -> list[ImportRow]:
    import openpyxl  # here, not at the top: it loads numpy and lxml, slow for every server worker

    from toolkit.formats.limits import open_zip

    open_zip(data, where)  # zip bombs and DTDs (entity bombs) are refused before openpyxl reads
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except Exception as exc:  # a broken workbook raises many kinds
        raise FormatError("format.unreadable", where=where, detail=type(exc).__name__) from exc
    rows = list(workbook.worksheets[0].iter_rows(values_only=True))
    if not rows:
        raise FormatError("format.empty", where=where)
    header = [str(v or "").strip().lower() for v in rows[0]]
    positions = {}
    for key, names in COLUMNS.items():
        found = [i for i, h in enumerate(header) if h in names]
        if found:
            positions[key] = found[0]
        elif key in ("user_name", "role", "password"):
            raise FormatError("format.missing_column", where=f"{where}: row 1", column=key)
    result = []
    for number, row in enumerate(rows[1:], 2):
        values = {key: str(row[i] if i < len(row) and row[i] is not None else "").strip() for key, i in positions.items()}
        if not any(values.values()):
            continue
        role = ROLE_WORDS.get(values.get("role", "").lower(), values.get("role", ""))
        result.append(ImportRow(number, values.get("user_name", ""), values.get("name", "") or values.get("user_name", ""), role,
                                values.get("unit", ""), values.get("password", ""), values.get("tel", ""), values.get("email", "")))
    return result


async def import_users(actor: User | None, data: bytes, where: str) -> list[dict]:
    """All or nothing: the first bad row stops the import and names its row."""
    rows = read_user_sheet(data, where)
    created = []
    async with in_transaction():
        for row in rows:
            unit_id = None
            if row.unit:
                unit, _ = await Unit.get_or_create(name=row.unit)
                unit_id = unit.id
            try:
                created.append(await add_user(actor, row.user_name, row.password, row.role, row.name, unit_id, row.tel or None,
                                              row.email or None))
            except (ValidationError, NotFound, Forbidden) as exc:
                raise FormatError("user.import_row", where=f"{where}: row {row.row}", detail=exc.message("en")) from exc
    return created
