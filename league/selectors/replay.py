"""Checking the cache against the truth: a game's scores and state are a
cache of replaying its log, and this rebuilds them to compare."""
from typing import Any

from league.engine import engine_replay, engine_state, log_rows
from league.models import Game
from league.models.game import CACHE_FIELDS


def game_replayed_state(*, game: Game) -> dict[str, Any]:
    rows = log_rows(game)
    return {**engine_state(engine_replay(game=game, rows=rows)), "seq": rows[-1].seq if rows else 0}


def game_cached_state(*, game: Game) -> dict[str, Any]:
    return {name: getattr(game, name) for name in CACHE_FIELDS}


def games_out_of_step() -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Every game whose cached state differs from its replayed log, as
    (id, cached, replayed). Empty when all is well."""
    out = []
    for game in Game.objects.order_by("pk").iterator():
        cached, replayed = game_cached_state(game=game), game_replayed_state(game=game)
        if cached != replayed:
            out.append((game.pk, cached, replayed))
    return out
