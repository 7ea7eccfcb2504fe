"""Match formats and points schemes as plain data, for storing and the API.

Terminology: a format's or a scheme's *data* is a JSON-friendly dict
(strings, whole numbers, booleans, None, lists and objects only), the form a
league's own formats are stored in, version by version, and the form the
API reads and writes.  ``format_to_data`` and ``format_from_data`` (and the
same for schemes) turn one into the other exactly: ``format_from_data(
format_to_data(fmt)) == fmt``.  A *problem* is one thing wrong with some
data, as a sentence, with *where* it is: a field name, ``rubbers.2.best_of``
for a rubber's field (rubbers counted from 1), or ``""`` for the whole.
``format_problems`` lists them all, so a form can show each next to its
field; ``format_from_data`` raises ``FormatError`` (``SchemeError`` for a
scheme) naming every one.

>>> data = format_to_data(MatchFormat("cup", "Cup", (Rubber("pairs", best_of=3, rules=(("target", 121),)),)))
>>> data["rubbers"], data["pairs"], data["substitutes"]
([{'kind': 'pairs', 'best_of': 3, 'rules': {'target': 121}, 'game': 'fives-and-threes'}], 'named', 0)
>>> format_problems({**data, "rubbers": [{"kind": "triples"}]})
[Problem(where='rubbers.1.kind', message='Rubber 1 is singles or pairs, not "triples".')]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import FormatError, FormatsError, SchemeError
from .matchformats import PAIRS_CHOICES, MatchFormat
from .points import LosingBonus, PointsScheme, Walkover
from .rubbers import GAMES, PLAYERS_A_SIDE, Rubber, RuleValue

# Bounds no real league comes near; past them a value is a slip of the keyboard.
MAX_RUBBERS = 30
MAX_BEST_OF = 15
MAX_NUMBER = 1000
MAX_NAME = 80

FORMAT_FIELDS = ("key", "name", "rubbers", "max_singles", "max_pairs", "min_players", "pairs", "substitutes",
                 "concede_score")
RUBBER_FIELDS = ("kind", "best_of", "rules", "game")
SCHEME_FIELDS = ("key", "name", "win", "draw", "loss", "per_game", "losing_bonus", "walkover")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with some data: where, and a sentence saying what."""

    where: str
    message: str


# Writing.

def format_to_data(fmt: MatchFormat) -> dict[str, Any]:
    """The format as JSON-friendly data."""
    return {
        "key": fmt.key,
        "name": fmt.name,
        "rubbers": [rubber_to_data(rubber) for rubber in fmt.rubbers],
        "max_singles": fmt.max_singles,
        "max_pairs": fmt.max_pairs,
        "min_players": fmt.min_players,
        "pairs": fmt.pairs,
        "substitutes": fmt.substitutes,
        "concede_score": fmt.concede_score,
    }


def rubber_to_data(rubber: Rubber) -> dict[str, Any]:
    """One rubber as data; its rule changes as an object, in their order."""
    return {
        "kind": rubber.kind,
        "best_of": rubber.best_of,
        "rules": {key: dict(value) if isinstance(value, tuple) else value for key, value in rubber.rules},
        "game": rubber.game,
    }


def scheme_to_data(scheme: PointsScheme) -> dict[str, Any]:
    """The scheme as JSON-friendly data."""
    bonus = scheme.losing_bonus
    return {
        "key": scheme.key,
        "name": scheme.name,
        "win": scheme.win,
        "draw": scheme.draw,
        "loss": scheme.loss,
        "per_game": scheme.per_game,
        "losing_bonus": None if bonus is None else {"points": bonus.points, "within": bonus.within},
        "walkover": {"score": list(scheme.walkover.score), "loser_points": scheme.walkover.loser_points},
    }


# Reading.

def format_from_data(data: Any) -> MatchFormat:
    """The format the data describes; ``FormatError`` naming every problem."""
    problems = format_problems(data)
    if problems:
        raise FormatError(" ".join(p.message for p in problems))
    return _format(data)


def scheme_from_data(data: Any) -> PointsScheme:
    """The scheme the data describes; ``SchemeError`` naming every problem."""
    problems = scheme_problems(data)
    if problems:
        raise SchemeError(" ".join(p.message for p in problems))
    return _scheme(data)


def format_problems(data: Any) -> list[Problem]:
    """Everything wrong with format data; empty when ``format_from_data`` would accept it."""
    if not isinstance(data, Mapping):
        return [Problem("", "A match format is an object of fields.")]
    problems = _unknown(data, FORMAT_FIELDS, "A match format")
    problems += _text(data, "key", "key") + _text(data, "name", "name")
    rubbers = data.get("rubbers")
    if not isinstance(rubbers, list) or not rubbers:
        problems.append(Problem("rubbers", "A match needs a list of at least one rubber."))
    elif len(rubbers) > MAX_RUBBERS:
        problems.append(Problem("rubbers", f"A match has at most {MAX_RUBBERS} rubbers, not {len(rubbers)}."))
    else:
        for number, rubber in enumerate(rubbers, start=1):
            problems += rubber_problems(rubber, number)
    for name, what in (("max_singles", "singles"), ("max_pairs", "pairs")):
        if data.get(name) is not None and not _whole(data[name], 1):
            problems.append(Problem(name, f"The most {what} rubbers a player may play is a whole number "
                                          f"from 1 to {MAX_NUMBER}, or empty for no limit."))
    if not _whole(data.get("min_players", 1), 1):
        problems.append(Problem("min_players", f"The fewest players a team fields is a whole number from 1 "
                                               f"to {MAX_NUMBER}."))
    if data.get("pairs", "named") not in PAIRS_CHOICES:
        problems.append(Problem("pairs", f"Pairs are \"named\" on the team sheet or \"drawn\" at the table, "
                                         f"not {_shown(data.get('pairs'))}."))
    if not _whole(data.get("substitutes", 0), 0):
        problems.append(Problem("substitutes", f"Substitutes is a whole number from 0 to {MAX_NUMBER}."))
    if data.get("concede_score") is not None and not _whole(data["concede_score"], 1):
        problems.append(Problem("concede_score", f"A conceded game's score is a whole number from 1 to "
                                                 f"{MAX_NUMBER}, or empty for the rubber's target."))
    if problems:
        return problems
    # Each field is fine alone: what is left is how they fit together.
    try:
        _format(data)
    except FormatsError as error:
        reason = str(error).removeprefix(f"{data['name']}: ")
        words = reason.replace("min_players", "the fewest players a team fields")
        return [Problem(_where_together(reason), _sentence(words))]
    return []


def rubber_problems(data: Any, number: int) -> list[Problem]:
    """Everything wrong with rubber ``number``'s data."""
    at = f"rubbers.{number}"
    if not isinstance(data, Mapping):
        return [Problem(at, f"Rubber {number} is an object with a kind, best_of and rules.")]
    problems = _unknown(data, RUBBER_FIELDS, f"Rubber {number}", at=at)
    if data.get("kind") not in PLAYERS_A_SIDE:
        problems.append(Problem(f"{at}.kind", f"Rubber {number} is singles or pairs, not {_shown(data.get('kind'))}."))
    best_of = data.get("best_of", 1)
    if not _whole(best_of, 1) or best_of > MAX_BEST_OF or best_of % 2 == 0:
        problems.append(Problem(f"{at}.best_of", f"Rubber {number} is best of an odd number of games from 1 to "
                                                 f"{MAX_BEST_OF} (1, 3, 5...), not {_shown(best_of)}."))
    if data.get("game", "fives-and-threes") not in GAMES:
        problems.append(Problem(f"{at}.game", f"Rubber {number} is a game of fives-and-threes or block, "
                                              f"not {_shown(data.get('game'))}."))
    elif data.get("game") == "block" and data.get("rules"):
        problems.append(Problem(f"{at}.rules", f"Rubber {number} is block dominoes, which has no Fives and "
                                               f"Threes rules to change."))
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        problems.append(Problem(f"{at}.rules", f"Rubber {number}'s rule changes are an object of rule keys, "
                                               f"like {{\"target\": 121}}."))
    else:
        # Checked whatever the kind and length: every problem at once.
        try:
            Rubber("singles", rules=_rules(rules))
        except FormatsError as error:
            reason = str(error).removeprefix("rubber ").removeprefix("rules: ")
            problems.append(Problem(f"{at}.rules", f"Rubber {number}: {_sentence(reason)[:1].lower()}"
                                                   f"{_sentence(reason)[1:]}"))
    return problems


def scheme_problems(data: Any) -> list[Problem]:
    """Everything wrong with scheme data; empty when ``scheme_from_data`` would accept it."""
    if not isinstance(data, Mapping):
        return [Problem("", "A points scheme is an object of fields.")]
    problems = _unknown(data, SCHEME_FIELDS, "A points scheme")
    problems += _text(data, "key", "key") + _text(data, "name", "name")
    for name, what in (("win", "A win"), ("draw", "A draw"), ("loss", "A defeat"), ("per_game", "A game won")):
        if not _whole(data.get(name, 0 if name == "per_game" else None), 0):
            problems.append(Problem(name, f"{what} is worth a whole number of points from 0 to {MAX_NUMBER}."))
    bonus = data.get("losing_bonus")
    if bonus is not None:
        if not isinstance(bonus, Mapping) or set(bonus) != {"points", "within"}:
            problems.append(Problem("losing_bonus", "A losing bonus is an object with points and within, "
                                                    "or empty for none."))
        else:
            if not _whole(bonus["points"], 1):
                problems.append(Problem("losing_bonus.points", "A losing bonus is a whole number of points, "
                                                               "at least 1."))
            if not _whole(bonus["within"], 1):
                problems.append(Problem("losing_bonus.within", "A losing bonus is for losing by a whole number "
                                                               "of games, at least 1."))
    problems += _walkover_problems(data.get("walkover", {"score": [0, 0], "loser_points": 0}))
    if problems:
        return problems
    try:
        _scheme(data)
    except FormatsError as error:
        reason = str(error).removeprefix(f"{data['name']}: ")
        return [Problem("walkover" if "walkover" in reason else "draw", _sentence(reason))]
    return []


def _walkover_problems(walkover: Any) -> list[Problem]:
    if not isinstance(walkover, Mapping) or "score" not in walkover or set(walkover) - {"score", "loser_points"}:
        return [Problem("walkover", "A walkover is an object with a score and loser_points.")]
    problems = []
    score = walkover["score"]
    if not (isinstance(score, list) and len(score) == 2 and all(_whole(n, 0) for n in score)):
        problems.append(Problem("walkover.score", "A walkover's score is two whole numbers, the winner's first, "
                                                  "like [5, 4]."))
    elif score[0] < score[1]:
        problems.append(Problem("walkover.score", f"A walkover's score {score[0]}-{score[1]} must favour the "
                                                  f"team that turned up: the winner's games come first."))
    if not _whole(walkover.get("loser_points", 0), 0):
        problems.append(Problem("walkover.loser_points", "The points for giving a walkover are a whole number, "
                                                         "0 or more."))
    return problems


# Building, once the data is known to be well formed.

def _format(data: Mapping[str, Any]) -> MatchFormat:
    return MatchFormat(
        key=data["key"], name=data["name"], rubbers=tuple(_rubber(r) for r in data["rubbers"]),
        max_singles=data.get("max_singles"), max_pairs=data.get("max_pairs"),
        min_players=data.get("min_players", 1), pairs=data.get("pairs", "named"),
        substitutes=data.get("substitutes", 0), concede_score=data.get("concede_score"),
    )


def _rubber(data: Mapping[str, Any]) -> Rubber:
    return Rubber(kind=data["kind"], best_of=data.get("best_of", 1), rules=_rules(data.get("rules", {})),
                  game=data.get("game", "fives-and-threes"))


def _rules(rules: Mapping[str, Any]) -> tuple[tuple[str, RuleValue], ...]:
    return tuple((str(key), _rule_value(value)) for key, value in rules.items())


def _rule_value(value: Any) -> RuleValue:
    """A rule value as a rubber holds it: an object as its (key, value) pairs."""
    if isinstance(value, Mapping):
        pairs = tuple((str(k), v) for k, v in value.items())
        if not all(isinstance(v, int | str) for _, v in pairs):
            raise FormatError(f"rule values inside an object are numbers or words, not {value!r}")
        return pairs
    if not isinstance(value, int | str):  # bool is an int
        raise FormatError(f"a rule value is a number, a word, true/false or an object, not {value!r}")
    return value


def _scheme(data: Mapping[str, Any]) -> PointsScheme:
    bonus = data.get("losing_bonus")
    walkover = data.get("walkover", {"score": [0, 0]})
    return PointsScheme(
        key=data["key"], name=data["name"], win=data["win"], draw=data["draw"], loss=data["loss"],
        per_game=data.get("per_game", 0),
        losing_bonus=None if bonus is None else LosingBonus(points=bonus["points"], within=bonus["within"]),
        walkover=Walkover(score=(walkover["score"][0], walkover["score"][1]),
                          loser_points=walkover.get("loser_points", 0)),
    )


# Checks shared by both.

def _whole(value: Any, least: int) -> bool:
    # bool is an int in Python, but True is not a number of anything.
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= MAX_NUMBER


def _text(data: Mapping[str, Any], name: str, what: str) -> list[Problem]:
    value = data.get(name)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        return [Problem(name, f"The {what} is some text, 1 to {MAX_NAME} characters.")]
    return []


def _unknown(data: Mapping[str, Any], known: tuple[str, ...], what: str, *, at: str = "") -> list[Problem]:
    unknown = sorted(str(name) for name in set(data) - set(known))
    if not unknown:
        return []
    return [Problem(at, f"{what} has no field {', '.join(repr(n) for n in unknown)} "
                        f"(fields: {', '.join(known)}).")]


def _where_together(message: str) -> str:
    for name in ("min_players", "max_singles", "max_pairs", "substitutes", "pairs"):
        if name in message:
            return name
    # No sheet can satisfy the limits: the limits are what to change.
    return "max_singles" if "limits" in message else ""


def _shown(value: Any) -> str:
    return f"\"{value}\"" if isinstance(value, str) else repr(value)


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else text + "."
