"""Tags and their categories (SPEC §7 /api/category)."""
from __future__ import annotations

from toolkit.model import Category, Tag


async def list_categories(scope: str | None = None) -> list[dict]:
    query = Category.all()
    if scope:
        query = query.filter(scope=scope)
    categories = await query.order_by("sort", "id")
    tags: dict[int, list[dict]] = {}
    for tag in await Tag.filter(category_id__in=[c.id for c in categories]).order_by("sort", "id"):
        tags.setdefault(tag.category_id, []).append({"id": tag.id, "name": tag.name})
    return [{"id": c.id, "name": c.name, "scope": c.scope, "tags": tags.get(c.id, [])} for c in categories]


async def list_node_tags() -> list[dict]:
    """listNodeTags: the tags a node may carry (node scope), flat, in display order."""
    return [tag for category in await list_categories("node") for tag in category["tags"]]
