"""Scoring chances (scoring.analysis) against a reference that does
everything the plain way: every op's game kept, the hand's end, its showing,
the tiles known to be held and the line each read forward through the game
for every move, every option turned into a chance. The analysis must give
the very same answer."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import pytest

from scoring.analysis import Analysis, Chance, Step, analyse, seat_figures
from scoring.errors import ScoringError
from scoring.events import Event, MoveEvent
from scoring.game import Game
from scoring.rules import Rules
from scoring.simulate import random_game
from scoring.table_view import Op, _laid, live_ops, new_game, sheet_ops
from scoring.tiles import Tile


def reference(setup: Mapping[str, Any], ops: list[Op]) -> Analysis:
    live = live_ops(ops)
    rules = Rules.parse(setup.get("rules"))
    games = [new_game(setup)]  # games[at]: the game before op `at`
    made_by: list[list[Event]] = []
    for kind, payload in live:
        after, made = games[-1].apply(payload) if kind == "move" else games[-1].show(payload)
        games.append(after)
        made_by.append(made)
    hands = [games[at + 1].hand for at in range(len(live))]
    moves = [at for at, (kind, _) in enumerate(live) if kind == "move"]
    steps: list[Step] = []
    for index, at in enumerate(moves):
        event = made_by[at][0]
        assert event["type"] != "hand-end"
        hand_end = made_by[at][-1] if made_by[at][-1]["type"] == "hand-end" else None
        later = at + 1
        while hand_end is not None and later < len(live) and live[later][0] == "show":
            hand_end = made_by[later][0]  # a showing re-judges the hand's end; the last one stands
            later += 1
        shown: Mapping[str, Any] = {}
        for later, (kind, payload) in enumerate(live):
            if kind == "show" and hands[later] == event["hand"]:
                shown = payload
        held = _known(event, [made_by[later][0] for later in moves[index:]], shown)
        line: list[dict[str, Any]] = []
        for done in moves[:index + 1]:
            play = made_by[done][0]
            if play["type"] == "play" and play["hand"] == event["hand"]:
                laid = _laid(play, games[done + 1].ends if rules.layout == "line" else None)
                line = [laid, *line] if rules.layout == "line" and laid["end"] == "left" else [*line, laid]
        steps.append(_step(index, games[at], event, held, hand_end, line, rules.target))
    game = games[-1]
    return {"target": rules.target, "layout": rules.layout, "seats": game.seats, "sides": game.sides,
            "steps": steps, "figures": seat_figures(steps, len(game.seats))}


def _known(event: MoveEvent, rest: list[Event], shown: Mapping[str, Any]) -> list[str]:
    """Read forward: the seat's tiles laid or misplayed from this move on in
    the hand, until it draws, then its showing; a tile met twice stands
    where it was met last."""
    seen: list[Tile] = []
    drew = False
    for later in rest:
        if later["type"] == "hand-end" or later["hand"] != event["hand"] or later["seat"] != event["seat"]:
            continue
        if later["type"] == "draw":
            drew = True
            break
        if later["type"] == "play" or later["type"] == "misplay":
            seen.append(Tile.parse(later["tile"]))
    if not drew:
        seen += [Tile.parse(text) for text in shown.get(str(event["seat"]), ())]
    kept = [tile for at, tile in enumerate(seen) if all(other.key != tile.key for other in seen[at + 1:])]
    return [tile.text for tile in kept]


def _step(index: int, before: Game, event: MoveEvent, held: list[str], hand_end: Any,
          line: list[dict[str, Any]], target: int) -> Step:
    tile = event["tile"] if event["type"] == "play" or event["type"] == "misplay" else None
    worth = event["worth"] if event["type"] == "play" else 0
    made_15 = event["type"] == "play" and event["total"] == 15 and not event["bust"]
    score = before.scores[event["side"]]
    decision = event["type"] == "play" or event["type"] == "knock"
    chances: list[Chance] = []
    for text in held if decision else []:
        try:
            options = before.options(text, event["seat"])
        except ScoringError:
            options = []
        chances += [{"tile": text, "end": option["end"], "total": option["total"], "worth": option["worth"],
                     "finishes": option["worth"] > 0 and score + option["worth"] >= target}
                    for option in options]
    best = max(chances, key=lambda chance: chance["worth"]) if chances else None  # the first of the most
    can_15 = any(chance["total"] == 15 and chance["worth"] > 0 for chance in chances)
    can_finish = any(chance["finishes"] for chance in chances)
    left = best["worth"] - worth if best is not None else 0
    return {
        "index": index, "hand": event["hand"], "move": event["move"], "seat": event["seat"],
        "side": event["side"], "type": event["type"], "tile": tile, "worth": worth,
        "known": held if decision else [], "best": best, "left": max(left, 0),
        "found": best is not None and left <= 0, "missed_15": can_15 and not made_15,
        "missed_finish": can_finish and not (worth > 0 and score + worth >= target),
        "event": event, "hand_end": hand_end, "line": line, "scores": list(event["scores"]),
    }


def with_undos(rng: random.Random, ops: list[Op]) -> list[Op]:
    """The same game as a pad's log might hold it: now and then a move undone
    and made again."""
    out: list[Op] = []
    for op in ops:
        out.append(op)
        if op[0] == "move" and rng.random() < 0.05:
            out += [("undo", None), op]
    return out


@pytest.mark.parametrize(("rules", "seats", "partners"), [
    ("pub", 2, False), ("pagat", 4, True), ("jaques", 3, False), ("threes-and-fives", 2, False),
    ("network", 2, False),
])
def test_the_analysis_of_random_games_is_what_the_plain_reference_makes_of_them(
        rules: str, seats: int, partners: bool) -> None:
    rng = random.Random(2026)
    for _ in range(2):
        sheet = random_game(rng, rules, seats=seats, partners=partners, mistakes=0.1)
        ops = with_undos(rng, sheet_ops(sheet))
        assert analyse(sheet, ops) == reference(sheet, ops)


def test_a_hand_shown_twice_is_judged_on_the_second_showing() -> None:
    # Bob knocks on ends 6 and 4; Ann chips out. Shown first with 2-2 and
    # 3-3, then corrected to 4-5 and 2-2: the knock is false, 4-5 was known.
    setup = {"rules": {"preset": "pub", "hand_size": 2}, "seats": ["Ann", "Bob"]}
    ops: list[Op] = [("move", {"seat": 0, "tile": "6-4"}), ("move", {"seat": 1, "knock": True}),
                     ("move", {"seat": 0, "tile": "4-1"}), ("show", {"1": ["2-2", "3-3"]}),
                     ("show", {"1": ["4-5", "2-2"]})]
    analysis = analyse(setup, ops)
    assert analysis == reference(setup, ops)
    assert analysis["steps"][1]["known"] == ["4-5", "2-2"]
    assert analysis["steps"][2]["hand_end"] is not None
    assert analysis["steps"][2]["hand_end"]["false_knocks"] == [{"seat": 1, "move": 1, "tiles": ["4-5"]}]
