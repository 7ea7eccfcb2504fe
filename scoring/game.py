"""A game, one move at a time.

Terminology: a ``Game`` is an immutable value: ``apply`` takes one move (as
a scoresheet writes it) and returns the next ``Game`` and the *events* the
move produced, the same JSON-ready objects ``check`` reports.  ``show``
turns up the tiles left when a hand has ended and re-judges that hand's end
(false knocks, penalties).  ``options`` tells the scorer's pad where a tile
fits and what each placement would score.  A game is its move log: the log
is kept (shared between successive values, so a move costs the same at move
60 as at move 1) and ``to_sheet`` writes it out.

>>> game = Game.new(rules={"preset": "pub", "hand_size": 3}, seats=["Ann", "Bob"])
>>> game, events = game.apply({"seat": 0, "tile": "6-3", "peg": 3})
>>> events[0]["total"], events[0]["verdict"], game.scores, game.turn
(9, 'correct', [3, 0], 1)
>>> [(o["end"], o["total"], o["award"]) for o in game.options("3-3")]
[('right', 12, 4)]
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from .errors import (
    GameOver,
    HandNotOver,
    IllegalPlay,
    NotYourTurn,
    RulesError,
    ScoringError,
    SheetError,
    TileAlreadyPlayed,
    located,
)
from .hand import HandState, KnockRecord, PlayRecord
from .ledger import Ledger
from .line import Line
from .moves import Draw, Knock, Misplay, Move, Play, Ruling, read_move
from .rules import Rules
from .tiles import Tile
from .totals import award

Event = dict[str, Any]
# A persistent list, newest first: (item, rest) or None.  Appending is O(1)
# and earlier games share it, which keeps every move equally cheap.
Chain = tuple[Any, "Chain"] | None


class Game:
    """One game's rules, seats, scores and the hand in play."""

    __slots__ = (
        "rules", "seats", "sides", "side_of", "partners", "start",
        "_scores", "winner", "_hand", "_won_by_show", "_log", "_events",
    )

    def __init__(self, rules: Rules, seats: tuple[str, ...], partners: bool,
                 start: tuple[int, ...]) -> None:
        self.rules = rules
        self.seats = seats
        self.partners = partners
        self.sides: tuple[tuple[int, ...], ...] = (
            ((0, 2), (1, 3)) if partners else tuple((s,) for s in range(len(seats)))
        )
        self.side_of = tuple(s % 2 if partners else s for s in range(len(seats)))
        self.start = start
        self._scores = start
        self.winner: int | None = None
        self._hand: HandState | None = None
        self._won_by_show = False
        self._log: Chain = None
        self._events: Chain = None

    # ----- creating -------------------------------------------------------

    @staticmethod
    def new(rules: object = None, seats: object = (), partners: object = False,
            start: object = None) -> "Game":
        """A game before its first move; raises ``ScoringError`` for bad set-up."""
        parsed = Rules.parse(rules)
        names = _seats(seats)
        if not isinstance(partners, bool):
            raise SheetError("partners must be true or false")
        _check_sides(parsed, len(names), partners)
        sides = 2 if partners else len(names)
        return Game(parsed, names, partners, _start(start, sides, parsed.target))

    @staticmethod
    def from_sheet(sheet: Mapping[str, Any]) -> "Game":
        """Replay a whole scoresheet, shown tiles included."""
        from .sheet import replay

        return replay(sheet).game

    def _copy(self, **changes: Any) -> "Game":
        other = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, changes.get(name, getattr(self, name)))
        return other

    # ----- reading --------------------------------------------------------

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    @property
    def status(self) -> str:
        if self.winner is not None:
            return "won"
        if self._hand is not None and self._hand.ended is not None:
            return "hand-ended"
        return "playing"

    @property
    def hand(self) -> int:
        return 0 if self._hand is None else self._hand.index

    @property
    def leader(self) -> int | None:
        """The seat that put (or must put) the down of the current hand."""
        return None if self._hand is None else self._hand.leader

    @property
    def turn(self) -> int | None:
        if self.winner is not None:
            return None
        return self._next_hand().turn

    @property
    def ends(self) -> list[int]:
        line = None if self._hand is None else self._hand.line
        return [] if line is None else list(line.values())

    @property
    def moves_in_hand(self) -> int:
        return 0 if self._hand is None else self._hand.moves

    def held(self, seat: int) -> int:
        """How many tiles ``seat`` still holds in the current hand."""
        return self._next_hand().held[seat]

    @property
    def rules_json(self) -> dict[str, Any]:
        return dict(self.rules.given)

    @property
    def events(self) -> list[Event]:
        return list(reversed(list(_items(self._events))))

    # ----- moving ---------------------------------------------------------

    def apply(self, raw: object) -> tuple["Game", list[Event]]:
        """The game after one move, and the events it produced."""
        hand = self._next_hand()
        where = f"hand {hand.index}, move {hand.moves}"
        seat = raw.get("seat") if isinstance(raw, Mapping) else None
        if isinstance(seat, int) and not isinstance(seat, bool):
            where += f" (seat {seat})"
        try:
            if self.winner is not None:
                raise GameOver(f"the game is over: side {self.winner} has won")
            move = read_move(raw)
            if move.seat >= len(self.seats):
                raise NotYourTurn(f"there is no seat {move.seat} (seats 0-{len(self.seats) - 1})")
            return self._apply(hand, move)
        except ScoringError as err:
            raise located(err, where) from None

    def _apply(self, hand: HandState, move: Move) -> tuple["Game", list[Event]]:
        if isinstance(move, Play):
            return self._play(hand, move)
        if isinstance(move, Knock):
            return self._knock(hand, move)
        if isinstance(move, Misplay):
            return self._misplay(hand, move)
        if isinstance(move, Ruling):
            return self._ruling(hand, move)
        assert isinstance(move, Draw)
        raise IllegalPlay("these rules have no boneyard: there is nothing to draw")

    def _play(self, hand: HandState, move: Play) -> tuple["Game", list[Event]]:
        seat, tile = move.seat, move.tile
        self._check_turn(hand, seat)
        _check_in_hand(hand, tile, seat)
        end, line = self._lay(hand, tile, move.end)
        side = self.side_of[seat]
        score = self._score_play(hand, seat, line)
        ledger = Ledger(self._scores, self.rules, side)
        verdict, points = _peg_verdict(move.peg, score["worth"], self.rules.penalties.under_peg)
        ledger.add(side, points)
        if verdict == "over":
            ledger.penalise("over-peg", side)
        elif verdict == "under" and self.rules.penalties.under_peg == "muggins":
            _muggins(ledger, side, score["worth"] - points)
        event: Event = {
            "hand": hand.index, "move": hand.moves, "seat": seat, "side": side,
            "type": "play", "tile": str(tile), "end": end, **score,
            "peg": move.peg, "verdict": verdict, "points": points,
            "penalties": ledger.penalties, "scores": ledger.result(),
        }
        held = _minus_one(hand.held, seat)
        out = self._hand_over(held, seat)
        after = hand.advance(
            leader=seat if hand.leader is None else hand.leader,
            line=line, held=held, played=hand.played | 1 << tile.key, knocked=0,
            plays=hand.plays + (PlayRecord(hand.moves, seat, tile),),
            turn=None if out else hand.next_holder(seat, held),
        )
        return self._after(after, move, ledger, event, "chip-out" if out else None)

    def _knock(self, hand: HandState, move: Knock) -> tuple["Game", list[Event]]:
        seat = move.seat
        self._check_turn(hand, seat)
        if hand.line is None:
            raise IllegalPlay("nothing is on the table: the hand starts with the down, not a knock")
        knocked = hand.knocked | 1 << seat
        holders = hand.holders()
        blocked = knocked & holders == holders
        after = hand.advance(
            knocked=knocked,
            knocks=hand.knocks + (KnockRecord(hand.moves, seat, hand.line.values()),),
            turn=None if blocked else hand.next_holder(seat, hand.held),
        )
        ledger = Ledger(self._scores, self.rules, self.side_of[seat])
        event = self._plain_event(hand, seat, "knock", ledger)
        return self._after(after, move, ledger, event, "block" if blocked else None)

    def _misplay(self, hand: HandState, move: Misplay) -> tuple["Game", list[Event]]:
        seat, tile = move.seat, move.tile
        self._check_turn(hand, seat)
        if hand.line is None:
            raise IllegalPlay("nothing is on the table: there is no end to misplay against")
        _check_in_hand(hand, tile, seat)
        if hand.line.fits(tile):
            left, right = hand.line.values()
            raise IllegalPlay(f"{tile} fits the line ({left}, {right}): that is a play, not a misplay")
        ledger = Ledger(self._scores, self.rules, self.side_of[seat])
        ledger.penalise("misplay", self.side_of[seat])
        event = self._plain_event(hand, seat, "misplay", ledger, tile=str(tile))
        after = hand.advance(misplayed=hand.misplayed + ((tile.key, seat, hand.moves),))
        return self._after(after, move, ledger, event, None)

    def _ruling(self, hand: HandState, move: Ruling) -> tuple["Game", list[Event]]:
        seat, side = move.seat, self.side_of[move.seat]
        ruled = hand.ruled
        if move.move is not None:
            _check_ruled_knock(hand, move)
            ruled = ruled | {move.move}
        ledger = Ledger(self._scores, self.rules, side)
        if move.offence != "under-peg":
            ledger.penalise(move.offence, side)
        elif self.rules.penalties.under_peg == "correct":
            credited = ledger.credit(side, move.points)
            ledger.penalties.append({"offence": "under-peg", "side": side, "points": credited})
        elif self.rules.penalties.under_peg == "muggins":
            _muggins(ledger, side, move.points)
        event = self._plain_event(hand, seat, "ruling", ledger, offence=move.offence)
        return self._after(hand.advance(ruled=ruled), move, ledger, event, None)

    def _plain_event(self, hand: HandState, seat: int, kind: str, ledger: Ledger,
                     **detail: Any) -> Event:
        return {
            "hand": hand.index, "move": hand.moves, "seat": seat, "side": self.side_of[seat],
            "type": kind, **detail, "penalties": ledger.penalties, "scores": ledger.result(),
        }

    def _after(self, hand: HandState, move: Move, ledger: Ledger, event: Event,
               ended: str | None) -> tuple["Game", list[Event]]:
        """Close an event: the win test, the hand's end, the logs."""
        scores = ledger.result()
        event["scores"] = list(scores)
        winner = ledger.winner()
        if winner is not None:
            ended = "won"
        events = [event]
        if ended is not None:
            hand = hand.but(ended=ended, scores_at_end=scores, turn=None)
            events.append(_hand_end(hand, ended, [], [], scores))
        log = ((("move", hand.index, hand.leader, move.to_json())), self._log)
        chain = self._events
        for item in events:
            chain = (item, chain)
        game = self._copy(_scores=scores, winner=winner, _hand=hand, _log=log, _events=chain)
        return game, events

    # ----- the end of a hand ----------------------------------------------

    def show(self, shown: object) -> tuple["Game", list[Event]]:
        """Turn up the tiles left at the end of the hand and judge its false knocks."""
        hand = self._hand
        if self.winner is not None and not self._won_by_show:
            raise GameOver(f"the game is over: side {self.winner} has won")
        if hand is None or hand.ended is None:
            raise HandNotOver(f"hand {self.hand}: it is still being played; show tiles once it ends")
        try:
            tiles = _read_shown(shown, hand)
        except ScoringError as err:
            raise located(err, f"hand {hand.index}, shown") from None
        ledger = Ledger(hand.scores_at_end, self.rules, 0)
        false_knocks = []
        for knock in _false_knocks(hand, tiles):
            false_knocks.append(knock)
            ledger.penalise("false-knock", self.side_of[knock["seat"]])
        scores = ledger.result()
        event = _hand_end(hand, hand.ended, false_knocks, ledger.penalties, scores)
        winner = ledger.winner()
        as_json = {str(s): [str(t) for t in ts] for s, ts in sorted(tiles.items())}
        game = self._copy(
            _scores=scores, winner=winner, _won_by_show=winner is not None,
            _hand=hand.but(shown=as_json),
            _log=(("shown", hand.index, hand.leader, as_json), self._log),
            _events=(event, self._events[1] if self._events else None),
        )
        return game, [event]

    # ----- the scorer's pad ------------------------------------------------

    def options(self, text: str) -> list[Event]:
        """Every way ``text`` can be played now by the seat to move, and its worth."""
        if self.winner is not None:
            return []
        hand = self._next_hand()
        tile = Tile.parse(text)
        if hand.is_played(tile):
            raise TileAlreadyPlayed(f"{tile} was already played at move {hand.played_at(tile)}")
        if hand.line is None:
            if self.rules.leader == "double" and not tile.is_double:
                return []
            placements: list[tuple[str | None, Line]] = [(None, Line.down(tile))]
        else:
            placements = list(hand.line.placements(tile))
        seat = hand.turn
        return [
            {"end": end, **self._score_play(hand, seat, line)} for end, line in placements
        ]

    def to_sheet(self) -> dict[str, Any]:
        """The game so far as a scoresheet."""
        hands: list[dict[str, Any]] = []
        for kind, index, leader, payload in reversed(list(_items(self._log))):
            while len(hands) <= index:
                hands.append({"leader": None, "moves": []})
            if leader is not None:
                hands[index]["leader"] = leader
            if kind == "move":
                hands[index]["moves"].append(payload)
            else:
                hands[index]["shown"] = payload
        sheet: dict[str, Any] = {
            "format": "fives-and-threes/1", "rules": self.rules_json, "seats": list(self.seats),
        }
        if self.partners:
            sheet["partners"] = True
        if any(self.start):
            sheet["start"] = list(self.start)
        for hand in hands:
            if hand["leader"] is None:
                del hand["leader"]
        sheet["hands"] = hands
        return sheet

    # ----- helpers --------------------------------------------------------

    def _next_hand(self) -> HandState:
        """The hand the next move belongs to: the current one, or a fresh deal."""
        hand = self._hand
        players = len(self.seats)
        size = self.rules.hand_size_for(players)
        if hand is None:
            return HandState.deal(0, None, players, size)
        if hand.ended is None:
            return hand
        rotate = self.rules.leader == "rotate" and hand.leader is not None
        leader = (hand.leader + 1) % players if rotate else None  # type: ignore[operator]
        return HandState.deal(hand.index + 1, leader, players, size)

    def _check_turn(self, hand: HandState, seat: int) -> None:
        if hand.turn is not None and seat != hand.turn:
            why = " (the lead passes clockwise each hand)" if hand.line is None else ""
            raise NotYourTurn(f"it is seat {hand.turn}'s turn{why}")
        if not hand.held[seat]:
            raise IllegalPlay(f"seat {seat} has no tiles left")

    def _lay(self, hand: HandState, tile: Tile, end: str | None) -> tuple[str | None, Line]:
        if hand.line is not None:
            return hand.line.place(tile, end, self.rules.doubles)
        if self.rules.leader == "double" and not tile.is_double:
            raise IllegalPlay(f"the down must be a double under leader: double, not {tile}")
        if end is not None:
            raise IllegalPlay(f"{tile} is the down: there is no end to name yet")
        return None, Line.down(tile)

    def _hand_over(self, held: tuple[int, ...], seat: int) -> bool:
        """Whether ``seat`` emptying its hand (if it did) ends the hand."""
        if held[seat]:
            return False
        return all(held[s] == 0 for s in self.sides[self.side_of[seat]])

    def _score_play(self, hand: HandState, seat: int | None, line: Line) -> Event:
        """What laying a tile that makes ``line`` is worth to ``seat``'s side."""
        contributions = line.contributions(self.rules.doubles)
        total = sum(contributions)
        points = award(total, self.rules.scoring)
        out = seat is not None and self._hand_over(_minus_one(hand.held, seat), seat)
        bonus = self.rules.chip_out_bonus if out else 0
        side = 0 if seat is None else self.side_of[seat]
        ledger = Ledger(self._scores, self.rules, side)
        value = points + bonus
        is_down = hand.line is None
        bust = ledger.would_bust(side, value) or (
            is_down and not self.rules.down_can_win and value > 0 and ledger.reaches(side, value)
        )
        return {
            "ends": list(contributions), "total": total, "award": points, "bonus": bonus,
            "bust": bust, "worth": 0 if bust else value,
        }


def _items(chain: Chain) -> Iterator[Any]:
    while chain is not None:
        item, chain = chain
        yield item


def _minus_one(held: tuple[int, ...], seat: int) -> tuple[int, ...]:
    return held[:seat] + (held[seat] - 1,) + held[seat + 1:]


def _peg_verdict(peg: int | None, worth: int, under_policy: str) -> tuple[str, int]:
    """The verdict on a peg and the points the side is credited."""
    if peg is None:
        return "unchecked", worth
    if peg == worth:
        return "correct", worth
    if peg > worth:
        return "over", worth  # the true worth stands; the over-peg penalty follows
    return "under", worth if under_policy == "correct" else peg


def _muggins(ledger: Ledger, side: int, missed: int) -> None:
    """Missed points go to each opposing side, as a scoring event of theirs."""
    for other in ledger.opponents(side):
        credited = ledger.credit(other, missed)
        ledger.penalties.append({"offence": "under-peg", "side": other, "points": credited})


def _check_in_hand(hand: HandState, tile: Tile, seat: int) -> None:
    if hand.is_played(tile):
        raise TileAlreadyPlayed(f"{tile} was already played at move {hand.played_at(tile)}")
    misplayed = hand.misplayed_by(tile)
    if misplayed is not None and misplayed[0] != seat:
        raise TileAlreadyPlayed(
            f"{tile} is in seat {misplayed[0]}'s hand (misplayed at move {misplayed[1]})"
        )


def _check_ruled_knock(hand: HandState, move: Ruling) -> None:
    knock = next((k for k in hand.knocks if k.move == move.move), None)
    if knock is None or knock.seat != move.seat:
        raise IllegalPlay(f"move {move.move} of this hand is not a knock by seat {move.seat}")
    if move.move in hand.ruled:
        raise IllegalPlay(f"the knock at move {move.move} has already been ruled")


def _hand_end(hand: HandState, ended: str, false_knocks: list[Event],
              penalties: list[Event], scores: tuple[int, ...]) -> Event:
    return {
        "hand": hand.index, "type": "hand-end", "ended": ended,
        "false_knocks": false_knocks, "awards": [], "penalties": penalties,
        "scores": list(scores),
    }


def _read_shown(shown: object, hand: HandState) -> dict[int, list[Tile]]:
    """The tiles each seat turned up, checked against what the table knows."""
    if not isinstance(shown, Mapping):
        raise SheetError("shown must be an object of seat number to tiles")
    tiles: dict[int, list[Tile]] = {}
    seen: set[int] = set()
    for key, listed in shown.items():
        seat = _seat_key(key, len(hand.held))
        if not isinstance(listed, list):
            raise SheetError(f"seat {seat}: shown tiles must be a list")
        tiles[seat] = [Tile.parse(t) for t in listed]
        for tile in tiles[seat]:
            if tile.key in seen:
                raise TileAlreadyPlayed(f"{tile} is shown twice")
            seen.add(tile.key)
            _check_in_hand(hand, tile, seat)
    for seat, count in enumerate(hand.held):
        if len(tiles.get(seat, [])) != count:
            raise SheetError(
                f"seat {seat} holds {count} tile{'s' if count != 1 else ''}, "
                f"not {len(tiles.get(seat, []))}: show exactly the tiles left"
            )
    return tiles


def _seat_key(key: object, seats: int) -> int:
    text = str(key)
    if not text.isdigit() or int(text) >= seats:
        raise SheetError(f"there is no seat {key!r} (seats 0-{seats - 1})")
    return int(text)


def _false_knocks(hand: HandState, tiles: dict[int, list[Tile]]) -> list[Event]:
    """Knocks made while holding a tile that fitted: one still shown, or one played later."""
    found = []
    for knock in hand.knocks:
        if knock.move in hand.ruled:
            continue
        held_then = tiles.get(knock.seat, []) + [
            p.tile for p in hand.plays if p.seat == knock.seat and p.move > knock.move
        ]
        fitting = [str(t) for t in held_then if any(t.fits(v) for v in knock.values)]
        if fitting:
            found.append({"seat": knock.seat, "move": knock.move, "tiles": fitting})
    return found


def _seats(seats: object) -> tuple[str, ...]:
    if not isinstance(seats, (list, tuple)) or not 2 <= len(seats) <= 4:
        raise SheetError("seats must list 2 to 4 players")
    if not all(isinstance(name, str) and name.strip() for name in seats):
        raise SheetError("every seat needs a player's name")
    return tuple(seats)


def _check_sides(rules: Rules, players: int, partners: bool) -> None:
    if partners and players != 4:
        raise SheetError(f"partners need four seats, not {players}")
    if rules.partners == "required" and players == 4 and not partners:
        raise SheetError(f"{rules.preset} plays four seats as partners: set partners to true")
    if rules.partners == "no" and partners:
        raise SheetError(f"{rules.preset} has no partners")
    if rules.penalties.loses_game() and (2 if partners else players) > 2:
        raise RulesError("rules: lose-game is only allowed in a game of two sides")
    size = rules.hand_size_for(players)
    if size * players > 28:
        raise RulesError(f"rules: {players} hands of {size} need more than the 28 tiles of a set")


def _start(start: object, sides: int, target: int) -> tuple[int, ...]:
    if start is None:
        return (0,) * sides
    if not isinstance(start, (list, tuple)) or len(start) != sides:
        raise SheetError(f"start must give one score for each of the {sides} sides")
    for score in start:
        if not isinstance(score, int) or isinstance(score, bool) or not 0 <= score < target:
            raise SheetError(f"start score {score!r} must be a whole number from 0 to {target - 1}")
    return tuple(start)
