"""`zhitu init`: create or migrate the database, install the built-ins, make the super admin."""
from __future__ import annotations

from dataclasses import dataclass, field

from toolkit import builtins, db, roles
from toolkit.accounts import ensure_user
from toolkit.errors import ValidationError


@dataclass
class InitReport:
    migrations_applied: list[str] = field(default_factory=list)
    created: dict[str, int] = field(default_factory=dict)
    admin_created: bool = False
    admin_user: str | None = None


async def initialise(url: str | None = None, admin_user: str | None = None, admin_password: str | None = None) -> InitReport:
    """Idempotent: a second run applies nothing and creates nothing."""
    report = InitReport()
    report.migrations_applied = await db.migrate(url)
    async with db.opened(url):
        report.created = await builtins.install()
        if admin_user:
            if not admin_password:
                raise ValidationError("auth.password_required")
            _, report.admin_created = await ensure_user(admin_user, admin_password, roles.SUPER, name=admin_user)
            report.admin_user = admin_user
    return report
