"""Rubbers: one pairing of a match, played as one game or best of N.

Terminology: a league *match* between two teams is a fixed list of
*rubbers*; a rubber is *singles* (one player a side) or *pairs* (two partners
a side).  A rubber is one *game* of Fives and Threes, or the best of N games
(N odd), so it is *decided* as soon as a side has won more than half of N;
the remaining games, the *decider* among them, are then not played.  A
rubber may change the league's rules for its games (``rules``: Leek plays
pairs to 121); every other rule is the league's.  A game's result is the
side that won it, ``"home"`` or ``"away"``: Fives and Threes games always
have a winner.  A rubber of another game (``game="block"``: block
dominoes, which Northallerton plays beside Fives and Threes) is
*unchecked*: the rules engine cannot adjudicate it, so only its result is
recorded, from the paper card.

>>> best_of_3 = Rubber("singles", best_of=3)
>>> games_to_win(best_of_3)
2
>>> rubber_decided(best_of_3, ["home", "home"]), rubber_winner(best_of_3, ["home", "away"])
(True, None)
>>> Rubber("pairs", rules=(("target", 121),)).rules_over({"preset": "pub", "target": 61})
{'preset': 'pub', 'target': 121}
>>> Rubber("pairs", rules=(("hand_size", (("4", 6),)),)).rules_over({"hand_size": {"2": 9}})
{'preset': 'pub', 'hand_size': {'2': 9, '4': 6}}
>>> Rubber("pairs", game="block").checked
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from scoring import Rules
from scoring.errors import RulesError

from .errors import FormatError, ResultError

Side = Literal["home", "away"]
Kind = Literal["singles", "pairs"]
# The game a rubber is: Fives and Threes, which the engine checks, or block
# dominoes, which it does not play.
GameName = Literal["fives-and-threes", "block"]
GAMES: tuple[GameName, ...] = ("fives-and-threes", "block")
# A rule key's value; one that is an object for the engine (a hand size by
# number of players, a penalty policy) is held as its (key, value) pairs
# so that rubbers stay hashable, and given back to the engine as an object.
RuleValue = int | str | bool | tuple[tuple[str, int | str], ...]
SIDES: tuple[Side, Side] = ("home", "away")
PLAYERS_A_SIDE: dict[str, int] = {"singles": 1, "pairs": 2}


@dataclass(frozen=True, slots=True)
class Rubber:
    """One rubber of a match format: its kind, length and rule changes.

    ``rules`` is a tuple of ``(rule key, value)`` pairs rather than a dict so
    that formats stay hashable; the keys are the rules engine's (docs/scoresheet.md).
    An object-valued key is itself a tuple of pairs: ``("hand_size", (("4", 6),))``.
    ``game`` is ``"fives-and-threes"`` or ``"block"`` (unchecked: see the module).
    """

    kind: Kind
    best_of: int = 1
    rules: tuple[tuple[str, RuleValue], ...] = ()
    game: GameName = "fives-and-threes"

    def __post_init__(self) -> None:
        if self.kind not in PLAYERS_A_SIDE:
            raise FormatError(f"a rubber is singles or pairs, not {self.kind!r}")
        if isinstance(self.best_of, bool) or not isinstance(self.best_of, int) \
                or self.best_of < 1 or self.best_of % 2 == 0:
            # An even N could end level, and a rubber must have a winner.
            raise FormatError(f"a rubber is best of an odd number of games (1, 3, 5...), not {self.best_of!r}")
        if self.game not in GAMES:
            raise FormatError(f"a rubber's game is {' or '.join(GAMES)}, not {self.game!r}")
        if self.game != "fives-and-threes" and self.rules:
            # The engine plays no other game, so there is nothing to change.
            raise FormatError(f"a {self.game} rubber has no Fives and Threes rules to change")
        _check_rules(self.rules)

    @property
    def checked(self) -> bool:
        """Whether the rules engine adjudicates its games (scored live or a
        card's final scores checked); an unchecked rubber has its result only."""
        return self.game == "fives-and-threes"

    @property
    def players_a_side(self) -> int:
        """1 for singles, 2 for pairs."""
        return PLAYERS_A_SIDE[self.kind]

    def rules_over(self, league_rules: object) -> dict[str, object]:
        """The rules for this rubber's games: the league's (a preset name, an
        object of rule keys, or ``None`` as ``scoring.Rules.parse`` takes
        them) with this rubber's changes on top; an object-valued key
        (penalties, hand_size) is changed key by key, so Leek's false-knock
        penalty leaves the league's other penalties as they are."""
        if league_rules is None:
            base: dict[str, object] = {"preset": "pub"}
        elif isinstance(league_rules, str):
            base = {"preset": league_rules}
        elif isinstance(league_rules, Mapping):
            base = {"preset": "pub", **league_rules}
        else:
            raise FormatError("league rules must be a preset name or an object of rule keys")
        merged = dict(base)
        for key, value in engine_rules(self.rules).items():
            under = merged.get(key)
            # An object-valued key changes only the keys it names: Leek's
            # false knock leaves the league's other penalties as they are.
            merged[key] = {**under, **value} if isinstance(value, dict) and isinstance(under, Mapping) else value
        return merged


def engine_rules(rules: tuple[tuple[str, RuleValue], ...]) -> dict[str, object]:
    """A rubber's rule changes as the engine takes them: pairs back to objects."""
    return {key: dict(value) if isinstance(value, tuple) else value for key, value in rules}


def games_to_win(rubber: Rubber) -> int:
    """Games a side needs to take the rubber: 1 of 1, 2 of 3, 3 of 5."""
    return rubber.best_of // 2 + 1


def rubber_winner(rubber: Rubber, games: Sequence[Side]) -> Side | None:
    """The side that has taken the rubber, or ``None`` while it is undecided.

    ``games`` are the winners of the games played, in order.  Raises
    ``ResultError`` for a winner that is not a side, or for a game played
    after the rubber was decided (a decider at 2-0 is never played).
    """
    needed = games_to_win(rubber)
    won = {"home": 0, "away": 0}
    for number, side in enumerate(games, start=1):
        if side not in won:
            raise ResultError(f"game {number}: the winner is 'home' or 'away', not {side!r}")
        if needed in won.values():
            raise ResultError(f"game {number} should not have been played: the rubber was decided "
                              f"{won['home']}-{won['away']} after game {number - 1}")
        won[side] += 1
    return next((side for side in SIDES if won[side] == needed), None)


def rubber_decided(rubber: Rubber, games: Sequence[Side]) -> bool:
    """Whether a side has taken the rubber, so no more of its games are played."""
    return rubber_winner(rubber, games) is not None


def _check_rules(rules: tuple[tuple[str, RuleValue], ...]) -> None:
    keys = [key for key, _ in rules]
    if "preset" in keys:
        # A rubber changes rule keys; the preset is the league's choice.
        raise FormatError("a rubber cannot change the preset, only rule keys")
    if len(set(keys)) != len(keys):
        raise FormatError(f"a rubber names a rule key twice: {', '.join(keys)}")
    try:
        Rules.parse({"preset": "pub", **engine_rules(rules)})
    except RulesError as error:
        raise FormatError(f"rubber {error}") from error
    except (TypeError, ValueError) as error:
        # A malformed pair in an object-valued key, which dict() refuses.
        raise FormatError(f"rubber rules: {error}") from error

