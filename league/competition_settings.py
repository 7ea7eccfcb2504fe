"""What a league fixes for its matches, and the checks on each value.

Pure Python: the models' validators and the services both ask these
functions, so the admin and the API refuse the same values with the same
words.

Terms: a league's *settings* are its rules (a scoresheet ``rules`` value,
given to the engine for every game), its *match format* and *points scheme*
(short keys such as "leek" or "solihull", defined in ``league.formats``),
what a *forfeit* scores (None for a league: as its points scheme's own
walkover says, see `forfeit_of`), how many days a home team has to return a result,
and the *late-result points* deducted offence by offence, and the
*tie-breakers* its tables are ordered by (``league.standings``). A division may
override any of them; an override left empty (None) inherits the league's.
A division's rules, when given, are a whole rules value, not merged with
the league's: what the engine plays is then exactly what the division says.
"""
import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

import scoring
from league import formats
from league.standings import DEFAULT_TIE_BREAKERS, TieBreakerError, tie_breakers_check

# Keys name formats and points schemes: a preset's plain key names one in
# `league.formats`, which must exist there; own:<slug> names one of the
# league's own (league.models.formats), which only the league can say exists.
KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]*$")
OWN_PREFIX = "own:"
OWN_KEY_PATTERN = re.compile(r"^own:[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True, slots=True)
class CompetitionSettings:
    """A division's settings with nothing left to inherit."""

    rules: Any
    match_format: str
    points_scheme: str
    # None: a walkover is scored as the points scheme's own walkover says.
    forfeit: dict[str, Any] | None
    result_deadline_days: int
    late_result_points: list[int]
    # Last and defaulted, so settings written before tables had a setting
    # of their own still read; stored as a list, held as a tuple.
    tie_breakers: tuple[str, ...] = DEFAULT_TIE_BREAKERS

    def __post_init__(self) -> None:
        object.__setattr__(self, "tie_breakers", tuple(self.tie_breakers))

    def late_result_deduction(self, offence: int) -> int:
        """Points deducted for a team's `offence`-th late result (from 1):
        the list's figure for that offence, its last figure for any later one,
        and none when the list is empty."""
        if not self.late_result_points or offence < 1:
            return 0
        return self.late_result_points[min(offence, len(self.late_result_points)) - 1]


SETTING_NAMES = tuple(f.name for f in fields(CompetitionSettings))


def settings_resolve(league: Mapping[str, Any], overrides: Mapping[str, Any]) -> CompetitionSettings:
    """The league's settings with each override that is not None put in place."""
    chosen = {name: overrides[name] if overrides.get(name) is not None else league[name] for name in SETTING_NAMES}
    return CompetitionSettings(**chosen)


def forfeit_of(resolved: CompetitionSettings, scheme: formats.PointsScheme) -> formats.Walkover:
    """How a walkover is scored under `resolved`, whose points scheme is
    `scheme`: the forfeit setting's score and loser_points, or, where the
    setting is None ("as the points scheme says"), the scheme's own walkover."""
    forfeit = resolved.forfeit
    if forfeit is None:
        return scheme.walkover
    return formats.Walkover(score=(forfeit["score"][0], forfeit["score"][1]),
                            loser_points=forfeit.get("loser_points", 0))


def rules_problem(value: Any) -> str | None:
    """None when the engine accepts `value` as a scoresheet's rules; the
    engine's own message when it does not."""
    try:
        scoring.Rules.parse(value)
    except scoring.ScoringError as err:
        return str(err)
    return None


def is_own_key(value: Any) -> bool:
    """Whether `value` names one of a league's own formats or schemes."""
    return isinstance(value, str) and OWN_KEY_PATTERN.match(value) is not None and len(value) <= 40


def key_problem(what: str, value: Any) -> str | None:
    if is_own_key(value):
        return None
    if not isinstance(value, str) or not KEY_PATTERN.match(value):
        return f"{what}: {value!r} is not a key like \"leek\" (lower-case letters, digits and hyphens)"
    return None


def preset_problem(what: str, value: str, presets: Mapping[str, Any]) -> str | None:
    if is_own_key(value):
        return None  # the league's own: checked where the league is known
    if value not in presets:
        return f"{what}: there is no {what} {value!r} (there are: {', '.join(presets)})"
    return None


def forfeit_problem(value: Any) -> str | None:
    """A forfeit (the walkover of `league.formats`) is {"score": [won, lost]},
    the games recorded for the side that turned up first, and optionally
    "loser_points", what the side that gave it takes (0 when left out). The
    points scheme scores the winner as if the score had been played (Leek:
    {"score": [5, 4]}, 2 for the win and 1 a game; Northallerton:
    {"score": [6, 0]}). None, for a league, scores a walkover as its points
    scheme's own walkover says (for a division, None is the league's)."""
    if value is None:
        return None
    example = 'like {"score": [5, 4], "loser_points": 0}'
    if not isinstance(value, Mapping) or "score" not in value:
        return f"forfeit: must be an object with a score, {example}"
    unknown = sorted(set(value) - {"score", "loser_points"})
    if unknown:
        return f"forfeit: unknown key {unknown[0]!r} (keys: score, loser_points)"
    score = value["score"]
    if not (isinstance(score, list) and len(score) == 2 and all(_whole(n) for n in score)):
        return "forfeit: score must be two whole numbers, the side that turned up first, like [5, 4]"
    if score[0] <= score[1]:
        return f"forfeit: score {score} must favour the side that turned up"
    if "loser_points" in value and not _whole(value["loser_points"]):
        return "forfeit: loser_points must be a whole number"
    return None


def late_result_points_problem(value: Any) -> str | None:
    if not (isinstance(value, list) and all(_whole(n) and n > 0 for n in value)):
        return "late-result points: must be a list of whole numbers, offence by offence, like [3, 5]"
    return None


def deadline_problem(value: Any) -> str | None:
    if not (_whole(value) and value > 0):
        return "result deadline: must be a whole number of days, at least 1"
    return None


def tie_breakers_problem(value: Any) -> str | None:
    try:
        tie_breakers_check(value)
    except TieBreakerError as err:
        return f"tie-breakers: {err}"
    except TypeError:
        return "tie-breakers: must be a list of keys, like [\"points\", \"head_to_head\", \"name\"]"
    return None


def combination_problem(resolved: CompetitionSettings, *, where: str,
                        scheme: formats.PointsScheme | None = None) -> str | None:
    """The problem with settings that are each fine alone but not together:
    a forfeit giving the side that forfeits more than the points scheme
    gives a side that played and lost. `scheme` is the points scheme the
    settings name, where the caller has read it; without it, a league's own
    scheme is not checked here (its caller knows the league and checks it).
    A forfeit "as the points scheme says" is the scheme's own walkover,
    which the scheme itself keeps within its defeat."""
    if resolved.forfeit is None:
        return None
    if scheme is None:
        if is_own_key(resolved.points_scheme):
            return None
        scheme = formats.scheme_get(resolved.points_scheme)
    given = resolved.forfeit.get("loser_points", 0)
    if given > scheme.loss:
        return (f"forfeit: {where} would give a side that forfeits {given} points, more than the "
                f"{scheme.name} points scheme gives a defeat ({scheme.loss})")
    return None


def draw_combination_problem(resolved: CompetitionSettings, *, where: str,
                             scheme: formats.PointsScheme | None = None,
                             fmt: formats.MatchFormat | None = None) -> str | None:
    """The problem with a points scheme whose draw is worth less than a
    close defeat under a match format that can be drawn
    (`formats.draw_problem`). `scheme` and `fmt` are those the settings
    name, where the caller has read them; without them, a league's own is
    not checked here (its caller knows the league and checks it)."""
    if scheme is None:
        if is_own_key(resolved.points_scheme):
            return None
        scheme = formats.scheme_get(resolved.points_scheme)
    if fmt is None:
        if is_own_key(resolved.match_format):
            return None
        fmt = formats.format_get(resolved.match_format)
    problem = formats.draw_problem(scheme, fmt)
    return None if problem is None else f"points scheme: in {where}, {problem}"


def settings_problem(name: str, value: Any) -> str | None:
    """The problem with `value` for the setting `name`, or None."""
    if name == "rules":
        return rules_problem(value)
    if name == "match_format":
        return key_problem("match format", value) or preset_problem("match format", value, formats.FORMATS)
    if name == "points_scheme":
        return key_problem("points scheme", value) or preset_problem("points scheme", value, formats.SCHEMES)
    if name == "forfeit":
        return forfeit_problem(value)
    if name == "result_deadline_days":
        return deadline_problem(value)
    if name == "late_result_points":
        return late_result_points_problem(value)
    if name == "tie_breakers":
        return tie_breakers_problem(value)
    raise KeyError(name)


def _whole(value: Any) -> bool:
    # bool is an int in Python, but True is not a score.
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
