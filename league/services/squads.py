"""Changing squads: registering a player for a team's season, and
withdrawing one.

Only the team's captain or vice-captain, or a secretary of the season's
league, changes a squad; anyone else is refused with NotCaptain. Nobody
(`user=None`, as from a shell or a data load) is refused too, as the
fixture services refuse it: a script acts as the secretary it runs for, so
the audit log names who made each change, and a caller that lost track of
its user cannot open every squad by accident.

Each change, and each refusal, is recorded in the audit log against the
team, so a secretary settling a dispute can see who tried what and when. A
refusal's entry is committed before the refusal is raised (the caller
should not roll its own transaction back over it, or the entry goes too).

The team's row is locked for the whole transaction, so two registrations
for one team are serialised and cannot both take its last place; the unique
(season, player) constraint stops one player joining two teams at once.
"""
from typing import Any

from django.db import IntegrityError, transaction

from league.authors import Author, author_user
from league.models import Player, Season, SquadRegistration, Team
from league.models.audit_actions import AuditAction
from league.refusals import RegisteredElsewhere
from league.selectors.squads import (
    SquadRefusal,
    registration_closed,
    squad_register_refusal,
    squad_withdraw_refusal,
)
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by


def squad_register(*, season_id: int, team_id: int, player_id: int, user: Author) -> SquadRegistration:
    """Registers the player for the team this season.

    Raises Season/Team/Player.DoesNotExist, NotCaptain for a user who is
    neither the team's captain or vice-captain nor a secretary of the
    league (None included), or a Refused subclass (WrongLeague,
    AlreadyInSquad, RegisteredElsewhere, RegistrationClosed, SquadFull)
    whose message names the reason. A refusal is recorded in the audit log
    before it is raised."""
    registration: SquadRegistration | None = None
    with transaction.atomic():
        season, team, player = _locked(season_id=season_id, team_id=team_id, player_id=player_id)
        refusal = squad_register_refusal(season=season, team=team, player=player, user=user)
        if refusal is None:
            try:
                with transaction.atomic():
                    registration = SquadRegistration.objects.create(
                        season=season, team=team, player=player, registered_by=author_user(user)
                    )
            except IntegrityError:
                refusal = _lost_race(season=season, team=team, player=player, user=user)
        details = _details(season=season, player=player, refusal=refusal)
        audit_record(user=user, action=AuditAction.SQUAD_REGISTER, target=team, data=details, refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.SQUAD_REGISTER, target=team)
    if refusal is not None:
        raise refusal
    assert registration is not None
    return registration


def squad_withdraw(*, season_id: int, team_id: int, player_id: int, user: Author) -> None:
    """Takes the player out of the team's squad for the season.

    Raises Season/Team/Player.DoesNotExist, NotCaptain (as squad_register
    does), NotInSquad or RegistrationClosed; a refusal is recorded in the audit log before it is
    raised."""
    with transaction.atomic():
        season, team, player = _locked(season_id=season_id, team_id=team_id, player_id=player_id)
        refusal = squad_withdraw_refusal(season=season, team=team, player=player, user=user)
        if refusal is None:
            SquadRegistration.objects.filter(season=season, team=team, player=player, ended_on__isnull=True).delete()
        details = _details(season=season, player=player, refusal=refusal)
        audit_record(user=user, action=AuditAction.SQUAD_WITHDRAW, target=team, data=details, refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.SQUAD_WITHDRAW, target=team)
    if refusal is not None:
        raise refusal


def _lost_race(*, season: Season, team: Team, player: Player, user: Author) -> SquadRefusal:
    """The refusal for a registration that broke the one-team-a-season
    constraint: another registration of the player committed after this one
    looked, and looking again names its team."""
    return squad_register_refusal(season=season, team=team, player=player, user=user) or RegisteredElsewhere(
        f"{player} is already registered for a team this season"
    )


def _locked(*, season_id: int, team_id: int, player_id: int) -> tuple[Season, Team, Player]:
    season = Season.objects.select_related("league").get(pk=season_id)
    team = Team.objects.select_for_update(no_key=True).get(pk=team_id)
    player = Player.objects.get(pk=player_id)
    return season, team, player


def _details(*, season: Season, player: Player, refusal: SquadRefusal | None) -> dict[str, Any]:
    """What the audit log keeps of a squad change besides the team it is
    recorded against."""
    details: dict[str, Any] = {
        "season": season.pk, "season_name": season.name, "player": player.pk, "player_name": player.name,
    }
    if refusal is None:
        # Made after the deadline: only a secretary can have done it.
        details["late"] = registration_closed(season=season)
    return details
