"""The pub's TV follows a game over the push stream, falls back to polling
when the push process dies, and takes the stream again when it is back,
showing every move once, in order, and never an older one after a newer."""
import random
import re
from typing import Any

from playwright.sync_api import expect
from push_process import PushProcess

from league.models import Game
from league.services.games import game_create
from league.services.live import live_publish_pending
from league.services.moves import move_record
from pad_page import Pad
from scoring.simulate import random_game

TV = {"width": 1920, "height": 1080}
# The first moves of a game as a real table plays it.
MOVES = random_game(random.Random(5), {"preset": "pub"}, seats=2, partners=False)["hands"][0]["moves"][:4]
# Each time the board draws a state, its seq, as the page saw it.
RECORD_SEQS = """() => {
  window.drawn = [];
  const board = document.getElementById("board");
  new MutationObserver(() => window.drawn.push(Number(board.dataset.seq)))
    .observe(board, { attributes: true, attributeFilter: ["data-seq"] });
}"""


def test_the_tv_board_follows_over_push_falls_back_to_polling_and_back(
        chromium: Any, live_server: Any, scorer: Any, push: PushProcess) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    assert len(MOVES) == 4
    tv = chromium.new_context(base_url=live_server.url, viewport=TV)
    tv.set_default_timeout(10_000)
    board = tv.new_page()
    polls: list[str] = []
    failed: list[str] = []  # the test server's SQLite may refuse a read while a move is written
    board.on("request", lambda request: polls.append(request.url) if request.url.endswith("/live") else None)
    board.on("response", lambda response: failed.append(response.url) if response.status >= 500 else None)
    board.goto(f"/games/{game.pk}/board")
    expect(board.locator("#board")).to_have_attribute("data-following", "push")
    expect(board.locator("#board")).to_have_attribute("data-seq", "0")
    board.evaluate(RECORD_SEQS)

    def play(number: int) -> None:
        move_record(game_id=game.pk, move=MOVES[number], user=scorer)
        assert live_publish_pending() == 1  # what a worker does on the move's kick
        expect(board.locator("#board")).to_have_attribute("data-seq", str(number + 1))
        scores = Game.objects.get(pk=game.pk).scores
        expect(board.locator(".side-score")).to_have_text([str(score) for score in scores])

    polls.clear()
    failed.clear()
    play(0)
    # No polling while the stream answers: at most a fetch the server failed is tried again.
    assert len(polls) <= len(failed), "the board polled while the push stream answered"
    expect(board.locator("#last")).to_have_text(re.compile(r"^(Ann|Bob) played "))

    push.stop()
    expect(board.locator("#board")).to_have_attribute("data-following", "poll")
    play(1)
    expect(board.locator("#connection")).to_have_text(re.compile(r"^Live: updated"))  # nothing alarming
    play(2)

    push.start()
    expect(board.locator("#board")).to_have_attribute("data-following", "push", timeout=15_000)
    play(3)
    assert board.evaluate("window.drawn") == [1, 2, 3, 4]
    tv.close()


def test_a_second_tablet_follows_the_game_over_push_falls_back_to_polling_and_back(
        tablet: Any, scorer: Any, push: PushProcess) -> None:
    """The other scorer's moves (recorded here as the first tablet's would
    be) reach a second tablet's pad over the stream, with no polling of the
    live state while it answers; by polling while the push process is down;
    and over the stream again once it is back."""
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    page = tablet.new_page()
    polls: list[str] = []
    page.on("request", lambda request: polls.append(request.url) if request.url.endswith("/live") else None)
    pad = Pad(page).open(game.pk)
    root = page.locator("#pad")
    expect(root).to_have_attribute("data-following", "push")

    def played_elsewhere(number: int) -> None:
        move_record(game_id=game.pk, move=MOVES[number], user=scorer)
        assert live_publish_pending() == 1
        expect(root).to_have_attribute("data-seq", str(number + 1))
        expect(page.locator("#moves li")).to_have_count(number + 1)

    polls.clear()
    played_elsewhere(0)
    played_elsewhere(1)
    assert polls == [], "the pad polled the live state while the push stream answered"

    push.stop()
    expect(root).to_have_attribute("data-following", "poll")
    played_elsewhere(2)
    assert polls, "the pad did not fall back to polling"

    push.start()
    expect(root).to_have_attribute("data-following", "push", timeout=15_000)
    played_elsewhere(3)
    pad.settled()
