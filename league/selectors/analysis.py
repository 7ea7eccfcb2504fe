"""Scoring chances (docs/analysis.md): a live game's analysis, move by move,
and a player's figures over their live games, division by division.

A game's analysis is the engine's (`scoring.analysis`) replay of its log,
kept in the cache under the game's seq: a new move, undo or showing makes a
new key, so a stale analysis is never read, and a finished game is worked
out once. The cache being down only costs the replay.
"""
import logging
from dataclasses import dataclass, field
from typing import Any

from django.core.cache import cache

from league.engine import game_analysed, log_rows
from league.models import Game, PlayerGame, Rubber
from scoring.analysis import Analysis, SeatFigures
from scoring.table_view import OpKind

log = logging.getLogger(__name__)

# Bumped when the analysis changes shape or meaning: old entries are then never read.
VERSION = 1
# Long enough for an appeal to come back to; a key lost only costs a replay.
TTL_SECONDS = 30 * 24 * 60 * 60

OP_KINDS: dict[str, OpKind] = {"move": "move", "shown": "show", "undo": "undo"}


def analysis_key(game: Game) -> str:
    return f"analysis:v{VERSION}:{game.pk}:{game.created_at.timestamp()}:{game.seq}"


def game_analysis(*, game: Game) -> Analysis:
    """The game's scoring chances as its log stands (at `game.seq`)."""
    key = analysis_key(game)
    found = _cache_get(key)
    if found is None:
        found = game_analysis_fresh(game=game)
        _cache_set(key, found)
    return found


def game_analysis_fresh(*, game: Game) -> Analysis:
    """The analysis replayed from the log, the cache neither read nor written."""
    setup = {"rules": game.rules, "seats": game.seats, "partners": game.partners, "start": game.start}
    return game_analysed(setup, [(OP_KINDS[row.kind], row.payload) for row in log_rows(game)])


def seat_of(rubber: Rubber, player_id: int) -> int | None:
    """The player's seat in the rubber's games: singles [home, away]; pairs
    [home player, away player, home partner, away partner]."""
    seats = [rubber.home_player_id, rubber.away_player_id, rubber.home_partner_id, rubber.away_partner_id]
    return seats.index(player_id) if player_id in seats else None


@dataclass
class PlayerChances:
    """A player's figures over their live games in one division (one season)."""

    division: Any
    team: Any
    games: int = 0
    hands: int = 0
    decisions: int = 0
    found: int = 0
    left: int = 0
    missed_15: int = 0
    missed_finish: int = 0
    game_ids: list[int] = field(default_factory=list)

    def add(self, figures: SeatFigures) -> None:
        self.games += 1
        self.hands += figures["hands"]
        self.decisions += figures["decisions"]
        self.found += figures["found"]
        self.left += figures["left"]
        self.missed_15 += figures["missed_15"]
        self.missed_finish += figures["missed_finish"]

    @property
    def left_per_hand(self) -> float | None:
        return self.left / self.hands if self.hands else None

    @property
    def found_rate(self) -> float | None:
        return self.found / self.decisions if self.decisions else None


def player_chances(*, player_id: int) -> list[PlayerChances]:
    """The player's scoring chances, one row a division, newest season
    first, over the games scored live in confirmed results."""
    rows = (PlayerGame.objects.filter(player_id=player_id, live=True, rubber_game__game__isnull=False)
            .select_related("rubber_game__game", "rubber_game__rubber", "division__season", "team")
            .order_by("-division__season__start", "division__name", "rubber_game_id"))
    by_division: dict[int, PlayerChances] = {}
    for row in rows:
        game = row.rubber_game.game
        seat = seat_of(row.rubber_game.rubber, player_id)
        if game is None or seat is None:
            continue
        chances = by_division.setdefault(row.division_id, PlayerChances(division=row.division, team=row.team))
        chances.add(game_analysis(game=game)["figures"][seat])
        chances.game_ids.append(game.pk)
    return list(by_division.values())


def _cache_get(key: str) -> Analysis | None:
    try:
        found: Analysis | None = cache.get(key)
    except Exception:  # the cache is a saving, never a failure
        log.warning("analysis cache unreadable", exc_info=True)
        return None
    return found


def _cache_set(key: str, value: Analysis) -> None:
    try:
        cache.set(key, value, TTL_SECONDS)
    except Exception:
        log.warning("analysis cache unwritable", exc_info=True)
