"""Reading the stored tables and player statistics, for pages, the API and
the CSV export. Nothing here works a table out: it reads the rows the
standings task stored (`league.services.standings`), so a page costs the
same whatever the size of the league.

Terms: a *leaderboard* is a division's players ordered by one statistic,
leaving out those with fewer than a minimum number of games, so one lucky
win does not top the table.
"""
from datetime import datetime

from django.db.models import F, FloatField, QuerySet
from django.db.models.functions import Cast

from league.models import PlayerStats, TableEntry
from league.selectors.csv_export import csv_text

# What a leaderboard may be ordered by, each best first; ties go to the
# player with more games, then by name.
LEADERBOARDS = {
    "win_rate": "-rate",
    "average_pegged": "-average",
    "won": "-won",
    "on_target": "-on_target",
    "fifteens": "-fifteens",
    "penalties": "penalties",
}

CSV_HEADER = ["Pos", "Team", "P", "W", "D", "L", "GF", "GA", "GD", "PF", "PA", "PD", "Deducted", "Pts"]


def table_entries(*, division_id: int) -> list[TableEntry]:
    """The division's table as last rebuilt, best first; empty until its
    first rebuild."""
    return list(TableEntry.objects.filter(division_id=division_id).select_related("team").order_by("position", "id"))


def table_rebuilt_at(entries: list[TableEntry]) -> datetime | None:
    return entries[0].rebuilt_at if entries else None


def position_label(entry: TableEntry) -> str:
    """The position as a table prints it: 2, or 2= when shared."""
    return f"{entry.position}{'=' if entry.shared else ''}"


def table_csv(*, division_id: int) -> str:
    """The division's table as CSV, a header row first."""
    return csv_text(CSV_HEADER, (
        [position_label(e), e.team.name, e.played, e.won, e.drawn, e.lost, e.games_for, e.games_against,
         e.games_difference, e.pegged_for, e.pegged_against, e.pegged_difference, e.sanctions, e.points]
        for e in table_entries(division_id=division_id)))


def player_leaderboard(*, division_id: int, min_games: int = 0, order: str = "win_rate") -> list[PlayerStats]:
    """The division's players with at least `min_games` games, best first
    by `order` (a key of LEADERBOARDS; KeyError for another)."""
    ordering = LEADERBOARDS[order]
    rows = _with_rates(PlayerStats.objects.filter(division_id=division_id, played__gte=max(min_games, 1)))
    return list(rows.select_related("player", "team").order_by(ordering, "-played", "player__name", "player_id"))


def _with_rates(rows: QuerySet[PlayerStats]) -> QuerySet[PlayerStats]:
    # Worked out in the database so the ordering is one indexed query.
    return rows.annotate(
        rate=Cast(F("won"), FloatField()) / Cast(F("played"), FloatField()),
        average=Cast(F("pegged"), FloatField()) / Cast(F("played"), FloatField()),
    )
