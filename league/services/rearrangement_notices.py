"""What the captains are told about a request to move a match: asked,
declined, withdrawn, or closed by a secretary. A request that ends with
the match on a new night (picked, or set by a secretary) is told by the
fixture's own change (`match_notices.fixture_changed_tell`), so it is not
told twice. Written to the outbox inside the request's transaction."""
from collections.abc import Iterable

from league.models import RearrangeRequest, Team
from league.services.date_offers import day_words
from league.services.match_notices import captains
from league.services.notices import Recipient, notice_queue, site_link


def rearrangement_asked_tell(request: RearrangeRequest) -> int:
    fixture = request.fixture
    nights = "\n".join(f"- {day_words(day)}" for day in request.offered)
    return _tell(request, "asked", to=_other(request),
                 subject=f"{request.team} ask to move {fixture}",
                 body=(f"{request.team} ask to move {fixture} ({fixture.division}), set for "
                       f"{day_words(fixture.played_on)}, to one of these nights:\n{nights}\n\n"
                       f"Their reason: {request.reason}\n\nPick one of the nights, or decline saying why."))


def rearrangement_answered_tell(request: RearrangeRequest) -> int:
    """Declined (told to the team that asked), withdrawn (told to the
    other) or closed by a secretary (told to both)."""
    fixture = request.fixture
    status = RearrangeRequest.Status
    to: Iterable[Recipient]
    if request.status == status.DECLINED:
        to, news = captains(request.team), f"{_other_team(request)} declined your request to move {fixture}"
    elif request.status == status.WITHDRAWN:
        to, news = _other(request), f"{request.team} withdrew their request to move {fixture}"
    else:
        to = captains(fixture.home_team, fixture.away_team)
        news = f"A league secretary closed {request.team}'s request to move {fixture}"
    why = f"\n\nWhy: {request.answer}" if request.answer else ""
    return _tell(request, request.status, to=to, subject=f"Request to move {fixture}: {request.status}",
                 body=f"{news}. It stays set for {day_words(fixture.played_on)}.{why}")


def _tell(request: RearrangeRequest, step: str, *, to: Iterable[Recipient], subject: str, body: str) -> int:
    fixture = request.fixture
    return notice_queue(kind="rearrangement", event=f"rearrangement:{request.pk}:{step}",
                        league=fixture.division.season.league, to=to, subject=subject, body=body,
                        link=site_link("night-page", fixture.pk))


def _other_team(request: RearrangeRequest) -> Team:
    fixture = request.fixture
    return fixture.away_team if request.team_id == fixture.home_team_id else fixture.home_team


def _other(request: RearrangeRequest) -> Iterable[Recipient]:
    return captains(_other_team(request))

