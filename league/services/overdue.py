"""The nightly check for overdue results, and the warning before one.

A fixture whose result is past its deadline with nothing submitted
(`league.selectors.matches.results_overdue`) gets, once: a notice to the
league's secretaries and both captains, and, when the league sets
late-result points, a sanction on the home team, whose job it was to return
the result. The sanction's size is the league's figure for the team's
offence this season: its first late result, its second, and so on
(`CompetitionSettings.late_result_deduction`).

Once means once: an `OverdueNotice` is written for the fixture in the same
transaction as the sanction and the emails (written to the outbox,
`league.services.notices`, and sent once it commits, retried if the mail
server is down), and a fixture with a notice is passed over. The home
team's row is locked while its offences are counted, so two checks running
at once neither sanction one fixture twice nor count two late results of
one team as the same offence.

Before that, a league with `overdue_warning_days` warns the home captain
and vice-captain that many days before the result is due; the warning's
key in the outbox makes it once a fixture however often the check runs.
"""
from datetime import date

from django.contrib.auth.models import User
from django.db import transaction

from league.models import Fixture, League, OverdueNotice, Team
from league.models.audit_actions import AuditAction
from league.selectors.late_results import late_result_sanction, late_result_terms
from league.selectors.matches import results_due_soon, results_overdue
from league.services.audit import audit_record
from league.services.match_notices import captains, secretaries
from league.services.notices import notice_queue, site_link
from league.services.page_versions import pages_changed_by
from league.services.sanctions import sanction_record


def results_overdue_check(*, today: date | None = None) -> int:
    """Acts on every league's overdue results not acted on before, and
    warns of those soon due; returns how many overdue fixtures it acted on."""
    acted = 0
    for league in League.objects.order_by("pk"):
        for fixture, due in results_overdue(league_id=league.pk, today=today):
            acted += _notice(fixture, due) is not None
        if league.overdue_warning_days:
            for fixture, due in results_due_soon(league_id=league.pk, within=league.overdue_warning_days,
                                                 today=today):
                _warn(league, fixture, due)
    return acted


def _notice(fixture: Fixture, due: date) -> OverdueNotice | None:
    """The fixture's notice, with its sanction, or None if it already has one."""
    with transaction.atomic():
        home = Team.objects.select_for_update(no_key=True).get(pk=fixture.home_team_id)
        if OverdueNotice.objects.filter(fixture=fixture).exists():
            return None
        terms = late_result_terms(fixture=fixture, due=due)
        offence = terms.offence
        # A secretary may have applied it by hand before the check came
        # round (from the results page): it is the fixture's one sanction.
        sanction = late_result_sanction(fixture_id=fixture.pk)
        if sanction is None and terms.points:
            sanction = sanction_record(division=fixture.division, team=home, points=terms.points, fixture_id=fixture.pk,
                                       late_result=True, reason=terms.reason, user=None)
        people = _recipients(fixture)
        notice = OverdueNotice.objects.create(fixture=fixture, due=due, sanction=sanction, recipients=list(
            dict.fromkeys(user.email.lower() for user in people if user is not None and user.email)))
        _tell(fixture, notice, people)
        audit_record(user=None, action=AuditAction.RESULT_OVERDUE, target=fixture, data={
            "due": due.isoformat(), "offence": offence, "points": sanction.points if sanction is not None else 0,
            "recipients": notice.recipients,
        })
        pages_changed_by(action=AuditAction.RESULT_OVERDUE, target=fixture)
    return notice


def _recipients(fixture: Fixture) -> list[User | None]:
    league = fixture.division.season.league
    return [*secretaries(league), fixture.home_team.captain, fixture.away_team.captain]


def _tell(fixture: Fixture, notice: OverdueNotice, people: list[User | None]) -> None:
    sanction = notice.sanction
    penalty = (f"{fixture.home_team} have been deducted {sanction.points} point{'s' if sanction.points != 1 else ''} "
               f"for a late result.\n" if sanction is not None else "")
    body = (f"The result of {fixture} ({fixture.division}), played on {fixture.played_on:%d %B %Y}, "
            f"was due by {notice.due:%d %B %Y} and has not been returned.\n{penalty}"
            f"The home captain returns the result; the away captain then confirms it.\n")
    notice_queue(kind="result_overdue", event=f"overdue:fixture:{fixture.pk}", league=fixture.division.season.league,
                 to=people, subject=f"Result overdue: {fixture}", body=body,
                 link=site_link("night-page", fixture.pk))


def _warn(league: League, fixture: Fixture, due: date) -> None:
    with transaction.atomic():
        notice_queue(
            kind="overdue_warning", event=f"overdue-warning:fixture:{fixture.pk}:due:{due.isoformat()}",
            league=league, to=captains(fixture.home_team),
            subject=f"Result due by {due:%A} {due.day} {due:%B}: {fixture}",
            body=(f"The result of {fixture} ({fixture.division}), played on {fixture.played_on:%d %B %Y}, "
                  f"has not been returned yet. It is due by {due:%A} {due.day} {due:%B %Y}; after that it is "
                  f"overdue{' and the league deducts points for it' if league.late_result_points else ''}.\n"),
            link=site_link("night-page", fixture.pk))
