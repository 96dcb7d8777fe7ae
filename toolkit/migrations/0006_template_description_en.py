from tortoise import migrations
from tortoise.migrations import operations as ops
from tortoise import fields

class Migration(migrations.Migration):
    dependencies = [('models', '0005_attainment')]

    initial = False

    operations = [
        ops.AddField(
            model_name='Template',
            name='description_en',
            field=fields.TextField(default=''),
        ),
    ]
