"""Text materials, mining tasks and their results."""
from tortoise import fields
from tortoise.models import Model

from toolkit.model.base import Timestamped


class TextSource(Timestamped):
    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=300)
    suffix = fields.CharField(max_length=8)
    file_path = fields.CharField(max_length=500)
    size = fields.BigIntField(default=0)
    sha256 = fields.CharField(max_length=64, db_index=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="text_sources", null=True, on_delete=fields.SET_NULL)
    project = fields.ForeignKeyField("models.Project", related_name="text_sources", null=True, on_delete=fields.SET_NULL)
    create_user = fields.ForeignKeyField("models.User", related_name="text_sources", null=True, on_delete=fields.SET_NULL)
    state = fields.CharField(max_length=16, default="new")  # new, ready, failed
    error = fields.TextField(default="")
    # Normalised text with page/paragraph offsets and OCR line boxes.
    text = fields.TextField(default="")
    layout = fields.JSONField(default=dict)
    page_count = fields.IntField(default=0)

    class Meta:
        table = "text_source"


class UserDictionary(Timestamped):
    """Course terms fed to the segmenter for a graph or a project."""

    id = fields.IntField(primary_key=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="dictionaries", null=True, on_delete=fields.CASCADE)
    project = fields.ForeignKeyField("models.Project", related_name="dictionaries", null=True, on_delete=fields.CASCADE)
    terms = fields.JSONField(default=list)

    class Meta:
        table = "user_dictionary"


class MiningTask(Timestamped):
    """kind: points, definitions, relations, belong, catalogue.
    state: queued, running, done, failed, cancelled."""

    id = fields.IntField(primary_key=True)
    kind = fields.CharField(max_length=16, db_index=True)
    state = fields.CharField(max_length=16, default="queued", db_index=True)
    progress = fields.IntField(default=0)
    source_ids = fields.JSONField(default=list)
    graph = fields.ForeignKeyField("models.Graph", related_name="mining_tasks", null=True, on_delete=fields.SET_NULL)
    create_user = fields.ForeignKeyField("models.User", related_name="mining_tasks", null=True, on_delete=fields.SET_NULL)
    params = fields.JSONField(default=dict)
    error = fields.TextField(default="")
    worker = fields.CharField(max_length=200, null=True)
    started_at = fields.DatetimeField(null=True)
    finished_at = fields.DatetimeField(null=True)
    heartbeat_at = fields.DatetimeField(null=True)
    attempts = fields.IntField(default=0)

    class Meta:
        table = "mining_task"


class MiningResult(Model):
    """state: pending, accepted, rejected, edited."""

    id = fields.IntField(primary_key=True)
    task = fields.ForeignKeyField("models.MiningTask", related_name="results", on_delete=fields.CASCADE)
    kind = fields.CharField(max_length=16)
    state = fields.CharField(max_length=16, default="pending", db_index=True)
    score = fields.FloatField(default=0.0)
    # The candidate itself: {"term"}, {"term", "sentence"}, {"start", "target", "type"}, ...
    payload = fields.JSONField(default=dict)
    edited_payload = fields.JSONField(null=True)
    source = fields.ForeignKeyField("models.TextSource", related_name="results", null=True, on_delete=fields.SET_NULL)
    # {"page", "paragraph", "start", "end"} in the source's normalised text.
    location = fields.JSONField(default=dict)
    target_node = fields.ForeignKeyField("models.Node", related_name="mining_results", null=True, on_delete=fields.SET_NULL)
    created_node = fields.ForeignKeyField("models.Node", related_name="created_by_results", null=True, on_delete=fields.SET_NULL)
    reviewer = fields.ForeignKeyField("models.User", related_name="reviewed_results", null=True, on_delete=fields.SET_NULL)
    reviewed_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "mining_result"
