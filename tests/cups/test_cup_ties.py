"""Who goes through a tie: table-driven, one row a case of the league's rules."""
from __future__ import annotations

import pytest

from cups import Leg, TieError, TieFormat, decide

RED, SWAN = 1, 2  # Red Lion A at home first, Swan
SINGLE = TieFormat()
TWO_LEGS = TieFormat(legs=2, chain=("games", "points", "away_points"))
TWO_LEGS_DECIDER = TieFormat(legs=2, chain=("games", "away_games"), level="decider")


def leg(home: int, away: int, games: tuple[int, int], points: tuple[int, int] = (0, 0)) -> Leg:
    return Leg(home=home, away=away, home_games=games[0], away_games=games[1],
               home_points=points[0], away_points=points[1])


def walkover(home: int, away: int, to: int) -> Leg:
    return Leg(home=home, away=away, walkover_to=to)


CASES = [
    # (what a secretary would call it, format, legs so far, status, winner, reason)
    ("a single match not yet played", SINGLE, [], "undecided", None, "the match is still to be played"),
    ("a single match won 5-4", SINGLE, [leg(RED, SWAN, (5, 4))], "through", RED, "5-4 on games"),
    ("a single game in a singles knockout", SINGLE, [leg(SWAN, RED, (1, 0), (61, 48))], "through", SWAN,
     "1-0 on games"),
    ("a single match level on games, won on points", SINGLE, [leg(RED, SWAN, (4, 4), (470, 488))], "through",
     SWAN, "4-4 on games, then 488-470 on points"),
    ("a single match level on everything needs a replay", SINGLE, [leg(RED, SWAN, (4, 4), (480, 480))],
     "replay", None, "level: 4-4 on games, 480-480 on points: a replay is needed"),
    ("the replay won", SINGLE, [leg(RED, SWAN, (4, 4), (480, 480)), leg(SWAN, RED, (6, 3))], "through", SWAN,
     "6-3 on games in the replay"),
    ("the replay level too needs another", SINGLE,
     [leg(RED, SWAN, (4, 4), (480, 480)), leg(SWAN, RED, (4, 4), (400, 400))], "replay", None,
     "level: 4-4 on games, 400-400 on points in the replay: another replay is needed"),
    ("a first leg played, the second not", TWO_LEGS, [leg(RED, SWAN, (6, 3))], "undecided", None,
     "the second leg is still to be played"),
    ("won on aggregate games", TWO_LEGS, [leg(RED, SWAN, (6, 3)), leg(SWAN, RED, (5, 4))], "through", RED,
     "10-8 on aggregate games"),
    ("level on games, won on aggregate points", TWO_LEGS,
     [leg(RED, SWAN, (5, 4), (420, 400)), leg(SWAN, RED, (5, 4), (410, 410))], "through", RED,
     "9-9 on aggregate games, then 830-810 on aggregate points"),
    ("level on games and points, won on points pegged away", TWO_LEGS,
     [leg(RED, SWAN, (5, 4), (400, 380)), leg(SWAN, RED, (5, 4), (420, 400))], "through", RED,
     "9-9 on aggregate games, then 800-800 on aggregate points, then 400-380 on aggregate away points"),
    ("with nine games a leg, level games are level away games too", TieFormat(legs=2, chain=("games", "away_games")),
     [leg(RED, SWAN, (6, 3)), leg(SWAN, RED, (6, 3))], "replay", None,
     "level: 9-9 on aggregate games, 3-3 on aggregate away games: a replay is needed"),
    ("level on all three needs a replay", TWO_LEGS,
     [leg(RED, SWAN, (5, 4), (400, 400)), leg(SWAN, RED, (5, 4), (400, 400))], "replay", None,
     "level: 9-9 on aggregate games, 800-800 on aggregate points, 400-400 on aggregate away points: "
     "a replay is needed"),
    ("a replay after two legs is decided without away games", TWO_LEGS,
     [leg(RED, SWAN, (5, 4), (400, 400)), leg(SWAN, RED, (5, 4), (400, 400)), leg(RED, SWAN, (4, 4), (300, 301))],
     "through", SWAN, "4-4 on games, then 301-300 on points in the replay"),
    ("level after two legs, a decider is called for", TWO_LEGS_DECIDER,
     [leg(RED, SWAN, (5, 4)), leg(SWAN, RED, (5, 4))], "decider", None,
     "level: 9-9 on aggregate games, 4-4 on aggregate away games: a decider is needed"),
    ("the decider, one game, won", TWO_LEGS_DECIDER,
     [leg(RED, SWAN, (5, 4)), leg(SWAN, RED, (5, 4)), leg(RED, SWAN, (0, 1), (55, 61))], "through", SWAN,
     "1-0 on games in the decider"),
    ("a deciding match that ends level calls for another decider", TWO_LEGS_DECIDER,
     [leg(RED, SWAN, (5, 4)), leg(SWAN, RED, (5, 4)), leg(RED, SWAN, (3, 3), (300, 300))], "decider", None,
     "level: 3-3 on games, 300-300 on points in the decider: another decider is needed"),
    ("the second decider settles it", TWO_LEGS_DECIDER,
     [leg(RED, SWAN, (5, 4)), leg(SWAN, RED, (5, 4)), leg(RED, SWAN, (3, 3), (300, 300)),
      leg(SWAN, RED, (4, 2))], "through", SWAN, "4-2 on games in decider 2"),
    ("a walkover before a ball is bowled", SINGLE, [walkover(RED, SWAN, SWAN)], "through", SWAN,
     "a walkover in the match"),
    ("a walkover in the second leg, whatever the first", TWO_LEGS, [leg(RED, SWAN, (9, 0)), walkover(SWAN, RED, SWAN)],
     "through", SWAN, "a walkover in the second leg"),
    ("a walkover in a replay", SINGLE, [leg(RED, SWAN, (4, 4), (5, 5)), walkover(SWAN, RED, RED)], "through", RED,
     "a walkover in the replay"),
]


@pytest.mark.parametrize(("case", "tie_format", "legs", "status", "winner", "reason"), CASES,
                         ids=[case[0] for case in CASES])
def test_who_goes_through(case: str, tie_format: TieFormat, legs: list[Leg], status: str, winner: int | None,
                          reason: str) -> None:
    outcome = decide(tie_format, RED, SWAN, legs)
    assert (outcome.status, outcome.winner, outcome.reason) == (status, winner, reason)


REFUSED = [
    ("a leg between other sides", SINGLE, [leg(RED, 3, (5, 4))], "leg 1 is between 1 and 3, not the tie's 1 and 2"),
    ("a replay after the tie was settled", SINGLE, [leg(RED, SWAN, (5, 4)), leg(SWAN, RED, (5, 4))],
     r"the tie was settled \(5-4 on games\), so the replay cannot be added"),
    ("a match entered after a walkover", SINGLE, [walkover(RED, SWAN, RED), leg(RED, SWAN, (5, 4))],
     "leg 1 was a walkover, so nothing can be played after it"),
    ("a walkover to someone not in the tie", SINGLE, [walkover(RED, SWAN, 3)], "gives a walkover to 3"),
    ("a negative score", SINGLE, [leg(RED, SWAN, (-1, 4))], "leg 1 has a negative score"),
]


@pytest.mark.parametrize(("case", "tie_format", "legs", "reason"), REFUSED, ids=[case[0] for case in REFUSED])
def test_results_that_cannot_belong_to_the_tie_are_refused(case: str, tie_format: TieFormat, legs: list[Leg],
                                                           reason: str) -> None:
    with pytest.raises(TieError, match=reason):
        decide(tie_format, RED, SWAN, legs)


@pytest.mark.parametrize(("settings", "reason"), [
    ({"legs": 3}, "one leg or two, not 3"),
    ({"chain": ("games", "away_games")}, "away games and away points settle only a tie of two legs"),
    ({"chain": ("goals",)}, "no such tie-break: 'goals'"),
    ({"level": "penalties"}, "a replay or a decider, not 'penalties'"),
])
def test_a_tie_format_that_makes_no_sense_is_refused(settings: dict[str, object], reason: str) -> None:
    with pytest.raises(TieError, match=reason):
        TieFormat(**settings)  # type: ignore[arg-type]
