"""The closed sets of words the engine reads and writes.

Terminology: each set is a ``Literal`` type, so ``mypy --strict`` rejects a
misspelt word wherever one is written, and each word is also the string the
scoresheet format uses (docs/scoresheet.md): the JSON the engine writes is made
of these very strings, nothing to convert.  The tuples list the same words
for checking input and for messages; they are read off the types, so the
two cannot drift apart.

>>> OFFENCES
('false-knock', 'misplay', 'over-peg', 'under-peg')
>>> ENDINGS
('chip-out', 'block', 'won', 'open')
>>> one_of(FINISHES, "reach"), one_of(FINISHES, "Reach")
('reach', None)
"""

from __future__ import annotations

from typing import Literal, TypeVar, get_args

# --- rule keys (docs/scoresheet.md "Rules") -----------------------------------------

Preset = Literal["pub", "jaques", "pagat", "network", "threes-and-fives"]
Scoring = Literal["fives-and-threes", "fives", "threes", "multiples"]
Doubles = Literal["both", "single"]
Finish = Literal["exact", "reach"]
Leader = Literal["rotate", "double"]
LayoutRule = Literal["line", "spinner", "spinners"]
Block = Literal["none", "lowest-rounded", "pips"]
Domino = Literal["none", "pips"]
Partners = Literal["optional", "required", "no"]

# --- layouts: the ends of a line, the sides of a tile on a spinner layout --------------

LineEnd = Literal["left", "right"]
Direction = Literal["left", "right", "up", "down"]

# --- mistakes and penalties (docs/scoresheet.md "Rules", `penalties`) ---------------

Offence = Literal["false-knock", "misplay", "over-peg", "under-peg"]
# What a penalty does; every one but lose-game and none takes an amount.
ActionKind = Literal["deduct", "back-or-award", "award", "lose-game", "none"]
UnderPeg = Literal["forfeit", "correct", "muggins", "lose-game"]

# --- the output of check (docs/scoresheet.md "The result") --------------------------

EventType = Literal["play", "knock", "draw", "misplay", "ruling", "hand-end"]
Verdict = Literal["correct", "under", "over", "unchecked"]
Ended = Literal["chip-out", "block", "won", "open"]
# How a hand that has stopped ended; "open" is only ever check's last word.
HandEnding = Literal["chip-out", "block", "won"]
AwardReason = Literal["block", "domino"]
Status = Literal["playing", "hand-ended", "won"]

PRESET_NAMES: tuple[Preset, ...] = get_args(Preset)
SCORINGS: tuple[Scoring, ...] = get_args(Scoring)
DOUBLES: tuple[Doubles, ...] = get_args(Doubles)
FINISHES: tuple[Finish, ...] = get_args(Finish)
LEADERS: tuple[Leader, ...] = get_args(Leader)
LAYOUTS: tuple[LayoutRule, ...] = get_args(LayoutRule)
BLOCKS: tuple[Block, ...] = get_args(Block)
DOMINOES: tuple[Domino, ...] = get_args(Domino)
OFFENCES: tuple[Offence, ...] = get_args(Offence)
ACTIONS: tuple[ActionKind, ...] = get_args(ActionKind)
UNDER_PEG_POLICIES: tuple[UnderPeg, ...] = get_args(UnderPeg)
ENDINGS: tuple[Ended, ...] = get_args(Ended)
LINE_ENDS: tuple[LineEnd, ...] = get_args(LineEnd)
DIRECTIONS: tuple[Direction, ...] = get_args(Direction)


Word = TypeVar("Word", bound=str)


def one_of(words: tuple[Word, ...], raw: object) -> Word | None:
    """The word of ``words`` that ``raw`` is, typed as one of them; None if it is none."""
    for word in words:
        if raw == word:
            return word
    return None
