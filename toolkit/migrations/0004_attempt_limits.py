from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0003_sso_ticket_graph')]

    initial = False

    operations = [
        ops.CreateModel(
            name='AttemptLimit',
            fields=[
                ('id', fields.IntField(generated=True, primary_key=True, unique=True, db_index=True)),
                ('key', fields.CharField(unique=True, max_length=255)),
                ('window_start', fields.DatetimeField(auto_now=False, auto_now_add=False)),
                ('count', fields.IntField(default=0)),
                ('strikes', fields.IntField(default=0)),
                ('blocked_until', fields.DatetimeField(null=True, auto_now=False, auto_now_add=False)),
            ],
            options={'table': 'attempt_limit', 'app': 'models', 'pk_attr': 'id', 'table_description': 'A counter of tries for one limit and one subject (an account, a client address, a phone).'},
            bases=['Model'],
        ),
    ]
