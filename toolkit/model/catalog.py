"""Entity types, relation types, relation groups and graph templates."""
from tortoise import fields
from tortoise.models import Model

from toolkit.model.base import Timestamped


class EntityType(Timestamped):
    """A node type: code (e.g. KnowPoint), styles and attribute definitions."""

    id = fields.IntField(primary_key=True)
    code = fields.CharField(max_length=64, unique=True)
    name = fields.CharField(max_length=100)
    name_en = fields.CharField(max_length=100, default="")
    icon_style = fields.JSONField(default=dict)
    name_style = fields.JSONField(default=dict)
    # [{code, name, valueType, valueLength, defaultValue, isEdit, isNull, sort, param}]
    attributes = fields.JSONField(default=list)
    builtin = fields.BooleanField(default=False)

    class Meta:
        table = "entity_type"


class RelationGroup(Timestamped):
    id = fields.IntField(primary_key=True)
    code = fields.CharField(max_length=64, unique=True)
    name = fields.CharField(max_length=100)
    name_en = fields.CharField(max_length=100, default="")
    sort = fields.IntField(default=0)
    builtin = fields.BooleanField(default=False)

    class Meta:
        table = "relation_group"


class RelationType(Timestamped):
    """A relation type, effect_scope lists the allowed (start, end) entity codes."""

    id = fields.IntField(primary_key=True)
    code = fields.CharField(max_length=64, unique=True)
    name = fields.CharField(max_length=100)
    name_en = fields.CharField(max_length=100, default="")
    group = fields.ForeignKeyField("models.RelationGroup", related_name="relation_types", null=True, on_delete=fields.SET_NULL)
    directed = fields.BooleanField(default=True)
    color = fields.CharField(max_length=16, default="#8c8c8c")
    # [{"startEntityCode": ..., "endEntityCode": ...}]; empty means any pair.
    effect_scope = fields.JSONField(default=list)
    attributes = fields.JSONField(default=list)
    builtin = fields.BooleanField(default=False)

    class Meta:
        table = "relation_type"


class Template(Timestamped):
    """A graph template of one of the eight kinds."""

    id = fields.IntField(primary_key=True)
    code = fields.CharField(max_length=64, unique=True)
    kind = fields.CharField(max_length=32, db_index=True)
    name = fields.CharField(max_length=100)
    name_en = fields.CharField(max_length=100, default="")
    description = fields.TextField(default="")
    description_en = fields.TextField(default="")
    # [{"code": entity code, "isRoot": bool, "children": [entity codes allowed below it]}]
    entitys = fields.JSONField(default=list)
    # [{"code": relation code, "effectScope": [{"startEntityCode", "endEntityCode"}]}]
    relations = fields.JSONField(default=list)
    temp_config = fields.JSONField(default=dict)
    builtin = fields.BooleanField(default=False)
    enabled = fields.BooleanField(default=True)

    class Meta:
        table = "template"


class TemplateConnection(Timestamped):
    """Which templates nodes may be bound across graphs, and by which relation."""

    id = fields.IntField(primary_key=True)
    source_template = fields.ForeignKeyField("models.Template", related_name="outgoing_connections", on_delete=fields.CASCADE)
    target_template = fields.ForeignKeyField("models.Template", related_name="incoming_connections", on_delete=fields.CASCADE)
    source_entity_code = fields.CharField(max_length=64)
    target_entity_code = fields.CharField(max_length=64)
    relation_code = fields.CharField(max_length=64)

    class Meta:
        table = "template_connection"


class Category(Timestamped):
    """A tag category, scope says where its tags apply (e.g. node, ability)."""

    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=100)
    scope = fields.CharField(max_length=32, default="node", db_index=True)
    sort = fields.IntField(default=0)

    class Meta:
        table = "category"


class Tag(Timestamped):
    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=100)
    category = fields.ForeignKeyField("models.Category", related_name="tags", null=True, on_delete=fields.SET_NULL)
    sort = fields.IntField(default=0)

    class Meta:
        table = "tag"
        unique_together = (("category", "name"),)
