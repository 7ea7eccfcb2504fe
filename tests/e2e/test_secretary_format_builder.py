"""The format builder in a real browser, on a phone: a secretary starts
from the Guisborough preset, removes a rubber and makes the first best of
three, has the pairs drawn at random at the table, saves it; builds a
points scheme with a losing bonus; and picks both for a division on its
settings page. Everything by plain buttons: the page needs no script."""
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from browsers import logged_in_context
from league.models import Division, League, Season, StoredFormat

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def division(transactional_db: None) -> Division:
    league = League.objects.create(name="Guisborough & District", slug="guisborough")
    league.secretaries.add(get_user_model().objects.create_user("secretary"))
    today = timezone.localdate()
    season = Season.objects.create(league=league, name="Winter 2026-27", start=today + timedelta(days=14),
                                   registration_deadline=today + timedelta(days=7))
    return Division.objects.create(season=season, name="Cup")


@pytest.fixture
def secretary_browser(chromium: Any, live_server: Any, division: Division) -> Iterator[Any]:
    league = division.season.league
    context = logged_in_context(chromium, live_server, league.secretaries.get(), viewport=PHONE)
    yield context
    context.close()


def test_a_secretary_builds_a_drawn_pairs_format_and_a_losing_bonus_and_picks_them_for_a_division(
    screenshots: Path, secretary_browser: Any, division: Division,
) -> None:
    league = division.season.league
    page = secretary_browser.new_page()
    page.goto(f"/secretary/leagues/{league.pk}/formats/")
    page.get_by_label("Start from").first.select_option(label="Guisborough")
    page.get_by_role("button", name="Build a match format").click()

    rows = page.locator("tr.rubber")
    expect(rows).to_have_count(3)
    page.get_by_label("Name", exact=True).fill("Cup nights")
    page.get_by_label("Short name").fill("cup-nights")
    page.get_by_role("button", name="Remove rubber 3").click()
    expect(rows).to_have_count(2)
    expect(page.get_by_label("Name", exact=True)).to_have_value("Cup nights")  # what was typed survives
    page.get_by_label("Rubber 1: best of how many games").fill("3")
    page.get_by_label("Rubber 1: target").select_option("121")
    page.get_by_label("Drawn at random by the captains at the table").check()
    page.get_by_label("Fewest players a team must field").fill("4")
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, "the builder scrolls sideways"
    page.screenshot(path=screenshots / "format-builder-phone.png", full_page=True)
    # A full-page picture leaves the page scrolled where Chromium's next click misses: start from the top.
    page.evaluate("window.scrollTo(0, 0)")
    page.get_by_role("button", name="Save the format").click()
    expect(page.get_by_role("status")).to_contain_text("own:cup-nights, version 1")
    data = StoredFormat.objects.get(slug="cup-nights").versions.get().data
    assert (data["pairs"], data["min_players"], [r["best_of"] for r in data["rubbers"]]) == ("drawn", 4, [3, 1])
    assert data["rubbers"][0]["rules"] == {"target": 121}

    page.goto(f"/secretary/leagues/{league.pk}/formats/")
    page.get_by_role("button", name="Build a points scheme").click()
    page.get_by_label("Name", exact=True).fill("Close games count")
    page.get_by_label("Short name").fill("close")
    page.get_by_label("Points for a win").fill("3")
    page.get_by_label("Points for a draw").fill("1")
    page.get_by_label("Losing bonus: points").fill("1")
    page.get_by_label("Losing bonus: for losing by at most this many games").fill("1")
    page.get_by_role("button", name="Save the scheme").click()
    expect(page.get_by_role("status")).to_contain_text("own:close, version 1")

    page.goto(f"/secretary/divisions/{division.pk}/settings")
    page.get_by_label("Match format").select_option(label="Cup nights (own)")
    page.get_by_label("Points scheme").select_option(label="Close games count (own)")
    page.get_by_role("button", name="Check the changes").click()
    expect(page.get_by_role("row", name="Match format")).to_contain_text("own:cup-nights")
    page.get_by_role("button", name="Save these settings").click()
    expect(page.get_by_role("status")).to_contain_text("The settings are saved.")
    division.refresh_from_db()
    assert (division.match_format, division.points_scheme) == ("own:cup-nights", "own:close")

    page.goto(f"/secretary/leagues/{league.pk}/formats/")
    expect(page.get_by_role("row", name="Cup nights")).to_contain_text("Winter 2026-27: Cup")
