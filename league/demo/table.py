"""A simulated table: deals real hands and plays them out through the
engine's public interface (docs/engine-api.md), writing down what a scorer
would, move by move.

The players are random but lawful: a seat that can play plays a tile that
fits (the engine says which, with `Game.options`), and knocks only when
nothing fits. Nothing is scored here: the engine is asked what each play is
worth, and the player pegs that. With `mistakes` above zero a seat now and
then pegs a point too many or knocks falsely, as real tables do.

Only rules where the lead rotates and there is no boneyard to draw from are
played (pub, pagat, and variants of them). The same `random.Random` state
always gives the same game.
"""
from __future__ import annotations

import random
from typing import Any

import scoring

TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
NAMES = ["Ann", "Bob", "Cath", "Dave"]
MAX_HANDS = 200


def table_hand(rng: random.Random, game: scoring.Game, mistakes: float = 0.0) -> tuple[scoring.Game, dict[str, Any]]:
    """Deals and plays one hand; returns the game after it (tiles shown) and
    the hand as a scoresheet writes it."""
    seats = len(game.seats)
    stock = TILES[:]
    rng.shuffle(stock)
    hands: list[list[str]] = []
    for seat in range(seats):
        size = game.hand_size
        hands.append(stock[:size])
        del stock[:size]
    leader = game.turn if game.turn is not None else rng.randrange(seats)
    moves: list[dict[str, Any]] = []
    # The first move starts the hand, whatever the status of the last one.
    while not moves or game.status == "playing":
        seat = game.turn if game.turn is not None else leader
        move = _choose(rng, game, seat, hands[seat], mistakes)
        game, _ = game.apply(move)
        moves.append(move)
        if "tile" in move:
            hands[seat].remove(move["tile"])
    hand: dict[str, Any] = {"moves": moves}
    if game.status == "hand-ended":
        hand["shown"] = {str(seat): held for seat, held in enumerate(hands) if held}
        game, _ = game.show(hand["shown"])
    return game, hand


def _choose(rng: random.Random, game: scoring.Game, seat: int, held: list[str], mistakes: float) -> dict[str, Any]:
    playable = [(tile, ways) for tile in held if (ways := game.options(tile))]
    erring = rng.random() < mistakes
    if not playable or (erring and game.status == "playing" and game.ends and rng.random() < 0.3):
        return {"seat": seat, "knock": True}
    tile, ways = rng.choice(playable)
    way = rng.choice(ways)
    move: dict[str, Any] = {"seat": seat, "tile": tile, "peg": way["worth"] + (1 if erring else 0)}
    if way["end"] is not None:
        move["end"] = way["end"]
    return move


def table_game(
    rng: random.Random,
    *,
    rules: Any = None,
    seats: int = 2,
    partners: bool = False,
    mistakes: float = 0.0,
    max_hands: int = MAX_HANDS,
) -> dict[str, Any]:
    """A whole game as a scoresheet, played until a side wins (or
    `max_hands` hands, for rules that make a finish unlikely)."""
    names = NAMES[:seats]
    game = scoring.Game.new(rules=rules, seats=names, partners=partners, start=None)
    sheet: dict[str, Any] = {"format": "fives-and-threes/1", "rules": rules or "pub", "seats": names}
    if partners:
        sheet["partners"] = True
    sheet["hands"] = []
    while game.status != "won" and len(sheet["hands"]) < max_hands:
        game, hand = table_hand(rng, game, mistakes)
        sheet["hands"].append(hand)
    return sheet
