"""A team withdrawing from its division mid-season (league.models.withdrawals).

A secretary records it with the day and the reason. The league's rule for
the half of the season it falls in decides the team's results: *expunged*
(the table is worked out as if the team had never played: its rows and
every result with it leave the table, so its opponents lose the points they
took from it) or *standing* (its row stays, at the bottom, marked
withdrawn). The half is read from the division's match weeks: fewer than
half of them played by the day of the withdrawal (a week is played once
its night has passed) is the first half.

Its fixtures still to come (from the day of the withdrawal on, neither
returned nor already decided) are voided through the fixtures service, each
audited there; one whose night has passed without a result is left to the
league's overdue rule, as any unreturned result is; the captains and
vice-captains of each team with a fixture voided are told
(`withdrawal_notices`); its entries in the
season's cups are withdrawn through the cups service, which concedes a tie
still to be decided. Both run in this transaction, so a refusal of the
withdrawal leaves everything as it was. The table is rebuilt after commit.
"""
from datetime import date

from django.db import transaction

from league.authors import Author, author_user
from league.models import Competition, CupEntry, Division, DivisionEntry, Fixture, League, Team, TeamWithdrawal
from league.models.audit_actions import AuditAction
from league.refusals import NotPermitted, Refused, WithdrawalRefused
from league.selectors.access import secretary_refusal
from league.selectors.withdrawals import first_half, remaining_fixtures
from league.services.audit import audit_record
from league.services.cups import cup_withdraw
from league.services.fixtures import fixture_void
from league.services.page_versions import pages_changed_by
from league.services.standings import standings_queue
from league.services.withdrawal_notices import team_withdrawn_tell

Failure = NotPermitted | Refused


def team_withdraw(*, division_id: int, team_id: int, date: date, reason: str, user: Author) -> TeamWithdrawal:
    """Records `team` withdrawing from `division` on `date`. Raises
    Division/Team.DoesNotExist, NotSecretary or WithdrawalRefused."""
    withdrawal: TeamWithdrawal | None = None
    with transaction.atomic():
        division = Division.objects.select_for_update(no_key=True).select_related("season__league").get(pk=division_id)
        team = Team.objects.get(pk=team_id)
        league = division.season.league
        failure: Failure | None = (secretary_refusal(league=league, user=user, doing="can withdraw a team")
                                   or _refusal(division, team, reason))
        if failure is None:
            first = first_half(division=division, on=date)
            results = _rule(league, first)
            withdrawal = TeamWithdrawal.objects.create(
                division=division, team=team, date=date, reason=reason.strip(), first_half=first, results=results,
                made_by=author_user(user))
            voided = _void_remaining(division, team, on=date, reason=reason.strip(), user=user)
            withdrawal.fixtures_voided = len(voided)
            withdrawal.save(update_fields=["fixtures_voided"])
            team_withdrawn_tell(withdrawal, voided)
            cups = _cups_withdrawn(division, team, user)
            standings_queue(division_id=division.pk)
        data = {"division": division.pk, "team": team.pk, "team_name": team.name, "date": date.isoformat(),
                "reason": reason.strip()}
        if withdrawal is not None:
            data.update(first_half=withdrawal.first_half, results=withdrawal.results,
                        fixtures_voided=withdrawal.fixtures_voided, cups_withdrawn=cups)
        audit_record(user=user, action=AuditAction.DIVISION_TEAM_WITHDRAW, target=division, data=data, refusal=failure)
        if failure is None:
            pages_changed_by(action=AuditAction.DIVISION_TEAM_WITHDRAW, target=division)
    if failure is not None:
        raise failure
    assert withdrawal is not None
    return withdrawal


def _rule(league: League, first: bool) -> str:
    return league.withdrawal_first_half if first else league.withdrawal_second_half


def _refusal(division: Division, team: Team, reason: str) -> WithdrawalRefused | None:
    if division.is_cup:
        return WithdrawalRefused(f"{division.name} is a cup's: withdraw the team from the cup instead")
    if not DivisionEntry.objects.filter(division=division, team=team).exists():
        return WithdrawalRefused(f"{team} does not play in {division.name}")
    if TeamWithdrawal.objects.filter(division=division, team=team).exists():
        return WithdrawalRefused(f"{team} has already withdrawn from {division.name}")
    if not reason.strip():
        return WithdrawalRefused("say why the team withdrew: the table's note and both teams of each voided "
                                 "fixture read it")
    return None


def _void_remaining(division: Division, team: Team, *, on: date, reason: str, user: Author) -> list[Fixture]:
    fixtures = remaining_fixtures(division=division, team_id=team.pk, on=on)
    for fixture in fixtures:
        fixture_void(fixture_id=fixture.pk, reason=f"{team} withdrew: {reason}", user=user)
    return fixtures


def _cups_withdrawn(division: Division, team: Team, user: Author) -> list[str]:
    names = []
    for entry in CupEntry.objects.filter(competition__season_id=division.season_id, team=team, withdrawn=False,
                                         competition__status__in=[Competition.Status.ENTRY, Competition.Status.DRAWN]).select_related("competition"):
        cup_withdraw(entry_id=entry.pk, user=user)
        names.append(str(entry.competition))
    return names
