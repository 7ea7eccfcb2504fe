"""Mistakes a match night's page catches in a real browser before any
request is made: with no team sheet entered there is nothing to submit
(the button is disabled, with the reason beside it), and a card's score
below 0 is refused by the browser's own check of the box."""
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from browsers import TABLET_PORTRAIT, logged_in_context
from league.models import Fixture, MatchNight, RubberGame
from nights import Night, a_night


@pytest.fixture
def night(transactional_db: None) -> Night:
    return a_night("plain")


@pytest.fixture
def no_sheet(night: Night) -> Fixture:
    """The return match, tonight's too, its team sheet not yet entered."""
    first = night.fixture
    return Fixture.objects.create(division=first.division, week=2, date=first.date,
                                  home_team=first.away_team, away_team=first.home_team,
                                  venue=first.away_team.home_venue, status=Fixture.Status.PUBLISHED)


@pytest.fixture
def secretary_page(chromium: Any, live_server: Any, night: Night) -> Iterator[Any]:
    context = logged_in_context(chromium, live_server, night.secretary, viewport=TABLET_PORTRAIT)
    yield context.new_page()
    context.close()


def test_submit_is_refused_at_once_when_there_is_no_team_sheet(secretary_page: Any, no_sheet: Fixture) -> None:
    secretary_page.goto(f"/fixtures/{no_sheet.pk}/night")
    submit = secretary_page.get_by_role("button", name="Submit the result…")
    expect(submit).to_be_disabled()
    expect(secretary_page.locator("#submit-needs-sheet")).to_have_text(
        "There is no team sheet yet: enter it above, then record the games, before submitting the result.")
    submit.click(force=True)  # a disabled button sends nothing, however hard it is pressed
    expect(secretary_page.get_by_role("button", name="Yes: submit it")).to_have_count(0)
    assert not MatchNight.objects.filter(fixture=no_sheet, status=MatchNight.Status.SUBMITTED).exists()


def test_submit_is_offered_once_the_team_sheet_is_in(secretary_page: Any, night: Night) -> None:
    secretary_page.goto(f"/fixtures/{night.fixture.pk}/night")
    expect(secretary_page.get_by_role("button", name="Submit the result…")).to_be_enabled()
    expect(secretary_page.locator("#submit-needs-sheet")).to_have_count(0)


def test_a_card_score_below_0_is_refused_by_the_browser(secretary_page: Any, night: Night) -> None:
    secretary_page.goto(f"/fixtures/{night.fixture.pk}/night")
    box = secretary_page.locator('input[name="card3-home_score"]')
    box.fill("-5")
    secretary_page.locator('input[name="card3-away_score"]').fill("61")
    secretary_page.get_by_role("button", name="Record rubber 3, game 1").click()
    assert box.evaluate("box => box.validity.rangeUnderflow") is True
    expect(secretary_page.get_by_text("is recorded")).to_have_count(0)
    assert not RubberGame.objects.exists()
