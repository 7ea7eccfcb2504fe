"""Two league divisions of a season never share a place (level).

Divisions made without a place were all number 1, so the change-over
read their order from their names. Where divisions of a season share a
place, the season's divisions are numbered again from 1 in the order of
their places, those sharing one in the order they were made (by id), and
the season is marked for a secretary to check the order. Going back
keeps the numbers."""
import django.core.validators
from django.db import migrations, models
from django.db.models import Q


def _number_again(apps, schema_editor):
    Division = apps.get_model("league", "Division")
    Season = apps.get_model("league", "Season")
    for season in Season.objects.all():
        divisions = list(Division.objects.filter(season=season, is_cup=False).order_by("level", "id"))
        levels = [division.level for division in divisions]
        if len(set(levels)) == len(levels):
            continue
        # Out of the way first, so no two rows ever share a number.
        top = max(levels) + 1
        for offset, division in enumerate(divisions):
            Division.objects.filter(pk=division.pk).update(level=top + offset)
        for place, division in enumerate(divisions, start=1):
            Division.objects.filter(pk=division.pk).update(level=place)
        Season.objects.filter(pk=season.pk).update(division_order_unchecked=True)
    if schema_editor.connection.vendor == "postgresql":
        # The updates leave the deferred foreign-key checks pending, and
        # PostgreSQL builds no index over a table with checks pending:
        # run them now, before the constraint's index is made.
        schema_editor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        schema_editor.execute("SET CONSTRAINTS ALL DEFERRED")


class Migration(migrations.Migration):

    dependencies = [
        ("league", "0036_stored_texts_name_no_one"),
    ]

    operations = [
        migrations.AddField(
            model_name="season",
            name="division_order_unchecked",
            field=models.BooleanField(
                default=False,
                help_text="The divisions' order was put right automatically: a secretary should check it."),
        ),
        migrations.AlterField(
            model_name="division",
            name="level",
            field=models.PositiveSmallIntegerField(
                default=1, help_text="The division's place in the league, 1 the top; promotion and relegation go "
                                     "by it. Two league divisions of a season never share one.",
                validators=[django.core.validators.MinValueValidator(1)]),
        ),
        migrations.RunPython(_number_again, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="division",
            constraint=models.UniqueConstraint(condition=Q(is_cup=False), fields=("season", "level"),
                                               name="division_level_unique_in_season"),
        ),
    ]
