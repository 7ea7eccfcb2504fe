"""Inviting a team's captain or scorer to log in: the secretary makes an
invitation (sent by email, or a link to pass on), and the person invited
opens it once to choose a username and password, becoming the team's
captain or one of its scorers.

The link's token is random (256 bits) and shown only at the invitation's
making; the database keeps its SHA-256. It is good for INVITE_DAYS days and
for one use: accepting it locks the row, so two tabs cannot both use it.
"""
import secrets
from collections.abc import Callable
from datetime import timedelta

from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from league.authors import Author, author_user
from league.models import LoginInvite, Team
from league.models.audit_actions import AuditAction
from league.models.devices import token_hash
from league.refusals import Refused
from league.selectors.access import secretary_refusal
from league.selectors.invites import invite_closed_reason
from league.services.audit import audit_record

INVITE_DAYS = 7


def invite_create(*, team_id: int, role: str, user: Author, link_for: Callable[[str], str], name: str = "",
                  email: str = "") -> tuple[LoginInvite, str]:
    """A new invitation to be the team's captain or a scorer, and its link
    (made by `link_for` from the token). With an email address, the link is
    sent there. Raises Team.DoesNotExist, NotSecretary or Refused."""
    team = Team.objects.select_related("league").get(pk=team_id)
    refusal = secretary_refusal(league=team.league, user=user, doing=f"can invite {team}'s captain or scorers")
    if refusal is not None:
        raise refusal
    if role not in LoginInvite.Role.values:
        raise Refused(f"an invitation is to be a captain or a scorer, not {role!r}")
    token = secrets.token_urlsafe(32)
    link = link_for(token)
    with transaction.atomic():
        invite = LoginInvite.objects.create(
            team=team, role=role, name=name.strip(), email=email.strip(), token_hash=token_hash(token),
            created_by=author_user(user), expires_at=timezone.now() + timedelta(days=INVITE_DAYS))
        audit_record(user=user, action=AuditAction.INVITE_CREATE, target=team,
                     data={"invite": invite.pk, "role": role, "name": invite.name, "email": invite.email})
    if invite.email:
        send_mail(subject=f"You are invited to be {team}'s {invite.get_role_display().lower()}",
                  message=_letter(invite, link), from_email=None, recipient_list=[invite.email])
    return invite, link


def invite_withdraw(*, invite_id: int, user: Author) -> LoginInvite:
    """Stops an open invitation's link working. Raises
    LoginInvite.DoesNotExist, NotSecretary or Refused."""
    with transaction.atomic():
        invite = LoginInvite.objects.select_for_update(no_key=True).select_related("team__league").get(pk=invite_id)
        refusal = secretary_refusal(league=invite.team.league, user=user, doing="can withdraw an invitation")
        if refusal is not None:
            raise refusal
        closed = invite_closed_reason(invite)
        if closed is not None:
            raise Refused(closed)
        invite.withdrawn_at = timezone.now()
        invite.save(update_fields=["withdrawn_at"])
        audit_record(user=user, action=AuditAction.INVITE_WITHDRAW, target=invite.team, data={"invite": invite.pk})
    return invite


def invite_accept(*, token: str, username: str, password: str, first_name: str = "",
                  last_name: str = "") -> User:
    """Makes the login the invitation asks for and gives it its place: the
    team's captain, or one of its scorers. The password is the caller's to
    have checked against the site's password rules. Raises Refused when the
    link opens no invitation, or one used, withdrawn or expired, or when the
    username is taken."""
    with transaction.atomic():
        invite = (LoginInvite.objects.select_for_update(no_key=True).select_related("team")
                  .filter(token_hash=token_hash(token)).first())
        if invite is None:
            raise Refused("this link opens no invitation: check it was copied whole")
        closed = invite_closed_reason(invite)
        if closed is not None:
            raise Refused(closed)
        try:
            with transaction.atomic():
                login = User.objects.create_user(username=username, password=password, email=invite.email,
                                                 first_name=first_name.strip(), last_name=last_name.strip())
        except IntegrityError:
            raise Refused(f"the username {username} is taken: choose another") from None
        team = Team.objects.select_for_update(no_key=True).get(pk=invite.team_id)
        if invite.role == LoginInvite.Role.CAPTAIN:
            team.captain = login
            team.save(update_fields=["captain"])
        else:
            team.scorers.add(login)
        invite.accepted_at, invite.accepted_by = timezone.now(), login
        invite.save(update_fields=["accepted_at", "accepted_by"])
        audit_record(user=login, action=AuditAction.INVITE_ACCEPT, target=team,
                     data={"invite": invite.pk, "role": invite.role, "username": login.username})
    return login


def _letter(invite: LoginInvite, link: str) -> str:
    role = "captain" if invite.role == LoginInvite.Role.CAPTAIN else "one of the scorers"
    greeting = f"Hello {invite.name},\n\n" if invite.name else "Hello,\n\n"
    return (f"{greeting}The secretary of {invite.team.league} invites you to log in as {role} of "
            f"{invite.team}. Open this link to choose a username and password:\n\n{link}\n\n"
            f"The link works once, until {timezone.localtime(invite.expires_at):%-d %B %Y}. If you were not "
            f"expecting it, ignore this message.\n")
