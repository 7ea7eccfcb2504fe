"""What a write of the API is about, found from the ids in its path before
its body is read: the row the path names and the league it belongs to, so
that who is asking can be checked first (league.services.people_first)."""
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Model

from league.models import (
    Competition,
    CupEntry,
    CupTie,
    Division,
    Fixture,
    League,
    Season,
    Team,
    TransferRequest,
)

# Each id a path can carry: its model and the way from it to its league.
LEAGUE_OF: dict[str, tuple[type[Model], str]] = {
    "league_id": (League, "pk"),
    "season_id": (Season, "league_id"),
    "division_id": (Division, "season__league_id"),
    "fixture_id": (Fixture, "division__season__league_id"),
    "team_id": (Team, "league_id"),
    "transfer_id": (TransferRequest, "season__league_id"),
    "competition_id": (Competition, "season__league_id"),
    "entry_id": (CupEntry, "competition__season__league_id"),
    "tie_id": (CupTie, "competition__season__league_id"),
}


@dataclass(frozen=True)
class WriteTarget:
    row: Model
    league: League


def write_target(path_ids: Mapping[str, Any]) -> WriteTarget | None:
    """The row named by the first id of the path that belongs to a league
    (a season before the team under it), and its league. None when the
    path names no league's row, or a row that is not there: the view's own
    404 answers that."""
    for name, value in path_ids.items():
        if name in LEAGUE_OF:
            model, way = LEAGUE_OF[name]
            row = model._default_manager.filter(pk=value).first()
            if row is None:
                return None
            league_id = model._default_manager.filter(pk=value).values_list(way, flat=True).get()
            return WriteTarget(row=row, league=League.objects.get(pk=league_id))
    return None
