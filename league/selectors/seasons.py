"""Which season a league's pages open on, the seasons a page can switch
to, and what stands in the way of deleting a season.

Terms: a league's *current season* is the one its secretary made current;
when none is, the latest season that has already started (by its start
date), or before any has started, the earliest one to come. So creating
next season in advance hides nothing: the running season stays current
until it is made so or the new one starts, and only a season the
secretary names overrides the dates.
"""
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.db.models import OuterRef, Q, Subquery
from django.utils import timezone

from league.models import (
    CupDraw,
    Division,
    DivisionEntry,
    Fixture,
    Game,
    League,
    MatchNight,
    OverdueNotice,
    RubberGame,
    Sanction,
    Season,
    SquadRegistration,
)


def current_of(seasons: Iterable[Season], *, chosen_id: int | None, today: date) -> Season | None:
    """The current season among a league's `seasons` (see the module's
    terms), without a query: `chosen_id` is the league's current_season_id."""
    listed = list(seasons)
    chosen = next((season for season in listed if season.pk == chosen_id), None)
    if chosen is not None:
        return chosen
    started = [season for season in listed if season.start <= today]
    if started:
        return max(started, key=lambda season: (season.start, season.pk))
    return min(listed, key=lambda season: (season.start, season.pk), default=None)


def season_current(*, league: League) -> Season | None:
    """The league's current season (one query)."""
    return current_of(Season.objects.filter(league_id=league.pk), chosen_id=league.current_season_id,
                      today=timezone.localdate())


def league_seasons(*, league_id: int, division_named: str | None = None) -> list[Season]:
    """The league's seasons, newest first: what a season switcher offers.
    Given a division's name, each season carries the id of its division of
    that name in `same_division_id` (None when it has none). One query."""
    seasons = Season.objects.filter(league_id=league_id).order_by("-start", "-id")
    if division_named is not None:
        same = Division.objects.filter(season_id=OuterRef("pk"), name=division_named, is_cup=False).values("pk")[:1]
        seasons = seasons.annotate(same_division_id=Subquery(same))
    return list(seasons)


def team_entries(*, team_id: int) -> list[DivisionEntry]:
    """The divisions the team entered, newest season first, with their
    seasons and league."""
    return list(DivisionEntry.objects.filter(team_id=team_id).select_related("division__season__league")
                .order_by("-division__season__start", "-division__season_id"))


def entry_for_season(entries: list[DivisionEntry], season: Season | None) -> DivisionEntry | None:
    """Of a team's `entries` (newest first), the one in `season`; when the
    team sat that season out, its latest one before it; with no season,
    its latest."""
    if season is None:
        return entries[0] if entries else None
    same = next((entry for entry in entries if entry.division.season_id == season.pk), None)
    return same or next((entry for entry in entries if entry.division.season.start <= season.start), None)


@dataclass(frozen=True)
class SeasonContents:
    """What a season holds, for the secretary deciding whether to delete
    it: `blockers` are the reasons it may not be deleted (results kept,
    games played), in words; the counts are what goes with it."""

    blockers: list[str]
    divisions: int
    entries: int
    fixtures: int
    registrations: int

    @property
    def deletable(self) -> bool:
        return not self.blockers


def season_contents(*, season_id: int) -> SeasonContents:
    """What the season holds and what keeps it (see SeasonContents)."""
    in_season = Q(division__season_id=season_id)
    fixtures = Fixture.objects.filter(in_season)
    nights = MatchNight.objects.filter(fixture__division__season_id=season_id)
    checks = [
        (nights.exclude(status=MatchNight.Status.OPEN).count(), "result", "submitted, confirmed or disputed"),
        (fixtures.filter(status=Fixture.Status.WALKOVER).count(), "walkover", "awarded"),
        (RubberGame.objects.filter(rubber__night__in=nights).count(), "game", "entered on a match night"),
        (Game.objects.filter(match_night__in=nights).count(), "live game", "scored"),
        (Sanction.objects.filter(in_season).count(), "sanction", "applied"),
        (OverdueNotice.objects.filter(fixture__in=fixtures).count(), "late result", "noted"),
        # A cup's draw log is append-only: the draw stays on record.
        (CupDraw.objects.filter(competition__season_id=season_id).count(), "cup draw", "made"),
    ]
    blockers = [f"{count} {noun}{'' if count == 1 else 's'} {done}" for count, noun, done in checks if count]
    return SeasonContents(
        blockers=blockers,
        divisions=Division.objects.filter(season_id=season_id, is_cup=False).count(),
        entries=DivisionEntry.objects.filter(in_season).count(),
        fixtures=fixtures.count(),
        registrations=SquadRegistration.objects.filter(season_id=season_id).count(),
    )
