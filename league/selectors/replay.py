"""Checking the cache against the truth: a game's scores and state are a
cache of replaying its log, and this rebuilds them to compare."""
from typing import Any

from league.engine import engine_replay
from league.models import Game, GameEntry


def game_replayed_state(*, game: Game) -> dict[str, Any]:
    rows = list(GameEntry.objects.filter(game=game).only("seq", "kind", "payload").order_by("seq"))
    engine = engine_replay(game=game, rows=rows)
    return {
        "status": engine.status,
        "hand": engine.hand,
        "turn": engine.turn,
        "ends": list(engine.ends),
        "sides": [list(side) for side in engine.sides],
        "scores": list(engine.scores),
        "winner": engine.winner,
        "seq": rows[-1].seq if rows else 0,
    }


def game_cached_state(*, game: Game) -> dict[str, Any]:
    return {field: getattr(game, field) for field in ("status", "hand", "turn", "ends", "sides", "scores", "winner", "seq")}


def games_out_of_step() -> list[tuple[int, dict[str, Any], dict[str, Any]]]:
    """Every game whose cached state differs from its replayed log, as
    (id, cached, replayed). Empty when all is well."""
    out = []
    for game in Game.objects.order_by("pk").iterator():
        cached, replayed = game_cached_state(game=game), game_replayed_state(game=game)
        if cached != replayed:
            out.append((game.pk, cached, replayed))
    return out
