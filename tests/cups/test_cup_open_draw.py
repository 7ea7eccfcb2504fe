"""An open draw, as docs/cups.md tells it: the first name out of the hat is
at home to the second, the third to the fourth, only the ties needed are
drawn and the names left in the hat have the byes. A whole bracket drawn at
once follows it as a round drawn on its own does, and a bracket recorded
under the earlier procedure (the order drawn taken as seeds) is still made
again from its seed."""
from __future__ import annotations

from dataclasses import asdict

import pytest
from cupdata import entrants

from cups import (
    AS_SEEDS,
    IN_PAIRS,
    Bracket,
    DrawError,
    Entrant,
    Tie,
    bracket_rounds,
    describe,
    draw_bracket,
    draw_round,
    drawn_order,
    first_round,
)

SEEDS = (1, 20261201, 987654321)

# Entrants, then each first-round tie as places in the order the names came
# out of the hat ("1v2": the first drawn at home to the second), then the
# places of the names left in the hat, which have the byes.
OPEN_DRAWS = [
    (2, "1v2", ""),
    (3, "1v2", "3"),
    (4, "1v2 3v4", ""),
    (5, "1v2", "3 4 5"),
    (6, "1v2 3v4", "5 6"),
    (7, "1v2 3v4 5v6", "7"),
    (8, "1v2 3v4 5v6 7v8", ""),
    (9, "1v2", "3 4 5 6 7 8 9"),
    (10, "1v2 3v4", "5 6 7 8 9 10"),
    (11, "1v2 3v4 5v6", "7 8 9 10 11"),
    (12, "1v2 3v4 5v6 7v8", "9 10 11 12"),
    (13, "1v2 3v4 5v6 7v8 9v10", "11 12 13"),
    (14, "1v2 3v4 5v6 7v8 9v10 11v12", "13 14"),
    (15, "1v2 3v4 5v6 7v8 9v10 11v12 13v14", "15"),
    (16, "1v2 3v4 5v6 7v8 9v10 11v12 13v14 15v16", ""),
    (17, "1v2", "3 4 5 6 7 8 9 10 11 12 13 14 15 16 17"),
]


def as_drawn(ties: tuple[Tie, ...], count: int, seed: int) -> tuple[str, str]:
    """The ties and byes as places in the hat's order, as the table gives them."""
    place = {entrant.id: n for n, entrant in enumerate(drawn_order(entrants(count), seed), start=1)}
    played = " ".join(f"{place[t.home]}v{place[t.away]}" for t in ties if not t.bye and t.away is not None)
    byes = " ".join(str(place[t.home]) for t in ties if t.bye)
    return played, byes


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("count", "played", "byes"), OPEN_DRAWS)
def test_a_whole_bracket_pairs_the_names_as_they_come_out_of_the_hat(count: int, played: str, byes: str,
                                                                     seed: int) -> None:
    assert as_drawn(first_round(draw_bracket(entrants(count), seed=seed)), count, seed) == (played, byes)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("count", "played", "byes"), OPEN_DRAWS)
def test_a_round_drawn_on_its_own_pairs_them_the_same(count: int, played: str, byes: str, seed: int) -> None:
    drawn = draw_round(entrants(count), round=1, seed=seed)
    assert as_drawn(drawn.ties, count, seed) == (played, byes)
    assert drawn.ties == first_round(draw_bracket(entrants(count), seed=seed))  # tie numbers and all


def test_a_bracket_of_seven_names_its_later_places_from_the_ties_in_order() -> None:
    field = [Entrant(i, name) for i, name in enumerate(["Red Lion A", "Red Lion B", "Crown", "Swan", "Bell",
                                                        "Plough", "George"], start=1)]
    assert [e.name for e in drawn_order(field, 20261201)] == [
        "Red Lion B", "Swan", "Crown", "Bell", "George", "Plough", "Red Lion A"]
    assert describe(draw_bracket(field, seed=20261201)).splitlines() == [
        "Bracket of 7 drawn at random, seed 20261201: 3 rounds",
        "Quarter-finals: Red Lion B v Swan; Crown v Bell; George v Plough; Red Lion A: bye",
        "Semi-finals: winner of quarter-final 1 v winner of quarter-final 2; "
        "winner of quarter-final 3 v Red Lion A",
        "Final: winner of semi-final 1 v winner of semi-final 2",
    ]


def test_a_new_bracket_records_the_procedure_it_was_drawn_by() -> None:
    bracket = draw_bracket(entrants(7), seed=5)
    assert bracket.procedure == IN_PAIRS and asdict(bracket)["procedure"] == IN_PAIRS
    assert Bracket.from_dict(asdict(bracket)) == bracket


def test_a_bracket_recorded_before_the_procedure_changed_is_made_again_from_its_seed() -> None:
    # As stored before brackets recorded their procedure: of the names drawn
    # T2, T4, T3, T5, T7, T6, T1, the first had the bye and the second met the last.
    field = [Entrant(i, f"T{i}") for i in range(1, 8)]
    stored = {"entrants": [asdict(e) for e in field], "method": "open", "seed": 20261201,
              "slots": [2, None, 5, 7, 4, 1, 3, 6]}
    old = Bracket.from_dict(stored)
    assert old.procedure == AS_SEEDS
    assert draw_bracket(field, seed=20261201, procedure=old.procedure) == old
    assert [(t.home, t.away) for t in bracket_rounds(old)[0]] == [(2, None), (5, 7), (4, 1), (3, 6)]
    assert describe(old).splitlines()[0] == (
        "Bracket of 7 drawn at random, seed 20261201, the order drawn placed as seeds (procedure 1): 3 rounds")


def test_a_seeded_bracket_is_the_same_under_either_procedure() -> None:
    assert draw_bracket(entrants(11), procedure=AS_SEEDS).slots == draw_bracket(entrants(11)).slots


def test_an_unknown_procedure_is_refused() -> None:
    with pytest.raises(DrawError, match="no such procedure for drawing a bracket: 3"):
        draw_bracket(entrants(4), seed=1, procedure=3)
