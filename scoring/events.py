"""The events the engine reports, as docs/scoresheet.md "The result" describes them.

Terminology: every move gives one *move event* (``play``, ``knock``,
``draw``, ``misplay`` or ``ruling``, told apart by ``type``), and a hand
that stops gives a ``hand-end`` event.  Each is a ``TypedDict``: at run time
a plain dict, ready for ``json.dumps``, whose keys are listed here in the
order the engine writes them; under ``mypy --strict`` a misspelt key or
kind is an error.  ``Result`` is what ``check`` returns, ``Option`` one way
to lay a tile that ``Game.options`` reports.
"""

from __future__ import annotations

from typing import Literal, TypedDict, Union

from .kinds import AwardReason, Ended, Offence, Verdict


class Penalty(TypedDict):
    """What an offence cost or gave one side; ``points`` negative for a pegging back."""

    offence: Offence
    side: int
    points: int


class FalseKnock(TypedDict):
    """A knock made holding ``tiles`` that fitted, found when the tiles were shown."""

    seat: int
    move: int
    tiles: list[str]


class Award(TypedDict):
    """A block or domino award from the tiles shown."""

    side: int
    points: int
    reason: AwardReason


class Option(TypedDict):
    """One way to lay a tile now: the fields of the play event it would make."""

    end: str | None
    ends: list[int]
    total: int
    award: int
    bonus: int
    bust: bool
    worth: int


class PlayEvent(Option):
    """A tile laid: where it went and what it was worth (the Option it
    took), with the peg claimed and what the side was credited."""

    hand: int
    move: int
    seat: int
    side: int
    type: Literal["play"]
    tile: str
    peg: int | None
    verdict: Verdict
    points: int
    penalties: list[Penalty]
    scores: list[int]


class KnockEvent(TypedDict):
    hand: int
    move: int
    seat: int
    side: int
    type: Literal["knock"]
    penalties: list[Penalty]
    scores: list[int]


class DrawEvent(TypedDict):
    hand: int
    move: int
    seat: int
    side: int
    type: Literal["draw"]
    count: int
    penalties: list[Penalty]
    scores: list[int]


class MisplayEvent(TypedDict):
    hand: int
    move: int
    seat: int
    side: int
    type: Literal["misplay"]
    tile: str
    penalties: list[Penalty]
    scores: list[int]


class RulingEvent(TypedDict):
    hand: int
    move: int
    seat: int
    side: int
    type: Literal["ruling"]
    offence: Offence
    penalties: list[Penalty]
    scores: list[int]


class HandEnd(TypedDict):
    hand: int
    type: Literal["hand-end"]
    ended: Ended
    false_knocks: list[FalseKnock]
    awards: list[Award]
    penalties: list[Penalty]
    scores: list[int]


MoveEvent = Union[PlayEvent, KnockEvent, DrawEvent, MisplayEvent, RulingEvent]
Event = Union[MoveEvent, HandEnd]


class Result(TypedDict):
    """What ``check`` makes of a scoresheet."""

    sides: list[list[int]]
    scores: list[int]
    winner: int | None
    events: list[Event]
