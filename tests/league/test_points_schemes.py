"""Points schemes: every final score of a nine-game match under each preset,
draws where an eight-game format allows them, walkovers, and properties for
any scheme and any score.  No database.
"""

from __future__ import annotations

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.formats import (
    FORMATS,
    SCHEMES,
    LosingBonus,
    MatchResult,
    PointsScheme,
    ResultError,
    SchemeError,
    Side,
    UnknownScheme,
    Walkover,
    draw_problem,
    format_get,
    match_points,
    match_result,
    points,
    scheme_get,
    walkover_result,
)

NINE_GAME_SCORES = [(9, 0), (8, 1), (7, 2), (6, 3), (5, 4), (4, 5), (3, 6), (2, 7), (1, 8), (0, 9)]

# Expected (home, away) points for each score above, written out from the
# league rules docs/formats.md quotes.
NINE_GAME_POINTS = {
    # 2 for the match plus 1 a game.
    "leek": [(11, 0), (10, 1), (9, 2), (8, 3), (7, 4), (4, 7), (3, 8), (2, 9), (1, 10), (0, 11)],
    # 3 for a win; 1 for the loser only when beaten 5-4.
    "solihull": [(3, 0), (3, 0), (3, 0), (3, 0), (3, 1), (1, 3), (0, 3), (0, 3), (0, 3), (0, 3)],
    "plain": [(2, 0)] * 5 + [(0, 2)] * 5,
}


@pytest.mark.parametrize(("key", "score", "expected"), [
    pytest.param(key, score, expected, id=f"{key} {score[0]}-{score[1]}")
    for key, table in NINE_GAME_POINTS.items() for score, expected in zip(NINE_GAME_SCORES, table, strict=True)
])
def test_each_nine_game_score_is_worth_what_the_league_says(
        key: str, score: tuple[int, int], expected: tuple[int, int]) -> None:
    assert match_points(scheme_get(key), *score) == expected


# Northallerton's eight games can end 4-4; so can a nine-rubber match with a rubber unplayed.
@pytest.mark.parametrize(("key", "score", "expected"), [
    ("plain", (4, 4), (1, 1)),
    ("plain", (5, 3), (2, 0)),
    ("leek", (4, 4), (5, 5)),
    ("leek", (5, 3), (7, 3)),
    ("solihull", (4, 4), (1, 1)),
    ("solihull", (5, 3), (3, 0)),   # lost by two: no bonus
    ("solihull", (3, 4), (1, 3)),   # lost by one with a rubber unplayed: the bonus
    ("plain", (0, 0), (1, 1)),
])
def test_draws_and_short_matches(key: str, score: tuple[int, int], expected: tuple[int, int]) -> None:
    assert match_points(scheme_get(key), *score) == expected


@pytest.mark.parametrize(("key", "winner", "expected"), [
    # Leek: the match (2) plus a 5-4 score (5 games) = 7; the absent team played no games: 0.
    ("leek", "home", MatchResult(5, 4, 7, 0, walkover=True)),
    ("leek", "away", MatchResult(4, 5, 0, 7, walkover=True)),
    ("solihull", "home", MatchResult(0, 0, 3, 0, walkover=True)),
    ("solihull", "away", MatchResult(0, 0, 0, 3, walkover=True)),
    ("plain", "home", MatchResult(0, 0, 2, 0, walkover=True)),
    ("plain", "away", MatchResult(0, 0, 0, 2, walkover=True)),
])
def test_a_walkover_gives_the_team_that_turned_up_the_win(key: str, winner: Side, expected: MatchResult) -> None:
    assert walkover_result(scheme_get(key), winner) == expected


def test_a_walkover_recorded_as_six_nil_gives_the_win_and_six_games() -> None:
    northallerton_style = PointsScheme("n", "N", win=2, draw=1, loss=0, per_game=1, walkover=Walkover((6, 0)))
    assert walkover_result(northallerton_style, "away") == MatchResult(0, 6, 0, 8, walkover=True)


def test_a_walkover_needs_a_winner_that_is_a_side() -> None:
    with pytest.raises(ResultError, match="not 'draw'"):
        walkover_result(scheme_get("leek"), "draw")  # type: ignore[arg-type]


def test_a_match_result_carries_the_score_and_its_points() -> None:
    assert match_result(scheme_get("leek"), 6, 3) == MatchResult(6, 3, 8, 3)


@pytest.mark.parametrize("score", [(-1, 3), (2, -1), (True, 3), (2.0, 3)])
def test_it_rejects_a_score_no_match_could_have(score: tuple[int, int]) -> None:
    with pytest.raises(ResultError, match="two whole numbers, 0 or more"):
        match_points(scheme_get("plain"), *score)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"win": 1, "draw": 2}, r"a win \(1\) must be worth at least a draw \(2\)"),
    ({"loss": 3}, r"and at least a defeat \(3 \+ bonus 0\)"),
    ({"losing_bonus": LosingBonus(points=3, within=1)}, r"and at least a defeat \(0 \+ bonus 3\)"),
    ({"loss": -1}, "whole number, 0 or more"),
    ({"per_game": -1}, "whole number, 0 or more"),
    ({"walkover": Walkover(score=(4, 5))}, "must favour the team that turned up"),
    ({"walkover": Walkover(loser_points=1)}, "must favour the team that turned up"),
])
def test_it_rejects_a_scheme_that_could_pay_a_loser_more(kwargs: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"key": "x", "name": "X", "win": 2, "draw": 1, "loss": 0}
    with pytest.raises(SchemeError, match=message):
        PointsScheme(**{**fields, **kwargs})  # type: ignore[arg-type]


def test_an_unknown_scheme_key_is_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownScheme, match=r"unknown points scheme 'fa' \(schemes: plain, leek, solihull\)"):
        scheme_get("fa")


@st.composite
def schemes(draw: st.DrawFn) -> PointsScheme:
    """Any scheme the constructor accepts, the presets among them."""
    loss = draw(st.integers(0, 5))
    bonus = draw(st.none() | st.builds(LosingBonus, st.integers(0, 3), st.integers(0, 4)))
    drawn = loss + (bonus.points if bonus else 0) + draw(st.integers(0, 5))
    win = drawn + draw(st.integers(0, 5))
    winner_games = draw(st.integers(0, 9))
    walkover = Walkover((winner_games, draw(st.integers(0, winner_games))), draw(st.integers(0, loss)))
    made = PointsScheme("h", "H", win, drawn, loss, draw(st.integers(0, 3)), bonus, walkover)
    return draw(st.sampled_from([made, *SCHEMES.values()]))


@given(schemes(), st.integers(0, 12), st.integers(0, 12))
def test_points_are_never_negative_and_the_winner_never_takes_fewer(
        scheme: PointsScheme, home: int, away: int) -> None:
    home_points, away_points = match_points(scheme, home, away)
    assert home_points >= 0 and away_points >= 0
    if home > away:
        assert home_points >= away_points
    if away > home:
        assert away_points >= home_points
    if home == away:
        assert home_points == away_points


@given(schemes(), st.integers(0, 12), st.integers(0, 12))
def test_swapping_home_and_away_swaps_the_points(scheme: PointsScheme, home: int, away: int) -> None:
    assert match_points(scheme, away, home) == match_points(scheme, home, away)[::-1]


@given(schemes(), st.sampled_from(["home", "away"]))
def test_a_walkover_never_pays_the_absent_team_more(scheme: PointsScheme, winner: Side) -> None:
    result = walkover_result(scheme, winner)
    won, lost = ((result.home_points, result.away_points) if winner == "home"
                 else (result.away_points, result.home_points))
    assert won >= lost >= 0 and result.walkover


def test_the_examples_in_the_modules_docstring_run() -> None:
    result = doctest.testmod(points)
    assert result.failed == 0 and result.attempted > 0


SOLIHULL_AS_WRITTEN = PointsScheme("close", "Close games", win=3, draw=0, loss=0,
                                   losing_bonus=LosingBonus(points=1, within=1))


def test_a_scheme_whose_draw_is_worth_less_than_a_close_defeat_is_a_scheme() -> None:
    assert SOLIHULL_AS_WRITTEN.best_defeat == 1


# The format, and whether Solihull's scheme as written (a draw 0, a close
# defeat 1) suits it: only where a match can end level does it matter.
DRAWS = [
    ("plain", True),  # nine rubbers: never drawn
    ("solihull", True),
    ("guisborough", True),  # three
    ("northallerton", False),  # eight: 4-4 is a draw
]


@pytest.mark.parametrize(("fmt", "suits"), DRAWS)
def test_a_draw_worth_less_than_a_close_defeat_matters_only_where_a_match_can_be_drawn(fmt: str, suits: bool) -> None:
    problem = draw_problem(SOLIHULL_AS_WRITTEN, format_get(fmt))
    assert (problem is None) == suits
    if not suits:
        assert problem is not None and "gives a draw (0) less than a close defeat (0 + bonus 1)" in problem
        assert "a match of 8 rubbers (Northallerton) can be drawn" in problem


@pytest.mark.parametrize("key", sorted(SCHEMES))
def test_every_preset_scheme_suits_every_preset_format(key: str) -> None:
    assert [fmt for fmt in FORMATS.values() if draw_problem(SCHEMES[key], fmt)] == []
