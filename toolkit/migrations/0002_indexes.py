from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise.indexes import Index

class Migration(migrations.Migration):
    dependencies = [('models', '0001_initial')]

    initial = False

    operations = [
        ops.AddIndex(
            model_name='CrossRelation',
            index=Index(fields=['target_node_id']),
        ),
        ops.AddIndex(
            model_name='Node',
            index=Index(fields=['parent_id', 'order']),
        ),
        ops.AddIndex(
            model_name='Node',
            index=Index(fields=['graph_id', 'external_key']),
        ),
        ops.AddIndex(
            model_name='Relation',
            index=Index(fields=['target_node_id']),
        ),
    ]
