"""The match night and the cup finals night on the pub's TV follow their
night over the push stream: a game recorded from the card shows without
the page polling for it. Both with the push process (Redis) and with
`make run`'s streams without Redis, fed in memory by the same process."""
from typing import Any

import pytest
from playwright.sync_api import expect
from rest_framework.test import APIClient

from cup_nights import a_finals_night, a_league_with_teams
from league.services.match_games import rubber_game_card
from nights import a_night

TV = {"width": 1920, "height": 1080}


@pytest.fixture(params=["push process", "without Redis"])
def streams(request: pytest.FixtureRequest) -> Any:
    """The push process with Redis, or `make run`'s streams fed in memory by this process."""
    return request.getfixturevalue("push" if request.param == "push process" else "push_in_process")


def test_the_night_on_the_tv_shows_a_card_result_told_by_the_push_stream(
        chromium: Any, live_server: Any, transactional_db: None, streams: Any) -> None:
    night = a_night("plain")
    tv = chromium.new_context(base_url=live_server.url, viewport=TV)
    tv.set_default_timeout(10_000)
    page = tv.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/live" in request.url else None)
    page.goto(f"/fixtures/{night.fixture.pk}/night")
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    expect(page.locator("#rubber-3")).to_contain_text("none yet")
    page.evaluate("window.sameLoad = true")  # gone if the page were reloaded

    tablet = APIClient()
    tablet.force_authenticate(night.scorer)
    before = len(fetched)
    response = tablet.post(f"/api/fixtures/{night.fixture.pk}/night/rubbers/3/games",
                           {"home_score": 61, "away_score": 40}, format="json")
    assert response.status_code == 201, response.json()

    expect(page.locator("#rubber-3")).to_contain_text("61–40")
    assert page.evaluate("window.sameLoad") is True
    assert len(fetched) > before  # the fragment, fetched when the stream told of the change
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    tv.close()


def test_the_finals_night_on_the_tv_shows_a_card_result_told_by_the_push_stream(
        chromium: Any, live_server: Any, transactional_db: None, streams: Any) -> None:
    """The finals night's page follows its league's cup pages' stream."""
    made = a_league_with_teams(6, match_format="plain")
    competition, fixtures = a_finals_night(made)
    tv = chromium.new_context(base_url=live_server.url, viewport=TV)
    tv.set_default_timeout(10_000)
    page = tv.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if "/live" in request.url else None)
    page.goto(f"/cups/{competition.pk}/finals")
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    expect(page.locator(f"#match-{fixtures[2].pk} .match-score")).to_have_text("0–0")
    page.evaluate("window.sameLoad = true")  # gone if the page were reloaded

    before = len(fetched)
    rubber_game_card(fixture_id=fixtures[2].pk, rubber=1, home_score=61, away_score=33, user=made.secretary)

    expect(page.locator(f"#match-{fixtures[2].pk}-rubber-1")).to_contain_text("61–33")
    assert page.evaluate("window.sameLoad") is True
    assert len(fetched) > before  # the fragment, fetched when the stream told of the change
    expect(page.locator("#night-live")).to_have_attribute("data-following", "push")
    tv.close()
