"""Rebuilding a division's stored table and player statistics.

The unit of work is the division: its table is worked out afresh from its
confirmed results, walkovers and sanctions by `league.standings`, and its
players' statistics from their stored games, then both replace the stored
rows in one transaction. A division is at most a dozen or so teams, so a
rebuild costs the same in a league of one division or of fifty, and
rebuilding after each change always gives what a full rebuild gives.

Every change that moves a table (a confirmed or upheld result, a
correction to one, a walkover, a voided fixture, a sanction) calls
`standings_queue` in its own transaction: that marks the division's table
behind (the division's `table_changes` counter, an outbox as the live
states have in league.services.live) and queues a rebuild once it commits.
A rebuild records how many changes it saw, so the mark outlives a task the
broker never got (Redis down) or a worker killed mid-rebuild: the beat task
`standings_catch_up` rebuilds, each minute, every division still behind
after a short grace. The Celery task may run twice at once for one division
(two results confirmed together, a retry): the division's row is locked
while it rebuilds, so the second waits and then reads what the first
committed; both write the same rows. A change's mark waits on that lock
too, so a rebuild never records a change it did not see.

Only confirmed results count, of fixtures neither voided nor awarded as a
walkover (league.selectors.counted_results); a walkover counts at the
score and points recorded when it was awarded (the division's forfeit
setting, or the scheme's own walkover where the setting is "as the points
scheme says", and the points scheme then), so a later change to either never
moves it.
"""
import dataclasses
import logging
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings as django_settings
from django.db import transaction
from django.db.models import F, Q, Sum
from django.utils import timezone

from league import formats, standings
from league.competition_settings import CompetitionSettings, forfeit_of
from league.models import (
    Division,
    DivisionEntry,
    Fixture,
    FormatVersion,
    Rubber,
    Sanction,
    TableEntry,
)
from league.selectors.competition import division_settings
from league.selectors.counted_results import counted_nights, expunged_of, withdrawn_teams
from league.selectors.formats import division_scheme, version_scheme
from league.services.page_versions import pages_changed
from league.services.standings_player_stats import player_stats_replace
from league.tasks import division_standings_task

log = logging.getLogger(__name__)


def standings_queue(*, division_id: int) -> None:
    """Marks the division's table behind its results, in the current
    transaction (the change's own), and once that commits queues a rebuild
    of its table and player statistics."""
    Division.objects.filter(pk=division_id).update(
        table_changes=F("table_changes") + 1, table_changed_at=timezone.now())
    transaction.on_commit(partial(_send, division_id))


def _send(division_id: int) -> None:
    try:
        division_standings_task.delay(division_id)
    except Exception as err:  # any broker failure: the change is committed and marked, the catch-up has it
        log.warning("table of division %s left for the catch-up: %s", division_id, err)


def division_standings_rebuild(*, division_id: int) -> None:
    """Works out the division's table and player statistics afresh and
    replaces the stored rows. Raises Division.DoesNotExist."""
    with transaction.atomic():
        division = Division.objects.select_for_update(no_key=True).get(pk=division_id)
        now = timezone.now()
        withdrawn = withdrawn_teams(division)
        _table_replace(division, now, withdrawn)
        _stats_replace(division, now, expunged_of(withdrawn))
        # Every change marked so far is in these rows: a newer mark waits on
        # the division's lock until this commits, and then counts past it.
        Division.objects.filter(pk=division_id).update(table_rebuilt_changes=division.table_changes)
        pages_changed(tables=[division_id])


def standings_catch_up() -> int:
    """The beat task's work: rebuilds every division whose table has been
    behind its results for longer than STANDINGS_CATCH_UP_AFTER_SECONDS
    (a rebuild the broker or a worker lost; a fresher change is left to its
    own queued task); returns how many."""
    since = timezone.now() - timedelta(seconds=django_settings.STANDINGS_CATCH_UP_AFTER_SECONDS)
    behind = (Division.objects.filter(table_rebuilt_changes__lt=F("table_changes"), table_changed_at__lte=since)
              .order_by("pk").values_list("pk", flat=True))
    rebuilt = 0
    for division_id in list(behind):
        try:
            division_standings_rebuild(division_id=division_id)
        except Division.DoesNotExist:
            continue  # deleted since it was listed
        rebuilt += 1
    return rebuilt


def standings_rebuild_all() -> int:
    """Rebuilds every division that has teams; returns how many."""
    ids = list(DivisionEntry.objects.order_by("division_id").values_list("division_id", flat=True).distinct())
    for division_id in ids:
        division_standings_rebuild(division_id=division_id)
    return len(ids)


def division_table_rows(division: Division, withdrawn: dict[int, str] | None = None) -> list[standings.TableRow]:
    """The division's table as its results now stand, best first. A team
    withdrawn with its results expunged is left out, and every result and
    sanction of its with it; one withdrawn with its results standing keeps
    its row, at the bottom (league.services.withdrawals). `withdrawn`: the
    division's withdrawals, if already read."""
    settings = division_settings(division_id=division.pk)
    if withdrawn is None:
        withdrawn = withdrawn_teams(division)
    expunged = expunged_of(withdrawn)
    entries = (DivisionEntry.objects.filter(division=division).exclude(team_id__in=expunged)
               .select_related("team").order_by("id"))
    teams = [standings.TeamEntry(entry.team_id, entry.team.name) for entry in entries]
    deductions = [standings.Sanction(team, points, reason) for team, points, reason in
                  Sanction.objects.filter(division=division).exclude(team_id__in=expunged)
                  .values_list("team_id", "points", "reason")]
    lines = _match_lines(division, expunged)
    return standings.division_table(teams, lines, scheme_of(settings, division_id=division.pk),
                                    tie_breakers=settings.tie_breakers, sanctions=deductions,
                                    withdrawn=set(withdrawn) - expunged)


def scheme_of(settings: CompetitionSettings, *, division_id: int) -> formats.PointsScheme:
    """The division's points scheme (the newest version: a result
    confirmed under an older one carries its own, see `_match_lines`), its
    walkovers recorded as the division's forfeit setting says, or as the
    scheme's own walkover says where that setting is "as the points scheme
    says" (docs/standings.md)."""
    scheme = division_scheme(division_id=division_id)
    return dataclasses.replace(scheme, walkover=forfeit_of(settings, scheme))


_FIVES_AND_THREES = Q(rubbers__game=Rubber.Game.FIVES_AND_THREES)


def _match_lines(division: Division, expunged: set[int]) -> list[standings.MatchLine]:
    # A play-off decides a promotion line, not the table (league.services.changeover).
    walkovers = (Fixture.objects.filter(division=division, status=Fixture.Status.WALKOVER, playoff=False)
                 .exclude(home_team_id__in=expunged).exclude(away_team_id__in=expunged).order_by()
                 .values_list("home_team_id", "away_team_id", "walkover_winner_id", "walkover_home_games",
                              "walkover_away_games", "walkover_home_points", "walkover_away_points"))
    # Each walkover at what it was worth when awarded (league.services.fixtures).
    lines = [standings.MatchLine.walkover_to(home, away, "home" if winner == home else "away",
                                             _recorded(figures))
             for home, away, winner, *figures in walkovers]
    played = (counted_nights(division, expunged=expunged)
              .values("pk", "fixture__home_team_id", "fixture__away_team_id", "home_games", "away_games",
                      "scheme_version_id")
              # Points pegged at Fives and Threes: an unchecked rubber's scores
              # (block dominoes) are another game's and count for nothing here.
              .annotate(home_pegged=Sum("rubbers__games__home_score", filter=_FIVES_AND_THREES),
                        away_pegged=Sum("rubbers__games__away_score", filter=_FIVES_AND_THREES)))
    # Each result is scored under the scheme it was confirmed under.
    pinned = {version.pk: version_scheme(version) for version in
              FormatVersion.objects.filter(pk__in={night["scheme_version_id"] for night in played} - {None})}
    for night in played:
        home_games, away_games = night["home_games"], night["away_games"]
        # A returned night always has its score (the night_returned_has_a_score constraint).
        assert home_games is not None and away_games is not None
        lines.append(standings.MatchLine(
            night["fixture__home_team_id"], night["fixture__away_team_id"], home_games, away_games,
            # A side pegged back below nothing in a game still pegged nothing in the match.
            home_pegged=max(0, night["home_pegged"] or 0), away_pegged=max(0, night["away_pegged"] or 0),
            scheme=pinned.get(night["scheme_version_id"]),
        ))
    return lines


def _recorded(figures: list[int | None]) -> formats.MatchResult | None:
    """A walkover's recorded games and points, home first; None for one
    awarded before they were kept (the migration filled every one then)."""
    home_games, away_games, home_points, away_points = figures
    if home_games is None or away_games is None or home_points is None or away_points is None:
        return None
    return formats.MatchResult(home_games, away_games, home_points, away_points, walkover=True)


def _table_replace(division: Division, now: datetime, withdrawn: dict[int, str]) -> None:
    # A cup's division has fixtures but no table: its ties are knockouts.
    rows = [] if division.is_cup else division_table_rows(division, withdrawn)
    TableEntry.objects.filter(division=division).delete()
    TableEntry.objects.bulk_create(TableEntry(
        division=division, team_id=row.team, position=row.position, shared=row.shared, played=row.played,
        won=row.won, drawn=row.drawn, lost=row.lost, games_for=row.games_for, games_against=row.games_against,
        pegged_for=row.pegged_for, pegged_against=row.pegged_against, sanctions=row.sanctions,
        points=row.points, withdrawn=row.withdrawn, rebuilt_at=now,
    ) for row in rows)


def _stats_replace(division: Division, now: datetime, expunged: set[int]) -> None:
    # An expunged team's matches are out of the statistics as out of the table.
    player_stats_replace(division, now, expunged=expunged)
