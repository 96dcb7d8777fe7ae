"""Managing the catalogue: entity types, relation groups and types, templates and their connections.

A template in use keeps what its graphs use: removing an entity type or a relation type that
nodes or relations of its graphs carry is refused with the graphs' names. Built-in entries can be
edited but not deleted.
"""
from __future__ import annotations

import re

from tortoise.transactions import in_transaction

from toolkit import audit, roles
from toolkit.admin.forms import FormCheck
from toolkit.errors import Forbidden, NotFound, ValidationError
from toolkit.graphs.attributes import VALUE_TYPES
from toolkit.graphs.listing import check_paging
from toolkit.model import (EntityType, Graph, Node, Project, Relation, RelationGroup, RelationType, Template,
                           TemplateConnection, User)
from toolkit.richtext import sanitise
_CODE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
_SHOWN_GRAPHS = 5


def require_super(actor: User) -> None:
    if actor.role != roles.SUPER:
        raise Forbidden()


def require_manager(actor: User) -> None:
    if actor.role not in (roles.SUPER, roles.ADMIN):
        raise Forbidden()


def _code(value, field: str = "code") -> str:
    value = (value or "").strip() if isinstance(value, str) else value
    if not value:
        raise ValidationError("error.field_required", field=field)
    if not isinstance(value, str) or not _CODE.match(value):
        raise ValidationError("catalog.bad_code", field=field)
    return value


def _name(value, field: str = "name", required: bool = True) -> str:
    if value is None or (isinstance(value, str) and not value.strip()):
        if required:
            raise ValidationError("error.field_required", field=field)
        return ""
    if not isinstance(value, str) or len(value.strip()) > 100:
        raise ValidationError("error.field_invalid", field=field)
    return value.strip()


def _colour(value, field: str = "color") -> str:
    if not isinstance(value, str) or not _COLOUR.match(value):
        raise ValidationError("catalog.bad_colour", field=field)
    return value


# Fields set when a record is created and never changed: an update leaves them out of its form.
_FIXED_FIELDS = ("code", "kind")


async def _form(name: str, data: dict, creating: bool, model=None) -> dict:
    """The fields of form `name` (toolkit.admin.forms) that `data` sets, cleaned by their rules; on
    create, a code another `model` row holds is the code field's problem. Every problem is raised
    at once (FormErrors), before anything is written."""
    form = FormCheck(name)
    values = form.fields(data, creating, _FIXED_FIELDS)
    code = values.get("code")
    if creating and model is not None and isinstance(code, str) and code.strip() and await model.exists(code=code.strip()):
        form.add("code", "form.taken", value=code.strip())
    form.done()
    return values


def _text(value) -> str:
    """A form's cleaned text as stored: trimmed, empty when left out."""
    return value.strip() if isinstance(value, str) else ""


def _existing_code(value) -> str | None:
    """A code to look up as given, or None when there is none to look up (the form then says why)."""
    return value.strip() if isinstance(value, str) and value.strip() else None


def _page(rows: list, page: int, page_size: int) -> tuple[list, int]:
    check_paging(page, page_size)
    return rows[(page - 1) * page_size: page * page_size], len(rows)


def _graph_names(names: list[str]) -> str:
    shown = "、".join(names[:_SHOWN_GRAPHS])
    return shown + (" …" if len(names) > _SHOWN_GRAPHS else "")


# ---- entity types -----------------------------------------------------------------------------

def check_attributes(definitions) -> list[dict]:
    if definitions is None:
        return []
    if not isinstance(definitions, list):
        raise ValidationError("error.field_invalid", field="attributes")
    seen, cleaned = set(), []
    for index, item in enumerate(definitions):
        if not isinstance(item, dict):
            raise ValidationError("error.field_invalid", field=f"attributes[{index}]")
        code = _code(item.get("code"), f"attributes[{index}].code")
        if code in seen:
            raise ValidationError("catalog.duplicate_attribute", code=code)
        seen.add(code)
        value_type = item.get("valueType")
        if value_type not in VALUE_TYPES:
            raise ValidationError("error.field_invalid", field=f"attributes[{index}].valueType")
        length = item.get("valueLength")
        if length is not None and (not isinstance(length, int) or isinstance(length, bool) or length < 1):
            raise ValidationError("error.field_invalid", field=f"attributes[{index}].valueLength")
        # nameEn: the label a reader in English sees (toolkit.templates.localised_attributes).
        name_en = _name(item.get("nameEn"), f"attributes[{index}].nameEn", required=False)
        cleaned.append({"code": code, "name": _name(item.get("name"), f"attributes[{index}].name"),
                        **({"nameEn": name_en} if name_en else {}), "valueType": value_type,
                        "valueLength": length, "defaultValue": item.get("defaultValue"), "isEdit": bool(item.get("isEdit", True)),
                        "isNull": bool(item.get("isNull", True)), "sort": int(item.get("sort") or index),
                        "param": item.get("param") if isinstance(item.get("param"), dict) else {}})
    return cleaned


def _style(value, field: str) -> dict:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise ValidationError("error.field_invalid", field=field)
    for key in ("fill", "color"):
        if key in value and value[key]:
            _colour(value[key], f"{field}.{key}")
    return value


def entity_view(entity: EntityType) -> dict:
    return {"id": entity.id, "code": entity.code, "name": entity.name, "nameEn": entity.name_en, "iconStyle": entity.icon_style,
            "nameStyle": entity.name_style, "attributes": entity.attributes, "builtin": entity.builtin}


async def list_entity_types(page: int = 1, page_size: int = 10, name: str = "", template_id: int | None = None) -> tuple[list[dict], int]:
    query = EntityType.all()
    if template_id is not None:
        template = await _template(template_id)
        query = query.filter(code__in=[e["code"] for e in template.entitys])
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    check_paging(page, page_size)
    total = await query.count()
    rows = await query.order_by("id").offset((page - 1) * page_size).limit(page_size)
    return [entity_view(e) for e in rows], total


async def add_entity_type(actor: User, data: dict) -> dict:
    """Every invalid field of the form is answered at once (toolkit.admin.forms); the styles and
    attributes, edited apart, are checked after."""
    require_super(actor)
    values = await _form("entityType", data, True, EntityType)
    code = values["code"].strip()
    entity = await EntityType.create(code=code, name=_text(values["name"]), name_en=_text(values["nameEn"]),
                                     icon_style=_style(data.get("iconStyle"), "iconStyle"),
                                     name_style=_style(data.get("nameStyle"), "nameStyle"),
                                     attributes=check_attributes(data.get("attributes")))
    await audit.record("entity_type.create", actor.id, "entity_type", entity.id, code=code)
    return entity_view(entity)


async def update_entity_type(actor: User, entity_id: int, data: dict) -> dict:
    require_super(actor)
    entity = await EntityType.get_or_none(id=entity_id)
    if entity is None:
        raise NotFound(what="what.entity_type")
    values = await _form("entityType", data, False)
    if "name" in values:
        entity.name = _text(values["name"])
    if "nameEn" in values:
        entity.name_en = _text(values["nameEn"])
    if "iconStyle" in data:
        entity.icon_style = _style(data.get("iconStyle"), "iconStyle")
    if "nameStyle" in data:
        entity.name_style = _style(data.get("nameStyle"), "nameStyle")
    if "attributes" in data:
        entity.attributes = check_attributes(data.get("attributes"))
    await entity.save()
    await audit.record("entity_type.update", actor.id, "entity_type", entity.id, fields=sorted(data))
    return entity_view(entity)


async def delete_entity_type(actor: User, entity_id: int) -> None:
    require_super(actor)
    entity = await EntityType.get_or_none(id=entity_id)
    if entity is None:
        raise NotFound(what="what.entity_type")
    if entity.builtin:
        raise ValidationError("catalog.builtin")
    using = [t.name for t in await Template.all() if any(e["code"] == entity.code for e in t.entitys)]
    if using:
        raise ValidationError("catalog.entity_in_templates", code=entity.code, templates=_graph_names(using))
    await entity.delete()
    await audit.record("entity_type.delete", actor.id, "entity_type", entity_id, code=entity.code)


# ---- relation groups and types ----------------------------------------------------------------

def group_view(group: RelationGroup, count: int = 0) -> dict:
    return {"id": group.id, "code": group.code, "name": group.name, "nameEn": group.name_en, "sort": group.sort,
            "builtin": group.builtin, "relationCount": count}


async def list_relation_groups(page: int = 1, page_size: int = 10, name: str = "") -> tuple[list[dict], int]:
    query = RelationGroup.all()
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    check_paging(page, page_size)
    total = await query.count()
    rows = await query.order_by("sort", "id").offset((page - 1) * page_size).limit(page_size)
    return [group_view(g, await RelationType.filter(group_id=g.id).count()) for g in rows], total


async def add_relation_group(actor: User, data: dict) -> dict:
    require_manager(actor)
    values = await _form("relationGroup", data, True, RelationGroup)
    code = values["code"].strip()
    group = await RelationGroup.create(code=code, name=_text(values["name"]), name_en=_text(values["nameEn"]), sort=values["sort"] or 0)
    await audit.record("relation_group.create", actor.id, "relation_group", group.id, code=code)
    return group_view(group)


async def update_relation_group(actor: User, group_id: int, data: dict) -> dict:
    require_manager(actor)
    group = await RelationGroup.get_or_none(id=group_id)
    if group is None:
        raise NotFound(what="what.relation_group")
    values = await _form("relationGroup", data, False)
    if "name" in values:
        group.name = _text(values["name"])
    if "nameEn" in values:
        group.name_en = _text(values["nameEn"])
    if "sort" in values:
        group.sort = values["sort"] or 0
    await group.save()
    await audit.record("relation_group.update", actor.id, "relation_group", group.id, fields=sorted(data))
    return group_view(group, await RelationType.filter(group_id=group.id).count())


async def delete_relation_group(actor: User, group_id: int) -> None:
    require_manager(actor)
    group = await RelationGroup.get_or_none(id=group_id)
    if group is None:
        raise NotFound(what="what.relation_group")
    if group.builtin:
        raise ValidationError("catalog.builtin")
    count = await RelationType.filter(group_id=group_id).count()
    if count:
        raise ValidationError("catalog.group_in_use", count=count)
    await group.delete()
    await audit.record("relation_group.delete", actor.id, "relation_group", group_id)


def relation_view(relation: RelationType) -> dict:
    return {"id": relation.id, "code": relation.code, "name": relation.name, "nameEn": relation.name_en,
            "groupId": relation.group_id, "directed": relation.directed, "color": relation.color,
            "effectScope": relation.effect_scope, "attributes": relation.attributes, "builtin": relation.builtin}


async def _entity_codes() -> set[str]:
    return set(await EntityType.all().values_list("code", flat=True))


def check_scope(scope, codes: set[str], field: str = "effectScope") -> list[dict]:
    if scope is None:
        return []
    if not isinstance(scope, list):
        raise ValidationError("error.field_invalid", field=field)
    cleaned = []
    for index, pair in enumerate(scope):
        if not isinstance(pair, dict):
            raise ValidationError("error.field_invalid", field=f"{field}[{index}]")
        start, end = pair.get("startEntityCode"), pair.get("endEntityCode")
        for code in (start, end):
            if code not in codes:
                raise ValidationError("catalog.unknown_entity", code=str(code))
        if {"startEntityCode": start, "endEntityCode": end} not in cleaned:
            cleaned.append({"startEntityCode": start, "endEntityCode": end})
    return cleaned


async def list_relation_types(page: int = 1, page_size: int = 10, name: str = "", group_id: int | None = None,
                              template_id: int | None = None) -> tuple[list[dict], int]:
    query = RelationType.all()
    if group_id is not None:
        query = query.filter(group_id=group_id)
    if template_id is not None:
        template = await _template(template_id)
        query = query.filter(code__in=[r["code"] for r in template.relations])
    if name.strip():
        query = query.filter(name__icontains=name.strip())
    check_paging(page, page_size)
    total = await query.count()
    rows = await query.order_by("id").offset((page - 1) * page_size).limit(page_size)
    return [relation_view(r) for r in rows], total


async def _group_id(value) -> int | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not await RelationGroup.exists(id=value):
        raise NotFound(what="what.relation_group")
    return value


async def add_relation_type(actor: User, data: dict) -> dict:
    """Every invalid field of the form is answered at once (toolkit.admin.forms)."""
    require_manager(actor)
    form = FormCheck("relationType")
    code, name, name_en = form.field("code", data.get("code")), form.field("name", data.get("name")), form.field("nameEn", data.get("nameEn"))
    colour = form.field("color", data.get("color") or "#8c8c8c")
    if isinstance(code, str) and code.strip() and (code.strip() == "Contain" or await RelationType.exists(code=code.strip())):
        form.add("code", "form.taken", value=code.strip())
    form.done()
    code = code.strip()
    relation = await RelationType.create(code=code, name=name.strip(), name_en=(name_en or "").strip(),
                                         group_id=await _group_id(data.get("groupId")), directed=bool(data.get("directed", True)),
                                         color=colour,
                                         effect_scope=check_scope(data.get("effectScope"), await _entity_codes()))
    await audit.record("relation_type.create", actor.id, "relation_type", relation.id, code=code)
    return relation_view(relation)


async def update_relation_type(actor: User, relation_id: int, data: dict) -> dict:
    require_manager(actor)
    relation = await RelationType.get_or_none(id=relation_id)
    if relation is None:
        raise NotFound(what="what.relation")
    form = FormCheck("relationType")
    texts = {field: form.field(field, data.get(field), creating=False) for field in ("name", "nameEn", "color") if field in data}
    form.done()
    if "name" in texts:
        relation.name = texts["name"].strip()
    if "nameEn" in texts:
        relation.name_en = (texts["nameEn"] or "").strip()
    if "groupId" in data:
        relation.group_id = await _group_id(data.get("groupId"))
    if "color" in texts:
        relation.color = texts["color"]
    if "directed" in data:
        relation.directed = bool(data.get("directed"))
    if "effectScope" in data:
        relation.effect_scope = check_scope(data.get("effectScope"), await _entity_codes())
    await relation.save()
    await audit.record("relation_type.update", actor.id, "relation_type", relation.id, fields=sorted(data))
    return relation_view(relation)


async def delete_relation_type(actor: User, relation_id: int) -> None:
    require_manager(actor)
    relation = await RelationType.get_or_none(id=relation_id)
    if relation is None:
        raise NotFound(what="what.relation")
    if relation.builtin:
        raise ValidationError("catalog.builtin")
    using = [t.name for t in await Template.all() if any(r["code"] == relation.code for r in t.relations)]
    if using:
        raise ValidationError("catalog.relation_in_templates", code=relation.code, templates=_graph_names(using))
    await relation.delete()
    await audit.record("relation_type.delete", actor.id, "relation_type", relation_id, code=relation.code)


# ---- templates ------------------------------------------------------------------------------

async def _template(template_id: int) -> Template:
    template = await Template.get_or_none(id=template_id)
    if template is None:
        raise NotFound(what="what.template")
    return template


def template_view(template: Template) -> dict:
    return {"id": template.id, "code": template.code, "kind": template.kind, "name": template.name, "nameEn": template.name_en,
            "description": template.description, "entitys": template.entitys, "relations": template.relations,
            "tempConfig": template.temp_config, "builtin": template.builtin, "enabled": template.enabled}


async def check_structure(entitys, relations) -> tuple[list[dict], list[dict]]:
    """A template's entities must exist with exactly one root, children inside the template, and
    relations whose effect scope stays within its entities."""
    if not isinstance(entitys, list) or not entitys:
        raise ValidationError("error.field_required", field="entitys")
    known = await _entity_codes()
    codes = []
    for index, item in enumerate(entitys):
        if not isinstance(item, dict) or item.get("code") not in known:
            raise ValidationError("catalog.unknown_entity", code=str(item.get("code") if isinstance(item, dict) else item))
        if item["code"] in codes:
            raise ValidationError("catalog.duplicate_entity", code=item["code"])
        codes.append(item["code"])
    if sum(1 for item in entitys if item.get("isRoot")) != 1:
        raise ValidationError("catalog.one_root")
    cleaned_entitys = []
    for item in entitys:
        children = item.get("children") or []
        if not isinstance(children, list) or any(child not in codes for child in children):
            raise ValidationError("catalog.child_outside", code=item["code"])
        cleaned_entitys.append({"code": item["code"], "isRoot": bool(item.get("isRoot")), "children": list(dict.fromkeys(children))})
    relations = relations or []
    if not isinstance(relations, list):
        raise ValidationError("error.field_invalid", field="relations")
    relation_codes = set(await RelationType.all().values_list("code", flat=True))
    cleaned_relations = []
    for item in relations:
        if not isinstance(item, dict) or item.get("code") not in relation_codes:
            raise ValidationError("relation.unknown_type", type=str(item.get("code") if isinstance(item, dict) else item))
        cleaned_relations.append({"code": item["code"], "effectScope": check_scope(item.get("effectScope"), set(codes))})
    return cleaned_entitys, cleaned_relations


async def add_template(actor: User, data: dict) -> dict:
    """Every invalid field of the form is answered at once (toolkit.admin.forms); the structure,
    edited apart, is checked after."""
    require_super(actor)
    values = await _form("template", data, True, Template)
    code, kind = values["code"].strip(), values["kind"]
    entitys, relations = await check_structure(data.get("entitys"), data.get("relations"))
    config = data.get("tempConfig") or {}
    if not isinstance(config, dict):
        raise ValidationError("error.field_invalid", field="tempConfig")
    template = await Template.create(code=code, kind=kind, name=_text(values["name"]), name_en=_text(values["nameEn"]),
                                     description=sanitise(values["description"]), entitys=entitys, relations=relations,
                                     temp_config=config, enabled=bool(data.get("enabled", True)))
    await audit.record("template.create", actor.id, "template", template.id, code=code)
    return template_view(template)


async def _in_use(template: Template, entity_codes: set[str], relation_codes: set[str]) -> None:
    """Refuse to drop entity or relation types that graphs of the template use, naming the graphs."""
    if entity_codes:
        graph_ids = await Node.filter(graph__template_id=template.id, type__in=list(entity_codes)).distinct().values_list("graph_id", flat=True)
        if graph_ids:
            names = await Graph.filter(id__in=list(set(graph_ids))).order_by("id").values_list("name", flat=True)
            used = await Node.filter(graph_id__in=list(set(graph_ids)), type__in=list(entity_codes)).distinct().values_list("type", flat=True)
            raise ValidationError("template.entity_in_use", codes="、".join(sorted(set(used))), count=len(names), graphs=_graph_names(names))
    if relation_codes:
        graph_ids = await Relation.filter(graph__template_id=template.id, relation_type__in=list(relation_codes)).distinct().values_list("graph_id", flat=True)
        if graph_ids:
            names = await Graph.filter(id__in=list(set(graph_ids))).order_by("id").values_list("name", flat=True)
            raise ValidationError("template.relation_in_use", codes="、".join(sorted(relation_codes)), count=len(names), graphs=_graph_names(names))


async def update_template(actor: User, template_id: int, data: dict) -> dict:
    require_super(actor)
    template = await _template(template_id)
    values = await _form("template", data, False)
    if "entitys" in data or "relations" in data:
        new_entitys, new_relations = data.get("entitys", template.entitys), data.get("relations", template.relations)
        # What graphs use is checked first: that is the answer a user needs, not a structure detail.
        if isinstance(new_entitys, list) and isinstance(new_relations, list):
            dropped_entities = {e["code"] for e in template.entitys} - {e.get("code") for e in new_entitys if isinstance(e, dict)}
            dropped_relations = {r["code"] for r in template.relations} - {r.get("code") for r in new_relations if isinstance(r, dict)}
            await _in_use(template, dropped_entities, dropped_relations)
        entitys, relations = await check_structure(new_entitys, new_relations)
        template.entitys, template.relations = entitys, relations
    if "name" in values:
        template.name = _text(values["name"])
    if "nameEn" in values:
        template.name_en = _text(values["nameEn"])
    if "description" in values:
        template.description = sanitise(values["description"])
    if "tempConfig" in data:
        if not isinstance(data["tempConfig"], dict):
            raise ValidationError("error.field_invalid", field="tempConfig")
        template.temp_config = data["tempConfig"]
    if "enabled" in data:
        template.enabled = bool(data["enabled"])
    await template.save()
    await audit.record("template.update", actor.id, "template", template.id, fields=sorted(data))
    return template_view(template)


async def delete_template(actor: User, template_id: int) -> None:
    require_super(actor)
    template = await _template(template_id)
    if template.builtin:
        raise ValidationError("catalog.builtin")
    names = await Graph.filter(template_id=template_id).order_by("id").values_list("name", flat=True)
    if names:
        raise ValidationError("template.in_use", count=len(names), graphs=_graph_names(names))
    await template.delete()
    await audit.record("template.delete", actor.id, "template", template_id, code=template.code)


async def add_template_entity(actor: User, template_id: int, data: dict) -> dict:
    """templateEntity/add: put an entity type into a template, below the given parent entities."""
    require_super(actor)
    template = await _template(template_id)
    code = data.get("code")
    parents = data.get("parentCodes") or []
    entitys = [dict(e) for e in template.entitys]
    if any(e["code"] == code for e in entitys):
        raise ValidationError("catalog.duplicate_entity", code=str(code))
    entitys.append({"code": code, "isRoot": False, "children": data.get("children") or []})
    if not isinstance(parents, list):
        raise ValidationError("error.field_invalid", field="parentCodes")
    for entry in entitys:
        if entry["code"] in parents:
            entry["children"] = [*entry.get("children", []), code]
    return await update_template(actor, template_id, {"entitys": entitys})


async def add_template_relation(actor: User, template_id: int, data: dict) -> dict:
    """templateRelations/add: allow a relation type in a template with its effect scope."""
    require_super(actor)
    template = await _template(template_id)
    relations = [r for r in template.relations if r["code"] != data.get("code")]
    relations.append({"code": data.get("code"), "effectScope": data.get("effectScope") or []})
    return await update_template(actor, template_id, {"relations": relations})


async def relations_for(template_id: int | None, page: int = 1, page_size: int = 10, name: str = "") -> tuple[list[dict], int]:
    """templateRelations/list: a template's relations with their effect scope, or every relation type."""
    if template_id is not None:
        items = await list_template_relations(template_id)
        return items, len(items)
    return await list_relation_types(page, page_size, name)


async def list_template_relations(template_id: int) -> list[dict]:
    template = await _template(template_id)
    rows = {r.code: r for r in await RelationType.filter(code__in=[r["code"] for r in template.relations])}
    return [{**relation_view(rows[r["code"]]), "effectScope": r.get("effectScope") or rows[r["code"]].effect_scope}
            for r in template.relations if r["code"] in rows]


# ---- connections ------------------------------------------------------------------------------

def connection_view(connection: TemplateConnection) -> dict:
    return {"id": connection.id, "sourceTemplateId": connection.source_template_id, "targetTemplateId": connection.target_template_id,
            "sourceEntityCode": connection.source_entity_code, "targetEntityCode": connection.target_entity_code,
            "relationCode": connection.relation_code}


async def list_connections(template_id: int | None = None) -> list[dict]:
    query = TemplateConnection.all()
    if template_id is not None:
        from tortoise.expressions import Q
        query = query.filter(Q(source_template_id=template_id) | Q(target_template_id=template_id))
    return [connection_view(c) for c in await query.order_by("id")]


async def add_connection(actor: User, data: dict) -> dict:
    require_super(actor)
    source = await _template(_required_int(data, "sourceTemplateId"))
    target = await _template(_required_int(data, "targetTemplateId"))
    source_code, target_code = data.get("sourceEntityCode"), data.get("targetEntityCode")
    if source_code not in {e["code"] for e in source.entitys}:
        raise ValidationError("catalog.unknown_entity", code=str(source_code))
    if target_code not in {e["code"] for e in target.entitys}:
        raise ValidationError("catalog.unknown_entity", code=str(target_code))
    relation_code = data.get("relationCode")
    if not isinstance(relation_code, str) or not await RelationType.exists(code=relation_code):
        raise ValidationError("relation.unknown_type", type=str(relation_code))
    if await TemplateConnection.exists(source_template_id=source.id, target_template_id=target.id, source_entity_code=source_code,
                                       target_entity_code=target_code, relation_code=relation_code):
        raise ValidationError("catalog.connection_exists")
    connection = await TemplateConnection.create(source_template_id=source.id, target_template_id=target.id, source_entity_code=source_code,
                                                 target_entity_code=target_code, relation_code=relation_code)
    await audit.record("connection.create", actor.id, "connection", connection.id)
    return connection_view(connection)


async def delete_connection(actor: User, connection_id: int) -> None:
    require_super(actor)
    from toolkit.model import CrossRelation

    connection = await TemplateConnection.get_or_none(id=connection_id)
    if connection is None:
        raise NotFound(what="what.connection")
    in_use = await CrossRelation.filter(relation_type=connection.relation_code, start_graph__template_id=connection.source_template_id,
                                        target_graph__template_id=connection.target_template_id).count()
    if in_use:
        raise ValidationError("catalog.connection_in_use", count=in_use)
    await connection.delete()
    await audit.record("connection.delete", actor.id, "connection", connection_id)


def _required_int(data: dict, field: str) -> int:
    value = data.get(field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError("error.field_required" if value is None else "error.field_invalid", field=field)
    return value


async def apply_template(actor: User, template_id: int, project_ids) -> dict:
    """template/apply: let projects create graphs from the template (adds it to their allow-lists)."""
    require_manager(actor)
    template = await _template(template_id)
    if not isinstance(project_ids, list) or not project_ids or not all(isinstance(i, int) and not isinstance(i, bool) for i in project_ids):
        raise ValidationError("error.field_required", field="projectIds")
    projects = await Project.filter(id__in=project_ids)
    if len(projects) != len(set(project_ids)):
        raise NotFound(what="what.project")
    if actor.role == roles.ADMIN and any(p.unit_id != actor.unit_id for p in projects):
        raise Forbidden("user.other_unit")
    async with in_transaction():
        for project in projects:
            allowed = list(project.allowed_template_ids or [])
            # An empty list means every template is allowed: nothing to add then.
            if allowed and template.id not in allowed:
                project.allowed_template_ids = sorted([*allowed, template.id])
                await project.save(update_fields=["allowed_template_ids", "updated_at"])
    await audit.record("template.apply", actor.id, "template", template.id, projects=sorted(set(project_ids)))
    return {"templateId": template.id, "projectIds": sorted(set(project_ids))}


async def add_entity(actor: User, data: dict) -> dict:
    """templateEntity/add: create the entity type if its code is new, and with a templateId put it
    into that template below parentCodes. Without a templateId the code must be new (the form says so)."""
    require_super(actor)
    into_template = data.get("templateId") is not None
    code = _existing_code(data.get("code"))
    entity = await EntityType.get_or_none(code=code) if code and into_template else None
    view = entity_view(entity) if entity else await add_entity_type(actor, data)
    if into_template:
        await add_template_entity(actor, _required_int(data, "templateId"), {"code": view["code"], "parentCodes": data.get("parentCodes"),
                                                                               "children": data.get("children")})
    return view


async def add_relation(actor: User, data: dict) -> dict:
    """templateRelations/add: create the relation type if its code is new, and with a templateId
    allow it in that template with the given effect scope. Without a templateId the code must be new
    (the form says so)."""
    require_super(actor)
    into_template = data.get("templateId") is not None
    code = _existing_code(data.get("code"))
    relation = await RelationType.get_or_none(code=code) if code and into_template else None
    view = relation_view(relation) if relation else await add_relation_type(actor, data)
    if into_template:
        await add_template_relation(actor, _required_int(data, "templateId"), {"code": view["code"], "effectScope": data.get("effectScope")})
    return view
