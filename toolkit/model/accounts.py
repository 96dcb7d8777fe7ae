"""Units, users, projects and project membership."""
from tortoise import fields
from tortoise.models import Model

from toolkit.model.base import Timestamped


class Unit(Timestamped):
    """A university or another organisation that owns users and projects."""

    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=200, unique=True)
    code = fields.CharField(max_length=64, null=True)
    contact = fields.CharField(max_length=200, null=True)
    enabled = fields.BooleanField(default=True)

    class Meta:
        table = "unit"


class User(Timestamped):
    """A person who signs in. role: 10 super, 20 admin, 30 ordinary/expert, test."""

    id = fields.IntField(primary_key=True)
    user_name = fields.CharField(max_length=64, unique=True)
    name = fields.CharField(max_length=100)
    password_hash = fields.CharField(max_length=255)
    role = fields.CharField(max_length=8, db_index=True)
    unit = fields.ForeignKeyField("models.Unit", related_name="users", null=True, on_delete=fields.SET_NULL)
    tel = fields.CharField(max_length=32, null=True, unique=True)
    email = fields.CharField(max_length=200, null=True)
    photo = fields.CharField(max_length=500, null=True)
    enabled = fields.BooleanField(default=True)
    # Bumped on every login and logout: tokens carry it, so an older session answers 401.
    session_version = fields.IntField(default=0)
    # Lets the project list show every project, not only the user's own (SPEC §6).
    visible_person_info = fields.BooleanField(default=False)
    last_login_at = fields.DatetimeField(null=True)

    class Meta:
        table = "user"


class Project(Timestamped):
    """A project groups graphs and members, a trial project expires at end_time."""

    id = fields.IntField(primary_key=True)
    name = fields.CharField(max_length=200)
    unit = fields.ForeignKeyField("models.Unit", related_name="projects", null=True, on_delete=fields.SET_NULL)
    leader = fields.ForeignKeyField("models.User", related_name="led_projects", null=True, on_delete=fields.SET_NULL)
    tryout = fields.BooleanField(default=False)
    end_time = fields.DatetimeField(null=True)
    description = fields.TextField(default="")
    # Template ids this project may create graphs from; empty means every template.
    allowed_template_ids = fields.JSONField(default=list)
    # Template ids whose graphs members may edit (batchUpdateTemplateControl).
    controlled_template_ids = fields.JSONField(default=list)
    parent = fields.ForeignKeyField("models.Project", related_name="children", null=True, on_delete=fields.SET_NULL)
    major_name = fields.CharField(max_length=200, null=True)

    class Meta:
        table = "project"


class ProjectMember(Model):
    """role: 10 project admin, 20 project user."""

    id = fields.IntField(primary_key=True)
    project = fields.ForeignKeyField("models.Project", related_name="members", on_delete=fields.CASCADE)
    user = fields.ForeignKeyField("models.User", related_name="memberships", on_delete=fields.CASCADE)
    role = fields.CharField(max_length=4, default="20")
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "project_member"
        unique_together = (("project", "user"),)


class SmsCode(Model):
    """A one-time SMS sign-in code, only its hash is kept."""

    id = fields.IntField(primary_key=True)
    tel = fields.CharField(max_length=32, db_index=True)
    code_hash = fields.CharField(max_length=128)
    mode = fields.CharField(max_length=16, default="login")
    expires_at = fields.DatetimeField()
    failed_tries = fields.IntField(default=0)
    used = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "sms_code"


class SmsOutbox(Model):
    """What the default SMS sender sent: readable by the super admin."""

    id = fields.IntField(primary_key=True)
    tel = fields.CharField(max_length=32)
    text = fields.TextField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "sms_outbox"


class SsoTicket(Model):
    """A single-use, short-lived ticket traded by the web UI for a token."""

    id = fields.IntField(primary_key=True)
    ticket = fields.CharField(max_length=128, unique=True)
    user = fields.ForeignKeyField("models.User", related_name="sso_tickets", on_delete=fields.CASCADE)
    mode = fields.CharField(max_length=16, default="list")
    # The graph a detail-mode jump opens; a graph deleted meanwhile leaves the ticket without one.
    graph = fields.ForeignKeyField("models.Graph", related_name="sso_tickets", null=True, on_delete=fields.SET_NULL)
    expires_at = fields.DatetimeField()
    used = fields.BooleanField(default=False)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "sso_ticket"


class AttemptLimit(Model):
    """A counter of tries for one limit and one subject (an account, a client address, a phone)."""

    # A try is counted by a conditional update before anything is compared, so parallel
    # requests cannot all pass the check; strikes grow the next block exponentially.

    id = fields.IntField(primary_key=True)
    key = fields.CharField(max_length=255, unique=True)
    window_start = fields.DatetimeField()
    count = fields.IntField(default=0)
    strikes = fields.IntField(default=0)
    blocked_until = fields.DatetimeField(null=True)

    class Meta:
        table = "attempt_limit"
