"""A game's state as the API shows it, read from the game row's cache alone
(no query, no replay): the cheapest read, and the body of every write's
answer."""
from typing import Any

from league.models import Game

STATE_FIELDS = ("id", "rules", "seats", "sides", "scores", "winner", "status", "hand", "turn", "ends", "seq")


def game_state(*, game: Game) -> dict[str, Any]:
    return {
        "id": game.pk,
        "rules": game.rules,
        "seats": game.seats,
        "sides": game.sides,
        "scores": game.scores,
        "winner": game.winner,
        "status": game.status,
        "hand": game.hand,
        "turn": game.turn,
        "ends": game.ends,
        "seq": game.seq,
    }
