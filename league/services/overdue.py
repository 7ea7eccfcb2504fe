"""The nightly check for overdue results.

A fixture whose result is past its deadline with nothing submitted
(`league.selectors.matches.results_overdue`) gets, once: an email to the
league's secretaries and both captains, and, when the league sets
late-result points, a sanction on the home team, whose job it was to return
the result. The sanction's size is the league's figure for the team's
offence this season: its first late result, its second, and so on
(`CompetitionSettings.late_result_deduction`).

Once means once: an `OverdueNotice` is written for the fixture in the same
transaction as the sanction, and a fixture with a notice is passed over.
The home team's row is locked while its offences are counted, so two checks
running at once neither sanction one fixture twice nor count two late
results of one team as the same offence. The email is sent after that
transaction commits; one that fails to send is logged, not retried.
"""
import logging
from datetime import date

from django.core.mail import send_mail
from django.db import transaction

from league.models import Fixture, League, OverdueNotice, Sanction, Team
from league.selectors.competition import division_settings
from league.selectors.matches import results_overdue
from league.services.audit import audit_record
from league.services.sanctions import sanction_record

log = logging.getLogger(__name__)


def results_overdue_check(*, today: date | None = None) -> int:
    """Acts on every league's overdue results not acted on before; returns
    how many fixtures it acted on."""
    acted = 0
    for league_id in League.objects.order_by("pk").values_list("pk", flat=True):
        for fixture, due in results_overdue(league_id=league_id, today=today):
            notice = _notice(fixture, due)
            if notice is not None:
                _send(fixture, notice)
                acted += 1
    return acted


def _notice(fixture: Fixture, due: date) -> OverdueNotice | None:
    """The fixture's notice, with its sanction, or None if it already has one."""
    with transaction.atomic():
        home = Team.objects.select_for_update().get(pk=fixture.home_team_id)
        if OverdueNotice.objects.filter(fixture=fixture).exists():
            return None
        offence = Sanction.objects.filter(team=home, late_result=True,
                                          division__season_id=fixture.division.season_id).count() + 1
        # A cup has no table to take points from: its late results are chased, not sanctioned.
        points = 0 if fixture.division.is_cup else division_settings(
            division_id=fixture.division_id).late_result_deduction(offence)
        sanction = None
        if points:
            sanction = sanction_record(
                division=fixture.division, team=home, points=points, fixture_id=fixture.pk, late_result=True,
                reason=f"Late result {offence} this season: {fixture} was due by {due:%d %B %Y}.", user=None,
            )
        notice = OverdueNotice.objects.create(fixture=fixture, due=due, recipients=_recipients(fixture),
                                              sanction=sanction)
        audit_record(user=None, action="result.overdue", target=fixture, data={
            "due": due.isoformat(), "offence": offence, "points": points, "recipients": notice.recipients,
        })
    return notice


def _recipients(fixture: Fixture) -> list[str]:
    league = fixture.division.season.league
    users = [*league.secretaries.order_by("pk"), fixture.home_team.captain, fixture.away_team.captain]
    addresses = [user.email for user in users if user is not None and user.email]
    return list(dict.fromkeys(addresses))  # a secretary who captains a team is told once


def _send(fixture: Fixture, notice: OverdueNotice) -> None:
    if not notice.recipients:
        return
    sanction = notice.sanction
    penalty = (f"{fixture.home_team} have been deducted {sanction.points} point{'s' if sanction.points != 1 else ''} "
               f"for a late result.\n" if sanction is not None else "")
    body = (f"The result of {fixture} ({fixture.division}), played on {fixture.played_on:%d %B %Y}, "
            f"was due by {notice.due:%d %B %Y} and has not been returned.\n{penalty}"
            f"The home captain returns the result; the away captain then confirms it.\n")
    try:
        send_mail(f"Result overdue: {fixture}", body, None, notice.recipients)
    except Exception as err:  # the sanction stands; the audit log and the notice say who should have been told
        log.warning("overdue notice for fixture %s not sent: %s", fixture.pk, err)
