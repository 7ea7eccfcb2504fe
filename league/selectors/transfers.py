"""Reading transfers: whether one would be refused, which approvals an
open request still needs, and each team's transfers in and out."""
from dataclasses import dataclass
from datetime import date

from django.db.models import Q, QuerySet
from django.utils import timezone

from league.authors import Author
from league.models import Player, Season, SquadRegistration, Team, TransferRequest
from league.models.competition import Transfers
from league.refusals import AlreadyInSquad, NotCaptain, NotInSquad, Refused, TransferRefused, WrongLeague
from league.selectors.access import is_captain, is_secretary
from league.selectors.eligibility import day_words
from league.selectors.squads import current_registration, squad_size

SECRETARY, FROM_CAPTAIN, TO_CAPTAIN = "secretary", "from_captain", "to_captain"
ROLE_WORDS = {SECRETARY: "a league secretary", FROM_CAPTAIN: "the captain of the team the player leaves",
              TO_CAPTAIN: "the captain of the team the player joins"}


def transfer_rule_refusal(*, season: Season, player: Player, to_team: Team,
                          today: date | None = None) -> Refused | None:
    """Why moving `player` to `to_team` now breaks the league's rules, or
    None: transfers not allowed, past the last transfer date, the player
    not registered (or registered for `to_team` already), the squad full."""
    league = season.league
    day = today or timezone.localdate()
    if league.transfers == Transfers.NONE:
        return TransferRefused(f"{league} allows no transfers mid-season (the league's rule)")
    if to_team.league_id != league.pk:
        return WrongLeague(f"{to_team} does not play in {league}")
    if season.transfer_deadline is not None and day > season.transfer_deadline:
        return TransferRefused(f"the last day for transfers in {season.name} was "
                               f"{day_words(season.transfer_deadline)}")
    current = current_registration(season_id=season.pk, player_id=player.pk)
    if current is None:
        return NotInSquad(f"{player} is not registered for a team this season: register them instead")
    if current.team_id == to_team.pk:
        return AlreadyInSquad(f"{player} is already registered for {to_team} this season")
    size = squad_size(season=season, team=to_team)
    if size >= season.squad_max:
        return TransferRefused(f"{to_team} already has {size} players registered, the most {season.name} allows")
    return None


def request_access_refusal(*, season: Season, to_team: Team, user: Author) -> NotCaptain | None:
    """A transfer is asked for by the receiving team's captain or
    vice-captain, or by a secretary."""
    if is_captain(team=to_team, user=user) or is_secretary(league=season.league, user=user):
        return None
    return NotCaptain(f"only {to_team}'s captain or vice-captain, or a secretary of {season.league}, "
                      f"may ask for a transfer to {to_team}")


def approvals_needed(transfer: TransferRequest) -> list[str]:
    """The approvals the league's rule asks of this transfer: the
    secretary's, and under the captains' rule each team's captain's (a team
    with neither captain nor vice-captain has nobody to give it)."""
    needed = [SECRETARY]
    if transfer.season.league.transfers == Transfers.CAPTAINS:
        for role, team in ((FROM_CAPTAIN, transfer.from_team), (TO_CAPTAIN, transfer.to_team)):
            if team.captain_id is not None or team.vice_captain_id is not None:
                needed.append(role)
    return needed


def approvals_missing(transfer: TransferRequest) -> list[str]:
    return [role for role in approvals_needed(transfer) if getattr(transfer, f"{role}_approved_at") is None]


def approver_roles(transfer: TransferRequest, user: Author) -> list[str]:
    """The approvals `user` may give this transfer."""
    roles = []
    if is_secretary(league=transfer.season.league_id, user=user):
        roles.append(SECRETARY)
    if is_captain(team=transfer.from_team, user=user):
        roles.append(FROM_CAPTAIN)
    if is_captain(team=transfer.to_team, user=user):
        roles.append(TO_CAPTAIN)
    return [role for role in roles if role in approvals_needed(transfer)]


def transfers_of(*, season_id: int) -> QuerySet[TransferRequest]:
    return (TransferRequest.objects.filter(season_id=season_id)
            .select_related("player", "from_team", "to_team", "season__league", "requested_by"))


def season_transfers(*, season_id: int) -> list[TransferRequest]:
    """Raises Season.DoesNotExist."""
    season = Season.objects.get(pk=season_id)
    return list(transfers_of(season_id=season.pk))


def transfer_get(*, transfer_id: int) -> TransferRequest:
    """Raises TransferRequest.DoesNotExist."""
    return (TransferRequest.objects.select_related("player", "from_team", "to_team", "season__league")
            .get(pk=transfer_id))


@dataclass(frozen=True)
class TeamTransfers:
    """A team's approved transfers this season, in and out, and the open
    requests it is part of."""

    moved_in: list[TransferRequest]
    moved_out: list[TransferRequest]
    open: list[TransferRequest]


def team_transfers(*, season_id: int, team_id: int) -> TeamTransfers:
    mine = transfers_of(season_id=season_id).filter(Q(from_team_id=team_id) | Q(to_team_id=team_id))
    approved = [t for t in mine if t.status == TransferRequest.Status.APPROVED]
    return TeamTransfers(moved_in=[t for t in approved if t.to_team_id == team_id],
                         moved_out=[t for t in approved if t.from_team_id == team_id],
                         open=[t for t in mine if t.status == TransferRequest.Status.OPEN])


def movable_players(*, season_id: int, team_id: int) -> list[SquadRegistration]:
    """The open registrations of the season's other teams: whom a transfer
    to `team_id` may name."""
    return list(SquadRegistration.objects.filter(season_id=season_id, ended_on__isnull=True)
                .exclude(team_id=team_id).select_related("player", "team").order_by("team__name", "player__name"))


def season_teams(*, season_id: int) -> list[Team]:
    """The teams playing in the season's divisions (cups' aside), by name:
    where a transfer may take a player."""
    return list(Team.objects.filter(division_entries__division__season_id=season_id,
                                    division_entries__division__is_cup=False).distinct().order_by("name"))
