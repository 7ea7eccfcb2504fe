from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0033_write_answers'),
    ]

    operations = [
        migrations.AddField(
            model_name='notice',
            name='claimed_at',
            field=models.DateTimeField(blank=True, help_text='When a sender took it to send (status sending).', null=True),
        ),
        migrations.AddField(
            model_name='notice',
            name='retry_after',
            field=models.DateTimeField(blank=True, help_text='Failed for a reason of its own: not tried again by itself before.', null=True),
        ),
        migrations.AddField(
            model_name='notice',
            name='unsubscribe_key',
            field=models.CharField(blank=True, editable=False, max_length=32, null=True, unique=True),
        ),
        migrations.AlterField(
            model_name='notice',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting to be sent'), ('sending', 'Being sent'), ('sent', 'Sent'), ('failed', 'Failed'), ('skipped', 'Not sent: stopped by the recipient')], default='pending', max_length=10),
        ),
    ]
