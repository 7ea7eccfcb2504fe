"""Player statistics, added up in the database: one `INSERT ... SELECT`
turns a division's counted player games (league.selectors.counted_results)
into its players' PlayerStats rows, so a rebuild neither fetches the games
nor builds a row in Python, and costs one statement however many players
the division has.

A player's 15s and penalties are known only for games scored live; a game
entered from the paper card counts them as nothing (NULL, which SUM skips).
"""
from collections.abc import Collection
from datetime import datetime

from django.db import connection
from django.db.models import Count, DateTimeField, F, Field, IntegerField, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from league.models import Division, PlayerGame, PlayerStats
from league.selectors.counted_results import AmongIds, counted_nights

TOTALS = {
    "played": Count("id"),
    "won": Count("id", filter=Q(won=True)),
    "pegged": Coalesce(Sum("pegged"), 0),
    "on_target": Count("id", filter=Q(on_target=True)),
    "played_live": Count("id", filter=Q(live=True)),
    "fifteens": Coalesce(Sum("fifteens"), 0),
    "penalties": Coalesce(Sum("penalties"), 0),
}


def counted_games(division: Division, *, expunged: Collection[int]) -> QuerySet[PlayerGame]:
    # Reached through the division's counted nights, by night: not through
    # PlayerGame.division, which would have the planner join the division's
    # thousands of games to every night of the league.
    nights = Subquery(counted_nights(division, expunged=expunged).values("pk"))
    return PlayerGame.objects.filter(AmongIds(F("night_id"), nights)).order_by()


def player_stats_replace(division: Division, now: datetime, *, expunged: Collection[int]) -> int:
    """Replaces the division's PlayerStats rows with its counted games added
    up, in one statement; returns how many were written."""
    PlayerStats.objects.filter(division=division).delete()
    rows = (counted_games(division, expunged=expunged).values("player_id", "team_id").annotate(
        **TOTALS,
        stats_season=Value(division.season_id, output_field=IntegerField()),
        stats_division=Value(division.pk, output_field=IntegerField()),
        stats_rebuilt_at=Value(now, output_field=DateTimeField()),
    ))
    # The SELECT's columns in this order, and the stored columns they fill.
    selected = ["player_id", "team_id", *TOTALS, "stats_season", "stats_division", "stats_rebuilt_at"]
    fields = ["player", "team", *TOTALS, "season", "division", "rebuilt_at"]
    select, params = rows.values_list(*selected).query.sql_with_params()
    columns = ", ".join(_column(name) for name in fields)
    with connection.cursor() as cursor:
        table = connection.ops.quote_name(PlayerStats._meta.db_table)
        cursor.execute(f"INSERT INTO {table} ({columns}) {select}", params)
        written: int = cursor.rowcount
    return written


def _column(name: str) -> str:
    field = PlayerStats._meta.get_field(name)
    assert isinstance(field, Field) and field.column is not None  # a stored field of the model's own
    return connection.ops.quote_name(field.column)
