"""Portal content, trial applications and the audit trail."""
from tortoise import fields
from tortoise.models import Model

from toolkit.model.base import Timestamped


class Carousel(Timestamped):
    id = fields.IntField(primary_key=True)
    title = fields.CharField(max_length=200)
    image_path = fields.CharField(max_length=500)
    link = fields.CharField(max_length=500, default="")
    sort = fields.IntField(default=0)
    enabled = fields.BooleanField(default=True)

    class Meta:
        table = "carousel"


class HelpDoc(Timestamped):
    """kind: video or doc."""

    id = fields.IntField(primary_key=True)
    kind = fields.CharField(max_length=16, db_index=True)
    title = fields.CharField(max_length=200)
    url = fields.CharField(max_length=500, default="")
    body = fields.TextField(default="")
    sort = fields.IntField(default=0)

    class Meta:
        table = "help_doc"


class TrialApplication(Timestamped):
    """state: 0 pending, 1 approved, 2 rejected."""

    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=100)
    unit_name = fields.CharField(max_length=200)
    tel = fields.CharField(max_length=32)
    email = fields.CharField(max_length=200, default="")
    reason = fields.TextField(default="")
    state = fields.SmallIntField(default=0)
    handler = fields.ForeignKeyField("models.User", related_name="handled_trials", null=True, on_delete=fields.SET_NULL)
    handle_opinion = fields.TextField(default="")
    project = fields.ForeignKeyField("models.Project", related_name="trial_applications", null=True, on_delete=fields.SET_NULL)

    class Meta:
        table = "trial_application"


class AuditEvent(Model):
    """Who did what, when: written by every write and by failed logins."""

    id = fields.BigIntField(primary_key=True)
    user = fields.ForeignKeyField("models.User", related_name="audit_events", null=True, on_delete=fields.SET_NULL)
    action = fields.CharField(max_length=64, db_index=True)
    target_type = fields.CharField(max_length=32, default="")
    target_id = fields.CharField(max_length=64, default="", db_index=True)
    detail = fields.JSONField(default=dict)
    created_at = fields.DatetimeField(auto_now_add=True, db_index=True)

    class Meta:
        table = "audit_event"
