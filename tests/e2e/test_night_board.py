"""The match night page on a spectator's phone follows the night by itself:
a game recorded from the card shows within a few seconds, without a reload."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect
from rest_framework.test import APIClient

from league.models import Division, DivisionEntry, Fixture, League, Player, Season, SquadRegistration, Team, Venue
from league.services.teamsheets import team_sheet_enter


@pytest.fixture
def night(transactional_db: None) -> tuple[Fixture, Any]:
    """A published fixture of nine singles with its team sheet entered, and
    the home team's scorer."""
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
            player = Player.objects.create(name=f"{name} {n}")
            SquadRegistration.objects.create(season=season, team=team, player=player)
        teams.append(team)
    teams[0].scorers.add(scorer)
    fixture = Fixture.objects.create(division=division, week=1, date=today, home_team=teams[0], away_team=teams[1],
                                     venue=teams[0].home_venue, status=Fixture.Status.PUBLISHED)
    squads = [list(SquadRegistration.objects.filter(team=team).order_by("player__name")
                   .values_list("player_id", flat=True)) for team in teams]
    team_sheet_enter(fixture_id=fixture.pk, lineups=[([h], [a]) for h, a in zip(*squads, strict=True)], user=secretary)
    return fixture, scorer


def test_the_night_page_shows_a_card_result_within_seconds_without_a_reload(spectator: Any, night: Any) -> None:
    fixture, scorer = night
    page = spectator.new_page()
    page.goto(f"/fixtures/{fixture.pk}/night")
    expect(page.locator("#rubber-3")).to_contain_text("none yet")
    expect(page.locator("#night-connection")).to_contain_text("Live: updated")
    page.evaluate("window.sameLoad = true")  # gone if the page were reloaded

    tablet = APIClient()
    tablet.force_authenticate(scorer)
    response = tablet.post(f"/api/fixtures/{fixture.pk}/night/rubbers/3/games",
                           {"home_score": 61, "away_score": 40}, format="json")
    assert response.status_code == 201, response.json()

    expect(page.locator("#rubber-3")).to_contain_text("61–40", timeout=6_000)
    expect(page.locator('#rubber-3 td[data-label="Won by"]')).to_have_text("Red Lion A")
    expect(page.locator(".score .rubbers-won").first).to_have_text("1")
    expect(page.locator("#night-announce")).to_have_text("Score: Red Lion A 1, Crown B 0")
    assert page.evaluate("window.sameLoad") is True
