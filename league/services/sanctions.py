"""Sanctions: league points a secretary takes off a team in a division's
table, and gives back by removing the sanction (never by a negative one).

Only a secretary of the division's league may apply or remove one (anyone
else gets NotSecretary). Each change and each refusal is audited, the
refusal committed before it is raised, as the other services do; each
change queues the division's table rebuild once it commits. The nightly
overdue check applies late-result sanctions through `sanction_record`.
"""
from typing import Any

from django.db import transaction
from django.db.models import Q

from league.authors import Author, author_user
from league.models import Division, DivisionEntry, Fixture, OverdueNotice, Sanction, Team
from league.models.audit_actions import AuditAction
from league.refusals import NotSecretary, ReasonRequired, Refused
from league.selectors.access import secretary_refusal
from league.selectors.competition import division_settings
from league.selectors.formats import division_format, division_scheme
from league.services.audit import audit_record
from league.services.page_versions import pages_changed_by
from league.services.standings import standings_queue

Failure = NotSecretary | Refused


def sanction_apply(
    *, division_id: int, team_id: int, points: int, reason: str, user: Author, fixture_id: int | None = None,
    late_result: bool = False,
) -> Sanction:
    """Deducts `points` (1 or more, at most `sanction_most_points`) from the
    team in the division's table, saying why, optionally for one of its
    fixtures; `late_result` for that fixture's result returned late (the
    nightly overdue check then applies no other). Raises
    Division.DoesNotExist, NotSecretary or Refused."""
    failure: Failure | None = None
    sanction: Sanction | None = None
    with transaction.atomic():
        division = Division.objects.select_related("season__league").get(pk=division_id)
        team = Team.objects.filter(pk=team_id).first()
        failure = (secretary_refusal(league=division.season.league, user=user, doing="can apply a sanction")
                   or _sanction_refusal(division, team, team_id, points, reason, fixture_id, late_result))
        data: dict[str, Any] = {"division": division.pk, "points": points, "reason": reason.strip(),
                                "fixture": fixture_id, "late_result": late_result}
        if failure is None:
            assert team is not None
            sanction = sanction_record(division=division, team=team, points=points, reason=reason.strip(),
                                       fixture_id=fixture_id, user=user, late_result=late_result)
            audit_record(user=user, action=AuditAction.SANCTION_APPLY, target=team, data={**data, "sanction": sanction.pk})
            pages_changed_by(action=AuditAction.SANCTION_APPLY, target=team)
        else:
            audit_record(user=user, action=AuditAction.SANCTION_APPLY, target=team or division,
                         data={**data, "team": team_id}, refusal=failure)
    if failure is not None:
        raise failure
    assert sanction is not None
    return sanction


def sanction_remove(*, sanction_id: int, reason: str, user: Author) -> None:
    """Gives a sanction's points back by removing it, saying why. Raises
    Sanction.DoesNotExist, NotSecretary or ReasonRequired."""
    failure: Failure | None = None
    with transaction.atomic():
        sanction = Sanction.objects.select_related("division__season__league", "team").get(pk=sanction_id)
        failure = secretary_refusal(league=sanction.division.season.league, user=user, doing="can remove a sanction")
        if failure is None and not reason.strip():
            failure = ReasonRequired("say why the sanction is removed, for both teams")
        data: dict[str, Any] = {"division": sanction.division_id, "points": sanction.points,
                                "sanction_reason": sanction.reason, "reason": reason.strip()}
        if failure is None:
            # A late result's notice stays, so the nightly check does not
            # sanction the fixture again; it only lets go of the sanction.
            # (An update by query: clearing the notice's field in memory
            # would also clear the sanction's cached link to the notice.)
            OverdueNotice.objects.filter(sanction=sanction).update(sanction=None)
            sanction.delete()
            standings_queue(division_id=sanction.division_id)
        audit_record(user=user, action=AuditAction.SANCTION_REMOVE, target=sanction.team, data=data, refusal=failure)
        if failure is None:
            pages_changed_by(action=AuditAction.SANCTION_REMOVE, target=sanction.team)
    if failure is not None:
        raise failure


def sanction_record(
    *, division: Division, team: Team, points: int, reason: str, user: Author, fixture_id: int | None = None,
    late_result: bool = False,
) -> Sanction:
    """Stores a sanction already checked, and queues the table rebuild.
    Call it inside the caller's transaction."""
    sanction = Sanction.objects.create(division=division, team=team, points=points, reason=reason,
                                       fixture_id=fixture_id, late_result=late_result,
                                       created_by=author_user(user))
    standings_queue(division_id=division.pk)
    return sanction


def _sanction_refusal(division: Division, team: Team | None, team_id: int, points: int, reason: str,
                      fixture_id: int | None, late_result: bool = False) -> Refused | None:
    if team is None or not DivisionEntry.objects.filter(division=division, team=team).exists():
        return Refused(f"{team or f'team {team_id}'} does not play in {division}")
    if isinstance(points, bool) or not isinstance(points, int) or points < 1:
        return Refused(f"a sanction deducts a whole number of points, 1 or more, not {points!r}")
    most = sanction_most_points(division=division)
    if points > most:
        return Refused(f"a sanction in {division.name} takes off at most {most} point{'s' if most != 1 else ''}"
                       f" ({_most_why(division)}), not {points}")
    if not reason.strip():
        return ReasonRequired("say why the team is sanctioned, for both the team and the table")
    if fixture_id is not None and not Fixture.objects.filter(
            Q(home_team=team) | Q(away_team=team), pk=fixture_id, division=division).exists():
        return Refused(f"fixture {fixture_id} is not one of {team}'s in {division}")
    if not late_result:
        return None
    if fixture_id is None:
        return Refused("a sanction for a late result names the fixture whose result was late")
    if Sanction.objects.filter(fixture_id=fixture_id, team=team, late_result=True).exists():
        return Refused(f"{team} already have a late-result sanction for this fixture: remove it first to "
                       f"apply another")
    return None


def sanction_most_points(*, division: Division) -> int:
    """The most one sanction may take off a team in the division: the
    league's own bound, or else the most one match can give there (a win
    with every rubber won) or the league's own deduction for a late result,
    whichever is more, so that a slip of the keyboard (50 for 5) cannot
    wipe out a season."""
    own = division.season.league.sanction_max_points
    if own:
        return int(own)
    found = division_settings(division_id=division.pk)
    scheme, match_format = division_scheme(division_id=division.pk), division_format(division_id=division.pk)
    return max(1, scheme.win + scheme.per_game * len(match_format.rubbers), *found.late_result_points)


def sanction_check(*, division_id: int, team_id: int, points: int, reason: str,
                   fixture_id: int | None = None, late_result: bool = False) -> Refused | None:
    """What `sanction_apply` would refuse in the league's rules, asked before
    the secretary confirms; it changes and audits nothing."""
    division = Division.objects.select_related("season__league").get(pk=division_id)
    team = Team.objects.filter(pk=team_id).first()
    return _sanction_refusal(division, team, team_id, points, reason, fixture_id, late_result)


def _most_why(division: Division) -> str:
    if division.season.league.sanction_max_points:
        return "the league's bound"
    return "the most one match or a late result can cost"
