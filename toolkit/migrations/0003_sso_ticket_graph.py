from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.fields.base import OnDelete
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0002_indexes')]

    initial = False

    operations = [
        ops.AddField(
            model_name='SsoTicket',
            name='graph',
            field=fields.ForeignKeyField('models.Graph', source_field='graph_id', null=True, db_constraint=True, to_field='id', related_name='sso_tickets', on_delete=OnDelete.SET_NULL),
        ),
    ]
