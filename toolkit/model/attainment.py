"""Attainment (达成度): assessed classes of a course graph and their students' scores."""
from tortoise import fields
from tortoise.models import Model

from toolkit.model.base import Timestamped


class Assessment(Timestamped):
    """One class of one course graph in one term: its assessment items and its pass threshold."""

    id = fields.IntField(primary_key=True)
    graph = fields.ForeignKeyField("models.Graph", related_name="assessments", on_delete=fields.CASCADE)
    term = fields.CharField(max_length=50)
    class_name = fields.CharField(max_length=100)
    threshold = fields.FloatField(default=0.6)
    # In sheet order: name, kind, fullMarks, and weights by objective node id (see toolkit.attainment.calculation).
    items = fields.JSONField(default=list)
    create_user = fields.ForeignKeyField("models.User", related_name="assessments", null=True, on_delete=fields.SET_NULL)

    class Meta:
        table = "assessment"
        unique_together = (("graph", "term", "class_name"),)


class StudentScore(Model):
    """A student of an assessed class: only what the calculation needs (number, name, one score per item)."""

    id = fields.IntField(primary_key=True)
    assessment = fields.ForeignKeyField("models.Assessment", related_name="students", on_delete=fields.CASCADE)
    student_number = fields.CharField(max_length=50)
    student_name = fields.CharField(max_length=100, default="")
    scores = fields.JSONField(default=list)

    class Meta:
        table = "student_score"
        unique_together = (("assessment", "student_number"),)
