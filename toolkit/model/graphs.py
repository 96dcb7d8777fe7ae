"""Graphs, their node trees, relations, versions and tasks."""
from tortoise import fields
from tortoise.models import Model

from toolkit.model.base import Timestamped


class Graph(Timestamped):
    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=200)
    description = fields.TextField(default="")
    template = fields.ForeignKeyField("models.Template", related_name="graphs", on_delete=fields.RESTRICT)
    project = fields.ForeignKeyField("models.Project", related_name="graphs", null=True, on_delete=fields.SET_NULL)
    create_user = fields.ForeignKeyField("models.User", related_name="created_graphs", null=True, on_delete=fields.SET_NULL)
    release_state = fields.SmallIntField(default=0)  # 0 unpublished, 1 published
    is_tryout = fields.BooleanField(default=False)
    is_public = fields.BooleanField(default=False)
    author_ids = fields.JSONField(default=list)
    extend_relations = fields.JSONField(default=list)
    relation_graph = fields.ForeignKeyField("models.Graph", related_name="related_graphs", null=True, on_delete=fields.SET_NULL)
    # A copy made from the public library remembers where it came from.
    source_graph = fields.ForeignKeyField("models.Graph", related_name="copies", null=True, on_delete=fields.SET_NULL)
    # Optimistic locking: bumped by every structural write.
    revision = fields.IntField(default=0)
    node_count = fields.IntField(default=0)

    class Meta:
        table = "graph"


class Node(Model):
    """A node of a graphs tree, the tree edge (Contain) is parent + order."""

    id = fields.IntField(primary_key=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="nodes", on_delete=fields.CASCADE)
    parent = fields.ForeignKeyField("models.Node", related_name="children", null=True, on_delete=fields.CASCADE)
    order = fields.IntField(default=0)
    level = fields.IntField(default=0)
    name = fields.CharField(max_length=500)
    type = fields.CharField(max_length=64)
    desc = fields.TextField(default="")
    define = fields.TextField(default="")
    desc_tags = fields.JSONField(default=list)
    attributes = fields.JSONField(default=dict)
    is_control = fields.BooleanField(default=True)
    is_core = fields.BooleanField(default=False)
    direction = fields.CharField(max_length=8, null=True)  # 'left' | 'right' for root children
    is_new = fields.BooleanField(default=False)
    is_updated = fields.BooleanField(default=False)
    # Where a mined or imported node came from: {"sourceId", "page", "start", "end"} or {"file", "key"}.
    origin = fields.JSONField(null=True)
    external_key = fields.CharField(max_length=200, null=True)
    revision = fields.IntField(default=0)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "node"
        # Children are found by parent alone (edits); a graph's nodes by graph (reads).
        indexes = (("graph_id", "parent_id", "order"), ("parent_id", "order"), ("graph_id", "external_key"))


class NodeTag(Model):
    id = fields.IntField(primary_key=True)
    node = fields.ForeignKeyField("models.Node", related_name="node_tags", on_delete=fields.CASCADE)
    tag = fields.ForeignKeyField("models.Tag", related_name="node_tags", on_delete=fields.CASCADE)

    class Meta:
        table = "node_tag"
        unique_together = (("node", "tag"),)


class Relation(Model):
    """A non-tree edge inside one graph (Mutual, Behind, Support, ...)."""

    id = fields.IntField(primary_key=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="relations", on_delete=fields.CASCADE)
    start_node = fields.ForeignKeyField("models.Node", related_name="out_relations", on_delete=fields.CASCADE)
    target_node = fields.ForeignKeyField("models.Node", related_name="in_relations", on_delete=fields.CASCADE)
    relation_type = fields.CharField(max_length=64, db_index=True)
    relation_name = fields.CharField(max_length=100, default="")
    attributes = fields.JSONField(default=dict)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "relation"
        unique_together = (("start_node", "target_node", "relation_type"),)
        indexes = (("target_node_id",),)


class CrossRelation(Model):
    """Binds a node to a node of another graph (ability point, knowledge point)."""

    id = fields.IntField(primary_key=True)
    start_graph = fields.ForeignKeyField("models.Graph", related_name="cross_out", on_delete=fields.CASCADE)
    start_node = fields.ForeignKeyField("models.Node", related_name="cross_out", on_delete=fields.CASCADE)
    target_graph = fields.ForeignKeyField("models.Graph", related_name="cross_in", on_delete=fields.CASCADE)
    target_node = fields.ForeignKeyField("models.Node", related_name="cross_in", on_delete=fields.CASCADE)
    relation_type = fields.CharField(max_length=64)
    attributes = fields.JSONField(default=dict)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "cross_relation"
        unique_together = (("start_node", "target_node", "relation_type"),)
        indexes = (("target_node_id",),)


class GraphVersion(Model):
    """A saved snapshot: the graphs .edg document, zlib-compressed."""

    id = fields.IntField(primary_key=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="versions", on_delete=fields.CASCADE)
    number = fields.IntField()
    name = fields.CharField(max_length=200, default="")
    remark = fields.TextField(default="")
    revision = fields.IntField(default=0)
    snapshot = fields.BinaryField()
    node_count = fields.IntField(default=0)
    create_user = fields.ForeignKeyField("models.User", related_name="graph_versions", null=True, on_delete=fields.SET_NULL)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "graph_version"
        unique_together = (("graph", "number"),)


class GraphTask(Timestamped):
    """A subtree dispatched to an author: assigned -> submitted -> examined | returned."""

    id = fields.IntField(primary_key=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="tasks", on_delete=fields.CASCADE)
    node = fields.ForeignKeyField("models.Node", related_name="tasks", on_delete=fields.CASCADE)
    title = fields.CharField(max_length=200, default="")
    assignee = fields.ForeignKeyField("models.User", related_name="graph_tasks", null=True, on_delete=fields.SET_NULL)
    dispatcher = fields.ForeignKeyField("models.User", related_name="dispatched_tasks", null=True, on_delete=fields.SET_NULL)
    state = fields.CharField(max_length=16, default="assigned", db_index=True)
    opinion = fields.TextField(default="")
    due_at = fields.DatetimeField(null=True)

    class Meta:
        table = "graph_task"
