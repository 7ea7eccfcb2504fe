"""Reading teams' withdrawals, and the note a table shows for each; and
what a withdrawal would do, before it is made."""
from dataclasses import dataclass
from datetime import date

from django.db.models import Max, Q, QuerySet

from league.models import Division, Fixture, MatchNight, TeamWithdrawal
from league.models.fixtures import TRANSITIONS
from league.selectors.eligibility import day_words

RETURNED = (MatchNight.Status.SUBMITTED, MatchNight.Status.DISPUTED, MatchNight.Status.CONFIRMED)


def division_withdrawals(*, division_id: int) -> list[TeamWithdrawal]:
    """Raises Division.DoesNotExist."""
    division = Division.objects.get(pk=division_id)
    return list(TeamWithdrawal.objects.filter(division=division).select_related("team"))


def withdrawal_note(withdrawal: TeamWithdrawal) -> str:
    """The sentence under the table ("Red Lion B withdrew on 3 March 2027;
    their results were expunged, as the league's rule says for the first
    half of the season")."""
    half = "first" if withdrawal.first_half else "second"
    results = ("their results were expunged" if withdrawal.results == TeamWithdrawal.Results.EXPUNGE
               else "their results stand")
    return (f"{withdrawal.team} withdrew on {day_words(withdrawal.date)}; {results}, as the league's rule says "
            f"for the {half} half of the season, and their remaining fixtures are void.")


def withdrawal_notes(*, division_id: int) -> list[str]:
    return [withdrawal_note(w) for w in TeamWithdrawal.objects.filter(division_id=division_id)
            .select_related("team")]


@dataclass(frozen=True)
class WithdrawalPreview:
    """What withdrawing a team on a day would do, for the confirmation page."""

    first_half: bool
    results: str
    fixtures: list[Fixture]
    # Played before the day with no result returned: left to the overdue rule.
    unreturned: list[Fixture]


def withdrawal_preview(*, division_id: int, team_id: int, on: date) -> WithdrawalPreview:
    division = Division.objects.select_related("season__league").get(pk=division_id)
    first = first_half(division=division, on=on)
    league = division.season.league
    return WithdrawalPreview(first_half=first,
                             results=league.withdrawal_first_half if first else league.withdrawal_second_half,
                             fixtures=remaining_fixtures(division=division, team_id=team_id, on=on),
                             unreturned=unreturned_fixtures(division=division, team_id=team_id, on=on))


def first_half(*, division: Division, on: date) -> bool:
    """Whether `on` falls before half the division's match weeks are
    played (a week is played once its night has passed)."""
    fixtures = Fixture.objects.filter(division=division).exclude(status=Fixture.Status.DRAFT)
    weeks = fixtures.aggregate(most=Max("week"))["most"] or 0
    played = fixtures.filter(date__lt=on).values("week").distinct().count()
    return played * 2 < weeks


def remaining_fixtures(*, division: Division, team_id: int, on: date) -> list[Fixture]:
    """The team's fixtures still to be played on or after `on`, the day it
    withdraws (a postponed one has no night yet): not returned, nor
    decided. These a withdrawal voids."""
    return list(_open(division, team_id).filter(_from(on)))


def unreturned_fixtures(*, division: Division, team_id: int, on: date) -> list[Fixture]:
    """The team's fixtures set for a night before `on` whose result was
    never returned: a withdrawal leaves them to the overdue rule (the late
    result's points, or a secretary's award), as for any other team."""
    return list(_open(division, team_id).exclude(_from(on)))


def _open(division: Division, team_id: int) -> QuerySet[Fixture]:
    returned = MatchNight.objects.filter(fixture__division=division, status__in=RETURNED).values("fixture_id")
    return (Fixture.objects.filter(Q(home_team_id=team_id) | Q(away_team_id=team_id), division=division,
                                   status__in=TRANSITIONS["void"])
            .exclude(pk__in=returned).select_related("home_team", "away_team").order_by("week", "pk"))


def _from(on: date) -> Q:
    """Fixtures whose night is `on` or later, or not set (postponed)."""
    return (Q(status=Fixture.Status.POSTPONED) | Q(rearranged_to__gte=on)
            | Q(rearranged_to__isnull=True, date__gte=on))
