"""Captains move a match between them, in a real browser: the home captain
asks on the match night page with three nights, the away captain finds the
request on the front page, opens the match and picks the second night.
Both teams' pages show the new night, and both teams' calendar feeds carry
it with a higher SEQUENCE, so subscribed phones take the change. Every
date is counted from today."""
import re
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from browsers import logged_in_context
from league.models import Division, Fixture, League, Season, Team, Venue
from league.services.fixtures import division_team_add, fixtures_generate, fixtures_publish

PHONE = {"width": 390, "height": 844}
OFFERED = (30, 31, 32)  # days from today: never a multiple of 7, so no team plays then (the league plays weekly)


def day(offset: int) -> date:
    return timezone.localdate() + timedelta(days=offset)


@pytest.fixture
def fixture(transactional_db: None) -> Fixture:
    """A published league of four teams, each with its captain, playing
    weekly from next week on today's weekday; the first match."""
    users = get_user_model().objects
    league = League.objects.create(name="Leek & District", slug="leek", postpone_proposer="home")
    secretary = users.create_user("secretary")
    league.secretaries.add(secretary)
    season = Season.objects.create(league=league, name="Winter", start=day(7), registration_deadline=day(3))
    division = Division.objects.create(season=season, name="Premier")
    for name in ("Red Lion A", "Crown B", "Bell A", "Swan A"):
        team = Team.objects.create(league=league, name=name, home_venue=Venue.objects.create(name=name[:-2]),
                                   captain=users.create_user(name.lower().replace(" ", "-")))
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    fixtures_generate(division_id=division.pk, start=day(7), weekday=day(7).weekday(), user=secretary)
    fixtures_publish(division_id=division.pk, user=secretary)
    found = Fixture.objects.select_related("home_team__captain", "away_team__captain").filter(
        division=division).order_by("week", "pk").first()
    assert found is not None
    return found


def feed_event(context: Any, team: Team, fixture: Fixture) -> tuple[str, int]:
    """The fixture's night and SEQUENCE in the team's calendar feed."""
    feed = context.request.get(f"/teams/{team.pk}/fixtures.ics").text()
    event = next(block for block in feed.split("BEGIN:VEVENT") if f"UID:fixture-{fixture.pk}@" in block)
    start = re.search(r"DTSTART(?:;VALUE=DATE)?:(\d{8})", event)
    sequence = re.search(r"SEQUENCE:(\d+)", event)
    assert start is not None and sequence is not None
    return start.group(1), int(sequence.group(1))


def test_the_away_captain_picks_the_second_night_the_home_captain_offered(
        chromium: Any, live_server: Any, fixture: Fixture) -> None:
    home = logged_in_context(chromium, live_server, fixture.home_team.captain, viewport=PHONE)
    away = logged_in_context(chromium, live_server, fixture.away_team.captain, viewport=PHONE)
    try:
        before = {team.pk: feed_event(home, team, fixture) for team in (fixture.home_team, fixture.away_team)}

        page = home.new_page()
        page.goto(f"/fixtures/{fixture.pk}/night")
        page.get_by_text("Ask to rearrange").click()
        for label, offset in zip(("First date", "Second date", "Third date"), OFFERED, strict=True):
            page.get_by_label(label).fill(day(offset).isoformat())
        page.get_by_label("Why").fill("Our pub is closed for a private party that night")
        page.get_by_role("button", name="Send the request").click()
        expect(page.get_by_text("Your request is sent")).to_be_visible()

        answering = away.new_page()
        answering.goto("/")
        expect(answering.get_by_text("Red Lion A ask to move it")).to_be_visible()
        answering.goto(f"/fixtures/{fixture.pk}/night")
        second = day(OFFERED[1])
        offered = answering.locator("#rearrange ul.offered li")
        expect(offered).to_have_count(3)
        expect(offered.nth(1)).to_contain_text(f"{second:%A} {second.day} {second:%B}")
        offered.nth(1).get_by_role("button", name=re.compile("Pick this date")).click()
        expect(answering.get_by_text(f"is moved to {second:%A} {second.day} {second:%B}")).to_be_visible()
        expect(answering.locator(".night-head .facts")).to_contain_text(f"{second:%A} {second.day} {second:%B}")

        for team in (fixture.home_team, fixture.away_team):
            team_page = away.new_page()
            team_page.goto(f"/teams/{team.pk}/")
            expect(team_page.locator(f'time[datetime="{second.isoformat()}"]').first).to_be_visible()
            night, sequence = feed_event(away, team, fixture)
            assert night == f"{second:%Y%m%d}"
            assert sequence > before[team.pk][1]
    finally:
        home.close()
        away.close()
