"""Captains asking to move a league match to another night, and the
answers (league.models.rearrangements).

The captain (or vice-captain) of one of the fixture's teams proposes one
to three nights and says why; the other team's captain picks one, which
rearranges the fixture through `fixture_rearrange` (audited as the same
`fixture.rearrange` a secretary's move is, the request noted), or
declines, saying why, and the fixture stays as it was. The proposer may
withdraw an open request. A league secretary may step in at any time: set
a date (one of those proposed, which accepts the request, or their own),
postpone the match, or close the request.

The league's rules decide who may ask (`League.postpone_proposer`: the
home captain, or either), how late (`League.rearrange_notice_days` before
the match's night) and how far ahead (`Season.rearrange_by`). A cup tie's
leg is first arranged on the cup's page (league.services.cup_ties); once
arranged it is moved as any match is, by request, to nights inside its
round's window of dates when the secretary has set one, and its tie's date
(and the finals venue, on the finals night) follows it.

Each step below is one function, a single place to hang what follows it
(a notice to the teams): propose, pick, decline, withdraw, overrule. Every
step and every refusal is audited as `rearrangement.<step>`, a refusal's
entry committed before the refusal is raised.
"""
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Literal

from django.db import IntegrityError, transaction
from django.utils import timezone

from league.authors import Author, author_user
from league.models import Division, Fixture, League, MatchNight, RearrangeRequest, Season, Team
from league.models.audit_actions import AuditAction
from league.refusals import NotCaptain, NotSecretary, ReasonRequired, Refused, WrongFixtureStatus
from league.selectors.access import is_captain, secretary_refusal
from league.selectors.rearrangements import MOVABLE, last_day_to_ask
from league.services.audit import audit_record
from league.services.date_offers import day_words, offered_dates_refusal
from league.services.fixtures import fixture_postpone, fixture_rearrange, night_full, night_taken
from league.services.page_versions import pages_changed_by
from league.services.rearrangement_notices import rearrangement_answered_tell, rearrangement_asked_tell

Failure = NotSecretary | NotCaptain | Refused
Open = RearrangeRequest.Status.OPEN
Step = Literal["date", "postpone", "close"]
Access = Callable[[Division, Fixture], Failure | None]


@dataclass
class _Locked:
    """The fixture, locked, with its league and season, and its open request."""

    fixture: Fixture
    league: League
    request: RearrangeRequest | None


def rearrangement_propose(*, fixture_id: int, team_id: int, dates: list[date], reason: str,
                          user: Author) -> RearrangeRequest:
    """A captain of `team_id` asks to move the fixture to one of `dates`.
    Raises Fixture.DoesNotExist, NotCaptain or Refused."""
    request: RearrangeRequest | None = None
    offered = [day.isoformat() for day in sorted(dates)]
    with transaction.atomic():
        found = _locked(fixture_id)
        fixture = found.fixture
        team = _team_of(fixture, team_id)
        failure: Failure | None = (_proposer_refusal(found, team, user)
                                   or _movable_refusal(fixture) or _open_refusal(found)
                                   or _reason_refusal(reason) or _notice_refusal(found)
                                   or _dates_refusal(found, dates) or _cup_refusal(found.fixture, dates))
        if failure is None:
            assert team is not None
            try:
                with transaction.atomic():
                    request = RearrangeRequest.objects.create(
                        fixture=fixture, team=team, proposed_by=author_user(user), dates=offered,
                        reason=reason.strip())
            except IntegrityError:  # another captain's request got in first
                failure = Refused(f"{fixture} already has a request to move it: answer or withdraw that first")
            else:
                rearrangement_asked_tell(request)
        audit_record(user=user, action=AuditAction.REARRANGEMENT_PROPOSE, target=request or fixture, refusal=failure,
                     data={"fixture": fixture.pk, "team": team_id, "dates": offered, "reason": reason.strip()})
        if failure is None:
            pages_changed_by(action=AuditAction.REARRANGEMENT_PROPOSE, target=request or fixture)
    if failure is not None:
        raise failure
    assert request is not None
    return request


def rearrangement_pick(*, fixture_id: int, date: date, user: Author) -> Fixture:
    """The other team's captain (or a secretary) picks one of the dates
    proposed: the fixture is rearranged to it and the request accepted.
    Raises Fixture.DoesNotExist, NotCaptain, NeedsInsisting or Refused."""
    with transaction.atomic():
        found = _locked(fixture_id)
        request = found.request
        failure: Failure | None = _open_needed(found) or _answerer_refusal(found, user, doing="pick a date for")
        if failure is None and request is not None and date.isoformat() not in request.dates:
            failure = Refused(f"pick one of the dates {request.team} proposed ({_listed(request.dates)})")
        if failure is None:
            assert request is not None
            failure = _moved(found, request, date, user=user, insist=False,
                             access=lambda division, fixture: _answerer_refusal(found, user, doing="pick a date for"))
        if failure is None:
            assert request is not None
            _answered(request, RearrangeRequest.Status.ACCEPTED, user, chosen=date)
        audit_record(user=user, action=AuditAction.REARRANGEMENT_PICK, target=request or found.fixture, refusal=failure,
                     data={"fixture": fixture_id, "date": date.isoformat()})
        if failure is None:
            pages_changed_by(action=AuditAction.REARRANGEMENT_PICK, target=request or found.fixture)
    if failure is not None:
        raise failure
    return found.fixture


def rearrangement_decline(*, fixture_id: int, reason: str, user: Author) -> RearrangeRequest:
    """The other team's captain declines the request, saying why; the
    fixture stays as it was. Raises Fixture.DoesNotExist, NotCaptain or Refused."""
    with transaction.atomic():
        found = _locked(fixture_id)
        request = found.request
        failure: Failure | None = (_open_needed(found) or _answerer_refusal(found, user, doing="decline", secretary=False)
                                   or _reason_refusal(reason, doing="decline a request"))
        if failure is None:
            assert request is not None
            _answered(request, RearrangeRequest.Status.DECLINED, user, answer=reason)
            rearrangement_answered_tell(request)
        audit_record(user=user, action=AuditAction.REARRANGEMENT_DECLINE, target=request or found.fixture, refusal=failure,
                     data={"fixture": fixture_id, "reason": reason.strip()})
        if failure is None:
            pages_changed_by(action=AuditAction.REARRANGEMENT_DECLINE, target=request or found.fixture)
    if failure is not None:
        raise failure
    assert request is not None
    return request


def rearrangement_withdraw(*, fixture_id: int, user: Author, reason: str = "") -> RearrangeRequest:
    """The proposing team's captain withdraws its open request. Raises
    Fixture.DoesNotExist, NotCaptain or Refused."""
    with transaction.atomic():
        found = _locked(fixture_id)
        request = found.request
        failure: Failure | None = _open_needed(found)
        if failure is None and request is not None and not is_captain(team=request.team, user=user):
            failure = NotCaptain(f"only {request.team}'s captain or vice-captain can withdraw its request")
        if failure is None:
            assert request is not None
            _answered(request, RearrangeRequest.Status.WITHDRAWN, user, answer=reason)
            rearrangement_answered_tell(request)
        audit_record(user=user, action=AuditAction.REARRANGEMENT_WITHDRAW, target=request or found.fixture, refusal=failure,
                     data={"fixture": fixture_id, "reason": reason.strip()})
        if failure is None:
            pages_changed_by(action=AuditAction.REARRANGEMENT_WITHDRAW, target=request or found.fixture)
    if failure is not None:
        raise failure
    assert request is not None
    return request


def rearrangement_overrule(*, fixture_id: int, step: Step, reason: str, user: Author, date: date | None = None,
                           insist: bool = False) -> RearrangeRequest:
    """A secretary settles the open request: `date` sets the match for
    that night (one proposed accepts the request; any other overrules
    it), `postpone` takes it off its night, `close` leaves the fixture as
    it is. Raises Fixture.DoesNotExist, NotSecretary, NeedsInsisting or Refused."""
    with transaction.atomic():
        found = _locked(fixture_id)
        request = found.request
        failure: Failure | None = (secretary_refusal(league=found.league, user=user,
                                                     doing="can settle a request to move a match")
                                   or _open_needed(found) or _reason_refusal(reason, doing="settle a request"))
        if failure is None and step == "date" and date is None:
            failure = Refused("give the night the match moves to")
        status = RearrangeRequest.Status.OVERRULED
        if failure is None:
            assert request is not None
            if step == "date":
                assert date is not None
                failure = _moved(found, request, date, user=user, insist=insist, reason=reason)
                if date.isoformat() in request.dates:
                    status = RearrangeRequest.Status.ACCEPTED
            elif step == "postpone":
                failure = _postponed(found, request, reason=reason, user=user)
        if failure is None:
            assert request is not None
            _answered(request, status, user, answer=reason, chosen=date if step == "date" else None)
            if step == "close":  # a new night or a postponement is told as the fixture's change
                rearrangement_answered_tell(request)
        audit_record(user=user, action=AuditAction.REARRANGEMENT_OVERRULE, target=request or found.fixture, refusal=failure,
                     data={"fixture": fixture_id, "step": step, "reason": reason.strip(), "insist": insist,
                           "date": date.isoformat() if date is not None and step == "date" else None})
        if failure is None:
            pages_changed_by(action=AuditAction.REARRANGEMENT_OVERRULE, target=request or found.fixture)
    if failure is not None:
        raise failure
    assert request is not None
    return request


def _locked(fixture_id: int) -> _Locked:
    # The fixture's row is the lock every step takes first, as every
    # change to a fixture does: two captains asking at once are serialised.
    fixture = (Fixture.objects.select_for_update(of=("self",), no_key=True)
               .select_related("home_team", "away_team", "division__season__league").get(pk=fixture_id))
    request = (RearrangeRequest.objects.select_for_update(no_key=True).select_related("team")
               .filter(fixture=fixture, status=Open).first())
    return _Locked(fixture=fixture, league=fixture.division.season.league, request=request)


def _team_of(fixture: Fixture, team_id: int) -> Team | None:
    return next((team for team in (fixture.home_team, fixture.away_team) if team.pk == team_id), None)


def _other_team(found: _Locked) -> Team:
    assert found.request is not None
    fixture = found.fixture
    return fixture.away_team if found.request.team_id == fixture.home_team_id else fixture.home_team


def _proposer_refusal(found: _Locked, team: Team | None, user: Author) -> Failure | None:
    fixture = found.fixture
    if team is None:
        return Refused(f"a request to move {fixture} comes from {fixture.home_team} or {fixture.away_team}")
    if not is_captain(team=team, user=user):
        return NotCaptain(f"only {team}'s captain or vice-captain can ask to move its match")
    if found.league.postpone_proposer == League.Proposer.HOME and team.pk != fixture.home_team_id:
        return Refused(f"in {found.league} only the home captain asks to move a match: "
                       f"ask {fixture.home_team}'s captain, or a league secretary")
    return None


def _answerer_refusal(found: _Locked, user: Author, *, doing: str, secretary: bool = True) -> Failure | None:
    """The other team's captain answers a request; a secretary may pick
    a night too (declining is the captain's: a secretary closes it)."""
    other = _other_team(found)
    if is_captain(team=other, user=user):
        return None
    if secretary and secretary_refusal(league=found.league, user=user, doing="") is None:
        return None
    assert found.request is not None
    who = f"{other}'s captain or vice-captain" + (", or a league secretary," if secretary else "")
    return NotCaptain(f"only {who} can {doing} {found.request.team}'s request")


def _cup_refusal(fixture: Fixture, dates: list[date]) -> Refused | None:
    """A cup leg moves only inside its round's window of dates, when the
    secretary has set one: the round must be played by then for the next
    to be drawn. A secretary moves it anywhere."""
    tie = fixture.cup_tie
    if tie is None or tie.window_start is None or tie.window_end is None:
        return None
    for day in sorted(set(dates)):
        if not tie.window_start <= day <= tie.window_end:
            return Refused(f"{day_words(day)} is outside the dates round {tie.round} of {tie.competition} is played "
                           f"between, {day_words(tie.window_start)} to {day_words(tie.window_end)}: offer nights "
                           "inside them, or ask a league secretary")
    return None


def _movable_refusal(fixture: Fixture) -> Refused | None:
    if fixture.status not in MOVABLE:
        return WrongFixtureStatus(f"{fixture} is {fixture.get_status_display()}: only a match set for a night "
                                  "can be asked to move")
    night = MatchNight.objects.filter(fixture=fixture).exclude(status=MatchNight.Status.OPEN).first()
    if night is not None:
        return WrongFixtureStatus(f"the result of {fixture} is {night.status}: it can no longer be moved")
    return None


def _open_refusal(found: _Locked) -> Refused | None:
    request = found.request
    if request is None:
        return None
    return Refused(f"{request.team} already asked to move {found.fixture} ({_listed(request.dates)}): "
                   "answer or withdraw that request first")


def _open_needed(found: _Locked) -> Refused | None:
    if found.request is None:
        return Refused(f"{found.fixture} has no open request to move it")
    return None


def _reason_refusal(reason: str, *, doing: str = "ask to move a match") -> ReasonRequired | None:
    return None if reason.strip() else ReasonRequired(f"say why: a captain cannot {doing} without a reason")


def _notice_refusal(found: _Locked) -> Refused | None:
    """Asked at least the league's notice period before the match's night."""
    days = found.league.rearrange_notice_days
    night = found.fixture.played_on
    latest = last_day_to_ask(fixture=found.fixture, league=found.league)
    if timezone.localdate() <= latest:
        return None
    if days == 0:
        return Refused(f"{found.fixture} was set for {day_words(night)}, which has gone: "
                       "ask a league secretary instead")
    return Refused(f"{found.league} asks for {days} day{'s' if days != 1 else ''} notice: the last day to ask to "
                   f"move the match of {day_words(night)} was {day_words(latest)}. Ask a league secretary instead")


def _dates_refusal(found: _Locked, dates: list[date]) -> Refused | None:
    refusal = offered_dates_refusal(dates, distinct=True)
    if refusal is not None:
        return refusal
    fixture, last = found.fixture, found.fixture.division.season.rearrange_by
    for day in sorted(dates):
        if day == fixture.played_on:
            return Refused(f"{day_words(day)} is the night the match is already set for: offer other nights")
        if last is not None and day > last:
            return Refused(f"{day_words(day)} is after {day_words(last)}, the last night {fixture.division.season.name}'s "
                           "matches may be moved to")
        clash = night_taken(fixture, day)
        if clash is not None:
            return Refused(f"{clash}: offer another night")
        full = night_full(fixture, day)
        if full is not None:
            return full
    return None


def _moved(found: _Locked, request: RearrangeRequest, night: date, *, user: Author, insist: bool,
           access: Access | None = None, reason: str = "") -> Failure | None:
    """Rearranges the fixture for the request; the refusal, if any, which
    `fixture_rearrange` has already audited in its own entry."""
    why = f"at {request.team}'s request: {request.reason}" + (f" ({reason.strip()})" if reason.strip() else "")
    try:
        found.fixture = fixture_rearrange(fixture_id=found.fixture.pk, new_date=night, reason=why, user=user,
                                          insist=insist, access=access, request_id=request.pk)
    except (Refused, NotSecretary, NotCaptain) as refusal:
        return refusal
    return None


def _postponed(found: _Locked, request: RearrangeRequest, *, reason: str, user: Author) -> Failure | None:
    try:
        found.fixture = fixture_postpone(fixture_id=found.fixture.pk, reason=reason, user=user,
                                         request_id=request.pk)
    except (Refused, NotSecretary, NotCaptain) as refusal:
        return refusal
    return None


def _answered(request: RearrangeRequest, status: str, user: Author, *, answer: str = "",
              chosen: date | None = None) -> None:
    request.status, request.answer, request.chosen_date = status, answer.strip(), chosen
    request.answered_by, request.answered_at = author_user(user), timezone.now()
    request.save(update_fields=["status", "answer", "chosen_date", "answered_by", "answered_at"])


def _listed(days: list[str]) -> str:
    return ", ".join(day_words(date.fromisoformat(day)) for day in days)



def season_rearrange_by_set(*, season_id: int, last: date | None, user: Author) -> Season:
    """A secretary sets the last night the season's matches may be moved
    to at a captain's request (None: no limit). A request already open
    keeps its dates. Raises Season.DoesNotExist or NotSecretary."""
    with transaction.atomic():
        season = Season.objects.select_for_update(of=("self",), no_key=True).select_related("league").get(pk=season_id)
        failure = secretary_refusal(league=season.league, user=user, doing="can set the season's dates")
        old = season.rearrange_by
        if failure is None:
            season.rearrange_by = last
            season.save(update_fields=["rearrange_by"])
        audit_record(user=user, action=AuditAction.SEASON_REARRANGE_BY, target=season, refusal=failure,
                     data={"changes": {"rearrange_by": [old.isoformat() if old else None,
                                                        last.isoformat() if last else None]}})
        if failure is None:
            pages_changed_by(action=AuditAction.SEASON_REARRANGE_BY, target=season)
    if failure is not None:
        raise failure
    return season
