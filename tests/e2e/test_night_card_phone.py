"""The captain's card keyed on a phone (390 by 844): each score is checked
as it is typed, with the words beside the game; sent all the same, the
server refuses it there and saves nothing; the card fits the screen's
width, and saving it records every rubber's game."""
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from browsers import logged_in_context
from league.models import RubberGame
from nights import Night, a_night

PHONE = {"width": 390, "height": 844}
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4


@pytest.fixture
def night(transactional_db: None) -> Night:
    return a_night("plain")


@pytest.fixture
def phone(chromium: Any, live_server: Any, night: Night) -> Iterator[Any]:
    context = logged_in_context(chromium, live_server, night.secretary, viewport=PHONE)
    yield context.new_page()
    context.close()


def test_a_whole_card_is_keyed_on_a_phone_each_score_checked_as_it_is_typed(
    phone: Any, night: Night, screenshots: Path,
) -> None:
    phone.goto(f"/fixtures/{night.fixture.pk}/night")
    with phone.expect_navigation(wait_until="load"):  # the card's script listening before anything is typed
        phone.get_by_role("link", name="Key the whole card on one form").click()
    expect(phone.get_by_role("heading", name="Key the card")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0

    home, away = phone.locator('input[name="r1_g1_home"]'), phone.locator('input[name="r1_g1_away"]')
    home.fill("64")
    away.fill("40")
    said = phone.locator("#r1_g1-check")
    expect(said).to_have_text("Check this score: 64-40: a game to 61 is won on exactly 61.")
    expect(home).to_have_attribute("aria-invalid", "true")
    said.scroll_into_view_if_needed()
    phone.screenshot(path=screenshots / "card-phone.png")

    # The check is a help: the card is sent all the same, and the server
    # refuses it beside the same game, keeps what was typed, saves nothing.
    phone.locator('input[name="r2_g1_home"]').fill("61")
    phone.locator('input[name="r2_g1_away"]').fill("20")
    phone.get_by_role("button", name="Save the card").click()
    expect(phone.locator("#r1_g1-check")).to_have_text("64-40: a game to 61 is won on exactly 61")
    expect(phone.locator('input[name="r1_g1_home"]')).to_be_focused()
    expect(phone.locator('input[name="r2_g1_away"]')).to_have_value("20")
    assert not RubberGame.objects.exists()

    home.fill("61")
    expect(said).to_have_text("")

    for number, (home_score, away_score) in enumerate(FIVE_FOUR, start=1):
        phone.locator(f'input[name="r{number}_g1_home"]').fill(str(home_score))
        phone.locator(f'input[name="r{number}_g1_away"]').fill(str(away_score))
    phone.get_by_role("button", name="Save the card").click()

    expect(phone.get_by_text("The card is saved: 9 games recorded.")).to_be_visible()
    recorded = RubberGame.objects.filter(rubber__night__fixture=night.fixture).order_by("rubber__number")
    assert [(g.home_score, g.away_score) for g in recorded] == FIVE_FOUR
