"""A notice may be of no league: the link to confirm the address of a
login with no part in any league, which goes through the outbox like
every other email."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0038_invites_every_role_contacts'),
    ]

    operations = [
        migrations.AlterField(
            model_name='notice',
            name='league',
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='notices', to='league.league'),
        ),
    ]
