"""Reading login invitations: one by the token its link carries, and why
it can no longer be used; a team's invitations still open."""
from django.utils import timezone

from league.models import LoginInvite
from league.models.devices import token_hash


def invite_by_token(*, token: str) -> LoginInvite | None:
    """The invitation the link's token opens, whatever its state; None for
    a token that opens none."""
    return LoginInvite.objects.select_related("team__league").filter(token_hash=token_hash(token)).first()


def invite_closed_reason(invite: LoginInvite) -> str | None:
    """Why the invitation can no longer be accepted, or None while it can."""
    if invite.accepted_at is not None:
        return "this invitation has been used: each link works once. Log in, or ask the secretary for a new one"
    if invite.withdrawn_at is not None:
        return "the secretary withdrew this invitation: ask them for a new one"
    if invite.expires_at <= timezone.now():
        return "this invitation has expired: ask the secretary for a new one"
    return None


def team_invites_open(*, team_id: int) -> list[LoginInvite]:
    return list(LoginInvite.objects.filter(team_id=team_id, accepted_at__isnull=True, withdrawn_at__isnull=True,
                                           expires_at__gt=timezone.now()).order_by("-created_at", "-id"))
