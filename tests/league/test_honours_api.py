"""A league's honours in the API, open to anyone: the roll of honour with
each past season's players' awards (most improved rating included), and
the honours of a match week, the latest by default; from fixture sets
with known answers (tests/league/test_schema.py checks they answer as the
schema says)."""
from datetime import date, timedelta
from typing import Any

import pytest
from django.utils import timezone
from honours_data import known_week
from improved_data import a_rated_league, a_rated_season
from leagues import a_league
from rest_framework.test import APIClient

from league.models import Player

pytestmark = pytest.mark.django_db
ROLL = "/api/leagues/{league_id}/honours"
WEEK = "/api/leagues/{league_id}/week-honours"


def past_start() -> date:
    """The first day of the past season."""
    return timezone.localdate() - timedelta(days=200)


def named(honour: dict[str, Any]) -> list[str]:
    return [f"{held['player']['name']} ({', '.join(team['name'] for team in held['teams'])})"
            for held in honour["players"]]


def test_the_roll_of_honour_carries_each_past_seasons_players_awards(anonymous: APIClient) -> None:
    league, teams = a_rated_league()
    week = a_rated_season(league, teams, "Winter 2025-26", past_start())
    response = anonymous.get(ROLL.format(league_id=league.pk))
    assert response.status_code == 200
    [season] = response.json()
    assert season["season"] == {"id": week.season.pk, "name": "Winter 2025-26"}
    improved = season["most_improved"]
    assert (improved["rise"], named(improved), improved["others"]) \
        == (5.5, ["Ann Archer (Red Lion)", "Bob Brown (Crown)"], 0)
    ann = Player.objects.get(name="Ann Archer")
    assert improved["players"][0]["player"] == {"id": ann.pk, "name": "Ann Archer"}
    assert improved["players"][0]["teams"] == [{"id": teams["Red Lion"].pk, "name": "Red Lion"}]
    # The six rated players' statistics are alike: they share the other two awards.
    assert (season["most_61s"]["count"], len(season["most_61s"]["players"])) == (1, 6)
    assert (season["best_average"]["average"], season["best_average"]["played"]) == (40.0, 12)


def test_a_past_season_with_nobody_most_improved_answers_null(anonymous: APIClient) -> None:
    league, teams = a_rated_league()
    a_rated_season(league, teams, "Winter 2025-26", past_start())
    league.rating_min_games = 100
    league.save(update_fields=["rating_min_games"])
    response = anonymous.get(ROLL.format(league_id=league.pk))
    assert response.json()[0]["most_improved"] is None


def test_the_roll_names_players_as_they_chose(anonymous: APIClient) -> None:
    league, teams = a_rated_league()
    a_rated_season(league, teams, "Winter 2025-26", past_start())
    Player.objects.filter(name="Ann Archer").update(name_shown=Player.NameShown.HIDDEN)
    Player.objects.filter(name="Bob Brown").update(name_shown=Player.NameShown.INITIALS)
    [season] = anonymous.get(ROLL.format(league_id=league.pk)).json()
    assert named(season["most_improved"]) == ["A player (Red Lion)", "B. B. (Crown)"]


@pytest.mark.parametrize("query", ["", "?week={monday}"])
def test_the_weeks_honours_are_the_known_answers_the_latest_week_by_default(
        anonymous: APIClient, query: str) -> None:
    week = known_week()
    path = WEEK.format(league_id=week.league.pk)
    response = anonymous.get(path + query.format(monday=week.monday.isoformat()))
    assert response.status_code == 200
    got = response.json()
    assert (got["monday"], got["sunday"]) == (week.monday.isoformat(), (week.monday + timedelta(days=6)).isoformat())
    assert [(m["winner"]["name"], m["score"], m["loser"]["name"]) for m in got["maximums"]] \
        == [("Red Lion", "3-0", "Crown"), ("Bell", "1-0", "Plough")]
    assert got["maximums"][0]["winner"]["id"] == week.teams["Red Lion"].pk
    assert got["maximums"][1]["played_on"] == (week.monday + timedelta(days=4)).isoformat()  # rearranged into it
    assert (got["most_61s"]["count"], named(got["most_61s"])) == (2, ["Ann Archer (Red Lion)"])
    assert (got["most_15s"]["count"], named(got["most_15s"])) == (6, ["Dan Dare (Crown)"])
    best = got["best_average"]
    assert (best["average"], best["played"], named(best)) == (61.0, 2, ["Ann Archer (Red Lion)"])


def test_a_week_without_results_and_a_league_without_any_answer_empty_honours(
        anonymous: APIClient) -> None:
    week = known_week()
    before = week.monday - timedelta(days=14)
    response = anonymous.get(WEEK.format(league_id=week.league.pk) + f"?week={before.isoformat()}")
    assert response.json() == {"monday": before.isoformat(), "sunday": (before + timedelta(days=6)).isoformat(),
                               "maximums": [], "most_61s": None, "most_15s": None, "best_average": None}
    quiet, _ = a_rated_league()  # its current season has no result yet
    response = anonymous.get(WEEK.format(league_id=quiet.pk))
    assert response.json()["monday"] is None and response.json()["maximums"] == []


@pytest.mark.parametrize(("week", "status", "says"), [
    ("last-monday", 400, "the request is not valid"),
    ("{tuesday}", 422, "is a Tuesday"),
    ("9999-12-27", 422, "no match week starts so late"),
])
def test_a_week_that_is_not_a_match_weeks_monday_is_refused(anonymous: APIClient, week: str, status: int,
                                                             says: str) -> None:
    honours = known_week()
    tuesday = (honours.monday + timedelta(days=1)).isoformat()
    response = anonymous.get(WEEK.format(league_id=honours.league.pk) + f"?week={week.format(tuesday=tuesday)}")
    assert response.status_code == status
    assert says in response.json()["error"]


@pytest.mark.parametrize("week", ["", "%20"])
def test_an_empty_week_is_refused_naming_the_field_not_taken_for_the_latest(anonymous: APIClient,
                                                                           week: str) -> None:
    honours = known_week()
    response = anonymous.get(WEEK.format(league_id=honours.league.pk) + f"?week={week}")
    assert response.status_code == 400
    assert "leave week out" in response.json()["fields"]["week"][0]


@pytest.mark.parametrize("path", [ROLL, WEEK])
def test_an_unknown_league_is_not_found(anonymous: APIClient, path: str) -> None:
    a_league()
    assert anonymous.get(path.format(league_id=999999)).status_code == 404
