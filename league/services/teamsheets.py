"""Entering a match night's team sheet: who plays each rubber.

The home captain (or a league secretary) enters the whole sheet, both
teams' players, rubber by rubber in the order of the division's match
format. It is checked against the format (`league.formats`) and the squads
(only players registered for the team this season may play for it), and
refused with every problem listed. The sheet may be entered again while the
night is open, but a rubber that has games recorded keeps its players.
"""
from collections.abc import Sequence
from typing import Any

from league import formats
from league.models import Fixture, MatchNight, Player, Rubber, SquadRegistration, Team
from league.selectors.matches import match_format_of
from league.refusals import TeamSheetInvalid
from league.authors import Author
from league.services.nights import Night, night_change, require_captain, require_playable, require_status

# A rubber's players as entered: (home player ids, away player ids).
Lineup = tuple[Sequence[int], Sequence[int]]


def team_sheet_enter(*, fixture_id: int, lineups: Sequence[Lineup], user: Author) -> MatchNight:
    """Records who plays each rubber. Raises Fixture.DoesNotExist,
    NotCaptain, FixtureNotPlayable, WrongNightStatus or TeamSheetInvalid."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> MatchNight:
        details["lineups"] = [[list(home), list(away)] for home, away in lineups]
        require_captain(fixture, fixture.home_team, user, doing="enter the team sheet")
        require_playable(fixture)
        require_status(night, Night.OPEN, doing="change the team sheet")
        fmt = match_format_of(fixture)
        problems = formats.team_sheet_problems(fmt, _sheet(fixture, lineups))
        if not problems:
            problems = _played_rubbers_changed(night, lineups)
        if problems:
            raise TeamSheetInvalid(problems)
        night.save()
        _rubbers_write(night, fmt, lineups)
        return night

    return night_change(fixture_id=fixture_id, action="night.team_sheet", user=user, change=change)


def _sheet(fixture: Fixture, lineups: Sequence[Lineup]) -> formats.TeamSheet:
    named = {pk for home, away in lineups for pk in (*home, *away)}
    return formats.TeamSheet(
        home=_squad(fixture, fixture.home_team, named),
        away=_squad(fixture, fixture.away_team, named),
        rubbers=tuple(formats.Lineup(tuple(home), tuple(away)) for home, away in lineups),
    )


def _squad(fixture: Fixture, team: Team, named: set[int]) -> formats.Squad:
    """The team's squad, and why each other named player may not play for it."""
    season_id = fixture.division.season_id
    registered = {r.player_id: r for r in SquadRegistration.objects.filter(season_id=season_id, player_id__in=named)
                  .select_related("player", "team")}
    players = tuple(formats.Player(r.player_id, r.player.name) for r in registered.values() if r.team_id == team.pk)
    names = dict(Player.objects.filter(pk__in=named - set(registered)).values_list("pk", "name"))
    strangers = []
    for pk in sorted(named):
        registration = registered.get(pk)
        if registration is not None and registration.team_id != team.pk:
            strangers.append((pk, f"{registration.player.name}, who is registered for {registration.team}"))
        elif registration is None and pk in names:
            strangers.append((pk, f"{names[pk]}, who is not registered for {team} this season"))
    return formats.Squad(team.name, players, tuple(strangers))


def _played_rubbers_changed(night: MatchNight, lineups: Sequence[Lineup]) -> list[str]:
    """A rubber whose games have begun keeps its players: its games were
    played by them."""
    if night.pk is None:
        return []
    problems = []
    for rubber in night.rubbers.filter(games__isnull=False).distinct().order_by("number"):
        entered = lineups[rubber.number - 1] if rubber.number <= len(lineups) else ((), ())
        if (tuple(entered[0]), tuple(entered[1])) != (rubber.home_ids(), rubber.away_ids()):
            problems.append(f"Rubber {rubber.number} has games recorded: its players cannot change.")
    return problems


def _rubbers_write(night: MatchNight, fmt: formats.MatchFormat, lineups: Sequence[Lineup]) -> None:
    kept = set(night.rubbers.filter(games__isnull=False).values_list("number", flat=True))
    night.rubbers.exclude(number__in=kept).delete()
    Rubber.objects.bulk_create([
        Rubber(night=night, number=number, kind=spec.kind,
               home_player_id=home[0], home_partner_id=home[1] if len(home) > 1 else None,
               away_player_id=away[0], away_partner_id=away[1] if len(away) > 1 else None)
        for number, (spec, (home, away)) in enumerate(zip(fmt.rubbers, lineups), start=1) if number not in kept
    ])
