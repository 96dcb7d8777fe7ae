"""The public graph library: published copies and applications to use them."""
from tortoise import fields

from toolkit.model.base import Timestamped


class LibraryEntry(Timestamped):
    """public_state: wait 0, refuse 2, publish 4, unpublish 6."""

    id = fields.IntField(primary_key=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="library_entries", on_delete=fields.CASCADE)
    # The frozen copy users browse and apply for.
    snapshot_graph = fields.ForeignKeyField("models.Graph", related_name="library_snapshot_of", null=True, on_delete=fields.SET_NULL)
    name = fields.CharField(max_length=200)
    summary = fields.TextField(default="")
    public_state = fields.SmallIntField(default=0, db_index=True)
    publisher = fields.ForeignKeyField("models.User", related_name="library_publications", null=True, on_delete=fields.SET_NULL)
    reviewer = fields.ForeignKeyField("models.User", related_name="library_reviews", null=True, on_delete=fields.SET_NULL)
    review_opinion = fields.TextField(default="")
    preview_node_ids = fields.JSONField(default=list)

    class Meta:
        table = "library_entry"


class LibraryApply(Timestamped):
    """state: apply 0, authorization 1, pass 2, reject 3."""

    id = fields.IntField(primary_key=True)
    entry = fields.ForeignKeyField("models.LibraryEntry", related_name="applies", on_delete=fields.CASCADE)
    graph_name = fields.CharField(max_length=200)
    project = fields.ForeignKeyField("models.Project", related_name="library_applies", on_delete=fields.CASCADE)
    create_user = fields.ForeignKeyField("models.User", related_name="library_applies", on_delete=fields.CASCADE)
    receive_user = fields.ForeignKeyField("models.User", related_name="library_receipts", null=True, on_delete=fields.SET_NULL)
    remarks = fields.TextField(default="")
    state = fields.SmallIntField(default=0, db_index=True)
    approval_proposal = fields.TextField(default="")
    copy_graph = fields.ForeignKeyField("models.Graph", related_name="library_apply_copies", null=True, on_delete=fields.SET_NULL)

    class Meta:
        table = "library_apply"
