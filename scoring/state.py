"""The state of a game: everything the engine knows about it, changed move by move.

Terminology: a *hand* runs from the *down* to a *chip-out* (a side's last
tile), a *block* (every seat still holding tiles has knocked since the last
tile was laid) or a *win*.  The engine cannot see the players' tiles: it
knows how many each seat holds, which tiles have been played, and, for
judging *false knocks* when the tiles are *shown*, the ends at each knock
and the tiles each seat laid afterwards.

``GameState`` is the one place the rules of play are applied.  It is mutable so
that ``check`` can replay a sheet without copying anything; ``Game`` wraps
it as an immutable value by copying it before each move.  Every field holds
an immutable value or a small list (scores, tiles held), so a copy costs
the same at move 60 as at move 1.  Each ``apply`` validates the move fully
before it changes anything of the hand.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Mapping, Protocol, cast

from . import line
from .awards import hand_awards
from .errors import (
    GameOver,
    HandNotOver,
    IllegalPlay,
    NotYourTurn,
    ScoringError,
    TileAlreadyPlayed,
    UnknownMove,
    located,
)
from .events import (
    Award,
    DrawEvent,
    Event,
    FalseKnock,
    HandEnd,
    KnockEvent,
    MisplayEvent,
    MoveEvent,
    Option,
    Penalty,
    PlayEvent,
    RulingEvent,
)
from .kinds import OFFENCES, AwardReason, Ended, HandEnding, Offence, Verdict, one_of
from .ledger import Ledger
from .line import place as line_place
from .rules import Rules
from .showing import false_knocks, read_shown
from .spinner import Spinners
from .tiles import _WRITTEN, Tile
from .tiles import read as read_tile

# A persistent list, newest first: (item, rest) or None.  Appending is O(1)
# and copies of the state share it.
Chain = tuple[Any, Any] | None

_PLAY = frozenset({"seat", "tile", "end", "peg"})
# A play event's fields, in the order the worked example of docs/scoresheet.md
# prints them: every play fills in a copy, each field anew.
# Typed as a plain dict so that the compiled build fills it with dict stores.
_PLAY_EVENT: dict[str, Any] = {
    "hand": 0, "move": 0, "seat": 0, "side": 0, "type": "play", "tile": "", "end": None,
    "ends": [], "total": 0, "award": 0, "bonus": 0, "bust": False, "worth": 0, "peg": None,
    "verdict": "unchecked", "points": 0, "penalties": [], "scores": [],
}
_KNOCK = frozenset({"seat", "knock"})
_MISPLAY = frozenset({"seat", "misplay"})
_RULING = frozenset({"seat", "penalty", "move", "points"})
_DRAW = frozenset({"seat", "draw"})


class WorthTable(Protocol):
    """(contributions, total, award) of each state of a layout: the line's
    is a tuple indexed by state number, the spinners' works them out."""

    def __getitem__(self, layout: Any, /) -> tuple[tuple[int, ...], int, int]: ...


def sides_of(seats: int, partners: bool) -> tuple[tuple[int, ...], ...]:
    """The seats that score together: partners sit opposite (0 and 2,
    1 and 3); otherwise each seat is a side of its own."""
    return ((0, 2), (1, 3)) if partners else tuple((seat,) for seat in range(seats))


class GameState:
    """A game in progress: its rules, seats, scores and the hand being played."""

    __slots__ = (
        "rules", "seats", "partners", "sides", "side_of", "start", "_size", "_undealt", "_target",
        "_exact", "_both", "_bonus", "_partner", "_layout", "_on_line", "_worths", "_record", "_down_wins",
        "_lead_double", "_under", "_peg_max", "_correct",
        "scores", "winner", "won_by_show", "log", "events",
        "hand", "leader", "held", "holders", "boneyard", "line", "turn", "moves", "played", "knocked",
        "knocks", "plays", "misplayed", "ruled", "ended", "scores_at_end",
    )

    def __init__(self) -> None:
        """A blank state, for ``new`` and ``copy`` to fill in.

        Neither goes through ``__new__``: a compiled build (mypyc) makes
        every instance through ``__init__``.
        """

    @staticmethod
    def new(rules: Rules, seats: tuple[str, ...], partners: bool,
            start: tuple[int, ...], record: bool = True) -> "GameState":
        """A game's state before its first move."""
        state = GameState()
        state._set_up(rules, seats, partners, start, record)
        return state

    def _set_up(self, rules: Rules, seats: tuple[str, ...], partners: bool,
                start: tuple[int, ...], record: bool) -> None:
        self.rules, self.seats, self.partners, self.start = rules, seats, partners, start
        count = len(seats)
        self.sides = sides_of(count, partners)
        self.side_of = tuple(s % 2 if partners else s for s in range(count))
        self._partner = tuple((s + 2) % 4 if partners else None for s in range(count))
        self._size = rules.hand_size_for(count)
        # Undealt tiles form the boneyard where the rules draw; otherwise they sleep.
        self._undealt = 28 - self._size * count if rules.drawing else 0
        self._target = rules.target
        self._exact = rules.finish == "exact"
        self._both = rules.doubles == "both"
        # The layout: the line (a module of functions) or spinners (an object
        # with the same functions), so the rules below never ask which.
        self._layout: Any = line if rules.layout == "line" else Spinners(rules.layout == "spinners")
        self._on_line = rules.layout == "line"  # a play then calls line.place directly
        self._worths: WorthTable = self._layout.worths(self._both, rules.scoring)
        # A replay that only reports its events need not keep the log.
        self._record = record
        self._bonus = rules.chip_out_bonus
        self._down_wins = rules.down_can_win
        self._lead_double = rules.leader == "double"
        self._under = rules.penalties.under_peg
        self._peg_max = rules.largest_award
        self.scores = list(start)
        self.winner: int | None = None
        self.won_by_show = False
        self.log: Chain = None
        self.events: Chain = None
        # The play events of the usual play, pegged right with no bonus, by
        # the points: a copy needs only the fields that differ play to play.
        self._correct = _correct_plays(self._peg_max)
        self._deal(0, None)

    def copy(self) -> "GameState":
        """An independent state: the lists are copied, every other field is immutable."""
        other = GameState()
        other.rules, other.seats, other.partners = self.rules, self.seats, self.partners
        other.sides, other.side_of, other.start = self.sides, self.side_of, self.start
        other._size, other._undealt, other._target = self._size, self._undealt, self._target
        other._exact, other._both, other._bonus = self._exact, self._both, self._bonus
        other._partner, other._layout, other._worths = self._partner, self._layout, self._worths
        other._on_line = self._on_line
        other._record, other._down_wins = self._record, self._down_wins
        other._lead_double, other._under, other._peg_max = self._lead_double, self._under, self._peg_max
        other._correct = self._correct
        other.scores, other.winner, other.won_by_show = list(self.scores), self.winner, self.won_by_show
        other.log, other.events = self.log, self.events
        other.hand, other.leader, other.held = self.hand, self.leader, list(self.held)
        other.holders, other.boneyard, other.line = self.holders, self.boneyard, self.line
        other.turn, other.moves, other.played = self.turn, self.moves, self.played
        other.knocked, other.knocks, other.plays = self.knocked, self.knocks, self.plays
        other.misplayed, other.ruled, other.ended = self.misplayed, self.ruled, self.ended
        other.scores_at_end = self.scores_at_end
        return other

    def _deal(self, index: int, leader: int | None) -> None:
        self.hand, self.leader, self.turn = index, leader, leader
        self.held = [self._size] * len(self.seats)
        self.holders = (1 << len(self.seats)) - 1  # bit set of seats still holding tiles
        self.boneyard = self._undealt
        self.line: Any = None  # the layout's state: None before the down
        self.moves = self.played = self.knocked = 0
        self.knocks: Chain = None  # (move, seat, the layout knocked against)
        self.plays: Chain = None  # (move, seat, tile)
        self.misplayed: Chain = None  # (tile key, seat, move)
        self.ruled: frozenset[int] = frozenset()
        self.ended: HandEnding | None = None
        self.scores_at_end: tuple[int, ...] = ()

    def open_values(self) -> list[int]:
        """The pips showing at every open end, ``[]`` on an empty table."""
        return [] if self.line is None else list(self._layout.values(self.line))

    def next_leader(self) -> int | None:
        """Who leads the hand after this one: one seat clockwise, unless any seat may."""
        if self._lead_double or self.leader is None:
            return None
        return (self.leader + 1) % len(self.seats)

    # ----- moves ------------------------------------------------------------

    def apply(self, raw: object) -> list[Event]:
        """Make one move; return its events.  Raises ``ScoringError`` naming where."""
        if self.ended is not None and self.winner is None:
            self._deal(self.hand + 1, self.next_leader())
        try:
            if self.ended is not None:  # still ended after dealing: the game is won
                raise GameOver(f"the game is over: side {self.winner} has won")
            move: dict[str, Any]
            if type(raw) is dict:
                move = raw
            elif isinstance(raw, Mapping):
                move = dict(raw)  # read as a dict: the compiled build reads those fastest
            else:
                raise UnknownMove("a move must be an object")
            if "tile" in move:
                return self._play(move)
            if "knock" in move:
                return self._knock(move)
            if "misplay" in move:
                return self._misplay(move)
            if "penalty" in move:
                return self._ruling(move)
            if "draw" in move:
                return self._draw(move)
            raise UnknownMove(
                "a move is a play (tile), a knock, a draw, a misplay or a ruling (penalty)"
            )
        except ScoringError as err:
            raise located(err, self._where(raw)) from None

    def _play(self, raw: dict[str, Any]) -> list[Event]:
        # The hot path of every replay: kept flat, with the rare cases
        # (errors, wrong pegs, misplayed tiles) handed to helpers. The move
        # is a dict and the seat an int here so that the compiled build
        # reads them without going through Python's generic calls.
        written = raw["tile"]
        given = raw.get("seat")
        end_named = raw.get("end")
        peg = raw.get("peg")
        # A quick test of the fields: any field but these four, or one of
        # them given as null, makes the count differ and takes the full one.
        if len(raw) != 1 + (given is not None) + (end_named is not None) + (peg is not None):
            _fields(raw, _PLAY, "play")
        held = self.held
        seat: int
        if type(given) is int and given == self.turn and held[given]:
            seat = given
        else:
            seat = self._seat_to_move(raw)
        try:
            tile = _WRITTEN[written]
        except (KeyError, TypeError):  # another spelling, or not a tile at all
            tile = read_tile(written)
        if self.played >> tile.key & 1 or self.misplayed is not None:
            self._check_in_hand(tile, seat)
        line: Any = self.line
        if line is None:
            end, line = self._lay_down(tile, end_named)
        elif self._on_line:
            end, line = line_place(line, tile, end_named, self._both)
        else:
            end, line = self._layout.place(line, tile, end_named, self._both)
        if peg is not None and (type(peg) is not int or peg < 0 or peg > self._peg_max):
            self._check_wild_peg(peg)
        claim: int = -1 if peg is None else peg  # a whole number from here on, or -1 for none
        ends, total, points_for = self._worths[line]
        bonus: int
        bust: bool
        worth: int
        if points_for or self._bonus:
            ends, total, points_for, bonus, bust, worth = self.worth(line, seat)
        else:  # most plays score nothing: no bonus to add, no target to test
            bonus, bust, worth = 0, False, 0
        side = self.side_of[seat]
        scores = self.scores
        verdict: Verdict
        if claim < 0 or claim == worth:
            verdict = "unchecked" if claim < 0 else "correct"
            points = worth
            penalties: list[Penalty] = []
            winner = None
            if points:
                score = scores[side] = scores[side] + points
                if score == self._target or (score > self._target and not self._exact):
                    winner = side
        else:
            verdict, points, penalties, winner = self._wrong_peg(side, claim, worth)
        text = tile.text
        # Filling a copy of a template is about a fifth cheaper than building
        # an eighteen-key dict afresh, and a replay builds one per play; the
        # usual play's template already holds its seven scoring fields.
        event: dict[str, Any]
        if claim == worth and worth == points_for and not bonus:
            event = self._correct[worth].copy()
        else:
            event = _PLAY_EVENT.copy()
            event["award"] = points_for
            event["bonus"] = bonus
            event["bust"] = bust
            event["worth"] = worth
            event["peg"] = peg
            event["verdict"] = verdict
            event["points"] = points
        event["hand"] = self.hand
        event["move"] = self.moves
        event["seat"] = seat
        event["side"] = side
        event["tile"] = text
        event["end"] = end
        event["ends"] = list(ends)
        event["total"] = total
        event["penalties"] = penalties
        event["scores"] = list(scores)
        held[seat] -= 1
        if not held[seat]:
            self.holders &= ~(1 << seat)
        self.plays = ((self.moves, seat, tile), self.plays)
        self.line, self.played, self.knocked = line, self.played | 1 << tile.key, 0
        if self.leader is None:
            self.leader = seat
        if held[seat] or not self._partner_out(seat):
            following = seat + 1 if seat + 1 < len(held) else 0
            self.turn = following if held[following] else self._next_holder(seat)
            if winner is None and not self._record:
                self.moves += 1
                return [cast(PlayEvent, event)]
            out = False
        else:
            self.turn, out = None, True
        move = raw if written == text else {**raw, "tile": text}
        return self._close(cast(PlayEvent, event), move, "chip-out" if out else None, winner)

    def _check_wild_peg(self, peg: object) -> None:
        """Refuse a peg that is not a claim at all: not a whole number, or
        more than the whole game is played to. A peg above anything one
        play can score is still a claim the table made, and pegging it is
        an over-peg, penalised like any other (see ``_wrong_peg``)."""
        _whole(peg, "peg")
        if type(peg) is int and peg > self._target:
            raise UnknownMove(f"peg {peg} is more than the whole game is played to "
                              f"(target {self._target}): no peg can be that many")

    def _wrong_peg(self, side: int, peg: int,
                   worth: int) -> tuple[Verdict, int, list[Penalty], int | None]:
        """A peg that differs from the worth: the verdict, the points, the penalties, the winner.

        The winner comes from this event's own ledger: a ``lose-game``
        penalty decides the game even when no score reaches the target.
        """
        ledger = Ledger(self.scores, self.rules, side)
        if peg > worth:
            ledger.add(side, worth)  # the true worth stands, then the pegging back
            ledger.penalise("over-peg", side)
            return "over", worth, ledger.penalties, ledger.winner()
        points = worth if self._under == "correct" else peg
        ledger.add(side, points)
        if self._under == "muggins":
            ledger.muggins(side, worth - peg)
        elif self._under == "lose-game":
            ledger.penalise("under-peg", side)
        return "under", points, ledger.penalties, ledger.winner()

    def _knock(self, raw: dict[str, Any]) -> list[Event]:
        given = raw.get("seat")
        if len(raw) != 1 + (given is not None):  # as in _play: a quick test, then the full one
            _fields(raw, _KNOCK, "knock")
        if raw["knock"] is not True:
            raise UnknownMove('a knock is written "knock": true')
        seat: int
        if type(given) is int and given == self.turn and self.held[given]:
            seat = given
        else:
            seat = self._seat_to_move(raw)
        if self.line is None:
            raise IllegalPlay("nothing is on the table: the hand starts with the down, not a knock")
        if self.boneyard:
            raise IllegalPlay(
                f"{self.boneyard} tiles are left in the boneyard: a player who cannot play draws"
            )
        event: KnockEvent = {
            "hand": self.hand, "move": self.moves, "seat": seat, "side": self.side_of[seat],
            "type": "knock", "penalties": [], "scores": list(self.scores),
        }
        self.knocks = ((self.moves, seat, self.line), self.knocks)
        self.knocked |= 1 << seat
        blocked = self.knocked & self.holders == self.holders
        if blocked:
            return self._close(event, raw, "block", None)
        following = seat + 1 if seat + 1 < len(self.held) else 0
        self.turn = following if self.held[following] else self._next_holder(seat)
        if self._record:
            return self._close(event, raw, None, None)
        self.moves += 1  # all that _close would do for a knock that ends nothing, unlogged
        return [event]

    def _draw(self, raw: Mapping[str, Any]) -> list[Event]:
        _fields(raw, _DRAW, "draw")
        seat = self._seat_to_move(raw)
        count = _whole(raw["draw"], "draw")
        if not self.rules.drawing:
            raise IllegalPlay("these rules have no boneyard: there is nothing to draw")
        if self.line is None:
            raise IllegalPlay("nothing is on the table: the hand starts with the down, not a draw")
        if not 1 <= count <= self.boneyard:
            raise IllegalPlay(f"the boneyard holds {self.boneyard} tiles: {count} cannot be drawn")
        event: DrawEvent = {
            "hand": self.hand, "move": self.moves, "seat": seat, "side": self.side_of[seat],
            "type": "draw", "count": count, "penalties": [], "scores": list(self.scores),
        }
        self.held[seat] += count
        self.holders |= 1 << seat
        self.boneyard -= count
        return self._close(event, raw, None, None)

    def _misplay(self, raw: Mapping[str, Any]) -> list[Event]:
        _fields(raw, _MISPLAY, "misplay")
        seat = self._seat_to_move(raw)
        if self.line is None:
            raise IllegalPlay("nothing is on the table: there is no end to misplay against")
        tile = Tile.parse(raw["misplay"])
        self._check_in_hand(tile, seat)
        if self._layout.fits(self.line, tile):
            raise IllegalPlay(
                f"{tile} fits the line {self._layout.describe(self.line)}: that is a play, not a misplay"
            )
        side = self.side_of[seat]
        ledger = Ledger(self.scores, self.rules, side)
        ledger.penalise("misplay", side)
        event: MisplayEvent = {
            "hand": self.hand, "move": self.moves, "seat": seat, "side": side, "type": "misplay",
            "tile": str(tile), "penalties": ledger.penalties, "scores": list(self.scores),
        }
        self.misplayed = ((tile.key, seat, self.moves), self.misplayed)
        return self._close(event, {**raw, "misplay": str(tile)}, None, ledger.winner())

    def _ruling(self, raw: Mapping[str, Any]) -> list[Event]:
        _fields(raw, _RULING, "ruling")
        seat = _seat(raw, len(self.seats))
        offence, knock, missed = _ruling_fields(raw)
        if knock is not None:
            self._check_ruled_knock(seat, knock)
        side = self.side_of[seat]
        ledger = Ledger(self.scores, self.rules, side)
        if offence != "under-peg" or self._under == "lose-game":
            ledger.penalise(offence, side)
        elif self._under == "correct":
            ledger.penalties.append(
                {"offence": offence, "side": side, "points": ledger.credit(side, missed)}
            )
        elif self._under == "muggins":
            ledger.muggins(side, missed)
        event: RulingEvent = {
            "hand": self.hand, "move": self.moves, "seat": seat, "side": side, "type": "ruling",
            "offence": offence, "penalties": ledger.penalties, "scores": list(self.scores),
        }
        if knock is not None:
            self.ruled = self.ruled | {knock}
        return self._close(event, raw, None, ledger.winner())

    def _close(self, event: MoveEvent, move: Mapping[str, Any], ended: HandEnding | None,
               winner: int | None) -> list[Event]:
        """Count the move, test the win, end the hand if it is over, and log it all."""
        self.moves += 1
        if winner is not None:
            self.winner, ended = winner, "won"
        if ended is None:
            if self._record:
                self.events = (event, self.events)
                self.log = (("move", self.hand, self.leader, move), self.log)
            return [event]
        self.ended, self.scores_at_end, self.turn = ended, tuple(self.scores), None
        events: list[Event] = [event, self._hand_end(ended, [], [])]
        if self._record:
            self.events = (events[1], (event, self.events))
            self.log = (("move", self.hand, self.leader, move), self.log)
        return events

    def _hand_end(self, ended: Ended, found: list[FalseKnock], penalties: list[Penalty],
                  awards: list[Award] | None = None) -> HandEnd:
        return {
            "hand": self.hand, "type": "hand-end", "ended": ended, "false_knocks": found,
            "awards": awards or [], "penalties": penalties, "scores": list(self.scores),
        }

    def _awards(self, ended: HandEnding,
                tiles: dict[int, list[Tile]]) -> list[tuple[int, int, AwardReason]]:
        """The block or domino awards the rules give for the tiles shown."""
        if self.rules.block == "none" and self.rules.domino == "none":
            return []
        pips = [[t.pips for seat in side for t in tiles.get(seat, ())] for side in self.sides]
        out_side = self.side_of[self.plays[0][1]] if self.plays is not None else None
        return hand_awards(ended, self.rules, pips, out_side)

    # ----- the end of a hand --------------------------------------------------

    def show(self, shown: object) -> HandEnd:
        """Turn up the tiles left when the hand ended; re-judge its end.  Replaces an earlier showing."""
        if self.winner is not None and not self.won_by_show:
            raise GameOver(f"hand {self.hand}: the game is over (side {self.winner} won)")
        ended = self.ended
        if ended is None:
            raise HandNotOver(f"hand {self.hand}: it is still being played; show tiles once it ends")
        checker = None if self.misplayed is None else self._check_in_hand
        try:
            tiles = read_shown(shown, self.held, self.played, checker)
        except ScoringError as err:
            raise located(err, f"hand {self.hand}, shown") from None
        # A showing replaces any earlier one: judge from the scores the hand ended on.
        self.scores = list(self.scores_at_end)
        found: list[FalseKnock] = []
        if self.knocks is not None:
            found = false_knocks(self.knocks, self.plays, tiles, self.ruled, self._layout.open_pips)
        won = self._awards(ended, tiles)
        awards: list[Award] = []
        penalties: list[Penalty] = []
        self.winner = None
        if won or found:
            acting = won[0][0] if won else self.side_of[found[0]["seat"]]
            ledger = Ledger(self.scores, self.rules, acting)
            awards = [
                {"side": side, "points": ledger.credit(side, points), "reason": reason}
                for side, points, reason in won
            ]
            for knock in found:
                ledger.penalise("false-knock", self.side_of[knock["seat"]])
            penalties, self.winner = ledger.penalties, ledger.winner()
        self.won_by_show = self.winner is not None
        event = self._hand_end(ended, found, penalties, awards)
        if self._record:
            as_json = {str(seat): [t.text for t in tiles[seat]] for seat in sorted(tiles)}
            self.events = (event, self.events[1] if self.events else None)
            self.log = (("shown", self.hand, self.leader, as_json), self.log)
        return event

    # ----- what a tile would do -----------------------------------------------

    def options(self, text: str, seat: int | None = None) -> list[Option]:
        """Every way ``seat`` (default: the seat to move) could lay ``text`` now, and its worth."""
        if self.winner is not None:
            return []
        state = self if self.ended is None else self.dealt()
        tile = read_tile(text)
        seat = state.turn if seat is None else seat
        if state.played >> tile.key & 1 or state.misplayed is not None:
            state._check_in_hand(tile, seat)
        # Asked for every tile at every move of an analysis: the placements
        # are read as the layout keeps them, not copied.
        found: Any
        if state.line is None:
            if self._lead_double and tile.a != tile.b:
                return []
            found = ((None, self._layout.down(tile)),)
        else:
            found = self._layout.placements(state.line, tile)
        options: list[Option] = []
        for end, made in found:
            ends, total, points, bonus, bust, worth = state.worth(made, seat)
            options.append({
                "end": end, "ends": list(ends), "total": total, "award": points,
                "bonus": bonus, "bust": bust, "worth": worth,
            })
        return options

    def dealt(self) -> "GameState":
        """A copy of a state whose hand has ended, as the next hand's first
        move finds it: dealt, nothing laid."""
        state = self.copy()
        state._deal(self.hand + 1, self.next_leader())
        return state

    def worth(self, line: Any, seat: int | None) -> tuple[tuple[int, ...], int, int, int, bool, int]:
        """(ends, total, award, bonus, bust, worth) of a play by ``seat`` that makes ``line``."""
        ends, total, points = self._worths[line]
        bonus = 0
        if self._bonus and seat is not None and self.held[seat] == 1 and self._partner_out(seat):
            bonus = self._bonus  # the play chips out: the bonus is tested with the award
        value = points + bonus
        if not value:
            return ends, total, points, bonus, False, 0
        score = self.scores[self.side_of[seat or 0]] + value
        bust = (self._exact and score > self._target) or (
            self.line is None and not self._down_wins and self._reaches(score)
        )
        return ends, total, points, bonus, bust, 0 if bust else value

    # ----- helpers ------------------------------------------------------------

    def _reaches(self, score: int) -> bool:
        return score == self._target if self._exact else score >= self._target

    def _partner_out(self, seat: int) -> bool:
        """Whether ``seat``'s partner, if it has one, has laid all its tiles."""
        partner = self._partner[seat]
        return partner is None or not self.held[partner]

    def _next_holder(self, seat: int) -> int:
        """The next seat clockwise that still holds tiles (past any partner who is out)."""
        count = len(self.held)
        for step in range(1, count + 1):
            candidate = (seat + step) % count
            if self.held[candidate]:
                return candidate
        return seat

    def _seat_to_move(self, raw: Mapping[str, Any]) -> int:
        seat = raw.get("seat")
        if type(seat) is not int or not 0 <= seat < len(self.held):
            seat = _seat(raw, len(self.seats))
        if self.turn is not None and seat != self.turn:
            why = " (the lead passes clockwise each hand)" if self.line is None else ""
            raise NotYourTurn(f"it is seat {self.turn}'s turn{why}")
        if not self.held[seat]:
            raise IllegalPlay(f"seat {seat} has no tiles left")
        return seat

    def _lay_down(self, tile: Tile, end: object) -> tuple[str | None, Any]:
        if self._lead_double and tile.a != tile.b:
            raise IllegalPlay(f"the down must be a double under leader: double, not {tile}")
        if end is not None:
            raise IllegalPlay(f"{tile} is the down: there is no end to name yet")
        return None, self._layout.down(tile)

    def _check_in_hand(self, tile: Tile, seat: int | None) -> None:
        if self.played >> tile.key & 1:
            move = next(m for m, _, t in _items(self.plays) if t.key == tile.key)
            raise TileAlreadyPlayed(f"{tile} was already played at move {move}")
        for key, holder, move in _items(self.misplayed):
            if key == tile.key and holder != seat:
                raise TileAlreadyPlayed(f"{tile} is in seat {holder}'s hand (misplayed at move {move})")

    def _check_ruled_knock(self, seat: int, move: int) -> None:
        if not any(m == move and s == seat for m, s, _ in _items(self.knocks)):
            raise IllegalPlay(f"move {move} of this hand is not a knock by seat {seat}")
        if move in self.ruled:
            raise IllegalPlay(f"the knock at move {move} has already been ruled")

    def _where(self, raw: object) -> str:
        where = f"hand {self.hand}, move {self.moves}"
        seat = raw.get("seat") if isinstance(raw, Mapping) else None
        return where + (f" (seat {seat})" if type(seat) is int else "")


@lru_cache(maxsize=None)
def _correct_plays(peg_max: int) -> tuple[dict[str, Any], ...]:
    """The play event of a play worth each of 0 to ``peg_max``, pegged so, with no bonus."""
    templates = []
    for peg in range(peg_max + 1):
        event = _PLAY_EVENT.copy()
        event["award"] = event["worth"] = event["peg"] = event["points"] = peg
        event["verdict"] = "correct"
        templates.append(event)
    return tuple(templates)


def _items(chain: Chain) -> list[Any]:
    """A chain's items, oldest first."""
    found = []
    while chain is not None:
        item, chain = chain
        found.append(item)
    found.reverse()
    return found


def _fields(raw: Mapping[str, Any], allowed: frozenset[str], kind: str) -> None:
    if not raw.keys() <= allowed:
        extra = sorted(set(raw) - allowed)[0]
        raise UnknownMove(f"a {kind} has no field {extra!r}")


def _whole(value: object, name: str) -> int:
    if type(value) is not int or value < 0:
        raise UnknownMove(f"{name} must be a whole number of at least 0, not {value!r}")
    return value


def _seat(raw: Mapping[str, Any], count: int) -> int:
    seat = _whole(raw.get("seat"), "seat")
    if seat >= count:
        raise NotYourTurn(f"there is no seat {seat} (seats 0-{count - 1})")
    return seat


def _ruling_fields(raw: Mapping[str, Any]) -> tuple[Offence, int | None, int]:
    offence = one_of(OFFENCES, raw["penalty"])
    if offence is None:
        raise UnknownMove(f"penalty {raw['penalty']!r} is not an offence ({', '.join(OFFENCES)})")
    move = raw.get("move")
    if move is not None and offence != "false-knock":
        raise UnknownMove("only a false-knock ruling names a move (the knock)")
    points = raw.get("points", 0)
    if points and offence != "under-peg":
        raise UnknownMove("only an under-peg ruling gives points (those missed)")
    return offence, None if move is None else _whole(move, "move"), _whole(points, "points")
