"""Where the pad leads after a won game of a match night: the rubber to
score next, in the order a night is played, or back to the night."""
from typing import Any

import pytest
from django.test import Client
from matchnights import a_match_night, play_live, sheet_entered
from tablets import tablet_for

from league.selectors.pad_links import next_rubber
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.results import match_submit


def rubbers(*states: str, best_of: int = 1) -> list[dict[str, Any]]:
    """A night's rubbers by state: "won" (finished), "live" (a game being
    scored), "1-0" (a best of three part played) or "new" (no game yet)."""
    made = []
    for number, state in enumerate(states, 1):
        games = {"won": [{"number": 1, "game": None, "playing": False}],
                 "1-0": [{"number": 1, "game": None, "playing": False}],
                 "live": [{"number": 1, "game": 100 + number, "playing": True}], "new": []}[state]
        made.append({"number": number, "best_of": best_of, "games": games, "winner": "home" if state == "won" else None,
                     "home": [{"id": number, "name": f"Home {number}"}], "away": [{"id": 50 + number, "name": f"Away {number}"}]})
    return made


@pytest.mark.parametrize(("night", "after", "number", "game", "live"), [
    (rubbers("won", "won", "new", "new"), 2, 3, 1, None),  # the one after
    (rubbers("won", "won", "won", "live"), 3, 4, 1, 104),  # already being scored on another tablet
    (rubbers("new", "won", "won", "won"), 4, 1, 1, None),  # one left behind, earlier in the night
    (rubbers("won", "won", "new", "won"), 4, 3, 1, None),
    (rubbers("won", "1-0", "new", best_of=3), 2, 2, 2, None),  # a best of three goes on to its next game
])
def test_the_next_rubber_is_the_first_unfinished_one_in_the_nights_order(night: Any, after: int, number: int,
                                                                         game: int, live: Any) -> None:
    found = next_rubber(night, after=after)
    assert found is not None
    assert (found.number, found.game, found.live_game) == (number, game, live)
    assert found.players == f"Home {number} v Away {number}"


def test_after_the_last_rubber_there_is_none_to_score() -> None:
    assert next_rubber(rubbers("won", "won", "won"), after=3) is None


def test_a_rubber_before_the_team_sheet_names_no_players() -> None:
    night = rubbers("won", "new")
    night[1]["home"], night[1]["away"] = [], []
    found = next_rubber(night, after=1)
    assert found is not None and found.players == ""


@pytest.mark.slow  # whole games played move by move through the API, a second or more: make test-fast leaves it out
def test_after_the_nights_last_rubber_is_won_the_pad_leads_back_to_the_night(db: None) -> None:
    night = a_match_night("plain")
    fixture = night.fixture.pk
    sheet_entered(night, ["singles"] * 9)
    for rubber in range(1, 9):
        rubber_game_card(fixture_id=fixture, rubber=rubber, home_score=61, away_score=40, user=night.home_scorer)
    started = rubber_game_start(fixture_id=fixture, rubber=9, user=night.home_scorer)
    tablet = tablet_for(night.home_scorer)
    play_live(tablet, tablet.get(f"/api/games/{started.game_id}").json(), seed=5)
    client = Client()
    client.force_login(night.home_scorer)
    page = client.get(f"/games/{started.game_id}/pad/next").content.decode()
    assert "Every rubber of the night is finished" in page
    assert f'href="/fixtures/{fixture}/night"' in page
    assert "Next:" not in page


@pytest.mark.slow  # whole games played move by move through the API, a second or more: make test-fast leaves it out
def test_once_the_result_is_submitted_its_scorer_follows_the_games_on_the_pad(db: None) -> None:
    night = a_match_night("plain")
    fixture = night.fixture.pk
    sheet_entered(night, ["singles"] * 9)
    started = rubber_game_start(fixture_id=fixture, rubber=1, user=night.home_scorer)
    tablet = tablet_for(night.home_scorer)
    play_live(tablet, tablet.get(f"/api/games/{started.game_id}").json(), seed=5)
    for rubber in range(2, 10):
        rubber_game_card(fixture_id=fixture, rubber=rubber, home_score=61, away_score=40, user=night.home_scorer)
    match_submit(fixture_id=fixture, user=night.home_captain)
    client = Client()
    client.force_login(night.home_scorer)
    page = client.get(f"/games/{started.game_id}/pad").content.decode()
    assert "You are following this game: this match&#x27;s result is submitted" in page
    assert "js/pad.js" not in page
