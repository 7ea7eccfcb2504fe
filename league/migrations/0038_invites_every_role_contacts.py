"""Invitations for every role (a player, a captain, vice-captain or scorer,
a secretary), each of a league and, for a team's roles, of a team; the
invitations made so far are of their team's league. Notices may name
someone they could not reach; an address given by its owner waits for
confirmation."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def _league_of_team(apps, schema_editor):
    invites = apps.get_model("league", "LoginInvite")
    for invite in invites.objects.select_related("team").filter(league__isnull=True):
        invite.league_id = invite.team.league_id
        invite.save(update_fields=["league"])


class Migration(migrations.Migration):

    dependencies = [
        ('league', '0037_division_levels_distinct'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name='logininvite',
            name='league',
            field=models.ForeignKey(null=True, on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='league.league'),
        ),
        migrations.RunPython(_league_of_team, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='logininvite',
            name='league',
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='league.league'),
        ),
        migrations.AddField(
            model_name='logininvite',
            name='player',
            field=models.ForeignKey(blank=True, help_text='The player the login will be, if any.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='league.player'),
        ),
        migrations.AlterField(
            model_name='logininvite',
            name='role',
            field=models.CharField(choices=[('player', 'Player'), ('captain', 'Captain'), ('vice_captain', 'Vice-captain'), ('scorer', 'Scorer'), ('secretary', 'Secretary')], max_length=20),
        ),
        migrations.AlterField(
            model_name='logininvite',
            name='team',
            field=models.ForeignKey(blank=True, help_text='The team a captain, vice-captain or scorer is invited to.', null=True, on_delete=django.db.models.deletion.CASCADE, related_name='invites', to='league.team'),
        ),
        migrations.AlterField(
            model_name='notice',
            name='address',
            field=models.EmailField(blank=True, help_text='Empty for someone who could not be reached.', max_length=254),
        ),
        migrations.AlterField(
            model_name='notice',
            name='status',
            field=models.CharField(choices=[('pending', 'Waiting to be sent'), ('sending', 'Being sent'), ('sent', 'Sent'), ('failed', 'Failed'), ('skipped', 'Not sent: stopped by the recipient'), ('unreachable', 'Not sent: no confirmed address')], default='pending', max_length=12),
        ),
        migrations.CreateModel(
            name='PendingEmail',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('address', models.EmailField(help_text='Waiting for its owner to follow the link sent to it.', max_length=254)),
                ('created_at', models.DateTimeField(auto_now=True)),
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='pending_email', to=settings.AUTH_USER_MODEL)),
            ],
        ),
    ]
