"""A captain draws the pairs on a match night's team sheet in a real
browser: the singles named, each side's players for the pairs chosen, the
seed agreed at the table typed in, and the page then shows the seed and
the pairs drawn."""
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from browsers import TABLET_PORTRAIT, logged_in_context
from league.models import Fixture, MatchNight
from league.services.competition import league_settings_change
from league.services.formats import stored_format_create
from nights import Night, a_night

DRAWN = {"name": "Drawn pairs", "pairs": "drawn", "max_singles": 1, "max_pairs": 1,
         "rubbers": [{"kind": "singles"}, {"kind": "pairs"}, {"kind": "pairs"}]}


@pytest.fixture
def night(transactional_db: None) -> Night:
    return a_night("plain")


@pytest.fixture
def drawn(night: Night) -> Fixture:
    """The return match, tonight's too, in the league's own format with drawn pairs."""
    league = night.fixture.division.season.league
    stored_format_create(league_id=league.pk, kind="format", slug="drawn", data=DRAWN, user=night.secretary)
    league_settings_change(league_id=league.pk, changes={"match_format": "own:drawn"}, user=night.secretary)
    first = night.fixture
    return Fixture.objects.create(division=first.division, week=2, date=first.date,
                                  home_team=first.away_team, away_team=first.home_team,
                                  venue=first.away_team.home_venue, status=Fixture.Status.PUBLISHED)


@pytest.fixture
def captain_page(chromium: Any, live_server: Any, drawn: Fixture) -> Iterator[Any]:
    """The home captain of the return match, on a tablet at the table."""
    home = drawn.home_team
    home.captain = get_user_model().objects.create_user("crown-captain")
    home.save()
    context = logged_in_context(chromium, live_server, home.captain, viewport=TABLET_PORTRAIT)
    yield context.new_page()
    context.close()


def test_a_captain_draws_the_pairs_and_sees_the_seed(captain_page: Any, night: Night, drawn: Fixture) -> None:
    page = captain_page
    page.goto(f"/fixtures/{drawn.pk}/night")
    home, away = night.away, night.home  # the return match: the teams swap
    page.locator('select[name="r1_home"]').select_option(label=home[0].name)
    page.locator('select[name="r1_away"]').select_option(label=away[0].name)
    for at in range(1, 5):
        page.locator(f'select[name="draw_home_{at}"]').select_option(label=home[at].name)
        page.locator(f'select[name="draw_away_{at}"]').select_option(label=away[at].name)
    page.get_by_label("Seed (optional)").fill("table-7")
    page.get_by_role("button", name="Draw the pairs").click()
    expect(page.get_by_text("The pairs are drawn with the seed table-7")).to_be_visible()
    expect(page.locator("#pairs-seed")).to_have_text("table-7")
    expect(page.locator("#pairs-drawn li")).to_have_count(2)
    assert MatchNight.objects.get(fixture=drawn).pairs_seed == "table-7"
