"""From the front page on a phone: a team's scorer finds tonight's match
under My matches and reaches a rubber's pad and the match night page in
one tap each; anyone switches a league's page to next season and back."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from browsers import logged_in_context
from league.models import Division, DivisionEntry, Fixture, Game, League, Player, Season, SquadRegistration, Team, Venue
from league.services.match_games import rubber_game_start
from league.services.teamsheets import team_sheet_enter

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def night(transactional_db: None) -> tuple[Fixture, Any]:
    """Tonight's fixture of nine singles, its team sheet in and rubber 1
    being scored live; and the home team's scorer."""
    users = get_user_model().objects
    today = timezone.localdate()
    league = League.objects.create(name="Leek & District", slug="leek", match_format="plain")
    season = Season.objects.create(league=league, name="Winter", start=today - timedelta(days=30),
                                   registration_deadline=today - timedelta(days=20), squad_max=12, squad_min=1)
    division = Division.objects.create(season=season, name="Premier")
    secretary, scorer = users.create_user("secretary"), users.create_user("home-scorer")
    league.secretaries.add(secretary)
    teams = []
    for name in ("Red Lion A", "Crown B"):
        team = Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=name[:-2]))
        DivisionEntry.objects.create(division=division, team=team)
        for n in range(1, 10):
            SquadRegistration.objects.create(season=season, team=team,
                                             player=Player.objects.create(name=f"{name} {n}"))
        teams.append(team)
    teams[0].scorers.add(scorer)
    fixture = Fixture.objects.create(division=division, week=1, date=today, home_team=teams[0], away_team=teams[1],
                                     venue=teams[0].home_venue, status=Fixture.Status.PUBLISHED)
    squads = [list(SquadRegistration.objects.filter(team=team).order_by("player__name")
                   .values_list("player_id", flat=True)) for team in teams]
    team_sheet_enter(fixture_id=fixture.pk, lineups=[([h], [a]) for h, a in zip(*squads, strict=True)], user=secretary)
    rubber_game_start(fixture_id=fixture.pk, rubber=1, user=scorer)
    return fixture, scorer


@pytest.fixture
def phone(chromium: Any, live_server: Any, night: tuple[Fixture, Any]) -> Any:
    context = logged_in_context(chromium, live_server, night[1], viewport=PHONE)
    yield context
    context.close()


def test_a_scorer_reaches_tonights_rubber_pad_from_the_front_page_in_one_tap(
        phone: Any, night: tuple[Fixture, Any]) -> None:
    fixture, _ = night
    game = Game.objects.get(match_night__fixture=fixture)
    page = phone.new_page()
    page.goto("/")
    mine = page.get_by_role("region", name="My matches")
    expect(mine).to_contain_text("Tonight: Red Lion A v Crown B")
    mine.get_by_role("link", name="score game 1 of rubber 1").click()
    expect(page).to_have_url(f"{page.url.split('/games/')[0]}/games/{game.pk}/pad")
    expect(page.locator("h1")).to_contain_text("Red Lion A v Crown B, rubber 1")

    page.goto("/")
    page.get_by_role("region", name="My matches").get_by_role("link", name="Match night page").click()
    expect(page).to_have_url(f"{page.url.split('/fixtures/')[0]}/fixtures/{fixture.pk}/night")
    expect(page.locator("h1")).to_contain_text("Red Lion A v Crown B")
    # The night page's own requests finish before the test's data is cleared away.
    page.wait_for_load_state("networkidle")


def test_the_league_page_stays_on_the_running_season_and_switches_to_the_next(
        spectator: Any, night: tuple[Fixture, Any]) -> None:
    fixture, _ = night
    running = fixture.division.season
    coming = Season.objects.create(league=running.league, name="Summer", start=running.start + timedelta(days=200),
                                   registration_deadline=running.start + timedelta(days=190))
    Division.objects.create(season=coming, name="Summer Premier")
    page = spectator.new_page()
    page.goto("/leagues/leek/")
    expect(page.locator(".page-head")).to_contain_text("Winter season")
    seasons = page.get_by_role("navigation", name="Seasons")
    seasons.get_by_role("link", name="Summer").click()
    expect(page.locator(".page-head")).to_contain_text("Summer season")
    expect(page.get_by_role("heading", name="Summer Premier")).to_be_visible()
    page.get_by_role("navigation", name="Seasons").get_by_role("link", name="Winter (current)").click()
    expect(page.get_by_role("heading", name="Premier", exact=True)).to_be_visible()
