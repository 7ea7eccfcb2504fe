"""The way back and on from a game of a match night: the pad and the
game's scoreboard link to the night, and once the game is won the pad
offers the night's next rubber to score, one tap from its own pad."""
from typing import Any

from playwright.sync_api import expect

from browsers import logged_in_context
from league.models import Game
from league.services.match_games import rubber_game_card, rubber_game_start
from nights import a_night, played_to_the_last_move
from pad_page import Pad


def test_winning_a_rubber_on_the_pad_offers_the_next_rubber_and_starts_it(chromium: Any, live_server: Any,
                                                                           transactional_db: None) -> None:
    night = a_night("plain")
    fixture = night.fixture.pk
    for rubber in (1, 2, 3):
        rubber_game_card(fixture_id=fixture, rubber=rubber, home_score=61, away_score=40, user=night.scorer)
    game = Game.objects.get(pk=rubber_game_start(fixture_id=fixture, rubber=4, user=night.scorer).game_id)
    last, event = played_to_the_last_move(game, night.scorer)

    context = logged_in_context(chromium, live_server, night.scorer, viewport={"width": 800, "height": 1280})
    pad = Pad(context.new_page()).open(game.pk)
    back = pad.page.locator(".night-link")
    expect(back).to_have_text("Match night: Red Lion A v Crown & Anchor B, rubber 4")
    assert back.get_attribute("href") == f"/fixtures/{fixture}/night#rubber-4"
    expect(pad.page.locator("#next")).to_be_hidden()

    pad.play(last["tile"], last["peg"], ends=event["ends"])
    pad.settled()
    offer = pad.page.locator("#next")
    expect(offer).to_contain_text(f"Next: rubber 5, {night.home[4].name} v {night.away[4].name} → score it")
    offer.get_by_role("button", name="score it").click()

    expect(pad.page.locator("h1")).to_have_text("Red Lion A v Crown & Anchor B, rubber 5")
    pad.settled()
    expect(pad.page.locator(".night-link")).to_have_text("Match night: Red Lion A v Crown & Anchor B, rubber 5")
    started = Game.objects.exclude(pk=game.pk).get(match_night__fixture_id=fixture)
    assert pad.page.url.endswith(f"/games/{started.pk}/pad")
    context.close()


def test_the_scoreboard_of_a_rubber_links_back_to_its_match_night(spectator: Any, transactional_db: None) -> None:
    night = a_night("plain")
    started = rubber_game_start(fixture_id=night.fixture.pk, rubber=7, user=night.scorer)
    page = spectator.new_page()
    page.goto(f"/games/{started.game_id}/board")
    back = page.locator(".night-link")
    expect(back).to_have_text("Match night: Red Lion A v Crown & Anchor B, rubber 7")
    back.click()
    expect(page.locator("#rubber-7")).to_contain_text("In play")
