"""GET /api/divisions/{id}/table, table.csv and players: the stored rows,
open to everyone, never worked out on the request."""
import csv
import io
from datetime import UTC, datetime

import pytest
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from in_process import tasks_in_process
from matchnights import Night, a_match_night, sheet_entered
from module_data import a_copy_for_one_test, made_once_a_module
from rest_framework.test import APIClient

from league.models import Division, TableEntry
from league.services.match_games import rubber_game_card
from league.services.results import match_confirm, match_submit
from league.services.sanctions import sanction_apply

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


def a_rated_night() -> Night:
    """A division with one confirmed 5-4 result (solihull: 3 points to 1)
    and the home team 2 points down for a late start: level on 1 point."""
    night = a_match_night("plain", points_scheme="solihull")
    sheet_entered(night, PLAIN)
    for number, (home, away) in enumerate(FIVE_FOUR, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with tasks_in_process(), TestCase.captureOnCommitCallbacks(execute=True):
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
        sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=2, reason="Late start",
                       user=night.secretary)
    return night


# Built once for the module; each test's writes are rolled back after it.
night_made = made_once_a_module(a_rated_night)


@pytest.fixture
def night(db: None, night_made: Night) -> Night:
    return a_copy_for_one_test(night_made)


def test_anyone_reads_a_divisions_table_best_first(night: Night, anonymous: APIClient) -> None:
    body = anonymous.get(f"/api/divisions/{night.division.pk}/table").json()
    assert body["division"] == {"id": night.division.pk, "name": "Premier"}
    assert body["tie_breakers"][0] == "points" and body["rebuilt_at"]
    first, second = body["rows"]
    assert (first["label"], first["team"]["name"], first["points"], first["sanctions"]) == ("1", night.home.name, 1, 2)
    assert (first["games_for"], first["games_against"], first["pegged_for"]) == (5, 4, 5 * 61 + 4 * 30)
    assert (second["label"], second["team"]["name"], second["points"]) == ("2", night.away.name, 1)


def test_the_table_is_read_from_the_stored_rows_not_worked_out(night: Night, anonymous: APIClient) -> None:
    TableEntry.objects.filter(team=night.away).update(points=99)
    with CaptureQueriesContext(connection) as queries:
        body = anonymous.get(f"/api/divisions/{night.division.pk}/table").json()
    assert body["rows"][1]["points"] == 99
    assert not any("league_matchnight" in q["sql"] for q in queries.captured_queries)


def test_shared_positions_show_with_an_equals_sign(night: Night, anonymous: APIClient) -> None:
    TableEntry.objects.filter(division=night.division).update(position=1, shared=True)
    labels = [row["label"] for row in anonymous.get(f"/api/divisions/{night.division.pk}/table").json()["rows"]]
    assert labels == ["1=", "1="]


def test_the_table_downloads_as_csv_a_spreadsheet_opens(night: Night, anonymous: APIClient) -> None:
    response = anonymous.get(f"/api/divisions/{night.division.pk}/table.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="winter-premier-table.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Pos", "Team", "P", "W", "D", "L", "GF", "GA", "GD", "PF", "PA", "PD", "Deducted", "Pts"]
    assert rows[1] == ["1", night.home.name, "1", "1", "0", "0", "5", "4", "1", "425", "444", "-19", "2", "1"]
    assert rows[2][:2] == ["2", night.away.name]


def test_the_table_says_when_it_was_rebuilt_in_utc(night: Night, anonymous: APIClient) -> None:
    summer = datetime(2026, 7, 1, 12, 34, 56, 789123, tzinfo=UTC)  # London is an hour ahead: still written in UTC
    TableEntry.objects.filter(division=night.division).update(rebuilt_at=summer)
    body = anonymous.get(f"/api/divisions/{night.division.pk}/table").json()
    assert body["rebuilt_at"] == "2026-07-01T12:34:56.789123Z"


def test_a_division_never_rebuilt_has_an_empty_table(night: Night, anonymous: APIClient) -> None:
    division = Division.objects.create(season=night.season, name="Second", level=2)
    body = anonymous.get(f"/api/divisions/{division.pk}/table").json()
    assert (body["rows"], body["rebuilt_at"]) == ([], None)


def test_an_unknown_division_is_404(db: None, anonymous: APIClient) -> None:
    for path in ("table", "table.csv", "players"):
        response = anonymous.get(f"/api/divisions/999999/{path}")
        assert response.status_code == 404, path
        assert "error" in response.json()


def test_the_players_leaderboard_takes_a_minimum_of_games(night: Night, anonymous: APIClient) -> None:
    players = anonymous.get(f"/api/divisions/{night.division.pk}/players?min_games=1").json()
    assert len(players) == 18
    top = players[0]
    assert (top["played"], top["won"], top["win_rate"], top["on_target"]) == (1, 1, 1.0, 1)
    assert set(top) >= {"player", "team", "average_pegged", "played_live", "fifteens", "penalties"}
    assert anonymous.get(f"/api/divisions/{night.division.pk}/players?min_games=2").json() == []


@pytest.mark.parametrize(("query", "field"), [("min_games=", "min_games"), ("order=", "order")])
def test_the_leaderboard_refuses_a_parameter_sent_empty_rather_than_using_its_default(
        night: Night, anonymous: APIClient, query: str, field: str) -> None:
    response = anonymous.get(f"/api/divisions/{night.division.pk}/players?{query}")
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_the_leaderboard_refuses_an_unknown_order(night: Night, anonymous: APIClient) -> None:
    response = anonymous.get(f"/api/divisions/{night.division.pk}/players?order=charm")
    assert response.status_code == 400
    assert "order" in response.json()["fields"]
