"""A penalty of `lose-game` (docs/scoresheet.md `penalties`; docs/rules.md
"Pegs and penalties"): the offending side loses at once, the other side
wins, and the game takes no more moves.

One table of offences, each as a short pub hand of three tiles a seat:
Ann puts 6-3 down (9: 3 points), Bob lays 3-3 on the 3 (6 + 6 = 12: 4), Ann
knocks holding 6-5, Bob knocks: a block.  Each case stops at its offence and
names a move that would have been lawful had the game gone on.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import scoring
from sheets import hand, hand_end, knock, misplay, play, pub, ruling, sheet

Move = dict[str, Any]


@dataclass(frozen=True)
class Case:
    offence: str
    policy: str  # the penalties key that is set to lose-game
    moves: list[Move]
    next_move: Move  # lawful, had the game gone on
    offender: int  # the side that loses
    scores: list[int]
    kind: str  # the type of the event that carries the penalty
    shown: dict[str, list[str]] | None = None
    seats: int = 2
    partners: bool | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def rules(self) -> dict[str, Any]:
        return pub(hand_size=3, penalties={self.policy: "lose-game"}, **self.extra)

    def sheet(self, *more: Move) -> dict[str, Any]:
        moves = [*self.moves, *more] if self.shown is None else self.moves
        hands = [hand(*moves, shown=self.shown)]
        if self.shown is not None and more:
            hands.append(hand(*more))
        return sheet(*hands, rules=self.rules, seats=self.seats, partners=self.partners)


DOWN = play(0, "6-3", peg=3)
BOB_33 = play(1, "3-3", "right", peg=4)

CASES = [
    Case("over-peg", "over-peg", [play(0, "6-3", peg=5)], BOB_33, 0, [3, 0], "play"),
    Case("under-peg", "under-peg", [play(0, "6-3", peg=1)], BOB_33, 0, [1, 0], "play"),
    Case("misplay", "misplay", [DOWN, misplay(1, "2-4")], BOB_33, 1, [3, 0], "misplay"),
    Case("false-knock", "false-knock", [DOWN, BOB_33, knock(0), ruling(0, "false-knock", 2)],
         knock(1), 0, [3, 4], "ruling"),
    Case("over-peg", "over-peg", [DOWN, ruling(1, "over-peg")], BOB_33, 1, [3, 0], "ruling"),
    Case("misplay", "misplay", [DOWN, ruling(1, "misplay")], BOB_33, 1, [3, 0], "ruling"),
    Case("under-peg", "under-peg", [DOWN, ruling(1, "under-peg")], BOB_33, 1, [3, 0], "ruling"),
    Case("over-peg", "over-peg", [play(0, "6-3", peg=5)], BOB_33, 0, [3, 0], "play",
         seats=4, partners=True),
    Case("over-peg", "over-peg", [play(0, "6-3", peg=5)], BOB_33, 0, [3, 0], "play",
         extra={"preset": "jaques", "drawing": False}),
]
IDS = ["over-peg", "under-peg", "misplay", "false-knock-ruled", "over-peg-ruled",
       "misplay-ruled", "under-peg-ruled", "over-peg-partners", "over-peg-jaques"]

# The false knock found only when the tiles are shown after the block: Ann
# shows 6-5, which fitted the 6 when she knocked.
AT_THE_SHOWING = Case("false-knock", "false-knock", [DOWN, BOB_33, knock(0), knock(1)],
                      play(1, "1-1"), 0, [3, 4], "hand-end",
                      shown={"0": ["6-5", "0-0"], "1": ["2-4", "1-1"]})


def _penalty(case: Case) -> dict[str, Any]:
    return {"offence": case.offence, "side": case.offender, "points": 0}


def _carrier(result: dict[str, Any], case: Case) -> dict[str, Any]:
    """The event that carries the lose-game penalty."""
    found = [e for e in result["events"] if _penalty(case) in e["penalties"]]
    assert len(found) == 1, result["events"]
    return found[0]


def _apply(case: Case) -> tuple[scoring.Game, list[dict[str, Any]]]:
    game = scoring.Game.new(rules=case.rules, seats=["Ann", "Bob", "Cat", "Dan"][:case.seats],
                            partners=bool(case.partners))
    events: list[dict[str, Any]] = []
    for move in case.moves:
        game, new = game.apply(move)
        events.extend(new)
    if case.shown is not None:
        game, new = game.show(case.shown)
        events[-1:] = new
    return game, events


# --- through check ------------------------------------------------------------------

@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_an_offence_under_lose_game_gives_the_other_side_the_game(case: Case) -> None:
    result = scoring.check(case.sheet())
    assert result["winner"] == 1 - case.offender
    assert result["scores"] == case.scores
    carrier = _carrier(result, case)
    assert carrier["type"] == case.kind
    assert carrier["penalties"] == [_penalty(case)]


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_hand_ends_as_won_at_the_offence(case: Case) -> None:
    result = scoring.check(case.sheet())
    assert result["events"][-2] is _carrier(result, case)
    assert result["events"][-1] == {
        "hand": 0, "type": "hand-end", "ended": "won", "false_knocks": [], "awards": [],
        "penalties": [], "scores": case.scores,
    }


@pytest.mark.parametrize("case", [*CASES, AT_THE_SHOWING], ids=[*IDS, "false-knock-shown"])
def test_a_move_after_a_game_lost_on_a_penalty_is_refused(case: Case) -> None:
    with pytest.raises(scoring.GameOver, match=f"won by side {1 - case.offender}|side {1 - case.offender} has won"):
        scoring.check(case.sheet(case.next_move))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_without_lose_game_the_same_moves_leave_the_game_open(case: Case) -> None:
    plain = sheet(hand(*case.moves, case.next_move), rules=pub(hand_size=3, **case.extra),
                  seats=case.seats, partners=case.partners)
    assert scoring.check(plain)["winner"] is None


def test_a_false_knock_found_at_the_showing_loses_the_game_at_the_block() -> None:
    # The hand did end by the block: its hand-end event says so, as it does
    # for a block award that wins the game, and carries the penalty.
    result = scoring.check(AT_THE_SHOWING.sheet())
    end = hand_end(result)
    assert result["winner"] == 1
    assert end["ended"] == "block"
    assert end["false_knocks"] == [{"seat": 0, "move": 2, "tiles": ["6-5"]}]
    assert end["penalties"] == [_penalty(AT_THE_SHOWING)]
    assert result["events"][-1] is end


def test_losing_the_game_outranks_reaching_the_target_in_the_same_event() -> None:
    # Ann on 58 lays the down worth 3, which would make 61, but pegs 5.
    over = sheet(hand(play(0, "6-3", peg=5)),
                 rules=pub(hand_size=3, down_can_win=True, penalties={"over-peg": "lose-game"}),
                 start=[58, 0])
    result = scoring.check(over)
    assert result["scores"] == [61, 0]
    assert result["winner"] == 1


# --- one move at a time -------------------------------------------------------------

@pytest.mark.parametrize("case", [*CASES, AT_THE_SHOWING], ids=[*IDS, "false-knock-shown"])
def test_a_game_applied_move_by_move_is_won_by_the_other_side(case: Case) -> None:
    game, events = _apply(case)
    assert (game.status, game.winner, game.turn) == ("won", 1 - case.offender, None)
    assert events == scoring.check(case.sheet())["events"]
    assert game.options("1-2") == []


@pytest.mark.parametrize("case", [*CASES, AT_THE_SHOWING], ids=[*IDS, "false-knock-shown"])
def test_a_game_lost_on_a_penalty_refuses_the_next_move(case: Case) -> None:
    game, _ = _apply(case)
    with pytest.raises(scoring.GameOver, match=f"side {1 - case.offender} has won"):
        game.apply(case.next_move)


def test_a_game_lost_at_the_showing_is_corrected_by_showing_again() -> None:
    # Showing again corrects the showing, as for any hand; without the
    # fitting tile there is no false knock, and the game goes on.
    game, _ = _apply(AT_THE_SHOWING)
    game, _ = game.show({"0": ["0-0", "1-2"], "1": ["2-4", "1-1"]})
    assert (game.status, game.winner) == ("hand-ended", None)


# --- the rules ----------------------------------------------------------------------

@pytest.mark.parametrize(("seats", "partners"), [(3, None), (4, False)])
def test_an_under_peg_that_loses_the_game_is_refused_for_more_than_two_sides(seats, partners) -> None:
    s = sheet(hand(play(0, "6-3")), seats=seats, partners=partners,
              rules=pub(hand_size=3, penalties={"under-peg": "lose-game"}))
    with pytest.raises(scoring.RulesError, match="two sides"):
        scoring.check(s)
