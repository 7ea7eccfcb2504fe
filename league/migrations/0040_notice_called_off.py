"""A notice may be called off before it goes out: an invitation's letter
when the invitation is withdrawn first."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0039_notice_league_optional'),
    ]

    operations = [
        migrations.AlterField(
            model_name='notice',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting to be sent'), ('sending', 'Being sent'), ('sent', 'Sent'), ('failed', 'Failed'), ('skipped', 'Not sent: stopped by the recipient'), ('unreachable', 'Not sent: no confirmed address'), ('called_off', 'Not sent: called off before it went out')], default='pending', max_length=12),
        ),
    ]
