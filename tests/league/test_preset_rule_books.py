"""The presets against the figures of the leagues' rule books, as
docs/formats.md quotes them: Leek's points and its pairs game, Solihull's
points for a 5-4, Northallerton's eight four-handed games, and what a short
side concedes.  No database."""

from __future__ import annotations

import pytest

from league.formats import (
    FormatError,
    Lineup,
    MatchFormat,
    Player,
    Rubber,
    Squad,
    TeamSheet,
    format_get,
    match_points,
    match_score,
    scheme_get,
    team_sheet_problems,
)
from scoring import Game, Rules
from scoring.rules import Action

TILES = 28


@pytest.mark.parametrize(("scheme", "score", "points"), [
    ("leek", (6, 3), (8, 3)),      # 2 for the match and 1 a game: 6-3 gives 8
    ("leek", (3, 6), (3, 8)),
    ("leek", (9, 0), (11, 0)),
    ("solihull", (5, 4), (3, 1)),  # the loser takes 1 only when beaten 5-4
    ("solihull", (4, 5), (1, 3)),
    ("solihull", (6, 3), (3, 0)),
])
def test_match_points_are_the_rule_books(scheme: str, score: tuple[int, int], points: tuple[int, int]) -> None:
    assert match_points(scheme_get(scheme), *score) == points


@pytest.mark.parametrize(("rubber", "seats", "target", "tiles_each", "sleeping"), [
    (0, 2, 61, 9, 10),    # singles to 61, nine tiles each
    (6, 4, 121, 6, 4),    # pairs once "twice round the board", six each, four sleeping
])
def test_the_engine_sets_up_leeks_games_as_the_rule_book_says(rubber: int, seats: int, target: int,
                                                              tiles_each: int, sleeping: int) -> None:
    spec = format_get("leek").rubbers[rubber]
    game = Game.new(spec.rules_over({"preset": "pub"}), seats=[f"seat {n}" for n in range(seats)],
                    partners=seats == 4)
    assert Rules.parse(game.rules).target == target
    assert game.hand_size == tiles_each
    assert TILES - seats * game.hand_size == sleeping


def test_leeks_pairs_rubbers_are_one_game_each() -> None:
    pairs = [r for r in format_get("leek").rubbers if r.kind == "pairs"]
    assert [r.best_of for r in pairs] == [1, 1, 1]


@pytest.mark.parametrize("rubber", range(9))
def test_a_leek_false_knock_costs_8_pegged_back_or_given_to_the_opponents(rubber: int) -> None:
    rules = Rules.parse(format_get("leek").rubbers[rubber].rules_over({"preset": "pub"}))
    assert rules.penalties.false_knock == Action("back-or-award", 8)


def test_leeks_false_knock_leaves_the_leagues_other_penalties_alone() -> None:
    league = {"preset": "pub", "penalties": {"misplay": "award 5", "false-knock": "deduct 5"}}
    rules = Rules.parse(format_get("leek").rubbers[0].rules_over(league))
    assert (rules.penalties.false_knock, rules.penalties.misplay) == (Action("back-or-award", 8), Action("award", 5))


def test_northallerton_plays_eight_pairs_four_of_them_block_dominoes() -> None:
    fmt = format_get("northallerton")
    assert [(r.kind, r.game, r.checked) for r in fmt.rubbers] == (
        [("pairs", "block", False)] * 4 + [("pairs", "fives-and-threes", True)] * 4)
    assert fmt.players_needed() == 6


@pytest.mark.parametrize(("key", "rubber", "conceded"), [
    ("solihull", 0, 61),
    ("leek", 0, 61),
    ("leek", 8, 121),            # a Leek pairs rubber is conceded at its own target
    ("northallerton", 0, None),  # block dominoes: a result, no score
    ("northallerton", 7, 61),
])
def test_a_conceded_rubber_is_won_at_the_concede_score(key: str, rubber: int, conceded: int | None) -> None:
    fmt = format_get(key)
    assert fmt.conceded_score(fmt.rubbers[rubber], {"preset": "pub"}) == conceded


def test_a_format_may_set_its_own_concede_score() -> None:
    fmt = MatchFormat("demo", "Demo", (Rubber("singles"),), concede_score=50)
    assert fmt.conceded_score(fmt.rubbers[0], None) == 50
    with pytest.raises(FormatError, match="concede_score"):
        MatchFormat("demo", "Demo", (Rubber("singles"),), concede_score=0)


def test_a_block_rubber_changes_no_fives_and_threes_rules() -> None:
    with pytest.raises(FormatError, match="block rubber has no Fives and Threes rules"):
        Rubber("pairs", rules=(("target", 121),), game="block")
    with pytest.raises(FormatError, match="a rubber's game is"):
        Rubber("pairs", game="darts")  # type: ignore[arg-type]


RED = Squad("Red Lion", tuple(Player(n, f"Red {n}") for n in range(1, 13)))
CROWN = Squad("Crown", tuple(Player(n, f"Crown {n}") for n in range(21, 33)))


def solihull_sheet(away: list[tuple[int, ...]], conceded: set[int]) -> TeamSheet:
    """The home side in full, each player once a kind; the away side as
    given, rubber by rubber, naming nobody for the rubbers it concedes."""
    home = [(n,) for n in range(1, 7)] + [(7, 8), (9, 10), (11, 12)]
    lineups = iter(away)
    return TeamSheet(RED, CROWN, tuple(
        Lineup(home[n - 1], (), "away") if n in conceded else Lineup(home[n - 1], next(lineups))
        for n in range(1, 10)))


FIVE = [(21,), (22,), (23,), (24,), (25,)]


@pytest.mark.parametrize(("away", "conceded", "problems"), [
    (FIVE + [(26,), (21, 22), (23, 24), (25, 26)], set(), []),
    (FIVE + [(21, 22), (23, 24)], {6, 9}, []),   # five players: five singles, two pairs
    (FIVE[:4] + [(21, 22), (23, 24)], {5, 6, 9}, []),
    # Five players cannot field three pairs as well: the third must be conceded.
    (FIVE + [(21, 22), (23, 24), (25, 21)], {6}, [
        "Crown: Crown 21 plays two pairs; Solihull & Warwickshire allows one.",
        "Crown fields 5 players; Solihull & Warwickshire needs at least 6."]),
])
def test_a_short_solihull_side_concedes_the_games_it_cannot_field(away: list[tuple[int, ...]], conceded: set[int],
                                                                  problems: list[str]) -> None:
    assert team_sheet_problems(format_get("solihull"), solihull_sheet(away, conceded)) == problems


def test_conceded_rubbers_count_for_the_other_side_in_the_match_score() -> None:
    fmt = format_get("solihull")
    assert match_score(fmt, [["home"]] * 2 + [["away"]] * 5 + [["home"]] * 2) == (4, 5)


def test_a_northallerton_side_short_of_six_cannot_concede_its_way_out() -> None:
    fmt = format_get("northallerton")
    pairs = [(1, 2), (3, 4), (5, 1), (2, 3), (4, 5), (1, 2), (3, 4), (5, 1)]
    sheet = TeamSheet(RED, CROWN, tuple(Lineup(home, (21 + n % 6, 21 + (n + 1) % 6)) for n, home in enumerate(pairs)))
    assert team_sheet_problems(fmt, sheet) == ["Red Lion fields 5 players; Northallerton needs at least 6."]


def test_leek_sides_may_agree_two_substitutes_before_the_start() -> None:
    assert format_get("leek").substitutes == 2


def test_guisboroughs_three_pairs_are_drawn_by_the_captains() -> None:
    fmt = format_get("guisborough")
    assert (fmt.pairs, [r.kind for r in fmt.rubbers], fmt.players_needed()) == ("drawn", ["pairs"] * 3, 6)


def test_a_solihull_side_of_five_concedes_a_singles_and_a_pairs_and_plays_the_rest() -> None:
    fmt = format_get("solihull")
    assert fmt.players_needed() == 6  # the rule book's six: what a full side needs
    assert team_sheet_problems(fmt, solihull_sheet(FIVE + [(21, 22), (23, 24)], {6, 9})) == []
    assert match_score(fmt, [["home"]] * 5 + [["away"]] + [["home"]] * 2 + [["away"]]) == (7, 2)
