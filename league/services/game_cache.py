"""Copying the engine's view of a game onto the game row (the cache)."""
import scoring

from league.models import Game

CACHE_FIELDS = ["seq", "status", "hand", "turn", "ends", "sides", "scores", "winner", "updated_at"]


def game_cache_fill(*, game: Game, engine: scoring.Game) -> None:
    """Sets the cached fields from `engine`; the caller saves the row."""
    game.status = engine.status
    game.hand = engine.hand
    game.turn = engine.turn
    game.ends = list(engine.ends)
    game.sides = [list(side) for side in engine.sides]
    game.scores = list(engine.scores)
    game.winner = engine.winner
