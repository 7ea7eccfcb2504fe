"""Someone who may not score a game and opens its pad (not logged in, or
logged in without the right) is told so before the first tap, and is
offered no control that writes: the server decides, with the same check
the writes meet."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from playwright.sync_api import expect

from browsers import logged_in_context
from league.services.games import game_create
from league.services.match_games import rubber_game_start
from nights import a_night
from pad_page import Pad

FOLLOWING = "You are following this game; only its scorers can record moves: ask the home captain (Red Lion A)"


@pytest.fixture
def live_rubber(transactional_db: None) -> Any:
    night = a_night("plain")
    started = rubber_game_start(fixture_id=night.fixture.pk, rubber=2, user=night.scorer)
    return night, started.game_id


def assert_read_only(page: Any) -> None:
    expect(page.locator(".side-score").first).to_have_text("0")  # the game is shown, live
    expect(page.locator("#turn")).to_contain_text("Hand 1")
    assert page.locator("button").count() == 0  # not a tile, not an action: nothing to tap
    assert page.locator("#tiles, #knock, #undo, #record").count() == 0


def test_a_visitor_not_logged_in_is_told_before_any_tap_and_shown_how_to_log_in(spectator: Any, live_rubber: Any) -> None:
    _, game_id = live_rubber
    page = spectator.new_page()
    page.goto(f"/games/{game_id}/pad")
    notice = page.locator("#read-only")
    expect(notice).to_contain_text(FOLLOWING)
    login = notice.get_by_role("link", name="Log in")
    assert login.get_attribute("href") == f"/accounts/login/?next=/games/{game_id}/pad"
    assert_read_only(page)


def test_someone_logged_in_without_the_right_follows_the_game_and_cannot_write(chromium: Any, live_server: Any,
                                                                                live_rubber: Any) -> None:
    _, game_id = live_rubber
    regular = get_user_model().objects.create_user("regular")
    context = logged_in_context(chromium, live_server, regular, viewport={"width": 800, "height": 1280})
    page = context.new_page()
    page.goto(f"/games/{game_id}/pad")
    expect(page.locator("#read-only")).to_contain_text(FOLLOWING)
    expect(page.locator("#read-only")).not_to_contain_text("Log in")
    assert_read_only(page)
    context.close()


def test_a_game_outside_a_match_names_who_can_make_a_scorer(spectator: Any, transactional_db: None) -> None:
    owner = get_user_model().objects.create_user("owner")
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=owner)
    page = spectator.new_page()
    page.goto(f"/games/{game.pk}/pad")
    expect(page.locator("#read-only")).to_contain_text("ask whoever started it to name you as a scorer")
    assert_read_only(page)


def test_the_home_teams_scorer_gets_the_pad_to_score_with(chromium: Any, live_server: Any, live_rubber: Any) -> None:
    night, game_id = live_rubber
    context = logged_in_context(chromium, live_server, night.scorer, viewport={"width": 800, "height": 1280})
    pad = Pad(context.new_page()).open(game_id)
    assert pad.page.locator("#read-only").count() == 0
    expect(pad.page.locator("#tiles button")).to_have_count(28)
    expect(pad.page.locator("#knock")).to_be_enabled()
    context.close()
