"""Submitting a night not yet finished: the page says what is not done,
rubber by rubber, and offers no "Yes: submit it" for a result the
service would refuse."""
import pytest
from forms import browser, post, text
from matchnights import Night, a_match_night, sheet_entered
from test_night_pages import FIVE_FOUR, PLAIN, cards, status, url

from league.services.match_games import rubber_game_start


@pytest.fixture
def sheet(db: None) -> Night:
    night = a_match_night("plain")
    sheet_entered(night, PLAIN)
    return night


def test_submitting_a_night_with_rubbers_undecided_says_what_is_not_done_and_asks_nothing(sheet: Night) -> None:
    cards(sheet, FIVE_FOUR[:6])
    rubber_game_start(fixture_id=sheet.fixture.pk, rubber=7, user=sheet.home_scorer)
    response = post(browser(sheet.home_captain), url(sheet, "/submit"), {"step": "review"})
    html = text(response)
    assert response.status_code == 200
    assert "Rubber 7: game 1 is still being played." in html
    assert "Rubber 8 is not decided." in html and "Rubber 9 is not decided." in html
    assert "Yes: submit it" not in html
    assert status(sheet) == "open"


def test_a_finished_night_is_still_asked_about_before_it_is_submitted(sheet: Night) -> None:
    cards(sheet, FIVE_FOUR)
    html = text(post(browser(sheet.home_captain), url(sheet, "/submit"), {"step": "review"}))
    assert "Yes: submit it" in html and "not decided" not in html
    assert status(sheet) == "open"
