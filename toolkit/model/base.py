"""Shared model pieces."""
from tortoise import fields
from tortoise.models import Model


class Timestamped(Model):
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        abstract = True

# Model docstrings become SQL table comments, and Tortoise neither escapes quotes in them nor copes with semicolons:
# keep apostrophes and semicolons out of model docstrings (tests/test_db.py checks).
