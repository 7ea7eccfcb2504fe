"""Rule systems: presets and the keys that override them (docs/scoresheet.md).

Terminology: a *preset* is a named rule system (``pub``, ``pagat``,
``network``); a *rule key* is one setting of it (``target``, ``finish``, ...);
the *penalty policy* says what each offence costs.  Rules arrive as a preset
name, as ``{"preset": NAME, KEY: VALUE, ...}``, or not at all (``pub``).

>>> rules = Rules.parse({"preset": "pub", "target": 121})
>>> rules.target, rules.finish, rules.hand_size_for(2)
(121, 'exact', 7)
>>> Rules.parse("pagat").chip_out_bonus
1

>>> rules = Rules.parse("threes-and-fives")
>>> rules.layout, rules.drawing, rules.scoring, rules.block, rules.domino
('spinners', True, 'multiples', 'pips', 'pips')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from .errors import RulesError
from .kinds import (
    ACTIONS,
    BLOCKS,
    DOMINOES,
    DOUBLES,
    FINISHES,
    LAYOUTS,
    LEADERS,
    OFFENCES,
    PRESET_NAMES,
    SCORINGS,
    UNDER_PEG_POLICIES,
    ActionKind,
    Block,
    Domino,
    Doubles,
    Finish,
    LayoutRule,
    Leader,
    Offence,
    Partners,
    Preset,
    Scoring,
    UnderPeg,
    one_of,
)
from .totals import award

__all__ = ["ACTIONS", "OFFENCES", "PRESETS", "SCORINGS", "UNDER_PEG_POLICIES", "Action",
           "Penalties", "Rules"]

_BASE: dict[str, Any] = {
    "scoring": "fives-and-threes",
    "doubles": "both",
    "hand_size": {"2": 7, "3": 5, "4": 5},
    "target": 61,
    "finish": "exact",
    "down_can_win": False,
    "chip_out_bonus": 0,
    "leader": "rotate",
    "drawing": False,
    "layout": "line",
    "block": "none",
    "domino": "none",
}

PRESETS: dict[Preset, dict[str, Any]] = {
    "pub": {**_BASE, "partners": "optional"},
    "jaques": {
        **_BASE,
        "partners": "optional",
        "drawing": True,
        "doubles": "single",
        "finish": "reach",
        "down_can_win": True,
        "block": "lowest-rounded",
    },
    "pagat": {**_BASE, "partners": "required", "down_can_win": True, "chip_out_bonus": 1},
    "network": {
        **_BASE,
        "partners": "no",
        "hand_size": {"2": 6, "3": 6, "4": 6},
        "down_can_win": True,
        "leader": "double",
    },
    "threes-and-fives": {
        **_BASE,
        "partners": "no",
        "hand_size": {"2": 7, "3": 7, "4": 7},
        "drawing": True,
        "layout": "spinners",
        "scoring": "multiples",
        "target": 251,
        "finish": "reach",
        "down_can_win": True,
        "block": "pips",
        "domino": "pips",
        "leader": "double",
    },
}

# No real game is played to more than a few hundred (the longest preset is
# to 251); a target, bonus or penalty beyond this is a slip of the keyboard.
MAX_POINTS = 10_000

# The most an end total can be, by layout: two ends of at most 12 on a
# line, four arms round one spinner; with every double spinning, no more
# than every pip of the set (each counted end is a different tile's).
_MAX_END_TOTAL = {"line": 24, "spinner": 48, "spinners": 168}

DEFAULT_PENALTIES = {
    "false-knock": "deduct 5",
    "misplay": "deduct 5",
    "over-peg": "deduct 5",
    "under-peg": "forfeit",
}


@dataclass(frozen=True, slots=True)
class Action:
    """What an offence costs: ``deduct 5``, ``award 8``, ``lose-game``, ``none``."""

    kind: ActionKind
    amount: int = 0

    @staticmethod
    def parse(offence: Offence, text: object) -> "Action":
        if not isinstance(text, str):
            raise RulesError(f"rules: penalty for {offence} must be a string like \"deduct 5\"")
        words = text.split()
        kind = one_of(ACTIONS, words[0] if words else "")
        if kind is None:
            raise RulesError(
                f"rules: penalty {text!r} for {offence} is not one of {', '.join(ACTIONS)}"
            )
        needs_amount = kind in ("deduct", "back-or-award", "award")
        if needs_amount != (len(words) == 2) or len(words) > 2:
            shape = f"{kind} N" if needs_amount else kind
            raise RulesError(f"rules: penalty {text!r} for {offence} should read \"{shape}\"")
        amount = _positive_int(words[1], f"penalty {text!r} for {offence}") if needs_amount else 0
        return Action(kind, amount)

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}" if self.amount else self.kind


@dataclass(frozen=True, slots=True)
class Penalties:
    """The penalty policy: one action per offence, and how under-pegs are treated."""

    false_knock: Action = Action("deduct", 5)
    misplay: Action = Action("deduct", 5)
    over_peg: Action = Action("deduct", 5)
    under_peg: UnderPeg = "forfeit"

    def action(self, offence: Offence) -> Action:
        if offence == "under-peg":
            # An under-peg's other policies say what the missed points do,
            # which is no penalty action; only losing the game is one.
            return Action("lose-game" if self.under_peg == "lose-game" else "none")
        return {
            "false-knock": self.false_knock,
            "misplay": self.misplay,
            "over-peg": self.over_peg,
        }[offence]

    @staticmethod
    def parse(value: object) -> "Penalties":
        if not isinstance(value, Mapping):
            raise RulesError("rules: penalties must be an object naming offences")
        merged = {**DEFAULT_PENALTIES, **value}
        for offence in value:
            if offence not in OFFENCES:
                raise RulesError(
                    f"rules: unknown offence {offence!r} in penalties "
                    f"(offences: {', '.join(OFFENCES)})"
                )
        under = one_of(UNDER_PEG_POLICIES, merged["under-peg"])
        if under is None:
            raise RulesError(
                f"rules: under-peg policy {merged['under-peg']!r} is not one of "
                f"{', '.join(UNDER_PEG_POLICIES)}"
            )
        return Penalties(
            false_knock=Action.parse("false-knock", merged["false-knock"]),
            misplay=Action.parse("misplay", merged["misplay"]),
            over_peg=Action.parse("over-peg", merged["over-peg"]),
            under_peg=under,
        )

    def loses_game(self) -> bool:
        """Whether any offence loses the game (which needs exactly two sides)."""
        actions = (self.false_knock, self.misplay, self.over_peg)
        return self.under_peg == "lose-game" or any(a.kind == "lose-game" for a in actions)


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule system, every key resolved."""

    preset: Preset
    partners: Partners
    scoring: Scoring
    doubles: Doubles
    hand_size: tuple[tuple[int, int], ...]
    target: int
    finish: Finish
    down_can_win: bool
    chip_out_bonus: int
    leader: Leader
    drawing: bool
    layout: LayoutRule
    block: Block
    domino: Domino
    penalties: Penalties = field(default_factory=Penalties)
    given: Mapping[str, Any] = field(default_factory=dict, compare=False)

    def hand_size_for(self, players: int) -> int:
        return dict(self.hand_size)[players]

    @property
    def largest_award(self) -> int:
        """The most any one play can score under these rules: the best
        award of any end total the layout allows, plus the chip-out bonus.
        A peg above it is still an over-peg; the pad asks the scorer to
        confirm one before it is sent."""
        best = max(award(total, self.scoring) for total in range(_MAX_END_TOTAL[self.layout] + 1))
        return best + self.chip_out_bonus

    @staticmethod
    def parse(value: object) -> "Rules":
        """Resolve rules as a scoresheet gives them; raise ``RulesError`` if they are wrong."""
        given = _as_object(value)
        preset = one_of(PRESET_NAMES, given["preset"])
        if preset is None:
            raise RulesError(
                f"rules: unknown preset {given['preset']!r} (presets: {', '.join(PRESETS)})"
            )
        settings = dict(PRESETS[preset])
        penalties = Penalties()
        for key, raw in given.items():
            if key == "preset":
                continue
            if key == "penalties":
                penalties = Penalties.parse(raw)
            elif key in _PARSERS:
                settings[key] = _PARSERS[key](raw, settings[key])
            else:
                raise RulesError(f"rules: unknown rule key {key!r}")
        return Rules(
            preset=preset,
            partners=settings["partners"],
            scoring=settings["scoring"],
            doubles=settings["doubles"],
            hand_size=tuple(sorted((int(k), v) for k, v in settings["hand_size"].items())),
            target=settings["target"],
            finish=settings["finish"],
            down_can_win=settings["down_can_win"],
            chip_out_bonus=settings["chip_out_bonus"],
            leader=settings["leader"],
            drawing=settings["drawing"],
            layout=settings["layout"],
            block=settings["block"],
            domino=settings["domino"],
            penalties=penalties,
            given=given,
        )


def _as_object(value: object) -> dict[str, Any]:
    if value is None:
        return {"preset": "pub"}
    if isinstance(value, str):
        return {"preset": value}
    if not isinstance(value, Mapping):
        raise RulesError("rules: must be a preset name or an object of rule keys")
    return {"preset": "pub", **value}


def _positive_int(raw: object, what: str, minimum: int = 1) -> int:
    """A whole number from minimum to MAX_POINTS, given as a number or as
    ASCII digits: str.isdigit() and int() also take "²" and "٣", which no
    scoresheet means (and int() refuses the first with a ValueError)."""
    if isinstance(raw, str) and raw.isascii() and raw.isdigit():
        raw = int(raw)
    if not isinstance(raw, int) or isinstance(raw, bool) or not minimum <= raw <= MAX_POINTS:
        raise RulesError(f"rules: {what} must be a whole number of at least {minimum}, at most {MAX_POINTS}")
    return raw


def _choice(key: str, options: tuple[Any, ...]) -> Any:
    def parse(raw: object, _default: object) -> object:
        if raw not in options or isinstance(raw, bool) != isinstance(options[0], bool):
            shown = ", ".join(str(o).lower() for o in options)
            raise RulesError(f"rules: {key} {raw!r} is not one of {shown}")
        return raw

    return parse


def _hand_size(raw: object, default: dict[str, int]) -> dict[str, int]:
    if isinstance(raw, Mapping):
        sizes = dict(default)
        for players, size in raw.items():
            if str(players) not in ("2", "3", "4"):
                raise RulesError(f"rules: hand_size names {players!r} players (2, 3 or 4)")
            sizes[str(players)] = _positive_int(size, f"hand_size for {players} players")
        return sizes
    size = _positive_int(raw, "hand_size")
    return {"2": size, "3": size, "4": size}


_PARSERS: dict[str, Any] = {
    "scoring": _choice("scoring", SCORINGS),
    "doubles": _choice("doubles", DOUBLES),
    "hand_size": _hand_size,
    "target": lambda raw, _d: _positive_int(raw, "target"),
    "finish": _choice("finish", FINISHES),
    "down_can_win": _choice("down_can_win", (True, False)),
    "chip_out_bonus": lambda raw, _d: _positive_int(raw, "chip_out_bonus", minimum=0),
    "leader": _choice("leader", LEADERS),
    "drawing": _choice("drawing", (True, False)),
    "layout": _choice("layout", LAYOUTS),
    "block": _choice("block", BLOCKS),
    "domino": _choice("domino", DOMINOES),
}
