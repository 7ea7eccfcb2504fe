"""Random games of Fives and Threes, played through the engine.

Terms (docs/rules.md): the *down* is a hand's first tile; a seat *knocks*
when it passes; it *pegs* the points it claims; a *false knock* is a knock
made while holding a tile that fits; a *misplay* is a tile laid that fits no
end; a *ruling* is an offence called at the table; tiles are *shown* face up
when a hand ends by chip-out or block.

A simulated table deals real hands from a shuffled double-six set, plays
them out one move at a time through :class:`scoring.Game`, and writes down
what a scorer would: a complete scoresheet (docs/scoresheet.md). The
players are random but lawful: a seat that can play must play (any tile that
fits, at any end it fits), it knocks only when nothing fits (after drawing
from the boneyard, where the rules have one), and it pegs what the move is
worth. The engine is asked what fits and what it is worth
(``Game.options``); the simulation scores nothing itself, so its sheets test
the engine rather than repeat it.

With ``mistakes`` above zero the table errs the way real tables do, at that
rate per move:

- a wrong peg, a few points over or under the worth (never below zero);
- a false knock, while holding a tile that fits;
- a misplay, laying a tile that fits no end while holding one (the tile goes
  back to the hand and the same seat moves again);
- now and then a ruling: the table calls out a seat's false knock made
  earlier in the hand.

The same ``random.Random`` state always gives the same sheet, so a seed is
enough to reproduce a game (tests, benchmarks and demo data rely on it).

>>> import random
>>> sheet = random_game(random.Random(7), "pagat", seats=4, partners=True)
>>> sheet["format"], sheet["seats"], sheet["partners"]
('fives-and-threes/1', ['Ann', 'Bob', 'Cath', 'Dave'], True)
>>> scoring.check(sheet)["winner"] in (0, 1)
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import scoring
from scoring.rules import Rules

if TYPE_CHECKING:
    from scoring import Game, Option

__all__ = ["play_out", "random_game", "random_games"]

RuleSpec = dict[str, Any] | str | None  # as a scoresheet gives them
Move = dict[str, Any]

FORMAT = "fives-and-threes/1"
NAMES = ("Ann", "Bob", "Cath", "Dave")
TILES = tuple(f"{a}-{b}" for a in range(7) for b in range(a, 7))
MAX_HANDS = 200
MAX_MOVES_IN_HAND = 500  # far above any lawful hand: a guard, not a rule

# The mistakes a table makes, and how often each, where it can be made.
_MISTAKE_WEIGHTS = {"peg": 4, "false-knock": 2, "misplay": 2, "ruling": 1}
_PEG_ERRORS = (-3, -2, -1, 1, 2, 3)


@dataclass
class _Deal:
    """One deal being played out: the tiles in each hand and the moves written down."""

    rng: random.Random
    game: Game
    mistakes: float
    drawing: bool
    hands: list[list[str]]
    boneyard: list[str]
    moves: list[Move] = field(default_factory=list)
    false_knocks: dict[int, list[int]] = field(default_factory=dict)  # seat -> move indexes

    def apply(self, move: Move) -> None:
        """Make a move on the engine's game and write it down."""
        self.game, _ = self.game.apply(move)
        self.moves.append(move)
        if "tile" in move:
            self.hands[move["seat"]].remove(_held_as(move["tile"], self.hands[move["seat"]]))

    def fits(self, seat: int) -> list[tuple[str, Option]]:
        """Every (tile, way to play it) the seat holds that fits now."""
        return [(tile, way) for tile in self.hands[seat] for way in self.game.options(tile)]

    def play(self, seat: int, tile: str, end: str | None, peg: int) -> None:
        """Lay ``tile`` on ``end`` (None for the down), pegging ``peg``."""
        move: Move = {"seat": seat, "tile": tile}
        if end is not None:
            move["end"] = end
        self.apply({**move, "peg": peg})


def _held_as(tile: str, held: list[str]) -> str:
    """The spelling of ``tile`` in ``held`` (a down may be laid either way round)."""
    return tile if tile in held else _flip(tile)


def _flip(tile: str) -> str:
    """The tile written the other way round: ``"6-3"`` -> ``"3-6"``."""
    return tile[::-1]


def _shuffle_and_deal(rng: random.Random, seats: int,
                      rules: scoring.Rules) -> tuple[list[list[str]], list[str]]:
    """Shuffle the set and deal; redeal until some seat holds a double if one must lead."""
    size = rules.hand_size_for(seats)
    if size * seats > len(TILES):
        raise ValueError(f"{seats} hands of {size} need more than {len(TILES)} tiles")
    while True:
        tiles = list(TILES)
        rng.shuffle(tiles)
        hands = [tiles[seat * size:(seat + 1) * size] for seat in range(seats)]
        if rules.leader != "double" or any(_doubles(hand) for hand in hands):
            return hands, tiles[seats * size:]


def _doubles(hand: list[str]) -> list[str]:
    """The doubles in a hand, heaviest first."""
    return sorted((t for t in hand if t[0] == t[2]), reverse=True)


def _lead(deal: _Deal, rules: scoring.Rules, seat: int) -> int:
    """Put the down: any tile under ``rotate``, the heaviest double under ``double``.

    Returns the seat that led.
    """
    if rules.leader == "double":
        seat = max(range(len(deal.hands)), key=lambda s: _doubles(deal.hands[s])[:1])
        tile = _doubles(deal.hands[seat])[0]
    else:
        tile = deal.rng.choice(deal.hands[seat])
        if deal.rng.random() < 0.5:
            tile = _flip(tile)
    # The seat is named: before a down ``turn`` may be None (any seat may lead).
    worth = deal.game.options(tile, seat)[0]["worth"]
    deal.play(seat, tile, None, _peg(deal, worth, _errs(deal)))
    return seat


def _errs(deal: _Deal) -> bool:
    """Whether the table makes a mistake on this move."""
    return bool(deal.mistakes) and deal.rng.random() < deal.mistakes


def _peg(deal: _Deal, worth: int, mistaken: bool) -> int:
    """What the player pegs: the worth, or a few points off it (never below
    0, nor above what any play can score)."""
    if not mistaken:
        return worth
    error = deal.rng.choice(_PEG_ERRORS)
    peg = worth + error if worth + error >= 0 else worth - error
    largest = Rules.parse(deal.game.rules).largest_award
    if peg > largest:  # a slip stays within what a play can score, as a real one does
        peg = worth - abs(error) if worth >= abs(error) else worth + 1 if worth < largest else worth - 1
    return peg


def _draw(deal: _Deal, seat: int) -> None:
    """Draw from the boneyard, one tile at a time, until one fits or it is empty."""
    if not deal.boneyard or deal.fits(seat):
        return
    drawn = 0
    while deal.boneyard:
        deal.hands[seat].append(deal.boneyard.pop())
        drawn += 1
        if deal.game.options(deal.hands[seat][-1]):
            break
    deal.apply({"seat": seat, "draw": drawn})


def _possible_mistakes(deal: _Deal, seat: int, fits: list[tuple[str, Option]]) -> list[str]:
    """The mistakes this seat can make now (the table is never empty here)."""
    kinds = []
    if fits:
        kinds.append("peg")
        if not (deal.drawing and deal.boneyard):  # a knock is only lawful then
            kinds.append("false-knock")
    fitting = {tile for tile, _ in fits}
    if any(tile not in fitting for tile in deal.hands[seat]):
        kinds.append("misplay")
    if deal.false_knocks.get(seat):
        kinds.append("ruling")
    return kinds


def _make_mistake(deal: _Deal, seat: int, kind: str, fits: list[tuple[str, Option]]) -> None:
    """Make one mistake of the given kind."""
    if kind == "peg":
        tile, way = deal.rng.choice(fits)
        deal.play(seat, tile, way["end"], _peg(deal, way["worth"], mistaken=True))
    elif kind == "false-knock":
        deal.false_knocks.setdefault(seat, []).append(len(deal.moves))
        deal.apply({"seat": seat, "knock": True})
    elif kind == "misplay":
        fitting = {tile for tile, _ in fits}
        tile = deal.rng.choice([t for t in deal.hands[seat] if t not in fitting])
        deal.apply({"seat": seat, "misplay": tile})
    else:
        knock = deal.false_knocks[seat].pop(0)
        deal.apply({"seat": seat, "penalty": "false-knock", "move": knock})


def _step(deal: _Deal) -> None:
    """The seat to move makes one move (or, with drawing, a draw and a move)."""
    seat = deal.game.turn
    if seat is None:
        raise RuntimeError(f"no seat to move in hand {deal.game.hand} while playing")
    if deal.drawing:
        _draw(deal, seat)
    fits = deal.fits(seat)
    if _errs(deal):
        kinds = _possible_mistakes(deal, seat, fits)
        if kinds:
            weights = [_MISTAKE_WEIGHTS[kind] for kind in kinds]
            _make_mistake(deal, seat, deal.rng.choices(kinds, weights)[0], fits)
            return
    if fits:
        tile, way = deal.rng.choice(fits)
        deal.play(seat, tile, way["end"], way["worth"])
    else:
        deal.apply({"seat": seat, "knock": True})


def _play_hand(rng: random.Random, game: Game, rules: scoring.Rules, leader: int,
               mistakes: float) -> tuple[Game, dict[str, Any]]:
    """Deal and play one hand; returns the game after it and the hand as written."""
    hands, boneyard = _shuffle_and_deal(rng, len(game.seats), rules)
    deal = _Deal(rng, game, mistakes, rules.drawing, hands, boneyard)
    leader = _lead(deal, rules, leader)
    while deal.game.status == "playing":
        if len(deal.moves) > MAX_MOVES_IN_HAND:
            raise RuntimeError(f"hand {deal.game.hand} does not end: {deal.moves[-8:]}")
        _step(deal)
    hand: dict[str, Any] = {"leader": leader, "moves": deal.moves}
    if deal.game.status == "hand-ended":
        hand["shown"] = {str(s): held for s, held in enumerate(deal.hands) if held}
        deal.game, _ = deal.game.show(hand["shown"])
    return deal.game, hand


def play_out(rng: random.Random, rules: RuleSpec = None, seats: int = 2, partners: bool = False,
             mistakes: float = 0.0, max_hands: int = MAX_HANDS) -> tuple[dict[str, Any], Game]:
    """Play a random game to its end; returns its scoresheet and the final ``Game``.

    A game that no side can finish (say ``multiples`` to an exact target, both
    sides stuck a point or two short) stops after ``max_hands`` hands, unwon.
    """
    names = list(NAMES[:seats])
    game = scoring.Game.new(rules=rules, seats=names, partners=partners)
    sheet: dict[str, Any] = {"format": FORMAT, "rules": "pub" if rules is None else rules,
                             "seats": names}
    if partners:
        sheet["partners"] = True
    sheet["hands"] = []
    parsed = scoring.Rules.parse(rules)
    first = rng.randrange(seats)
    for number in range(max_hands):
        game, hand = _play_hand(rng, game, parsed, (first + number) % seats, mistakes)
        sheet["hands"].append(hand)
        if game.status == "won":
            break
    return sheet, game


def random_game(rng: random.Random, rules: RuleSpec = None, seats: int = 2, partners: bool = False,
                mistakes: float = 0.0) -> dict[str, Any]:
    """A complete scoresheet of a random game (see the module docstring)."""
    return play_out(rng, rules, seats, partners, mistakes)[0]


def random_games(seed: int, count: int, rules: RuleSpec = None, seats: int = 2,
                 partners: bool = False, mistakes: float = 0.0) -> list[dict[str, Any]]:
    """``count`` random scoresheets from one seed, the same ones for the same seed."""
    rng = random.Random(seed)
    return [random_game(rng, rules, seats, partners, mistakes) for _ in range(count)]
