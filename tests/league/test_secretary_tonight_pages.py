"""The secretary's evening: every match of a night with where it stands,
linking to its match night page, the nights before and after a tap away,
and the same few queries however many matches the night has."""
import re
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from forms import browser, text
from leagues import a_team, players
from matchnights import Night, a_match_night, sheet_entered
from module_data import a_copy_for_one_test, made_once_a_module

from league.models import DivisionEntry, Fixture, SquadRegistration
from league.services.fixtures import fixture_postpone
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.results import match_confirm, match_dispute, match_submit
from league.services.teamsheets import team_sheet_enter

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


def another_match(night: Night, week: int, *, days_ago: int = 0) -> Night:
    """Two more teams of the night's division, with squads and captains
    (the night's), playing each other `days_ago` days ago."""
    home, away = a_team(night.league, f"Home {week}"), a_team(night.league, f"Away {week}")
    squads = []
    for team, captain in ((home, night.home_captain), (away, night.away_captain)):
        team.captain = captain
        team.save()
        DivisionEntry.objects.create(division=night.division, team=team)
        roster = players(10, prefix=team.name)
        SquadRegistration.objects.bulk_create(SquadRegistration(season=night.season, team=team, player=p)
                                              for p in roster)
        squads.append(roster)
    fixture = Fixture.objects.create(division=night.division, week=week, home_team=home, away_team=away,
                                     date=timezone.localdate() - timedelta(days=days_ago), venue=home.home_venue,
                                     status=Fixture.Status.PUBLISHED)
    return Night(night.league, night.season, night.division, home, away, fixture, squads[0], squads[1],
                 night.home_captain, night.away_captain, night.home_scorer, night.secretary)


def cards(night: Night, scores: list[tuple[int, int]]) -> None:
    for number, (home, away) in enumerate(scores, start=1):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=home, away_score=away,
                         user=night.secretary)


def enter_sheet(night: Night) -> None:
    team_sheet_enter(fixture_id=night.fixture.pk, lineups=night.lineups(PLAIN), user=night.secretary)


def played(night: Night) -> Night:
    enter_sheet(night)
    cards(night, FIVE_FOUR)
    match_submit(fixture_id=night.fixture.pk, user=night.secretary)
    return night


def page(night: Night, query: str = "") -> str:
    response = browser(night.secretary).get(f"/secretary/leagues/{night.league.pk}/tonight{query}")
    assert response.status_code == 200
    return text(response)


def state_of(html: str, fixture: Fixture) -> str:
    row = re.search(rf'<tr id="match-{fixture.pk}"[^>]*>(.*?)</tr>', html, re.DOTALL)
    assert row is not None, f"{fixture} is not listed"
    assert f'href="/fixtures/{fixture.pk}/night"' in row.group(1), "the row links to its match night"
    found = re.search(r'<span class="tag state">([^<]+)</span>', row.group(1))
    assert found is not None
    return found.group(1)


def an_evening() -> dict[str, Night]:
    """A night of the league's with a match in each state."""
    first = a_match_night("plain", played_days_ago=0)
    matches = {"not started": first}
    for week, name in enumerate(["being scored", "entered", "submitted", "confirmed", "disputed", "postponed"], 2):
        matches[name] = another_match(first, week)
    enter_sheet(matches["being scored"])
    rubber_game_start(fixture_id=matches["being scored"].fixture.pk, rubber=3, user=first.secretary)
    enter_sheet(matches["entered"])
    cards(matches["entered"], FIVE_FOUR[:2])
    for name in ("submitted", "confirmed", "disputed"):
        played(matches[name])
    match_confirm(fixture_id=matches["confirmed"].fixture.pk, user=first.secretary)
    match_dispute(fixture_id=matches["disputed"].fixture.pk, reason="Rubber 9 was ours", user=first.secretary)
    fixture_postpone(fixture_id=matches["postponed"].fixture.pk, reason="The pub flooded", user=first.secretary)
    return matches


# Built once for the module; each test's writes are rolled back after it.
evening_made = made_once_a_module(an_evening)


@pytest.fixture
def evening(db: None, evening_made: dict[str, Night]) -> dict[str, Night]:
    return a_copy_for_one_test(evening_made)


def test_the_secretarys_home_links_to_tonight(evening: dict[str, Night]) -> None:
    night = evening["not started"]
    html = text(browser(night.secretary).get("/secretary/"))
    assert f'href="/secretary/leagues/{night.league.pk}/tonight"' in html


def test_every_match_of_the_night_is_listed_with_its_state(evening: dict[str, Night]) -> None:
    html = page(evening["not started"])
    assert {name: state_of(html, night.fixture) for name, night in evening.items()} == {
        "not started": "Not started",
        "being scored": "Being scored",
        "entered": "Games entered, not submitted",
        "submitted": "Submitted, awaiting confirmation",
        "confirmed": "Confirmed",
        "disputed": "Disputed",
        "postponed": "Postponed",
    }


def test_a_match_being_scored_names_the_rubber_on_the_board_and_its_players(evening: dict[str, Night]) -> None:
    night = evening["being scored"]
    html = page(night)
    row = re.search(rf'<tr id="match-{night.fixture.pk}".*?</tr>', html, re.DOTALL)
    assert row is not None
    assert f"Rubber 3: {night.home_players[2].name} v {night.away_players[2].name}" in row.group(0)


def test_a_player_on_the_board_is_named_as_the_reader_may_see_them(evening: dict[str, Night]) -> None:
    night = evening["being scored"]
    player = night.home_players[2]
    player.name_shown = "initials"
    player.save()
    assert player.public_name != player.name
    # A secretary of the player's league sees the name in full; another
    # league's secretary could not open the page at all.
    assert f"Rubber 3: {player.name} v" in page(night)


def test_a_result_not_in_by_its_day_is_overdue_on_its_night(evening: dict[str, Night]) -> None:
    night = another_match(evening["not started"], 8, days_ago=10)
    html = page(night, f"?date={night.fixture.date.isoformat()}")
    assert state_of(html, night.fixture) == "Overdue"


def test_the_night_links_to_the_nights_before_and_after(evening: dict[str, Night]) -> None:
    night = evening["not started"]
    today = timezone.localdate()
    html = page(night, f"?date={(today - timedelta(days=1)).isoformat()}")
    assert f'href="?date={today.isoformat()}" rel="next"' in html
    assert f'href="?date={(today - timedelta(days=2)).isoformat()}" rel="prev"' in html
    assert "No match of Leek &amp; District is set for" in html


def test_a_date_that_is_not_one_is_said_beside_the_field_and_today_shown(evening: dict[str, Night]) -> None:
    html = page(evening["not started"], "?date=31-02-2026")
    assert "&#x27;31-02-2026&#x27; is not a date" in html
    assert "Tonight" in html and state_of(html, evening["not started"].fixture) == "Not started"


def test_only_the_leagues_secretaries_see_its_evening(evening: dict[str, Night]) -> None:
    night = evening["not started"]
    assert browser(night.home_captain).get(f"/secretary/leagues/{night.league.pk}/tonight").status_code == 403


# The most queries the page makes, whatever the night holds: the session and
# user, the league and whether the user runs it, the fixtures, their games,
# the players' names, and the site's header asking whether the user runs any league.
MOST_QUERIES = 8


@pytest.mark.usefixtures("evening_made")
def test_the_page_makes_as_few_queries_for_a_busy_night_as_for_a_quiet_one(
        db: None, django_assert_max_num_queries: Any) -> None:
    quiet = a_match_night("plain", league_name="Quiet League")
    another_match(quiet, 2)
    sheet_entered(quiet, PLAIN)
    rubber_game_start(fixture_id=quiet.fixture.pk, rubber=1, user=quiet.home_scorer)
    busy = a_match_night("plain", league_name="Busy League")
    for week in range(2, 8):
        match = another_match(busy, week)
        enter_sheet(match)
        for rubber in (1, 2, 3):
            rubber_game_start(fixture_id=match.fixture.pk, rubber=rubber, user=busy.secretary)
    counts = []
    for night, fixtures in ((quiet, 2), (busy, 7)):
        client = browser(night.secretary)
        with django_assert_max_num_queries(MOST_QUERIES), CaptureQueriesContext(connection) as queries:
            html = text(client.get(f"/secretary/leagues/{night.league.pk}/tonight"))
        assert html.count('<tr id="match-') == fixtures
        counts.append(len(queries.captured_queries))
    assert counts[0] == counts[1], f"{counts[0]} queries for a quiet night, {counts[1]} for a busy one"
