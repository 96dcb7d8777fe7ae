from tortoise import migrations
from tortoise.migrations import operations as ops
import functools
from json import dumps, loads
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0004_attempt_limits')]

    initial = False

    operations = [
        ops.CreateModel(
            name='Assessment',
            fields=[
                ('created_at', fields.DatetimeField(auto_now=False, auto_now_add=True)),
                ('updated_at', fields.DatetimeField(auto_now=True, auto_now_add=False)),
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('graph', fields.ForeignKeyField('models.Graph', source_field='graph_id', db_constraint=True, to_field='id', related_name='assessments', on_delete=OnDelete.CASCADE)),
                ('term', fields.CharField(max_length=50)),
                ('class_name', fields.CharField(max_length=100)),
                ('threshold', fields.FloatField(default=0.6)),
                ('items', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
                ('create_user', fields.ForeignKeyField('models.User', source_field='create_user_id', null=True, db_constraint=True, to_field='id', related_name='assessments', on_delete=OnDelete.SET_NULL)),
            ],
            options={'table': 'assessment', 'app': 'models', 'unique_together': (('graph', 'term', 'class_name'),), 'pk_attr': 'id', 'table_description': 'One class of one course graph in one term: its assessment items and its pass threshold.'},
            bases=['Timestamped'],
        ),
        ops.CreateModel(
            name='StudentScore',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('assessment', fields.ForeignKeyField('models.Assessment', source_field='assessment_id', db_constraint=True, to_field='id', related_name='students', on_delete=OnDelete.CASCADE)),
                ('student_number', fields.CharField(max_length=50)),
                ('student_name', fields.CharField(default='', max_length=100)),
                ('scores', fields.JSONField(default=list, encoder=functools.partial(dumps, separators=(',', ':')), decoder=loads)),
            ],
            options={'table': 'student_score', 'app': 'models', 'unique_together': (('assessment', 'student_number'),), 'pk_attr': 'id', 'table_description': 'A student of an assessed class: only what the calculation needs (number, name, one score per item).'},
            bases=['Model'],
        ),
    ]
