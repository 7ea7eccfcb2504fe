"""Copying the engine's view of a game onto the game row (the cache)."""
import scoring

from league.engine import engine_state
from league.models import Game

CACHE_FIELDS = ["seq", "status", "hand", "turn", "ends", "sides", "scores", "winner", "updated_at"]


def game_cache_fill(*, game: Game, engine: scoring.Game) -> None:
    """Sets the cached fields from `engine`; the caller saves the row."""
    for name, value in engine_state(engine).items():
        setattr(game, name, value)
