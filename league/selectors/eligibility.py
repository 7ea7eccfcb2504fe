"""Who may play for a team on a given night: the league's eligibility
rules, read at the team sheet (league.services.teamsheets, substitutes)
and on a returned card.

A player plays for a team on a date when the registration that *covers*
the date is the team's and the player has been registered long enough:

- the registration covering a date is the latest one begun (registered) by
  that day and not ended by it; a player's first registration of the
  season also covers the nights before it (a squad registered late still
  plays the opening weeks, as before transfers existed), while one begun
  by transfer covers only the days from the transfer on;
- a registration begun on day R lets the player play from R plus the
  league's `eligible_after_days` (0: at once). The wait is for a player new
  to the team: one who ended the season before in the team's squad (a
  squad carried over at the change-over, or registered again by hand) and
  whose first registration of this season is with that team plays from
  the season's first night, however late the squad was registered;
- a player who has already played for another team in the same
  competition this season (a game recorded in a fixture of the same
  division: a cup's team ties are fixtures of the cup's own division) may
  not play for this one in it.

Each reason is worded to say which rule and, where it will pass, when.
"""
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from django.db.models import Q
from django.utils import timezone

from league.models import Division, Fixture, Player, Rubber, Season, SquadRegistration, Team
from league.selectors.clubs import season_before

# A night whose result is in: the card the eligibility notes read.
RETURNED = ("submitted", "disputed", "confirmed")


@dataclass(frozen=True)
class SheetSquad:
    """The named players who may play for the team on the night (id and
    name), and for each other named player why not ("Jo Bloggs, who ...")."""

    players: tuple[tuple[int, str], ...]
    strangers: tuple[tuple[int, str], ...]
    # The reason alone, by player id ("is registered for Crown B").
    reasons: dict[int, str]


def day_words(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def registered_on(registration: SquadRegistration) -> date:
    return timezone.localdate(registration.registered_at)


def covering(registrations: Iterable[SquadRegistration], on: date) -> SquadRegistration | None:
    """Of one player's registrations for a season, the one covering `on`."""
    ordered = sorted(registrations, key=lambda r: (r.registered_at, r.pk))
    live = [r for r in ordered if r.ended_on is None or r.ended_on > on]
    begun = [r for r in live if registered_on(r) <= on]
    if begun:
        return begun[-1]
    # Registered only after the night: the season's first registration
    # counts back to its start; a transfer's does not.
    return ordered[0] if ordered and ordered[0] in live else None


def eligible_from(registration: SquadRegistration, league_days: int) -> date:
    return registered_on(registration) + timedelta(days=league_days)


def sheet_squad(*, division: Division, team: Team, named: Iterable[int], on: date,
                fixture_id: int | None = None) -> SheetSquad:
    """Which of the `named` players may play for `team` in `division` on
    `on` (the fixture's night, `fixture_id` left out of "played for
    another team"), and why the others may not."""
    named = set(named)
    season = Season.objects.select_related("league").get(pk=division.season_id)
    names = dict(Player.objects.filter(pk__in=named).values_list("pk", "name"))
    by_player: dict[int, list[SquadRegistration]] = {}
    for registration in SquadRegistration.objects.filter(season=season, player_id__in=named).select_related("team"):
        by_player.setdefault(registration.player_id, []).append(registration)
    elsewhere = played_elsewhere(division=division, team=team, player_ids=named, fixture_id=fixture_id)
    returning = returning_players(season=season, team=team, player_ids=named)
    players, strangers, reasons = [], [], {}
    for pk in sorted(named):
        if pk not in names:
            continue  # no such player: the format's check names the id
        why = _why_not(season, team, by_player.get(pk, []), on, elsewhere.get(pk), returning=pk in returning)
        if why is None:
            players.append((pk, names[pk]))
        else:
            strangers.append((pk, f"{names[pk]}, who {why}"))
            reasons[pk] = why
    return SheetSquad(tuple(players), tuple(strangers), reasons)


def returning_players(*, season: Season, team: Team, player_ids: Iterable[int]) -> frozenset[int]:
    """Of the players, those in the team's squad at the end of the league's
    season before this one: not new to the team."""
    earlier = season_before(season=season)
    if earlier is None:
        return frozenset()
    return frozenset(SquadRegistration.objects.filter(season=earlier, team=team, player_id__in=set(player_ids),
                                                      ended_on__isnull=True).values_list("player_id", flat=True))


def _why_not(season: Season, team: Team, registrations: list[SquadRegistration], on: date,
             other_team: str | None, *, returning: bool) -> str | None:
    registration = covering(registrations, on)
    if registration is None or registration.team_id != team.pk:
        left = [r for r in registrations if r.team_id == team.pk and r.ended_on is not None and r.ended_on <= on]
        if left:
            return f"left {team} by transfer on {day_words(left[-1].ended_on)}"  # type: ignore[arg-type]
        if registration is not None:
            return f"is registered for {registration.team}"
        return f"is not registered for {team} this season"
    # A player carried over with the team is not new to it: the first
    # registration of the season, with the team they ended the last in.
    first = min(registrations, key=lambda r: (r.registered_at, r.pk))
    days = 0 if returning and first.pk == registration.pk else season.league.eligible_after_days
    start = eligible_from(registration, days)
    # With no waiting days a squad registered late still plays the nights
    # before (a card entered late); a transfer's registration covers no
    # night before it anyway (`covering`).
    if days and on < start:
        return (f"is not yet eligible: registered on {day_words(registered_on(registration))}, a player may "
                f"play {days} day{'s' if days != 1 else ''} after registering, so from {day_words(start)}")
    if other_team is not None:
        return (f"has already played for {other_team} in this competition this season: a player may not "
                f"play for two teams in one competition")
    return None


def played_elsewhere(*, division: Division, team: Team, player_ids: Iterable[int],
                     fixture_id: int | None = None) -> dict[int, str]:
    """Player id to the name of another team they have played for in the
    division (a game recorded), for the given players."""
    ids = set(player_ids)
    found: dict[int, str] = {}
    rubbers = Rubber.objects.filter(night__fixture__division=division, games__isnull=False).distinct()
    if fixture_id is not None:
        rubbers = rubbers.exclude(night__fixture_id=fixture_id)
    for side in ("home", "away"):
        rows = (rubbers.filter(Q(**{f"{side}_player__in": ids}) | Q(**{f"{side}_partner__in": ids}))
                .exclude(**{f"night__fixture__{side}_team": team})
                .values_list(f"{side}_player", f"{side}_partner", f"night__fixture__{side}_team__name"))
        for player, partner, name in rows:
            for pk in (player, partner):
                if pk in ids:
                    found.setdefault(pk, name)
    return found


def card_eligibility_notes(*, fixture_id: int) -> list[str]:
    """What a returned card holds against the eligibility rules: each
    player named who could not have been on the sheet on the match date
    (a sheet entered before the rules, or a player whose registration was
    changed after), for the card to say so."""
    fixture = Fixture.objects.select_related("division", "home_team", "away_team").get(pk=fixture_id)
    rubbers = list(Rubber.objects.filter(night__fixture=fixture))
    notes = []
    for team, side in ((fixture.home_team, "home"), (fixture.away_team, "away")):
        named = {pk for r in rubbers for pk in (getattr(r, f"{side}_player_id"), getattr(r, f"{side}_partner_id"))
                 if pk is not None}
        if named:
            squad = sheet_squad(division=fixture.division, team=team, named=named, on=fixture.played_on,
                                fixture_id=fixture.pk)
            notes += [f"{team} played {why}." for _, why in squad.strangers]
    return notes
