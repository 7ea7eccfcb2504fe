"""Rebuilding tables: the table kept up change by change equals a full
rebuild, whatever the season and the order things happen in; two rebuilds
of one division at once are safe; a rebuild that fails is retried."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import OperationalError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from in_process import committing
from leagues import a_league, a_team, players
from matchnights import Night, a_match_night, sheet_entered
from property_examples import examples
from races import race

from league.models import Division, DivisionEntry, Fixture, PlayerStats, Sanction, Season, SquadRegistration, TableEntry
from league.refusals import NotPermitted, Refused
from league.services import fixtures as fixture_services
from league.services import results
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from league.services.match_games import rubber_game_card
from league.services.sanctions import sanction_apply, sanction_remove
from league.services.standings import division_standings_rebuild, standings_rebuild_all
from league.services.teamsheets import team_sheet_enter
from league.tasks import division_standings_task

TEAMS_A_DIVISION = 3
PAIRS = 3  # three pairs rubbers, named on the sheet: six players a side
THREE_PAIRS = {"name": "Three pairs", "pairs": "named", "rubbers": [{"kind": "pairs"}] * PAIRS}

# What can happen to a season, in any order. Each names a fixture or team by
# its index; an action the league's rules refuse at that point (a result on
# a voided fixture, say) is refused by the service and changes nothing.
fixture_index = st.integers(0, 2 * TEAMS_A_DIVISION * (TEAMS_A_DIVISION - 1) - 1)
team_index = st.integers(0, 2 * TEAMS_A_DIVISION - 1)
rubber_wins = st.lists(st.booleans(), min_size=PAIRS, max_size=PAIRS)
actions = st.one_of(
    st.tuples(st.just("result"), fixture_index, rubber_wins, st.sampled_from(["confirm", "uphold"])),
    st.tuples(st.just("submit only"), fixture_index, rubber_wins),
    st.tuples(st.just("walkover"), fixture_index, st.booleans()),
    st.tuples(st.just("void"), fixture_index),
    st.tuples(st.just("correct"), fixture_index, st.integers(1, PAIRS), st.booleans()),
    st.tuples(st.just("sanction"), team_index, st.integers(1, 4)),
    st.tuples(st.just("remove sanction"), st.integers(0, 5)),
)


class Season_:
    """Two divisions of three teams each, every fixture of a double round
    robin published, squads of six, captains and a secretary."""

    def __init__(self) -> None:
        users = get_user_model().objects
        self.secretary = users.create_user("prop-secretary")
        league = a_league("Property League", points_scheme="solihull")
        league.secretaries.add(self.secretary)
        stored_format_create(league_id=league.pk, kind="format", slug="three-pairs", data=THREE_PAIRS,
                             user=self.secretary)
        league_settings_change(league_id=league.pk, changes={"match_format": "own:three-pairs"},
                               user=self.secretary)
        today = timezone.localdate()
        season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=90),
                                       registration_deadline=today - timedelta(days=80), squad_min=1)
        self.divisions, self.teams, self.fixtures, self.squads = [], [], [], {}
        for d in range(2):
            division = Division.objects.create(season=season, name=f"Division {d + 1}", level=d + 1)
            self.divisions.append(division)
            teams = []
            for t in range(TEAMS_A_DIVISION):
                team = a_team(league, f"Team {d}{t} A")
                team.captain = users.create_user(f"captain-{d}-{t}")
                team.save()
                DivisionEntry.objects.create(division=division, team=team)
                roster = players(6, prefix=team.name)
                SquadRegistration.objects.bulk_create(SquadRegistration(season=season, team=team, player=p)
                                                      for p in roster)
                self.squads[team.pk] = roster
                teams.append(team)
            self.teams += teams
            pairings = [(h, a) for h in teams for a in teams if h != a]
            for week, (home, away) in enumerate(pairings, start=1):
                self.fixtures.append(Fixture.objects.create(
                    division=division, week=week, date=today - timedelta(days=70 - week), home_team=home,
                    away_team=away, venue=home.home_venue, status=Fixture.Status.PUBLISHED))

    def apply(self, action: tuple[Any, ...]) -> None:
        kind, *args = action
        try:
            getattr(self, "_" + kind.replace(" ", "_"))(*args)
        except (Refused, NotPermitted):
            pass  # refused by the league's rules at this point: nothing changed

    def _result(self, index: int, wins: list[bool], how: str) -> None:
        fixture = self._submit_only(index, wins)
        if how == "confirm":
            results.match_confirm(fixture_id=fixture.pk, user=fixture.away_team.captain)
        else:
            results.match_dispute(fixture_id=fixture.pk, reason="not so", user=fixture.away_team.captain)
            results.match_resolve(fixture_id=fixture.pk, decision="uphold", note="it was", user=self.secretary)

    def _submit_only(self, index: int, wins: list[bool]) -> Fixture:
        fixture = self.fixtures[index]
        home, away = self.squads[fixture.home_team_id], self.squads[fixture.away_team_id]
        lineups = [([p.pk for p in home[2 * n:2 * n + 2]], [p.pk for p in away[2 * n:2 * n + 2]]) for n in range(PAIRS)]
        team_sheet_enter(fixture_id=fixture.pk, lineups=lineups, user=fixture.home_team.captain)
        for rubber, home_won in enumerate(wins, start=1):
            score = (61, 20 + 7 * rubber) if home_won else (13 * rubber, 61)
            rubber_game_card(fixture_id=fixture.pk, rubber=rubber, home_score=score[0], away_score=score[1],
                             user=fixture.home_team.captain)
        results.match_submit(fixture_id=fixture.pk, user=fixture.home_team.captain)
        return fixture

    def _walkover(self, index: int, to_home: bool) -> None:
        fixture = self.fixtures[index]
        winner = fixture.home_team_id if to_home else fixture.away_team_id
        fixture_services.fixture_walkover(fixture_id=fixture.pk, winner_team_id=winner, reason="no show",
                                          user=self.secretary)

    def _void(self, index: int) -> None:
        fixture_services.fixture_void(fixture_id=self.fixtures[index].pk, reason="struck", user=self.secretary)

    def _correct(self, index: int, rubber: int, home_won: bool) -> None:
        score = (61, 44) if home_won else (44, 61)
        results.match_result_correct(fixture_id=self.fixtures[index].pk, rubber=rubber, game=1,
                                     home_score=score[0], away_score=score[1], reason="card", user=self.secretary)

    def _sanction(self, index: int, points: int) -> None:
        team = self.teams[index]
        division = self.divisions[index // TEAMS_A_DIVISION]
        sanction_apply(division_id=division.pk, team_id=team.pk, points=points, reason="conduct",
                       user=self.secretary)

    def _remove_sanction(self, index: int) -> None:
        sanctions = list(Sanction.objects.order_by("pk"))
        if sanctions:
            sanction_remove(sanction_id=sanctions[index % len(sanctions)].pk, reason="on appeal", user=self.secretary)


def stored() -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """Every stored table row and player's statistics, less when they were built."""
    tables = sorted(TableEntry.objects.values_list(
        "division", "team", "position", "shared", "played", "won", "drawn", "lost", "games_for", "games_against",
        "pegged_for", "pegged_against", "sanctions", "points"))
    stats = sorted(PlayerStats.objects.values_list(
        "division", "player", "team", "played", "won", "pegged", "on_target", "played_live", "fifteens",
        "penalties"))
    return tables, stats


@pytest.mark.slow
@settings(max_examples=examples(15), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(st.lists(actions, min_size=1, max_size=12))
def test_a_table_kept_up_change_by_change_equals_a_full_rebuild(
    db: None, django_capture_on_commit_callbacks: Any, happenings: list[tuple[Any, ...]],
) -> None:
    with transaction.atomic():
        season = Season_()
        with committing(django_capture_on_commit_callbacks)():
            standings_rebuild_all()
        for action in happenings:
            with committing(django_capture_on_commit_callbacks)():
                season.apply(action)
            kept_up = stored()
            standings_rebuild_all()
            assert kept_up == stored(), f"after {action}"
        transaction.set_rollback(True)


# Two at once, and retries

def a_confirmed_night(django_capture_on_commit_callbacks: Any) -> Night:
    night = a_match_night("plain", points_scheme="solihull")
    sheet_entered(night, ["singles"] * 9)
    for number in range(1, 10):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=61 if number <= 5 else 30,
                         away_score=40 if number <= 5 else 61, user=night.home_scorer)
    results.match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with committing(django_capture_on_commit_callbacks)():
        results.match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    return night


@pytest.mark.django_db(transaction=True)
def test_two_rebuilds_of_one_division_at_once_both_succeed_and_store_one_table(
    postgres: None, django_capture_on_commit_callbacks: Any,
) -> None:
    night = a_confirmed_night(django_capture_on_commit_callbacks)
    expected = stored()

    def rebuild() -> str:
        division_standings_rebuild(division_id=night.division.pk)
        return "rebuilt"

    for _ in range(5):
        assert race([rebuild] * 3) == ["rebuilt"] * 3
        assert stored() == expected


def test_a_rebuild_that_loses_its_database_connection_is_retried(
    db: None, django_capture_on_commit_callbacks: Any,
) -> None:
    night = a_confirmed_night(django_capture_on_commit_callbacks)
    TableEntry.objects.all().delete()
    failures: list[str] = []

    def connection_lost_once(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if not failures and "league_tableentry" in sql:
            failures.append(sql)
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(connection_lost_once):
        division_standings_task.apply(args=[night.division.pk])
    assert len(failures) == 1
    assert TableEntry.objects.filter(division=night.division).count() == 2


def test_a_rebuild_of_a_division_since_deleted_does_nothing(db: None) -> None:
    assert division_standings_task.apply(args=[999999]).get() is False


def test_a_divisions_rebuild_costs_the_same_queries_however_big_the_league(
    db: None, django_capture_on_commit_callbacks: Any,
) -> None:
    night = a_confirmed_night(django_capture_on_commit_callbacks)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            division_standings_rebuild(division_id=night.division.pk)
        return len(captured.captured_queries)

    alone = queries()
    for _ in range(3):
        number = Division.objects.count() + 1
        other = Division.objects.create(season=night.season, name=f"Division {number}", level=number)
        more = a_match_night("plain", league_name=f"Town{other.pk} League")
        Fixture.objects.filter(pk=more.fixture.pk).update(division=other)
        DivisionEntry.objects.filter(team__in=[more.home, more.away]).update(division=other)
    standings_rebuild_all()
    assert queries() == alone
