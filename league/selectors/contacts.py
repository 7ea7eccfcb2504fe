"""Reading email addresses: a login's address waiting for confirmation,
the league whose secretaries see that login's own notices, someone with a
part in a league for its secretaries' page, and the league's captains the
notices cannot reach. Only the person and their
league's secretaries are shown an address: these are read for them."""
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import Q

from league.models import League, LoginInvite, PendingEmail, Team
from league.selectors.access import league_outsider_refusal


def pending_address(*, user: User) -> str:
    """The address the user gave and has not confirmed yet, or ""."""
    return PendingEmail.objects.filter(user=user).values_list("address", flat=True).first() or ""


def league_of_login(*, user: User) -> League | None:
    """The league whose secretaries' notices page lists a notice to this
    login that no match names (the link to confirm their address): the
    league of the invitation they accepted last, else the first league they
    have a part in (a secretary, a team's captain, vice-captain or scorer,
    a player in a squad); None for a login with no part in any."""
    accepted = (LoginInvite.objects.filter(accepted_by=user).select_related("league")
                .order_by("-accepted_at", "-pk").first())
    if accepted is not None:
        return accepted.league
    part = (Q(secretaries=user) | Q(teams__captain=user) | Q(teams__vice_captain=user) | Q(teams__scorers=user)
            | Q(teams__registrations__player__user=user))
    return League.objects.filter(part).order_by("pk").first()


def league_person(*, league: League, user_id: int) -> User | None:
    """The login, if it has a part in the league (a secretary, a team's
    captain, vice-captain or scorer, a player who logs in); else None."""
    person = User.objects.filter(pk=user_id).first()
    if person is None or league_outsider_refusal(league=league, user=person) is not None:
        return None
    return person


@dataclass(frozen=True)
class Unreachable:
    team: Team
    role: str  # "Captain" or "Vice-captain"
    person: User | None  # None: the team has no one in the role
    waiting: str  # an address given and not yet confirmed, or ""


def captains_unreachable(*, league_id: int) -> list[Unreachable]:
    """By team: a captain or vice-captain with no confirmed address, and a
    team with no captain who logs in. Two queries."""
    teams = Team.objects.filter(league_id=league_id).select_related("captain", "vice_captain").order_by("name")
    lines = [(team, role, person) for team in teams
             for role, person in (("Captain", team.captain), ("Vice-captain", team.vice_captain))
             if (person is None and role == "Captain") or (person is not None and not person.email)]
    waiting = dict(PendingEmail.objects.filter(user__in=[person for _, _, person in lines if person is not None])
                   .values_list("user_id", "address"))
    return [Unreachable(team, role, person, waiting.get(person.pk, "") if person else "")
            for team, role, person in lines]


@dataclass(frozen=True)
class Contact:
    role: str
    person: User
    waiting: str


def team_contacts(*, team: Team) -> list[Contact]:
    """The team's captain, vice-captain and scorers, each with the address
    waiting for confirmation if any (their `email` is the one in use)."""
    people = [("Captain", team.captain), ("Vice-captain", team.vice_captain),
              *(("Scorer", scorer) for scorer in team.scorers.order_by("username"))]
    present = [(role, person) for role, person in people if person is not None]
    pending = dict(PendingEmail.objects.filter(user__in=[person for _, person in present])
                   .values_list("user_id", "address"))
    return [Contact(role, person, pending.get(person.pk, "")) for role, person in present]
