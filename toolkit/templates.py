"""Templates as callers see them."""
from __future__ import annotations

from toolkit.model import Project, Template, User


async def allowed_templates(user: User, project_id: int | None = None) -> list[dict]:
    """Enabled templates; a project with an allow-list narrows them."""
    query = Template.filter(enabled=True)
    if project_id is not None:
        project = await Project.get_or_none(id=project_id)
        if project is not None and project.allowed_template_ids:
            query = query.filter(id__in=project.allowed_template_ids)
    rows = await query.order_by("id").values("id", "code", "name", "name_en", "kind")
    return [{"id": r["id"], "code": r["code"], "name": r["name"], "nameEn": r["name_en"], "kind": r["kind"]} for r in rows]
