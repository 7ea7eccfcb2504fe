"""A game's state as the API shows it, read from the game row's cache alone
(no query, no replay): the cheapest read, and the body of every write's
answer."""
from typing import Any

from league.models import Game
from league.models.game import CACHE_FIELDS


def game_state(*, game: Game) -> dict[str, Any]:
    """The game's id and setup, and every cached field."""
    return {"id": game.pk, "rules": game.rules, "seats": game.seats,
            **{name: getattr(game, name) for name in CACHE_FIELDS}}
