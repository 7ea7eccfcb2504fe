"""What every change to a match night shares: locking the fixture, finding
or opening its night, the checks of who may act and when, and the audit
entry. The changes themselves are in `teamsheets`, `match_games` and
`results`.

Every change locks the fixture's row first, so two captains (or a captain
and the secretary) acting on one night at once are serialised. A refusal is
recorded in the audit log and committed before it is raised, as the squad
and fixture services do.
"""
from collections.abc import Callable
from typing import Any, TypeVar

from django.db import transaction

from league.authors import Author
from league.models import Fixture, MatchNight, Team
from league.models.audit_actions import AuditAction
from league.refusals import (
    FixtureNotPlayable,
    NotCaptain,
    NotPermitted,
    NotTeamScorer,
    Refused,
    WrongNightStatus,
)
from league.selectors.access import is_captain, is_secretary, scores_for_any, secretary_refusal
from league.selectors.matches import PLAYABLE
from league.services.audit import audit_record
from league.services.formats import night_format_pin
from league.services.page_versions import pages_changed_by

Failure = NotPermitted | Refused
T = TypeVar("T")
Night = MatchNight.Status


def night_change(
    *, fixture_id: int, action: AuditAction, user: Author, change: Callable[[Fixture, MatchNight, dict[str, Any]], T],
) -> T:
    """Runs `change` on the locked fixture and its night, audits it, and
    returns what it returned. `change` raises a Failure to refuse; the
    refusal is audited and re-raised once committed, and whatever `change`
    wrote before refusing is rolled back. `change` puts the details worth
    auditing in the dict it is given."""
    failure: Failure | None = None
    with transaction.atomic():
        fixture = (Fixture.objects.select_for_update(of=("self",), no_key=True)
                   .select_related("division__season__league", "home_team", "away_team").get(pk=fixture_id))
        # Not saved until a change writes to it: a refusal leaves no night behind.
        night = MatchNight.objects.filter(fixture=fixture).first() or MatchNight(fixture=fixture)
        details: dict[str, Any] = {}
        try:
            with transaction.atomic():
                result = change(fixture, night, details)
                # The first change that saves the night enters its team
                # sheet: from then on it plays the format it was entered under.
                night_format_pin(night, fixture)
        except (NotPermitted, Refused) as refused:
            failure = refused
        audit_record(user=user, action=action, target=fixture, data={**details, "night_status": night.status},
                     refusal=failure)
        if failure is None:
            pages_changed_by(action=action, target=fixture)
    if failure is not None:
        raise failure
    return result  # set: `change` returned, or the refusal was raised above


def require_playable(fixture: Fixture) -> None:
    if fixture.status not in PLAYABLE:
        raise FixtureNotPlayable(f"{fixture} is {_described(fixture)}: there is no match night to record")


def require_status(night: MatchNight, *allowed: str, doing: str) -> None:
    if night.status in allowed:
        return
    if night.status == Night.OPEN:
        raise WrongNightStatus(f"the result of {night.fixture} has not been submitted: cannot {doing}")
    if night.status == Night.CONFIRMED:
        raise WrongNightStatus(f"the result of {night.fixture} is confirmed: only a secretary can correct it")
    raise WrongNightStatus(f"the result of {night.fixture} is {night.status}: cannot {doing}")


def require_captain(fixture: Fixture, team: Team, user: Author, *, doing: str) -> None:
    """The team's captain or vice-captain, or a secretary of the league."""
    if is_captain(team=team, user=user) or is_secretary(league=fixture.division.season.league_id, user=user):
        return
    raise NotCaptain(f"only {team}'s captain or vice-captain, or a league secretary, can {doing}")


def require_scorer(fixture: Fixture, user: Author) -> None:
    """A captain or scorer of either team, or a secretary of the league."""
    if scores_for_any(team_ids=[fixture.home_team_id, fixture.away_team_id],
                      league_id=fixture.division.season.league_id, user=user):
        return
    raise NotTeamScorer(f"only the captains and scorers of {fixture.home_team} and {fixture.away_team}, "
                        f"or a league secretary, can score this match")


def require_secretary(fixture: Fixture, user: Author, *, doing: str) -> None:
    refusal = secretary_refusal(league=fixture.division.season.league, user=user, doing=f"can {doing}")
    if refusal is not None:
        raise refusal


def _described(fixture: Fixture) -> str:
    if fixture.status == Fixture.Status.DRAFT:
        return "a draft"
    if fixture.status == Fixture.Status.WALKOVER:
        return f"a walkover to {fixture.walkover_winner}"
    return str(fixture.status)
