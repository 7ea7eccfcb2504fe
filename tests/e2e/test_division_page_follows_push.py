"""A division's page left open (a phone at the bar on results night) shows
its table once it is rebuilt, told by the push stream, without a reload;
and, with the push process (Redis) or `make run`'s streams without Redis,
the same."""
from typing import Any

from playwright.sync_api import expect

from league.services.standings import division_standings_rebuild
from nights import a_night

PHONE = {"width": 390, "height": 844}


def test_a_division_page_left_open_shows_its_table_once_rebuilt(
        chromium: Any, live_server: Any, transactional_db: None, streams: Any) -> None:
    night = a_night("plain")
    division = night.fixture.division
    phone = chromium.new_context(base_url=live_server.url, viewport=PHONE)
    phone.set_default_timeout(10_000)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"/divisions/{division.pk}/")
    expect(page.locator("#division")).to_have_attribute("data-following", "push")
    expect(page.locator("#division-table")).to_have_count(0)
    page.evaluate("window.sameLoad = true")  # gone if the page were reloaded

    division_standings_rebuild(division_id=division.pk)

    table = page.locator("#division-table")
    expect(table).to_be_visible()
    expect(table).to_contain_text(night.fixture.home_team.name)
    expect(page.locator("#division-announce")).to_have_text("The table has been updated.")
    assert page.evaluate("window.sameLoad") is True
    assert errors == []
    phone.close()
