"""Inviting someone to log in: as a player, a team's captain,
vice-captain or scorer, or a secretary of the league. The secretary makes
an invitation (sent by email, or a link to pass on), one at a time or for
a whole squad at once, and the person invited opens it once to choose a
username and password (or, already logged in, to take it on their login):
they become what the role makes them, and the invitation's player, when it
names one, is theirs. Accepting asks for their email address, where the
notices of their matches go (league.services.contacts).

The link's token is random (256 bits) and shown only at the invitation's
making; the database keeps its SHA-256. An invitation made from a page's
form key (league.pages.form_keys) has its token made from that key and the
site's secret (`invite_token`) instead: the form sent again makes no second
invitation, and its page can show the first one's link again, which
nothing stores. It is good for INVITE_DAYS days and
for one use: accepting it locks the row, so two tabs cannot both use it.
"""
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.models import User
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac

from league.authors import Author, author_user
from league.models import League, LoginInvite, Player, Team
from league.models.audit_actions import AuditAction
from league.models.devices import token_hash
from league.models.invites import TEAM_ROLES
from league.refusals import Refused
from league.selectors.access import secretary_refusal
from league.selectors.invites import invite_closed_reason, player_invites_open, player_outside_league
from league.services.audit import audit_record
from league.services.contacts import LinkFor, email_accepted

INVITE_DAYS = 7
KEYED_TOKEN_SALT = "league.invites.keyed-token"


@dataclass(frozen=True)
class Wanted:
    """One invitation to make: the role, the team for a team's role, the
    player the login will be, and where to send it (empty: a link)."""

    role: str
    team_id: int | None = None
    player_id: int | None = None
    name: str = ""
    email: str = ""


def invite_create(*, league_id: int, wanted: Wanted, user: Author, link_for: Callable[[str], str],
                  seed: str = "") -> tuple[LoginInvite, str]:
    """A new invitation and its link (made by `link_for` from the token),
    sent to its address if it has one; its token made from `seed` when
    given (`invite_token`). Raises League.DoesNotExist, NotSecretary or
    Refused."""
    return invites_create(league_id=league_id, wanted=[wanted], user=user, link_for=link_for, seed=seed)[0]


def invite_token(*, seed: str, number: int) -> str:
    """The token of the `number`th invitation made in one go: random; or,
    given the form's key (`seed`, which names whose key it is), the same
    each time it is asked, made from the key and the site's secret key,
    so that a copy of the database (which keeps form keys) opens nothing."""
    if not seed:
        return secrets.token_urlsafe(32)
    return salted_hmac(KEYED_TOKEN_SALT, f"{seed}:{number}", algorithm="sha256").hexdigest()


def invites_create(*, league_id: int, wanted: list[Wanted], user: Author, link_for: Callable[[str], str],
                   seed: str = "") -> list[tuple[LoginInvite, str]]:
    """Several invitations at once (a squad's), all made or, one refused,
    none; each sent to its address once made. Raises as `invite_create`."""
    league = League.objects.get(pk=league_id)
    refusal = secretary_refusal(league=league, user=user, doing="can invite people to log in")
    if refusal is not None:
        raise refusal
    made: list[tuple[LoginInvite, str]] = []
    with transaction.atomic():
        for number, one in enumerate(wanted):
            team, player = _checked(league, one)
            token = invite_token(seed=seed, number=number)
            invite = LoginInvite.objects.create(
                league=league, team=team, player=player, role=one.role,
                name=(one.name.strip() or (player.name if player else "")), email=one.email.strip().lower(),
                token_hash=token_hash(token), created_by=author_user(user),
                expires_at=timezone.now() + timedelta(days=INVITE_DAYS))
            audit_record(user=user, action=AuditAction.INVITE_CREATE, target=team or league,
                         data={"invite": invite.pk, "role": one.role, "name": invite.name, "email": invite.email,
                               "player": player.pk if player else None})
            made.append((invite, link_for(token)))
    for invite, link in made:
        if invite.email:
            send_mail(subject=f"You are invited to log in to {league} as {invite_role_words(invite)}",
                      message=_letter(invite, link), from_email=None, recipient_list=[invite.email])
    return made


def _checked(league: League, one: Wanted) -> tuple[Team | None, Player | None]:
    """The invitation's team and player, checked against its role."""
    if one.role not in LoginInvite.Role.values:
        raise Refused(f"an invitation is to be a player, a captain, vice-captain or scorer, or a secretary, "
                      f"not {one.role!r}")
    team = Team.objects.filter(pk=one.team_id, league=league).first() if one.team_id else None
    if one.role in TEAM_ROLES and team is None:
        raise Refused(f"choose the team of {league} they are invited to")
    player = Player.objects.filter(pk=one.player_id).first() if one.player_id else None
    if one.role == LoginInvite.Role.PLAYER and player is None:
        raise Refused("choose the player they are")
    if player is not None and player.user_id is not None:
        raise Refused(f"{player.name} logs in already")
    if player is not None and player_invites_open(player_id=player.pk):
        # Also what keeps a form sent twice from inviting them twice.
        raise Refused(f"{player.name} has an invitation open: withdraw it first to send another")
    if player is not None and player_outside_league(player=player, league=league):
        raise Refused(f"{player.name} plays in another league: its secretary invites them")
    return (team if one.role in TEAM_ROLES else None), player


def invite_withdraw(*, invite_id: int, user: Author) -> LoginInvite:
    """Stops an open invitation's link working. Raises
    LoginInvite.DoesNotExist, NotSecretary or Refused."""
    with transaction.atomic():
        invite = LoginInvite.objects.select_for_update(no_key=True).select_related("league").get(pk=invite_id)
        refusal = secretary_refusal(league=invite.league, user=user, doing="can withdraw an invitation")
        if refusal is not None:
            raise refusal
        closed = invite_closed_reason(invite)
        if closed is not None:
            raise Refused(closed)
        invite.withdrawn_at = timezone.now()
        invite.save(update_fields=["withdrawn_at"])
        audit_record(user=user, action=AuditAction.INVITE_WITHDRAW, target=invite.team or invite.league,
                     data={"invite": invite.pk})
    return invite


@dataclass(frozen=True)
class Accepted:
    """What accepting did: the login, and whether a link to confirm its
    address was sent (None: none was to be sent)."""

    login: User
    confirm_sent: bool | None


def invite_accept(*, token: str, email: str, link_for: LinkFor, login: User | None = None, username: str = "",
                  password: str = "", first_name: str = "", last_name: str = "") -> Accepted:
    """Gives the invitation's place to `login`, or to a new login made with
    `username` and `password` (the caller's to have checked against the
    site's password rules), and takes its email address
    (`contacts.email_accepted`). Raises Refused when the link opens no
    invitation, or one used, withdrawn or expired, when the username is
    taken, or when the player is someone else's login."""
    with transaction.atomic():
        invite = (LoginInvite.objects.select_for_update(no_key=True, of=("self",)).select_related("team", "league")
                  .filter(token_hash=token_hash(token)).first())
        if invite is None:
            raise Refused("this link opens no invitation: check it was copied whole")
        closed = invite_closed_reason(invite)
        if closed is not None:
            raise Refused(closed)
        if login is None:
            login = _login_new(username=username, password=password, first_name=first_name, last_name=last_name)
        _player_taken(invite, login)
        _place_given(invite, login)
        invite.accepted_at, invite.accepted_by = timezone.now(), login
        invite.save(update_fields=["accepted_at", "accepted_by"])
        audit_record(user=login, action=AuditAction.INVITE_ACCEPT, target=invite.team or invite.league,
                     data={"invite": invite.pk, "role": invite.role, "username": login.username,
                           "player": invite.player_id})
    sent = email_accepted(user=login, address=email, vouched=invite.email, link_for=link_for)
    return Accepted(login, sent)


def _login_new(*, username: str, password: str, first_name: str, last_name: str) -> User:
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password, first_name=first_name.strip(),
                                            last_name=last_name.strip())
    except IntegrityError:
        raise Refused(f"the username {username} is taken: choose another") from None


def _player_taken(invite: LoginInvite, login: User) -> None:
    """The invitation's player becomes the login's, unless either is
    someone else's already."""
    if invite.player_id is None:
        return
    player = Player.objects.select_for_update(no_key=True).get(pk=invite.player_id)
    if player.user_id == login.pk:
        return
    if player.user_id is not None:
        raise Refused(f"{player.name} logs in already: ask the secretary")
    if Player.objects.filter(user=login).exists():
        raise Refused("your login is another player's already: ask the secretary")
    player.user = login
    player.save(update_fields=["user"])


def _place_given(invite: LoginInvite, login: User) -> None:
    role = invite.role
    if role == LoginInvite.Role.SECRETARY:
        invite.league.secretaries.add(login)
    elif role in TEAM_ROLES and invite.team_id is not None:
        team = Team.objects.select_for_update(no_key=True).get(pk=invite.team_id)
        if role == LoginInvite.Role.CAPTAIN:
            team.captain = login
            team.save(update_fields=["captain"])
        elif role == LoginInvite.Role.VICE_CAPTAIN:
            team.vice_captain = login
            team.save(update_fields=["vice_captain"])
        else:
            team.scorers.add(login)


def invite_role_words(invite: LoginInvite) -> str:
    """What the invitation makes its person, in words: "the captain of Red
    Lion A", "a player", "a secretary of Leek & District"."""
    match invite.role:
        case LoginInvite.Role.CAPTAIN:
            return f"the captain of {invite.team}"
        case LoginInvite.Role.VICE_CAPTAIN:
            return f"the vice-captain of {invite.team}"
        case LoginInvite.Role.SCORER:
            return f"a scorer of {invite.team}"
        case LoginInvite.Role.SECRETARY:
            return f"a secretary of {invite.league}"
    return "a player"


def _letter(invite: LoginInvite, link: str) -> str:
    greeting = f"Hello {invite.name},\n\n" if invite.name else "Hello,\n\n"
    return (f"{greeting}The secretary of {invite.league} invites you to log in as {invite_role_words(invite)}. Open this "
            f"link to choose a username and password:\n\n{link}\n\n"
            f"The link works once, until {timezone.localtime(invite.expires_at):%-d %B %Y}. If you were not "
            f"expecting it, ignore this message.\n")
