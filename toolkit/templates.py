"""Templates as callers see them."""
from __future__ import annotations

from toolkit.formats.labels import Labels, attribute_name
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


def _name(row_name: str, row_name_en: str, lang: str) -> str:
    return (row_name_en if lang == "en" else "") or row_name


def localised_attributes(definitions: list[dict], lang: str) -> list[dict]:
    """Attribute definitions as a caller in `lang` reads them: `name` in that language and, for a
    list, `param.optionLabels` naming its options (the values stored stay the options themselves)."""
    if lang != "en":
        return definitions
    result = []
    for definition in definitions:
        param = definition.get("param") or {}
        shown = {**definition, "name": attribute_name(definition, lang)}
        if param.get("optionsEn") and len(param["optionsEn"]) == len(param.get("options") or []):
            shown["param"] = {**param, "optionLabels": param["optionsEn"]}
        result.append(shown)
    return result


async def template_structure(template_id: int, lang: str = "zh-CN") -> dict:
    """getTemplateStructure: the template with its entity types (styles, attributes) and relation types."""
    from toolkit.errors import NotFound
    from toolkit.model import EntityType, RelationType

    template = await Template.get_or_none(id=template_id)
    if template is None:
        raise NotFound(what="what.template")
    codes = [e["code"] for e in template.entitys]
    entity_rows = {e.code: e for e in await EntityType.filter(code__in=codes)}
    relation_rows = {r.code: r for r in await RelationType.filter(code__in=[r["code"] for r in template.relations])}
    entitys = []
    for entry in template.entitys:
        entity = entity_rows.get(entry["code"])
        if entity is None:
            continue
        entitys.append({"code": entity.code, "name": _name(entity.name, entity.name_en, lang), "iconStyle": entity.icon_style,
                        "nameStyle": entity.name_style, "attributes": localised_attributes(entity.attributes or [], lang), "isRoot": bool(entry.get("isRoot")),
                        "children": entry.get("children") or []})
    relations = []
    for entry in template.relations:
        relation = relation_rows.get(entry["code"])
        if relation is None:
            continue
        relations.append({"code": relation.code, "name": _name(relation.name, relation.name_en, lang), "color": relation.color,
                          "directed": relation.directed, "effectScope": entry.get("effectScope") or relation.effect_scope})
    return {"id": template.id, "code": template.code, "kind": template.kind, "name": _name(template.name, template.name_en, lang),
            "description": _name(template.description, template.description_en, lang), "entitys": entitys, "relations": relations, "tempConfig": template.temp_config}


async def list_templates(page: int = 1, page_size: int = 10, name: str = "", kind: str | None = None,
                         lang: str = "zh-CN") -> tuple[list[dict], int]:
    from toolkit.graphs.listing import check_paging

    check_paging(page, page_size)
    query = Template.all()
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    if kind:
        query = query.filter(kind=kind)
    total = await query.count()
    rows = await query.order_by("id").offset((page - 1) * page_size).limit(page_size)
    return [{"id": t.id, "code": t.code, "kind": t.kind, "name": _name(t.name, t.name_en, lang),
             "description": _name(t.description, t.description_en, lang),
             "builtin": t.builtin, "enabled": t.enabled, "entityCount": len(t.entitys), "relationCount": len(t.relations)}
            for t in rows], total


async def export_labels(template: Template, lang: str) -> Labels:
    """The names an export of a graph of `template` shows in `lang`: its entity types, relation types
    and their attributes as stored (an admin's renames included), the built-in names for the rest."""
    from toolkit.model import EntityType, RelationType

    labels = Labels.builtin(lang, template.code)
    labels.template = template.code
    for entity in await EntityType.filter(code__in=[e["code"] for e in template.entitys]):
        labels.entities[entity.code] = _name(entity.name, entity.name_en, lang)
        for definition in entity.attributes or []:
            labels.attributes[(entity.code, definition["code"])] = attribute_name(definition, lang)
    for relation in await RelationType.filter(code__in=[r["code"] for r in template.relations]):
        labels.relations[relation.code] = _name(relation.name, relation.name_en, lang)
        for definition in relation.attributes or []:
            labels.relation_attributes[(relation.code, definition["code"])] = attribute_name(definition, lang)
    return labels
