"""The secretary's admin pages for fixtures: entries go through the
fixtures service, fixtures are shown read-only with their filters."""
from datetime import date
from typing import Any

from django.test import Client
from leagues import a_league, a_season, a_team

from league.models import AuditEntry, Division, DivisionEntry, Fixture
from league.services.fixtures import division_team_add, fixtures_generate


def test_entering_a_team_goes_through_the_fixtures_service(browser: Client, staff: Any) -> None:
    league = a_league()
    league.secretaries.add(staff)
    division, team = Division.objects.create(season=a_season(league), name="Premier"), a_team(league, "Red Lion A")
    response = browser.post("/admin/league/divisionentry/add/", {"division": division.pk, "team": team.pk})
    assert response.status_code == 302
    assert DivisionEntry.objects.get().team == team
    assert AuditEntry.objects.get().action == "division.team.add"


def test_the_admin_says_why_an_entry_is_refused(browser: Client) -> None:
    league = a_league()  # the superuser is not its secretary
    division, team = Division.objects.create(season=a_season(league), name="Premier"), a_team(league, "Red Lion A")
    response = browser.post("/admin/league/divisionentry/add/", {"division": division.pk, "team": team.pk})
    assert response.status_code == 200
    assert "only a secretary of Leek &amp; District" in response.content.decode()
    assert not DivisionEntry.objects.exists()


def test_fixtures_are_listed_read_only_and_filtered(browser: Client, staff: Any) -> None:
    league = a_league()
    league.secretaries.add(staff)
    division = Division.objects.create(season=a_season(league), name="Premier")
    for name in ("Red Lion A", "Crown B"):
        division_team_add(division_id=division.pk, team_id=a_team(league, name).pk, user=staff)
    fixtures_generate(division_id=division.pk, start=date(2026, 9, 1), weekday=1, skip_dates=(), user=staff)
    listing = browser.get(f"/admin/league/fixture/?status=draft&division__id__exact={division.pk}")
    assert listing.status_code == 200 and "Red Lion A v Crown B" in listing.content.decode()
    fixture = Fixture.objects.first()
    assert fixture is not None
    assert browser.post(f"/admin/league/fixture/{fixture.pk}/change/", {"status": "void"}).status_code == 403
