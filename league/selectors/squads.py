"""Reading squads: who is registered for which team, who may play, and
what is wrong with a squad; and whether a change to a squad would be
refused, so a form can say so before anything is written."""
from dataclasses import dataclass
from datetime import date

from django.utils import timezone

from league.authors import Author
from league.models import Player, Season, SquadRegistration, Team
from league.refusals import (
    AlreadyInSquad,
    NotCaptain,
    NotInSquad,
    Refused,
    RegisteredElsewhere,
    RegistrationClosed,
    SquadFull,
    WrongLeague,
)
from league.selectors.access import is_captain, is_secretary

# Why a change to a squad is not made: the user may not change this squad at
# all, or the league's rules do not allow this change.
SquadRefusal = NotCaptain | Refused


def registration_closed(*, season: Season, today: date | None = None) -> bool:
    """The deadline is the last day squads may change: closed from the day after."""
    return (today or timezone.localdate()) > season.registration_deadline


def squad_size(*, season: Season, team: Team) -> int:
    return SquadRegistration.objects.filter(season=season, team=team, ended_on__isnull=True).count()


def squad_players(*, season_id: int, team_id: int) -> list[Player]:
    """The team's squad for the season, by name."""
    return list(Player.objects.filter(registrations__season_id=season_id, registrations__team_id=team_id,
                                      registrations__ended_on__isnull=True).order_by("name", "id"))


def current_registration(*, season_id: int, player_id: int) -> SquadRegistration | None:
    """The player's open registration for the season (ended ones are history)."""
    return (SquadRegistration.objects.filter(season_id=season_id, player_id=player_id, ended_on__isnull=True)
            .select_related("team").first())


@dataclass(frozen=True)
class Squad:
    """A team's squad for a season as the API shows it: who is registered,
    and what is wrong with it (see `squad_check`)."""

    season: Season
    team: Team
    players: list[Player]
    problems: list[str]


def squad_get(*, season_id: int, team_id: int) -> Squad:
    """Raises Season/Team.DoesNotExist."""
    season = Season.objects.get(pk=season_id)
    team = Team.objects.get(pk=team_id)
    return Squad(season=season, team=team, players=squad_players(season_id=season.pk, team_id=team.pk),
                 problems=squad_check(season_id=season.pk, team_id=team.pk))


def squad_access_refusal(*, season: Season, team: Team, user: Author) -> NotCaptain | None:
    """Why `user` may not change the team's squad for the season at all, or
    None. A squad is the business of the team's captain and vice-captain and
    of the season's league secretaries; nobody else, and not nobody (None),
    changes it."""
    if is_captain(team=team, user=user) or is_secretary(league=season.league, user=user):
        return None
    return NotCaptain(
        f"only {team}'s captain or vice-captain, or a secretary of {season.league}, may change {team}'s squad"
    )


def squad_register_refusal(*, season: Season, team: Team, player: Player, user: Author) -> SquadRefusal | None:
    """Why registering `player` for `team` would be refused, or None.

    The reasons in the order a secretary would look for them: the user may
    not change this squad at all, the team is in another league, the player is registered already (for this team or
    another: a player moves team only by transfer, league.services.transfers), the
    deadline has passed (a secretary may still register), the squad is full."""
    access = squad_access_refusal(season=season, team=team, user=user)
    if access is not None:
        return access
    if team.league_id != season.league_id:
        return WrongLeague(f"{team} does not play in {season.league}")
    current = current_registration(season_id=season.pk, player_id=player.pk)
    if current is not None and current.team_id == team.pk:
        return AlreadyInSquad(f"{player} is already registered for {team} this season")
    if current is not None:
        return RegisteredElsewhere(
            f"{player} is registered for {current.team} this season: a player moves team mid-season only by "
            f"a transfer, where {season.league} allows them"
        )
    if registration_closed(season=season) and not is_secretary(league=season.league, user=user):
        return _closed(season=season, team=team)
    size = squad_size(season=season, team=team)
    if size >= season.squad_max:
        return SquadFull(f"{team} already has {size} players registered for {season.name}, the most allowed")
    return None


def squad_withdraw_refusal(*, season: Season, team: Team, player: Player, user: Author) -> SquadRefusal | None:
    """Why withdrawing `player` from `team`'s squad would be refused, or None."""
    access = squad_access_refusal(season=season, team=team, user=user)
    if access is not None:
        return access
    if not SquadRegistration.objects.filter(season=season, team=team, player=player, ended_on__isnull=True).exists():
        return NotInSquad(f"{player} is not registered for {team} this season")
    if registration_closed(season=season) and not is_secretary(league=season.league, user=user):
        return _closed(season=season, team=team)
    return None


def player_eligibility(*, season_id: int, team_id: int, player_id: int) -> str | None:
    """None when the player may play for the team this season; otherwise
    why not, as a match-night sheet would say it ("registered for Crown B")."""
    current = current_registration(season_id=season_id, player_id=player_id)
    if current is None:
        team = Team.objects.get(pk=team_id)
        return f"not registered for {team} this season"
    if current.team_id != team_id:
        return f"registered for {current.team}"
    return None


def squad_check(*, season_id: int, team_id: int, today: date | None = None) -> list[str]:
    """What is wrong with the team's squad for the season, in words for the
    secretary; empty when nothing is. Too few players is a problem only once
    the deadline has passed: until then the captain may still register more."""
    season = Season.objects.select_related("league").get(pk=season_id)
    team = Team.objects.get(pk=team_id)
    problems = []
    if team.league_id != season.league_id:
        problems.append(f"{team} does not play in {season.league}")
    size = squad_size(season=season, team=team)
    if size > season.squad_max:
        problems.append(f"{team} has {_players(size)} registered, more than the {season.squad_max} allowed")
    if size < season.squad_min and registration_closed(season=season, today=today):
        problems.append(
            f"{team} has {_players(size)} registered, fewer than the {season.squad_min} needed "
            f"(registration closed on {_day(season.registration_deadline)})"
        )
    return problems


def _closed(*, season: Season, team: Team) -> RegistrationClosed:
    return RegistrationClosed(
        f"registration for {season.name} closed on {_day(season.registration_deadline)}: "
        f"only a league secretary can change {team}'s squad now"
    )


def _players(count: int) -> str:
    return "1 player" if count == 1 else f"{count} players"


def _day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"
