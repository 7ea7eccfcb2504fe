"""Scoring a whole game on the pad, by tapping, while a spectator's
scoreboard follows it: the server ends up with exactly the game played."""
import random
from typing import Any

from playwright.sync_api import expect

import scoring
from league.models import GameEntry
from league.selectors.games import game_get, game_sheet
from league.services.games import game_create
from league.services.moves import move_record
from pad_page import Pad
from scoring.simulate import random_game

RULES = {"preset": "pub", "hand_size": 3, "target": 21}
# A short game as a real table plays it, with the mistakes the pad must
# catch: a peg the rules disagree with, and a false knock found when the
# tiles are shown.
SHEET = random_game(random.Random(211), RULES, mistakes=0.12)
RESULT = scoring.check(SHEET)
EVENTS = {(e["hand"], e["move"]): e for e in RESULT["events"] if e["type"] != "hand-end"}
HAND_ENDS = {e["hand"]: e for e in RESULT["events"] if e["type"] == "hand-end"}


def test_the_sample_game_has_what_the_pad_must_handle() -> None:
    kinds = [e["type"] for e in RESULT["events"]]
    assert "knock" in kinds
    assert any(e.get("verdict") in ("over", "under") for e in RESULT["events"])
    assert any(e.get("false_knocks") for e in HAND_ENDS.values())
    assert RESULT["winner"] is not None


def play_move(pad: Pad, hand: int, number: int, move: dict[str, Any]) -> None:
    if move.get("knock"):
        pad.knock()
        return
    event = EVENTS[(hand, number)]
    if pad.page.locator("#seats button").count():
        pad.choose_seat(SHEET["seats"][move["seat"]])
    pad.play(move["tile"], move["peg"], ends=event["ends"])
    if event["verdict"] in ("over", "under"):
        warning = pad.page.locator("#peg-warning")
        expect(warning).to_contain_text(f"Rules give {event['worth']}; you pegged {event['peg']}.")
        expect(warning).to_contain_text(f"will be credited {event['points']}")
        for penalty in event["penalties"]:
            expect(warning).to_contain_text(f"{penalty['offence'].replace('-', ' ')}: \u2212{abs(penalty['points'])}")
        pad.page.get_by_role("button", name="Record as pegged").click()


def knock_by_mistake_and_undo(pad: Pad) -> None:
    pad.knock()
    pad.settled()
    expect(pad.page.locator("#moves")).to_contain_text("knocked")
    pad.undo()
    pad.settled()
    expect(pad.page.locator("#alerts")).to_contain_text("Undone:")
    expect(pad.page.locator("#moves")).not_to_contain_text("knocked")


def test_a_whole_game_scored_on_the_pad_is_the_game_the_server_holds(tablet: Any, spectator: Any, scorer: Any) -> None:
    game = game_create(rules=RULES, seats=SHEET["seats"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    board = spectator.new_page()
    board.goto(f"/games/{game.pk}/board")

    for hand, written in enumerate(SHEET["hands"]):
        for number, move in enumerate(written["moves"]):
            if (hand, number) == (1, 1):
                knock_by_mistake_and_undo(pad)
            play_move(pad, hand, number, move)
            pad.settled()
        if "shown" in written:
            pad.show(written["shown"], SHEET["seats"])
            pad.settled()
            for knock in HAND_ENDS[hand]["false_knocks"]:
                expect(pad.page.locator("#alerts")).to_contain_text(f"False knock by {SHEET['seats'][knock['seat']]}")
                expect(pad.page.locator("#alerts")).to_contain_text("false knock: \u22125")
        if hand == 0:
            expect(board.locator(".side-score").first).to_have_text(str(HAND_ENDS[0]["scores"][0]))

    winner = SHEET["seats"][RESULT["winner"]]
    expect(pad.page.locator("#turn")).to_have_text(f"{winner} won the game")
    expect(board.locator("#turn")).to_have_text(f"{winner} won the game", timeout=5_000)
    held = scoring.check(game_sheet(game=game_get(game_id=game.pk)))
    assert (held["scores"], held["winner"]) == (RESULT["scores"], RESULT["winner"])
    assert [e["points"] for e in held["events"] if e["type"] == "play"] == \
        [e["points"] for e in RESULT["events"] if e["type"] == "play"]
    assert list(GameEntry.objects.filter(game=game, kind="undo").values_list("kind", flat=True)) == ["undo"]


def test_under_rules_with_a_boneyard_the_pad_offers_a_draw(tablet: Any, scorer: Any) -> None:
    game = game_create(rules="jaques", seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    expect(pad.page.locator("#draw")).to_be_visible()
    pad.choose_seat("Ann")
    pad.play("6-6", peg=2)  # a lone double counts once under jaques: 6, two threes
    pad.settled()
    pad.page.locator("#draw").click()
    pad.settled()
    expect(pad.page.locator("#moves")).to_contain_text("Bob drew 1")
    assert GameEntry.objects.filter(game=game).order_by("-seq")[0].payload == {"seat": 1, "draw": 1}


def test_a_misplay_offers_only_tiles_that_fit_neither_end_and_costs_its_penalty(tablet: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    pad.choose_seat("Ann")
    pad.play("6-3", peg=3)
    pad.settled()
    pad.page.locator("#misplay").click()
    expect(pad.page.locator('#tiles button[data-tile="3-4"]')).to_be_disabled()
    pad.tap_tile("2-4")
    pad.settled()
    expect(pad.page.locator("#moves")).to_contain_text("Bob misplayed 2-4 misplay: \u22125 to Bob")
    expect(pad.page.locator("#turn")).to_have_text("Bob to play")
    assert GameEntry.objects.filter(game=game).order_by("-seq")[0].payload == {"seat": 1, "misplay": "2-4"}


def test_the_pad_follows_a_move_made_on_another_tablet(tablet: Any, scorer: Any) -> None:
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    pad = Pad(tablet.new_page()).open(game.pk)
    move_record(game_id=game.pk, move={"seat": 0, "tile": "6-3", "peg": 3}, user=scorer)
    expect(pad.page.locator("#turn")).to_have_text("Bob to play", timeout=5_000)
    expect(pad.page.locator('#tiles button[data-tile="3-6"]')).to_be_hidden()
