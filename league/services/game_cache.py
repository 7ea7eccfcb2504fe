"""Copying the engine's view of a game onto the game row (the cache)."""
import scoring
from league.engine import engine_state
from league.models import Game


def game_cache_fill(*, game: Game, engine: scoring.Game) -> None:
    """Sets the cached fields (`league.models.game.CACHE_FIELDS`) from
    `engine`, all but seq; the caller sets seq and saves the row."""
    for name, value in engine_state(engine).items():
        setattr(game, name, value)
