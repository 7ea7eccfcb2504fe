"""Match formats: the presets, rubbers decided early, match scores and team sheets.

Table-driven where the league rules quoted in docs/formats.md give the facts;
hypothesis for the games of a rubber, where the sequences are many.  No database.
"""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.formats import (
    FORMATS,
    FormatError,
    FormatsError,
    Lineup,
    MatchFormat,
    Player,
    ResultError,
    Rubber,
    Side,
    Squad,
    TeamSheet,
    UnknownFormat,
    format_get,
    games_to_win,
    match_score,
    rubber_decided,
    rubber_winner,
    team_sheet_problems,
)
from scoring import Rules

H: Side = "home"
A: Side = "away"


# The presets, as docs/formats.md describes them.

@pytest.mark.parametrize(("key", "singles", "pairs", "max_singles", "max_pairs", "needed", "draws"), [
    ("plain", 9, 0, 1, None, 9, False),
    ("leek", 6, 3, 1, 1, 6, False),
    ("solihull", 6, 3, 1, 1, 6, False),
    ("northallerton", 0, 8, None, None, 6, True),
    ("guisborough", 0, 3, None, 1, 6, False),
    ("best-of-three", 5, 0, 1, None, 5, False),
])
def test_each_preset_has_its_rubbers_and_limits(key: str, singles: int, pairs: int, max_singles: int | None,
                                                 max_pairs: int | None, needed: int, draws: bool) -> None:
    fmt = format_get(key)
    assert fmt.key == key
    assert fmt.counts() == {"singles": singles, "pairs": pairs}
    assert (fmt.max_singles, fmt.max_pairs) == (max_singles, max_pairs)
    assert fmt.players_needed() == needed
    assert fmt.draws_possible() is draws


def test_only_the_best_of_three_preset_plays_more_than_one_game_a_rubber() -> None:
    lengths = {key: {r.best_of for r in fmt.rubbers} for key, fmt in FORMATS.items()}
    assert lengths.pop("best-of-three") == {3}
    assert all(found == {1} for found in lengths.values())


def test_leek_plays_singles_to_61_with_nine_tiles_and_pairs_to_121() -> None:
    league = {"preset": "pub", "target": 101, "finish": "reach"}
    singles, pairs = (Rules.parse(r.rules_over(league)) for r in format_get("leek").rubbers[5:7])
    assert (singles.target, singles.hand_size_for(2), singles.finish) == (61, 9, "reach")
    assert (pairs.target, pairs.finish) == (121, "reach")


def test_other_presets_leave_the_rules_to_the_league() -> None:
    for key in ("plain", "solihull", "northallerton", "guisborough"):
        assert all(r.rules == () for r in format_get(key).rubbers)


def test_an_unknown_format_key_is_named_with_the_known_ones() -> None:
    with pytest.raises(UnknownFormat, match=r"unknown match format 'darts' \(formats: plain, leek, "):
        format_get("darts")


def test_format_errors_are_value_errors() -> None:
    assert issubclass(UnknownFormat, FormatsError) and issubclass(FormatsError, ValueError)


# Rubbers: one game or best of N, the decider not played once decided.

@pytest.mark.parametrize(("best_of", "needed"), [(1, 1), (3, 2), (5, 3), (7, 4)])
def test_a_rubber_is_won_by_more_than_half_its_games(best_of: int, needed: int) -> None:
    assert games_to_win(Rubber("singles", best_of=best_of)) == needed


@pytest.mark.parametrize(("best_of", "games", "winner"), [
    (1, [], None),
    (1, [A], A),
    (1, [H], H),
    (3, [], None),
    (3, [H], None),
    (3, [H, H], H),        # 2-0: decided, the decider is not played
    (3, [A, A], A),
    (3, [H, A], None),     # 1-1: the decider is needed
    (3, [H, A, A], A),
    (3, [A, H, H], H),
    (5, [H, H, A, A], None),
    (5, [H, H, H], H),
    (5, [A, H, A, H, A], A),
])
def test_the_rubber_winner_is_whoever_first_takes_enough_games(
        best_of: int, games: list[Side], winner: Side | None) -> None:
    rubber = Rubber("pairs", best_of=best_of)
    assert rubber_winner(rubber, games) == winner
    assert rubber_decided(rubber, games) is (winner is not None)


@pytest.mark.parametrize(("best_of", "games", "message"), [
    (3, [H, H, A], "game 3 should not have been played: the rubber was decided 2-0 after game 2"),
    (3, [A, H, A, H], "game 4 should not have been played: the rubber was decided 1-2 after game 3"),
    (1, [H, A], "game 2 should not have been played: the rubber was decided 1-0 after game 1"),
    (3, [H, "draw"], "game 2: the winner is 'home' or 'away', not 'draw'"),
])
def test_it_rejects_games_no_rubber_could_have(best_of: int, games: list[Side], message: str) -> None:
    with pytest.raises(ResultError, match=message):
        rubber_winner(Rubber("singles", best_of=best_of), games)


@given(st.sampled_from([1, 3, 5, 7]), st.lists(st.sampled_from([H, A]), max_size=9))
def test_a_rubber_played_until_decided_has_one_winner_within_best_of(best_of: int, played: list[Side]) -> None:
    rubber = Rubber("singles", best_of=best_of)
    games: list[Side] = []
    for side in played:
        if rubber_decided(rubber, games):
            break
        games.append(side)
    winner = rubber_winner(rubber, games)
    if winner is None:
        assert len(games) == len(played) and max(games.count(H), games.count(A)) < games_to_win(rubber)
    else:
        # The game that decided it was the winner's last, and nothing followed it.
        assert games.count(winner) == games_to_win(rubber) and games[-1] == winner
        assert games_to_win(rubber) <= len(games) <= best_of


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"kind": "triples"}, "a rubber is singles or pairs, not 'triples'"),
    ({"kind": "singles", "best_of": 2}, r"best of an odd number of games \(1, 3, 5...\), not 2"),
    ({"kind": "singles", "best_of": 0}, "not 0"),
    ({"kind": "pairs", "rules": (("preset", "pagat"),)}, "cannot change the preset"),
    ({"kind": "pairs", "rules": (("target", 121), ("target", 61))}, "names a rule key twice"),
    ({"kind": "pairs", "rules": (("trget", 121),)}, "rubber rules: unknown rule key 'trget'"),
    ({"kind": "pairs", "rules": (("target", 0),)}, "target must be a whole number of at least 1"),
])
def test_it_rejects_a_rubber_that_makes_no_sense(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(FormatError, match=message):
        Rubber(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("league", "expected"), [
    (None, {"preset": "pub", "target": 121}),
    ("pagat", {"preset": "pagat", "target": 121}),
    ({"target": 61, "penalties": {"misplay": "none"}},
     {"preset": "pub", "target": 121, "penalties": {"misplay": "none"}}),
])
def test_a_rubbers_rules_change_the_leagues_and_keep_the_rest(league: object, expected: dict[str, object]) -> None:
    assert Rubber("pairs", rules=(("target", 121),)).rules_over(league) == expected


# Match formats and match scores.

@pytest.mark.parametrize(("kwargs", "message"), [
    ({"rubbers": ()}, "at least one rubber"),
    ({"key": ""}, "needs a key and a name"),
    ({"max_singles": 0}, "max_singles must be at least 1"),
    ({"min_players": 4}, "min_players must be from 1 to 3"),
    ({"min_players": 0}, "min_players must be from 1 to 3"),
])
def test_it_rejects_a_format_that_makes_no_sense(kwargs: dict[str, object], message: str) -> None:
    fields: dict[str, object] = {"key": "x", "name": "X", "rubbers": (Rubber("singles"), Rubber("pairs"))}
    with pytest.raises(FormatError, match=message):
        MatchFormat(**{**fields, **kwargs})  # type: ignore[arg-type]


def test_the_match_score_counts_decided_rubbers_only() -> None:
    fmt = MatchFormat("bo3", "Best of three", (Rubber("singles", best_of=3),) * 3)
    assert match_score(fmt, [[H, H], [A, H, A], [H, A]]) == (1, 1)
    assert match_score(fmt, []) == (0, 0)


@pytest.mark.parametrize("home", range(10))
def test_a_completed_nine_rubber_match_scores_to_nine(home: int) -> None:
    winners = [[H]] * home + [[A]] * (9 - home)
    assert match_score(format_get("solihull"), winners) == (home, 9 - home)


def test_the_match_score_names_the_rubber_with_impossible_games() -> None:
    fmt = MatchFormat("bo3", "Best of three", (Rubber("singles", best_of=3),) * 2)
    with pytest.raises(ResultError, match="rubber 2: game 3 should not have been played"):
        match_score(fmt, [[H, H], [A, A, H]])
    with pytest.raises(ResultError, match="Best of three has 2 rubbers, not 3"):
        match_score(fmt, [[H, H], [A, A], [H, H]])


# Team sheets.

RED = Squad("Red Lion", tuple(Player(i, name) for i, name in enumerate(
    ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo"], start=1)))
CROWN = Squad("Crown", tuple(Player(i, f"Crown {i}") for i in range(101, 111)))


def good_sheet(fmt: MatchFormat) -> TeamSheet:
    """A sheet that uses each player as evenly as the format allows."""
    def side(ids: list[int]) -> list[tuple[int, ...]]:
        lineups: list[tuple[int, ...]] = []
        singles = pairs = 0
        for rubber in fmt.rubbers:
            if rubber.kind == "singles":
                lineups.append((ids[singles % 9],))
                singles += 1
            else:
                lineups.append((ids[2 * pairs % 10], ids[(2 * pairs + 1) % 10]))
                pairs += 1
        return lineups
    home, away = side([p.id for p in RED.players]), side([p.id for p in CROWN.players])
    return TeamSheet(RED, CROWN, tuple(Lineup(h, a) for h, a in zip(home, away, strict=True)))


@pytest.mark.parametrize("key", FORMATS)
def test_a_sheet_that_keeps_to_the_format_has_no_problems(key: str) -> None:
    assert team_sheet_problems(format_get(key), good_sheet(format_get(key))) == []


def with_home(fmt_key: str, changes: dict[int, tuple[int, ...]]) -> list[str]:
    fmt = format_get(fmt_key)
    sheet = good_sheet(fmt)
    rubbers = tuple(Lineup(changes.get(n, lineup.home), lineup.away)
                    for n, lineup in enumerate(sheet.rubbers, start=1))
    return team_sheet_problems(fmt, TeamSheet(sheet.home, sheet.away, rubbers))


@pytest.mark.parametrize(("key", "changes", "problems"), [
    ("solihull", {2: (1,)}, ["Red Lion: Ann plays two singles; Solihull & Warwickshire allows one."]),
    ("solihull", {2: (1,), 7: (1, 3), 8: (4, 5), 9: (6, 3)}, [
        "Red Lion: Ann plays two singles; Solihull & Warwickshire allows one.",
        "Red Lion: Cat plays two pairs; Solihull & Warwickshire allows one.",
        "Red Lion fields 5 players; Solihull & Warwickshire needs at least 6."]),
    ("solihull", {8: (1, 2)}, ["Red Lion: Ann plays two pairs; Solihull & Warwickshire allows one.",
                               "Red Lion: Bob plays two pairs; Solihull & Warwickshire allows one."]),
    ("solihull", {7: (3, 3)}, ["Rubber 7 (pairs): Red Lion names Cat twice.",
                               "Red Lion: Cat plays two pairs; Solihull & Warwickshire allows one."]),
    ("solihull", {7: (1,)}, ["Rubber 7 (pairs): Red Lion names 1 player; a pairs rubber needs 2 players."]),
    ("solihull", {1: ()}, ["Rubber 1 (singles): Red Lion names 0 players; a singles rubber needs 1 player."]),
    ("solihull", {1: (1, 2)}, ["Rubber 1 (singles): Red Lion names 2 players; a singles rubber needs 1 player.",
                               "Red Lion: Bob plays two singles; Solihull & Warwickshire allows one."]),
    ("solihull", {1: (42,)}, ["Rubber 1 (singles): Red Lion names player 42, who is not in its squad."]),
    ("plain", {9: (8,)}, ["Red Lion: Hal plays two singles; Plain (nine singles) allows one.",
                          "Red Lion fields 8 players; Plain (nine singles) needs at least 9."]),
    ("northallerton", {3: (5, 1), 4: (2, 3), 5: (4, 5), 6: (1, 2), 7: (3, 4), 8: (5, 1)},
     ["Red Lion fields 5 players; Northallerton needs at least 6."]),
    ("guisborough", {3: (1, 2)}, ["Red Lion: Ann plays two pairs; Guisborough allows one.",
                                  "Red Lion: Bob plays two pairs; Guisborough allows one.",
                                  "Red Lion fields 4 players; Guisborough needs at least 6."]),
])
def test_it_tells_the_captain_what_is_wrong_with_the_sheet(
        key: str, changes: dict[int, tuple[int, ...]], problems: list[str]) -> None:
    assert with_home(key, changes) == problems


def test_northallerton_lets_a_player_play_more_than_once_when_six_turn_out() -> None:
    assert with_home("northallerton", {4: (1, 3), 5: (2, 4), 6: (5, 6), 7: (1, 2), 8: (3, 4)}) == []


def test_a_sheet_with_the_wrong_number_of_rubbers_says_so_and_checks_the_rest() -> None:
    sheet = good_sheet(format_get("solihull"))
    short = TeamSheet(RED, CROWN, sheet.rubbers[:8])
    assert team_sheet_problems(format_get("solihull"), short) == [
        "The sheet has 8 rubbers; Solihull & Warwickshire has 9."]


def test_each_teams_problems_are_named_for_that_team_home_first() -> None:
    fmt = format_get("solihull")
    sheet = good_sheet(fmt)
    rubbers = (Lineup((2,), (102,)),) + sheet.rubbers[1:]  # Ann and Crown 101 still play pairs
    assert team_sheet_problems(fmt, TeamSheet(RED, CROWN, rubbers)) == [
        "Red Lion: Bob plays two singles; Solihull & Warwickshire allows one.",
        "Crown: Crown 102 plays two singles; Solihull & Warwickshire allows one.",
    ]


@pytest.mark.parametrize("module", ["rubbers", "matchformats", "teamsheets", "presets"])
def test_the_examples_in_each_modules_docstring_run(module: str) -> None:
    result = doctest.testmod(importlib.import_module(f"league.formats.{module}"))
    assert result.failed == 0 and result.attempted > 0


def test_the_package_imports_without_django() -> None:
    # In a fresh interpreter: the test run itself has Django loaded.
    check = "import sys, league.formats; sys.exit(any(m.split('.')[0] == 'django' for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", check], check=False).returncode == 0
