"""The pad with no connection: moves wait in the browser, survive a reload,
and reach the server once each when the connection returns; a move someone
else made first is shown, not lost."""
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect
from rest_framework.test import APIClient

from browsers import TABLET_PORTRAIT, logged_in_context
from league.models import GameEntry
from league.services.games import game_create
from offline import (
    engine_ready,
    enter_offline,
    go_offline,
    go_online,
    kept_unchecked,
    no_engine,
    offline_ready,
    without_engine,
)
from pad_page import Pad

RULES = {"preset": "pub", "hand_size": 3}
# Bob puts 0-6 down (0 at the left), Ann plays 0-3 on the 0, Bob knocks,
# Ann plays 5-6 on the 6, Bob knocks.
MOVES = [
    {"seat": 1, "tile": "0-6", "peg": 2},
    {"seat": 0, "tile": "0-3", "end": "left", "peg": 3},
    {"seat": 1, "knock": True},
    {"seat": 0, "tile": "5-6", "end": "right", "peg": 0},
    {"seat": 1, "knock": True},
]


def test_moves_made_offline_survive_a_reload_and_reach_the_server_once_each(tablet: Any, scorer: Any) -> None:
    without_engine(tablet)  # the pad as it is without the engine: the server judges each move
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    no_engine(pad)
    kept_unchecked(pad)

    go_offline(tablet, pad)
    for move in MOVES:
        enter_offline(pad, move)
    expect(pad.page.locator("#queue li")).to_have_count(5)
    expect(pad.page.locator("#connection")).to_contain_text("No connection: 5 waiting")

    assert pad.page.reload().from_service_worker  # the network is not there to answer
    expect(pad.page.locator("#queue li.queued")).to_have_count(5)
    expect(pad.page.locator("#queue")).to_contain_text("Ann plays 5-6 on the right, pegs 0")
    kept = pad.page.evaluate(f"JSON.parse(localStorage.getItem('pad:{game.pk}:outbox')).map((item) => item.key)")
    assert len(set(kept)) == 5  # each move kept across the reload with its own key
    # Now and then one request still reaches the server while the browser
    # goes offline, its answer lost on the way back: the pad holds that move
    # as unanswered, as after any lost answer, and its resend with the same
    # key is answered without being recorded again.
    assert GameEntry.objects.filter(game=game).count() <= 1

    go_online(tablet)
    pad.settled()
    expect(pad.page.locator("#waiting")).to_be_hidden()
    rows = list(GameEntry.objects.filter(game=game).order_by("seq"))
    assert [row.payload for row in rows] == MOVES  # each move once, in order
    assert [row.idempotency_key for row in rows] == kept  # sent with the keys made offline
    expect(pad.page.locator(".side-score")).to_have_text(["3", "2"])


def test_a_queued_move_someone_else_beat_is_shown_with_the_servers_state(tablet: Any, scorer: Any) -> None:
    without_engine(tablet)  # the pad as it is without the engine: the server judges each move
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    no_engine(pad)
    kept_unchecked(pad)
    go_offline(tablet, pad)
    enter_offline(pad, MOVES[0])

    other_tablet = APIClient()
    other_tablet.force_authenticate(scorer)
    other_tablet.post(f"/api/games/{game.pk}/moves", {"seat": 0, "tile": "6-6", "peg": 4}, format="json")

    go_online(tablet)
    alert = pad.page.locator("#alerts .alert.error")
    expect(alert).to_contain_text("Another tablet recorded Ann's 6-6 first; here is the game now.")
    expect(alert).not_to_contain_text("seq")
    refused = pad.page.locator("#queue li.refused")
    expect(refused).to_contain_text("Bob plays 0-6, pegs 2")
    expect(refused).to_contain_text("not recorded")
    expect(pad.page.locator(".side-score")).to_have_text(["4", "0"])
    assert GameEntry.objects.filter(game=game).count() == 1

    refused.locator('button[data-do="delete"]').click()  # the other tablet has the game right
    expect(pad.page.locator("#waiting")).to_be_hidden()
    assert GameEntry.objects.filter(game=game).count() == 1


def test_a_queued_move_the_rules_refuse_is_shown_with_the_engines_message(tablet: Any, scorer: Any) -> None:
    without_engine(tablet)  # the pad as it is without the engine: the server judges each move
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    no_engine(pad)
    kept_unchecked(pad)
    go_offline(tablet, pad)
    enter_offline(pad, {"seat": 0, "tile": "3-6", "peg": 3})
    enter_offline(pad, {"seat": 1, "tile": "3-4", "end": "right", "peg": 0})  # 3-6 lies 3 left, 6 right

    go_online(tablet)
    refused = pad.page.locator("#queue li.refused")
    expect(refused).to_contain_text("Bob plays 3-4 on the right, pegs 0: the rules do not allow it. "
                                    "Hand 1, move 2 (Bob): 3-4 does not fit the right end (6)")
    expect(pad.page.locator(".side-score")).to_have_text(["3", "0"])
    assert [row.payload for row in GameEntry.objects.filter(game=game)] == [{"seat": 0, "tile": "3-6", "peg": 3}]


@pytest.fixture
def tablet_without_worker(chromium: Any, live_server: Any, scorer: Any) -> Iterator[Any]:
    """The scorer's tablet with no service worker: the browser sends a page's
    requests through a worker past the test's routes, so a test that stands
    between the pad and the server keeps the worker out of the way."""
    context = logged_in_context(chromium, live_server, scorer, viewport=TABLET_PORTRAIT,
                                service_workers="block")
    yield context
    context.close()


def test_a_move_whose_answer_was_lost_is_sent_again_and_recorded_once(tablet_without_worker: Any,
                                                                      scorer: Any) -> None:
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet_without_worker.new_page()).open(game.pk)
    keys_sent: list[str] = []
    answers_reach_the_tablet = False

    def lose_answers_until_allowed(route: Any) -> None:
        keys_sent.append(route.request.headers["idempotency-key"])
        if answers_reach_the_tablet:
            route.continue_()
            return
        route.fetch()  # the server answers the move...
        route.abort()  # ...and the answer never reaches the tablet

    pad.page.route("**/api/games/*/moves", lose_answers_until_allowed)
    pad.choose_seat("Ann")
    pad.play("3-6", peg=3)
    # Every answer lost so far: the pad keeps the move as waiting and tries again.
    expect(pad.page.locator("#connection")).to_contain_text("No connection: 1 waiting")
    answers_reach_the_tablet = True
    pad.settled()  # sent again within seconds
    assert len(keys_sent) >= 2 and set(keys_sent) == {keys_sent[0]}  # one key: answered, never recorded again
    expect(pad.page.locator("#alerts")).to_contain_text("Recorded: Ann played 3-6")
    expect(pad.page.locator("#alerts .alert.error")).to_have_count(0)
    rows = list(GameEntry.objects.filter(game=game))
    assert [(row.payload, row.idempotency_key) for row in rows] == [({"seat": 0, "tile": "3-6", "peg": 3}, keys_sent[0])]
    expect(pad.page.locator(".side-score")).to_have_text(["3", "0"])


def test_with_the_engine_in_the_browser_moves_made_offline_are_scored_and_checked_as_online(tablet: Any, scorer: Any) -> None:
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    offline_ready(pad)
    engine_ready(pad)
    go_offline(tablet, pad)

    pad.choose_seat("Ann")  # who puts the down
    # Each play three taps, as online: tile, peg, record. The engine says
    # whose turn it is and what each tile scores after the moves waiting.
    for tile, worth, turn in [("0-2", 0, "Bob to play"), ("2-3", 1, "Ann to play")]:
        pad.tap_tile(tile)
        expect(pad.page.locator("#step .peg .hint")).to_have_text(f"Rules give {worth}. Enter what the player pegged.")
        pad.type_peg(worth)
        pad.record()
        expect(pad.page.locator("#turn")).to_have_text(turn)
    expect(pad.page.locator("#ends")).to_contain_text("3")
    # Ann's 0-6 makes 6 and 3: 9, worth 3. A peg of 2 is checked before it is kept.
    pad.tap_tile("0-6")
    pad.type_peg(2)
    pad.record()
    expect(pad.page.locator("#peg-warning")).to_contain_text("Rules give 3; you pegged 2.")
    pad.page.locator("#peg-warning button", has_text="Change the peg").click()
    pad.type_peg(3)
    pad.record()
    expect(pad.page.locator("#queue li.queued")).to_have_count(3)
    expect(pad.page.locator(".side-score")).to_have_text(["3", "1"])  # drawn from the engine's table

    go_online(tablet)
    pad.settled()
    expect(pad.page.locator("#waiting")).to_be_hidden()
    assert [row.payload for row in GameEntry.objects.filter(game=game).order_by("seq")] == [
        {"seat": 0, "tile": "0-2", "peg": 0}, {"seat": 1, "tile": "2-3", "peg": 1}, {"seat": 0, "tile": "0-6", "peg": 3},
    ]
    expect(pad.page.locator("#alerts")).not_to_contain_text("the pad showed")
    expect(pad.page.locator(".side-score")).to_have_text(["3", "1"])


def test_a_move_the_server_scores_otherwise_than_the_pad_showed_is_told_plainly(tablet: Any, scorer: Any) -> None:
    without_engine(tablet)
    game = game_create(rules=RULES, seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    no_engine(pad)
    kept_unchecked(pad)
    go_offline(tablet, pad)
    enter_offline(pad, {"seat": 0, "tile": "3-6", "peg": 3})
    # As a pad would keep it had its table (an older copy of the rules, say)
    # made the down worth 5: what it showed is kept with the move.
    pad.page.evaluate(f"""() => {{
        const key = 'pad:{game.pk}:outbox';
        const items = JSON.parse(localStorage.getItem(key));
        items[0].showed = {{ worth: 5 }};
        localStorage.setItem(key, JSON.stringify(items));
    }}""")
    pad.page.reload()

    go_online(tablet)
    pad.settled()
    alert = pad.page.locator("#alerts .alert.error")
    expect(alert).to_contain_text("Recorded, but not as the pad showed it")
    expect(alert).to_contain_text("The server scored Ann's 3-6 as 3, the pad showed 5.")
    expect(pad.page.locator(".side-score")).to_have_text(["3", "0"])
