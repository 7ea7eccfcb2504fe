"""Reading email addresses: a login's address waiting for confirmation,
someone with a part in a league for its secretaries' page, and the
league's captains the notices cannot reach. Only the person and their
league's secretaries are shown an address: these are read for them."""
from dataclasses import dataclass

from django.contrib.auth.models import User

from league.models import League, PendingEmail, Team
from league.selectors.access import league_outsider_refusal


def pending_address(*, user: User) -> str:
    """The address the user gave and has not confirmed yet, or ""."""
    return PendingEmail.objects.filter(user=user).values_list("address", flat=True).first() or ""


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
    """Each team of the league whose captain has no confirmed address (or
    no captain at all), and each vice-captain with none, by team."""
    teams = Team.objects.filter(league_id=league_id).select_related("captain", "vice_captain").order_by("name")
    found: list[Unreachable] = []
    for team in teams:
        for role, person in (("Captain", team.captain), ("Vice-captain", team.vice_captain)):
            if person is not None and person.email:
                continue
            if person is None and role == "Vice-captain":
                continue
            found.append(Unreachable(team, role, person, ""))
    pending = dict(PendingEmail.objects.filter(user__in=[u.person for u in found if u.person is not None])
                   .values_list("user_id", "address"))
    return [Unreachable(u.team, u.role, u.person, pending.get(u.person.pk, "") if u.person else "") for u in found]


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
