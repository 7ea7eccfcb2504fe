"""Division tables: columns per points scheme, walkovers, sanctions, tie-breakers, shared positions.

Table-driven where the points schemes of docs/formats.md give the
facts; hypothesis for what must hold of any table.  No database.
"""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys
from collections.abc import Callable, Sequence
from random import Random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.formats import SCHEMES, scheme_get
from league.standings import (
    DEFAULT_TIE_BREAKERS,
    TIE_BREAKERS,
    EntryError,
    MatchLine,
    Sanction,
    StandingsError,
    TableRow,
    TeamEntry,
    TieBreakerError,
    UnknownTeam,
    division_table,
    tie_breakers_check,
)

RED, CROWN, PLOUGH, BELL = 1, 2, 3, 4
# Ids in the opposite order to the names, so listing by name and by id differ.
TEAMS = (TeamEntry(RED, "Red Lion"), TeamEntry(CROWN, "Crown"), TeamEntry(PLOUGH, "Plough"),
         TeamEntry(BELL, "Bell"))


def table(matches: Sequence[MatchLine], scheme: str = "plain", teams: Sequence[TeamEntry] = TEAMS,
          tie_breakers: Sequence[str] = DEFAULT_TIE_BREAKERS, sanctions: Sequence[Sanction] = ()) -> list[TableRow]:
    return division_table(teams, matches, scheme_get(scheme), tie_breakers=tie_breakers, sanctions=sanctions)


def standings(rows: Sequence[TableRow]) -> list[str]:
    """The table as a reader sees it: "1= Crown" for a shared position."""
    return [f"{row.position}{'=' if row.shared else ''} {row.name}" for row in rows]


def row_of(rows: Sequence[TableRow], team: int) -> TableRow:
    return next(row for row in rows if row.team == team)


def columns(row: TableRow) -> tuple[int, ...]:
    """played, won, drawn, lost, games for, games against, points."""
    return row.played, row.won, row.drawn, row.lost, row.games_for, row.games_against, row.points


# One match under each preset scheme (docs/formats.md gives the points).

@pytest.mark.parametrize(("scheme", "line", "home", "away"), [
    ("leek", MatchLine(RED, CROWN, 6, 3), (1, 1, 0, 0, 6, 3, 8), (1, 0, 0, 1, 3, 6, 3)),
    ("leek", MatchLine(RED, CROWN, 4, 5), (1, 0, 0, 1, 4, 5, 4), (1, 1, 0, 0, 5, 4, 7)),
    ("leek", MatchLine(RED, CROWN, 4, 4), (1, 0, 1, 0, 4, 4, 5), (1, 0, 1, 0, 4, 4, 5)),
    ("solihull", MatchLine(RED, CROWN, 5, 4), (1, 1, 0, 0, 5, 4, 3), (1, 0, 0, 1, 4, 5, 1)),
    ("solihull", MatchLine(RED, CROWN, 3, 6), (1, 0, 0, 1, 3, 6, 0), (1, 1, 0, 0, 6, 3, 3)),
    ("plain", MatchLine(RED, CROWN, 5, 4), (1, 1, 0, 0, 5, 4, 2), (1, 0, 0, 1, 4, 5, 0)),
    ("plain", MatchLine(RED, CROWN, 4, 4), (1, 0, 1, 0, 4, 4, 1), (1, 0, 1, 0, 4, 4, 1)),
])
def test_a_match_counts_by_the_leagues_points_scheme(scheme: str, line: MatchLine, home: tuple[int, ...],
                                                      away: tuple[int, ...]) -> None:
    rows = table([line], scheme)
    assert columns(row_of(rows, RED)) == home
    assert columns(row_of(rows, CROWN)) == away


def test_points_add_up_over_a_season() -> None:
    rows = table([MatchLine(RED, CROWN, 6, 3), MatchLine(PLOUGH, RED, 5, 4), MatchLine(RED, BELL, 9, 0)],
                 "leek")
    assert columns(row_of(rows, RED)) == (3, 2, 0, 1, 19, 8, 8 + 4 + 11)


def test_pegged_points_count_for_and_against() -> None:
    rows = table([MatchLine(RED, CROWN, 5, 4, home_pegged=412, away_pegged=398),
                  MatchLine(CROWN, PLOUGH, 6, 3, home_pegged=300, away_pegged=250)])
    crown = row_of(rows, CROWN)
    assert (crown.pegged_for, crown.pegged_against, crown.pegged_difference) == (698, 662, 36)
    assert crown.games_difference == 10 - 8


def test_teams_without_a_match_appear_with_nothing_counted() -> None:
    rows = table([MatchLine(RED, CROWN, 5, 4)])
    assert len(rows) == 4
    assert columns(row_of(rows, BELL)) == (0, 0, 0, 0, 0, 0, 0)
    assert standings(rows)[1:3] == ["2= Bell", "2= Plough"]


def test_a_division_with_no_teams_has_an_empty_table() -> None:
    assert table([], teams=()) == []


# Walkovers.

@pytest.mark.parametrize(("scheme", "winner", "loser"), [
    ("leek", (1, 1, 0, 0, 5, 4, 7), (1, 0, 0, 1, 4, 5, 0)),
    ("solihull", (1, 1, 0, 0, 0, 0, 3), (1, 0, 0, 1, 0, 0, 0)),
    ("plain", (1, 1, 0, 0, 0, 0, 2), (1, 0, 0, 1, 0, 0, 0)),
])
def test_a_walkover_is_a_win_at_the_schemes_recorded_score(scheme: str, winner: tuple[int, ...],
                                                           loser: tuple[int, ...]) -> None:
    rows = table([MatchLine.walkover_to(RED, CROWN, "away")], scheme)
    assert columns(row_of(rows, CROWN)) == winner
    assert columns(row_of(rows, RED)) == loser


def test_a_walkover_pegs_no_points() -> None:
    rows = table([MatchLine.walkover_to(RED, CROWN, "home")], "leek")
    assert [(r.pegged_for, r.pegged_against) for r in rows[:2]] == [(0, 0), (0, 0)]


def test_a_walkover_line_cannot_carry_a_score_of_its_own() -> None:
    with pytest.raises(EntryError, match="walkover's score is the points scheme's"):
        MatchLine(RED, CROWN, 6, 0, walkover="home")


def test_a_walkover_goes_to_home_or_away() -> None:
    with pytest.raises(EntryError, match="'home' or 'away'"):
        MatchLine(RED, CROWN, walkover="visitors")  # type: ignore[arg-type]


# Sanctions.

def test_a_sanction_deducts_points_and_can_take_a_team_below_zero() -> None:
    rows = table([MatchLine(RED, CROWN, 5, 4)], sanctions=[
        Sanction(CROWN, 3, "late result"), Sanction(CROWN, 5, "late result, second offence")])
    crown = row_of(rows, CROWN)
    assert (crown.sanctions, crown.points) == (8, -8)
    assert standings(rows)[-1] == "4 Crown"


def test_a_sanction_can_cost_a_team_its_place() -> None:
    matches = [MatchLine(RED, CROWN, 5, 4), MatchLine(PLOUGH, BELL, 5, 4)]
    assert standings(table(matches, tie_breakers=["points", "name"]))[:2] == ["1= Plough", "1= Red Lion"]
    sanctioned = table(matches, tie_breakers=["points", "name"], sanctions=[Sanction(RED, 1)])
    assert standings(sanctioned)[:2] == ["1 Plough", "2 Red Lion"]


@pytest.mark.parametrize("points", [0, -3, True, 1.5])
def test_a_sanction_deducts_a_whole_number_of_points(points: int) -> None:
    with pytest.raises(EntryError, match="sanction deducts a whole number"):
        Sanction(RED, points)


def test_a_sanction_for_a_team_outside_the_division_is_refused() -> None:
    with pytest.raises(UnknownTeam, match="team 9 is not in the division") as refused:
        table([], sanctions=[Sanction(9, 3)])
    assert refused.value.team == 9


# Each tie-breaker alone: the order it gives, which points alone would not.

@pytest.mark.parametrize(("breaker", "matches", "order"), [
    ("points", [MatchLine(CROWN, RED, 5, 4), MatchLine(CROWN, BELL, 5, 4), MatchLine(RED, PLOUGH, 9, 0)],
     ["1 Crown", "2 Red Lion", "3= Plough", "3= Bell"]),
    ("games_difference", [MatchLine(CROWN, RED, 5, 4), MatchLine(RED, PLOUGH, 9, 0)],
     ["1 Red Lion", "2 Crown", "3 Bell", "4 Plough"]),
    ("games_won", [MatchLine(RED, CROWN, 5, 4), MatchLine(CROWN, PLOUGH, 6, 3)],
     ["1 Crown", "2 Red Lion", "3 Plough", "4 Bell"]),
    ("pegged_difference", [MatchLine(RED, CROWN, 5, 4, 300, 400), MatchLine(PLOUGH, BELL, 5, 4, 350, 300)],
     ["1 Crown", "2 Plough", "3 Bell", "4 Red Lion"]),
])
def test_each_tie_breaker_alone_orders_the_table_by_its_figure(breaker: str, matches: list[MatchLine],
                                                               order: list[str]) -> None:
    assert standings(table(matches, tie_breakers=[breaker])) == order


def test_head_to_head_alone_ranks_by_points_won_in_the_division_without_sanctions() -> None:
    rows = table([MatchLine(RED, CROWN, 5, 4), MatchLine(PLOUGH, BELL, 5, 4)],
                 tie_breakers=["head_to_head"], sanctions=[Sanction(RED, 3)])
    assert standings(rows) == ["1= Red Lion", "1= Plough", "3= Crown", "3= Bell"]


def test_name_lists_level_teams_alphabetically_but_they_still_share_the_position() -> None:
    assert standings(table([], tie_breakers=["points", "name"])) == [
        "1= Bell", "1= Crown", "1= Plough", "1= Red Lion"]


def test_without_name_level_teams_are_listed_by_team_id() -> None:
    assert standings(table([], tie_breakers=["points"])) == [
        "1= Red Lion", "1= Crown", "1= Plough", "1= Bell"]


# Tie-breakers in order: each decides only among teams level on all before it.

def test_games_difference_separates_teams_level_on_points() -> None:
    matches = [MatchLine(RED, CROWN, 5, 4), MatchLine(PLOUGH, BELL, 9, 0)]
    assert standings(table(matches, tie_breakers=["points"])) == [
        "1= Red Lion", "1= Plough", "3= Crown", "3= Bell"]
    assert standings(table(matches, tie_breakers=["points", "games_difference"])) == [
        "1 Plough", "2 Red Lion", "3 Crown", "4 Bell"]


def test_points_come_before_games_difference() -> None:
    # Red Lion wins narrowly twice; Plough wins big once and loses narrowly.
    matches = [MatchLine(RED, CROWN, 5, 4), MatchLine(RED, BELL, 5, 4), MatchLine(PLOUGH, BELL, 9, 0),
               MatchLine(CROWN, PLOUGH, 5, 4)]
    assert standings(table(matches))[:2] == ["1 Red Lion", "2 Plough"]


def test_games_won_separates_teams_level_on_points_and_difference() -> None:
    matches = [MatchLine(RED, CROWN, 4, 4), MatchLine(PLOUGH, BELL, 2, 2)]
    breakers = ["points", "games_difference"]
    assert standings(table(matches, tie_breakers=breakers)) == [
        "1= Red Lion", "1= Crown", "1= Plough", "1= Bell"]
    assert standings(table(matches, tie_breakers=[*breakers, "games_won", "name"])) == [
        "1= Crown", "1= Red Lion", "3= Bell", "3= Plough"]


def test_head_to_head_separates_teams_level_on_points_and_games() -> None:
    # Red Lion and Crown: 2 points, 9-9 in games each; Red Lion won their match.
    matches = [MatchLine(CROWN, RED, 4, 5), MatchLine(CROWN, BELL, 5, 4), MatchLine(PLOUGH, RED, 5, 4)]
    without = ["points", "games_difference", "games_won"]
    assert standings(table(matches, tie_breakers=without)) == ["1 Plough", "2= Red Lion", "2= Crown", "4 Bell"]
    assert standings(table(matches, tie_breakers=[*without, "head_to_head"])) == [
        "1 Plough", "2 Red Lion", "3 Crown", "4 Bell"]


def test_pegged_difference_separates_teams_that_have_not_met() -> None:
    matches = [MatchLine(RED, BELL, 5, 4, 400, 390), MatchLine(CROWN, PLOUGH, 5, 4, 420, 380)]
    assert standings(table(matches)) == ["1 Crown", "2 Red Lion", "3 Bell", "4 Plough"]
    without = [key for key in DEFAULT_TIE_BREAKERS if key != "pegged_difference"]
    assert standings(table(matches, tie_breakers=without)) == ["1= Crown", "1= Red Lion", "3= Bell", "3= Plough"]


def test_a_tie_that_stands_after_every_tie_breaker_is_shared_and_the_next_position_skips() -> None:
    matches = [MatchLine(RED, PLOUGH, 5, 4, 300, 280), MatchLine(CROWN, PLOUGH, 5, 4, 300, 280)]
    rows = table(matches, teams=TEAMS[:3])
    assert standings(rows) == ["1= Crown", "1= Red Lion", "3 Plough"]


def test_a_circle_of_results_leaves_three_teams_sharing_first_place() -> None:
    matches = [MatchLine(RED, CROWN, 5, 4), MatchLine(CROWN, PLOUGH, 5, 4), MatchLine(PLOUGH, RED, 5, 4)]
    assert standings(table(matches)) == ["1= Crown", "1= Plough", "1= Red Lion", "4 Bell"]


# Head-to-head among three: the mini-table, then again for a pair it leaves level.

THREE_WAY = [
    # Among Red Lion, Crown and Plough: Red Lion 6, Crown 3, Plough 3 ...
    MatchLine(RED, CROWN, 5, 4), MatchLine(CROWN, RED, 4, 5),
    MatchLine(RED, PLOUGH, 5, 4), MatchLine(PLOUGH, RED, 5, 4),
    MatchLine(CROWN, PLOUGH, 5, 4), MatchLine(PLOUGH, CROWN, 4, 4),
    # ... and Bell evens the three up on points: 6 each, Bell 4.
    MatchLine(CROWN, BELL, 5, 4), MatchLine(BELL, CROWN, 4, 4),
    MatchLine(PLOUGH, BELL, 5, 4), MatchLine(BELL, PLOUGH, 4, 4),
    MatchLine(BELL, RED, 5, 4),
]


def test_three_teams_level_on_points_are_ordered_by_their_mini_table() -> None:
    rows = table(THREE_WAY, tie_breakers=["points", "head_to_head"])
    assert [row.points for row in rows] == [6, 6, 6, 4]
    assert standings(rows)[0] == "1 Red Lion"


def test_a_pair_the_three_way_mini_table_leaves_level_is_separated_by_their_own_matches() -> None:
    # Crown and Plough took 3 points each among the three; between them, Crown 3 and Plough 1.
    rows = table(THREE_WAY, tie_breakers=["points", "head_to_head"])
    assert standings(rows) == ["1 Red Lion", "2 Crown", "3 Plough", "4 Bell"]


def test_head_to_head_between_teams_that_have_not_met_separates_no_one() -> None:
    rows = table([MatchLine(RED, BELL, 5, 4), MatchLine(CROWN, PLOUGH, 5, 4)],
                 tie_breakers=["points", "head_to_head", "name"])
    assert standings(rows) == ["1= Crown", "1= Red Lion", "3= Bell", "3= Plough"]


# The worked example in docs/standings.md.

WORKED = [MatchLine(RED, CROWN, 5, 4, 402, 391), MatchLine(PLOUGH, RED, 5, 4, 388, 401),
          MatchLine(CROWN, BELL, 5, 4, 415, 378), MatchLine.walkover_to(PLOUGH, BELL, "home")]


def test_the_worked_example_gives_the_table_in_the_docs() -> None:
    rows = table(WORKED, "solihull", sanctions=[Sanction(BELL, 3, "late result")])
    assert [(standing, *columns(row), row.pegged_for, row.pegged_against, row.sanctions)
            for standing, row in zip(standings(rows), rows, strict=True)] == [
        ("1 Plough", 2, 2, 0, 0, 5, 4, 6, 388, 401, 0),
        ("2 Red Lion", 2, 1, 0, 1, 9, 9, 4, 803, 779, 0),
        ("3 Crown", 2, 1, 0, 1, 9, 9, 4, 806, 780, 0),
        ("4 Bell", 2, 0, 0, 2, 4, 5, -2, 378, 415, 3),
    ]


@pytest.mark.parametrize(("dropped", "order"), [
    (["head_to_head"], ["1 Plough", "2 Crown", "3 Red Lion", "4 Bell"]),
    (["head_to_head", "pegged_difference"], ["1 Plough", "2= Crown", "2= Red Lion", "4 Bell"]),
])
def test_the_worked_example_without_head_to_head(dropped: list[str], order: list[str]) -> None:
    breakers = [key for key in DEFAULT_TIE_BREAKERS if key not in dropped]
    rows = table(WORKED, "solihull", tie_breakers=breakers, sanctions=[Sanction(BELL, 3)])
    assert standings(rows) == order


# Tie-breaker lists.

def test_the_default_tie_breakers_run_from_points_to_name() -> None:
    assert DEFAULT_TIE_BREAKERS == (
        "points", "games_difference", "games_won", "head_to_head", "pegged_difference", "name")


@pytest.mark.parametrize(("keys", "message"), [
    (["points", "goals"], "unknown tie-breaker 'goals'"),
    (["points", "games_won", "points"], "'points' is listed twice"),
    (["points", "name", "games_won"], "'name', which must be last"),
    (["name"], "at least one tie-breaker other than 'name'"),
    ([], "at least one tie-breaker other than 'name'"),
    ("points", "a list of keys, not the string 'points'"),
])
def test_a_tie_breaker_list_that_cannot_order_a_table_is_refused(keys: list[str], message: str) -> None:
    with pytest.raises(TieBreakerError, match=message):
        tie_breakers_check(keys)
    with pytest.raises(TieBreakerError):
        table([], tie_breakers=keys)


def test_every_known_tie_breaker_can_be_used_in_any_order_with_name_last() -> None:
    ranking = [key for key in TIE_BREAKERS if key != "name"]
    assert tie_breakers_check([*reversed(ranking), "name"]) == (*reversed(ranking), "name")


# Matches and teams that make no sense.

def test_a_match_against_a_team_outside_the_division_is_refused() -> None:
    with pytest.raises(UnknownTeam, match="team 9 is not in the division") as refused:
        table([MatchLine(RED, 9, 5, 4)])
    assert refused.value.team == 9


def test_a_team_cannot_play_itself() -> None:
    with pytest.raises(EntryError, match="team 1 cannot play itself"):
        MatchLine(RED, RED, 5, 4)


def test_a_team_listed_twice_is_refused() -> None:
    with pytest.raises(EntryError, match="team 1 is listed twice"):
        table([], teams=[*TEAMS, TeamEntry(RED, "Red Lion (B)")])


@pytest.mark.parametrize("numbers", [(-1, 4, 0, 0), (5, 4, -10, 0), (5.0, 4, 0, 0), (True, 4, 0, 0)])
def test_games_and_pegged_points_are_whole_numbers_of_zero_or_more(numbers: tuple[int, int, int, int]) -> None:
    with pytest.raises(EntryError, match="whole numbers"):
        MatchLine(RED, CROWN, *numbers)


def test_every_refusal_is_a_standings_error_and_a_value_error() -> None:
    for error in (EntryError, UnknownTeam, TieBreakerError):
        assert issubclass(error, StandingsError) and issubclass(error, ValueError)


# What holds of any table.

NAMES = ("Red Lion", "Crown", "Plough", "Bell", "Anchor", "Swan")


@st.composite
def divisions(draw: st.DrawFn) -> tuple[list[TeamEntry], list[MatchLine]]:
    size = draw(st.integers(min_value=2, max_value=len(NAMES)))
    teams = [TeamEntry(i + 1, NAMES[i]) for i in range(size)]
    return teams, draw(st.lists(match_lines(size), max_size=20))


def match_lines(size: int) -> st.SearchStrategy[MatchLine]:
    pairs = st.tuples(st.integers(1, size), st.integers(1, size)).filter(lambda p: p[0] != p[1])
    games, pegged = st.integers(0, 9), st.integers(0, 600)
    played = st.builds(lambda p, hg, ag, hp, ap: MatchLine(p[0], p[1], hg, ag, hp, ap),
                       pairs, games, games, pegged, pegged)
    walkover = st.builds(lambda p, side: MatchLine.walkover_to(p[0], p[1], side),
                         pairs, st.sampled_from(["home", "away"]))
    return st.one_of(played, walkover)


schemes = st.sampled_from(sorted(SCHEMES))
breaker_lists = st.permutations([key for key in TIE_BREAKERS if key != "name"]).flatmap(
    lambda keys: st.integers(1, len(keys)).map(lambda n: keys[:n]))


@pytest.mark.slow
@given(divisions(), schemes, breaker_lists, st.randoms())
def test_the_order_of_the_matches_does_not_change_the_table(
        division: tuple[list[TeamEntry], list[MatchLine]], scheme: str, breakers: list[str],
        random: Random) -> None:
    teams, matches = division
    shuffled = list(matches)
    random.shuffle(shuffled)
    assert table(shuffled, scheme, teams, breakers) == table(matches, scheme, teams, breakers)


@pytest.mark.slow
@given(divisions(), schemes)
def test_wins_balance_losses_and_games_and_pegged_points_balance(
        division: tuple[list[TeamEntry], list[MatchLine]], scheme: str) -> None:
    rows = table(division[1], scheme, division[0])
    assert sum(r.won for r in rows) == sum(r.lost for r in rows)
    assert sum(r.games_for for r in rows) == sum(r.games_against for r in rows)
    assert sum(r.pegged_for for r in rows) == sum(r.pegged_against for r in rows)
    assert sum(r.played for r in rows) == 2 * len(division[1])


@given(divisions(), schemes, breaker_lists)
def test_positions_run_from_one_with_ties_sharing_the_higher_place_and_the_next_skipping(
        division: tuple[list[TeamEntry], list[MatchLine]], scheme: str, breakers: list[str]) -> None:
    rows = table(division[1], scheme, division[0], breakers)
    assert sorted(r.team for r in rows) == [t.id for t in division[0]]
    for index, row in enumerate(rows):
        tied_above = index > 0 and row.position == rows[index - 1].position
        assert row.position == (rows[index - 1].position if tied_above else index + 1)
        assert row.shared == (sum(r.position == row.position for r in rows) > 1)


# Each ranking tie-breaker's figure; head-to-head among the whole division is
# every match point earned, sanctions aside.
FIGURES: dict[str, Callable[[TableRow], int]] = {
    "points": lambda r: r.points, "games_difference": lambda r: r.games_difference,
    "games_won": lambda r: r.games_for, "pegged_difference": lambda r: r.pegged_difference,
    "head_to_head": lambda r: r.points + r.sanctions,
}


@given(divisions(), schemes, breaker_lists)
def test_a_team_is_never_placed_above_a_team_with_more_of_the_first_tie_breaker(
        division: tuple[list[TeamEntry], list[MatchLine]], scheme: str, breakers: list[str]) -> None:
    rows = table(division[1], scheme, division[0], [*breakers, "name"])
    figures = [FIGURES[breakers[0]](r) for r in rows]
    assert figures == sorted(figures, reverse=True)


def statistics(row: TableRow) -> tuple[int, ...]:
    return (row.played, row.won, row.drawn, row.lost, row.games_for, row.games_against,
            row.pegged_for, row.pegged_against, row.sanctions, row.points)


@pytest.mark.slow
@given(divisions(), schemes, st.data())
def test_a_new_match_changes_the_figures_of_its_two_teams_only(
        division: tuple[list[TeamEntry], list[MatchLine]], scheme: str, data: st.DataObject) -> None:
    teams, matches = division
    extra = data.draw(match_lines(len(teams)))
    before = {r.team: statistics(r) for r in table(matches, scheme, teams)}
    after = {r.team: statistics(r) for r in table([*matches, extra], scheme, teams)}
    changed = {team for team in before if before[team] != after[team]}
    assert changed == {extra.home, extra.away}


# The package itself.

@pytest.mark.parametrize("module", ["values", "tally", "tiebreakers", "ranking", "table"])
def test_the_examples_in_each_modules_docstring_run(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"league.standings.{module}"))
    assert result.failed == 0 and result.attempted > 0


def test_the_package_imports_without_django() -> None:
    # In a fresh interpreter: the test run itself has Django loaded.
    check = "import sys, league.standings; sys.exit(any(m.split('.')[0] == 'django' for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", check], check=False).returncode == 0
