"""The secretary's new cup form in a browser: it shows only the settings
that apply to who enters. A singles cup is not offered two legs or a
deciding match, a team cup no handicap, and only a pairs cup asks whether
both players come from one team. The server refuses them all the same
(tests/league/test_cup_settings.py); this is the form a secretary sees."""
from typing import Any

import pytest
from playwright.sync_api import expect

from browsers import logged_in_context
from cup_nights import a_league_with_teams
from league.models import Competition


@pytest.fixture
def page(chromium: Any, live_server: Any) -> Any:
    made = a_league_with_teams(4)
    context = logged_in_context(chromium, live_server, made.secretary, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto("/secretary/")
    page.get_by_role("link", name=f"Add a cup to {made.season.name}").click()
    yield page
    context.close()


@pytest.mark.parametrize(("kind", "shown", "hidden"), [
    ("Teams", ["Legs (team cups)", "Still level (team cups)"], ["Handicap cup", "Both players from one team"]),
    ("Players (singles)", ["Handicap cup"], ["Legs (team cups)", "Still level (team cups)",
                                             "Both players from one team"]),
    ("Pairs", ["Handicap cup", "Both players from one team"], ["Legs (team cups)", "Still level (team cups)"]),
])
def test_the_new_cup_form_offers_only_the_settings_of_who_enters(
        page: Any, transactional_db: None, kind: str, shown: list[str], hidden: list[str]) -> None:
    page.get_by_label("Who enters").select_option(label=kind)
    for label in shown:
        expect(page.locator(".field", has_text=label).first).to_be_visible()
    for label in hidden:
        expect(page.locator(".field", has_text=label).first).to_be_hidden()


def test_a_pairs_cup_of_one_team_is_created_from_the_form(page: Any, transactional_db: None) -> None:
    page.get_by_label("Name", exact=True).fill("Captain and Secretary")
    page.get_by_label("Who enters").select_option(label="Pairs")
    page.get_by_label("Both players from one team").check()
    page.get_by_role("button", name="Create the cup").click()
    expect(page.locator(".messages")).to_contain_text("Captain and Secretary is set up")
    cup = Competition.objects.get(name="Captain and Secretary")
    assert (cup.kind, cup.pairs_one_team, cup.legs) == (Competition.Kind.PAIRS, True, 1)
