"""Reading login invitations: one by the token its link carries, and why
it can no longer be used; a team's, a league's or a player's invitations
still open; the letter that carries one, as the outbox has it."""
from django.db.models import Q, QuerySet
from django.utils import timezone

from league.models import League, LoginInvite, Notice, Player, SquadRegistration
from league.models.devices import token_hash


def invite_by_token(*, token: str) -> LoginInvite | None:
    """The invitation the link's token opens, whatever its state; None for
    a token that opens none."""
    return LoginInvite.objects.select_related("team", "league", "player").filter(token_hash=token_hash(token)).first()


def invite_closed_reason(invite: LoginInvite) -> str | None:
    """Why the invitation can no longer be accepted, or None while it can."""
    if invite.accepted_at is not None:
        return "this invitation has been used: each link works once. Log in, or ask the secretary for a new one"
    if invite.withdrawn_at is not None:
        return "the secretary withdrew this invitation: ask them for a new one"
    if invite.expires_at <= timezone.now():
        return "this invitation has expired: ask the secretary for a new one"
    return None


def _open() -> QuerySet[LoginInvite]:
    return LoginInvite.objects.filter(accepted_at__isnull=True, withdrawn_at__isnull=True,
                                      expires_at__gt=timezone.now()).order_by("-created_at", "-id")


def team_invites_open(*, team_id: int) -> list[LoginInvite]:
    """The team's open invitations, those of its players' too."""
    return list(_open().filter(Q(team_id=team_id) | Q(player__registrations__team_id=team_id))
                .select_related("team", "player").distinct())


def player_invites_open(*, player_id: int) -> list[LoginInvite]:
    return list(_open().filter(player_id=player_id).select_related("team"))


def player_outside_league(*, player: Player, league: League) -> bool:
    """Whether the player was registered only in other leagues (a player
    registered nowhere yet may join any)."""
    registered = SquadRegistration.objects.filter(player=player)
    return registered.exists() and not registered.filter(season__league=league).exists()


def invite_letter(*, invite: LoginInvite) -> Notice | None:
    """The notice that emails the invitation (league.services.invites), or
    None for one made without an address."""
    return Notice.objects.filter(key__startswith=f"invite:{invite.pk}:").order_by("pk").first()
