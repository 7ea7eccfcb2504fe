"""Reading games: one game, its log, its scoresheet, its live state."""
from typing import Any

from django.core.cache import cache
from django.db.models import QuerySet
from django.shortcuts import get_object_or_404

from league.engine import engine_replay, log_rows
from league.models import Game, GameEntry
from league.selectors.seat_names import public_seats, with_seats
from league.selectors.state import game_state


def game_get(*, game_id: int) -> Game:
    """Raises Game.DoesNotExist."""
    return Game.objects.get(pk=game_id)


def game_or_404(*, game_id: int) -> Game:
    """The game, or Http404 (a page's or the API's 404)."""
    return get_object_or_404(Game, pk=game_id)


def game_entries(*, game: Game) -> QuerySet[GameEntry]:
    """The whole log, oldest first, with who entered and who voided each row."""
    return (
        GameEntry.objects.filter(game=game)
        .select_related("entered_by", "voided_by", "voided_by__entered_by")
        .order_by("seq")
    )


def game_log(*, game: Game) -> QuerySet[GameEntry]:
    """The whole log as the API lists it: each row with the rows voiding it,
    and who entered and who voided it with their players."""
    return game_entries(game=game).select_related("voids", "entered_by__player", "voided_by__entered_by__player")


def game_sheet(*, game: Game) -> dict[str, Any]:
    """The game as a scoresheet, replayed from the log itself (not the cache),
    so that an exported sheet always says what the log says."""
    return engine_replay(game=game, rows=log_rows(game)).to_sheet()


def live_state_key(game_id: int) -> str:
    return f"game:{game_id}:live"


def game_live_state(*, game_id: int) -> dict[str, Any]:
    """The state the workers last published for spectators; the database
    when nothing is published yet (or the cache is down)."""
    try:
        published = cache.get(live_state_key(game_id))
    except Exception:  # a cache outage must not stop a scoreboard
        published = None
    # The workers publish game_state's dict; the cache hands back whatever it holds.
    if isinstance(published, dict):
        return published
    game = game_get(game_id=game_id)
    return with_seats(game_state(game=game), public_seats(game=game))


def games_recent(*, limit: int = 20) -> list[Game]:
    """The games most recently written to, for the home page."""
    return list(Game.objects.order_by("-updated_at")[:limit])
