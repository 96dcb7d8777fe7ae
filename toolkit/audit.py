"""The audit trail: every write records who did what, when."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from toolkit.model import AuditEvent


async def record(action: str, user_id: int | None = None, target_type: str = "", target_id: object = "", **detail) -> None:
    await AuditEvent.create(user_id=user_id, action=action, target_type=target_type, target_id=str(target_id), detail=detail)


async def count_recent(action: str, target_id: object, seconds: int) -> int:
    since = datetime.now(timezone.utc) - timedelta(seconds=seconds)
    return await AuditEvent.filter(action=action, target_id=str(target_id), created_at__gte=since).count()
