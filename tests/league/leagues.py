"""Helpers that set up a league to test against: a season, its teams and
players, made straight in the database (what is under test is the service
called afterwards)."""
from datetime import timedelta
from typing import Any

from django.utils import timezone

from league.models import League, Player, Season, Team, Venue


def a_league(name: str = "Leek & District", **settings: Any) -> League:
    return League.objects.create(name=name, slug=name.lower().replace(" ", "-").replace("&", "and"), **settings)


def a_season(league: League, *, deadline_in_days: int = 7, squad_max: int = 12, squad_min: int = 8) -> Season:
    """A season whose registration deadline is `deadline_in_days` from
    today (negative: already passed)."""
    today = timezone.localdate()
    deadline = today + timedelta(days=deadline_in_days)
    return Season.objects.create(
        league=league, name="Winter 2026-27", start=deadline + timedelta(days=7),
        registration_deadline=deadline, squad_max=squad_max, squad_min=squad_min,
    )


def a_team(league: League, name: str) -> Team:
    venue = Venue.objects.create(name=name.rsplit(" ", 1)[0])
    return Team.objects.create(league=league, name=name, home_venue=venue)


def players(count: int, prefix: str = "Player") -> list[Player]:
    return [Player.objects.create(name=f"{prefix} {n}") for n in range(1, count + 1)]
