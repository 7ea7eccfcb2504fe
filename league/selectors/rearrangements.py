"""Reading the captains' requests to move a match
(league.models.rearrangements): a fixture's open request and latest
answer, what a user may do about them, and a league's requests for its
secretaries. The services decide again when a form is sent; this only
spares people forms they could never use."""
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db.models import Case, IntegerField, Value, When

from league.authors import Author
from league.models import Fixture, League, MatchNight, RearrangeRequest, Season, Team
from league.selectors.access import is_captain, is_secretary

Status = RearrangeRequest.Status
# The fixtures a captain may ask to move: out and set for a night.
MOVABLE = (Fixture.Status.PUBLISHED, Fixture.Status.REARRANGED)


@dataclass(frozen=True)
class RearrangeState:
    """A fixture's request to move it, as one user sees it."""

    open: RearrangeRequest | None = None
    latest: RearrangeRequest | None = None  # the last request answered, when none is open
    propose_teams: list[Team] = field(default_factory=list)  # the teams the user may ask for now
    late: bool = False  # the league's notice period has run out
    answer: bool = False  # pick a date or decline
    withdraw: bool = False
    secretary: bool = False

    @property
    def dates(self) -> list[date]:
        return self.open.offered if self.open else []

    @property
    def shown(self) -> bool:
        return bool(self.open or self.latest or self.propose_teams or self.late)


def last_day_to_ask(*, fixture: Fixture, league: League) -> date:
    """The last day a captain may ask to move the fixture: its night, less
    the league's notice period."""
    return fixture.played_on - timedelta(days=league.rearrange_notice_days)


def rearrangement_state(*, fixture: Fixture, user: Author, today: date) -> RearrangeState:
    """What the fixture page shows of its requests to `user`. Needs the
    fixture's teams and league loaded."""
    return rearrangement_states(fixtures=[fixture], user=user, today=today)[fixture.pk]


def rearrangement_states(*, fixtures: list[Fixture], user: Author, today: date) -> dict[int, RearrangeState]:
    """`rearrangement_state` of many fixtures, in one query of requests
    and one of secretaries."""
    requests: dict[int, list[RearrangeRequest]] = {}
    for request in (RearrangeRequest.objects.filter(fixture__in=[f.pk for f in fixtures])
                    .select_related("team", "answered_by").order_by("-created_at", "-pk")):
        requests.setdefault(request.fixture_id, []).append(request)
    leagues = {f.division.season.league_id for f in fixtures}
    secretary_of = {pk for pk in leagues if is_secretary(league=pk, user=user)}
    return {f.pk: _state(f, requests.get(f.pk, []), user=user, today=today,
                         secretary=f.division.season.league_id in secretary_of) for f in fixtures}


def _state(fixture: Fixture, requests: list[RearrangeRequest], *, user: Author, today: date,
           secretary: bool) -> RearrangeState:
    open_request = next((r for r in requests if r.status == Status.OPEN), None)
    latest = None if open_request is not None else next(iter(requests), None)
    if open_request is not None:
        other = fixture.away_team if open_request.team_id == fixture.home_team_id else fixture.home_team
        return RearrangeState(open=open_request, answer=is_captain(team=other, user=user),
                              withdraw=is_captain(team=open_request.team, user=user), secretary=secretary)
    league = fixture.division.season.league
    teams = [team for team in _askers(fixture, league) if is_captain(team=team, user=user)]
    movable = fixture.status in MOVABLE and not _result_in(fixture)
    late = bool(teams) and movable and today > last_day_to_ask(fixture=fixture, league=league)
    return RearrangeState(latest=latest, propose_teams=teams if movable and not late else [], late=late,
                          secretary=secretary)


def _askers(fixture: Fixture, league: League) -> list[Team]:
    if league.postpone_proposer == League.Proposer.HOME:
        return [fixture.home_team]
    return [fixture.home_team, fixture.away_team]


def _result_in(fixture: Fixture) -> bool:
    night = getattr(fixture, "night", None)
    return night is not None and night.status != MatchNight.Status.OPEN


def league_requests(*, league_id: int) -> list[RearrangeRequest]:
    """Every request of the league's fixtures: the open ones first, oldest
    first (the longest waiting), then the answered, latest first."""
    opened_first = Case(When(status=Status.OPEN, then=Value(0)), default=Value(1), output_field=IntegerField())
    rows = list(RearrangeRequest.objects.filter(fixture__division__season__league_id=league_id)
                .select_related("fixture__home_team", "fixture__away_team", "fixture__division__season",
                                "team", "proposed_by", "answered_by")
                .order_by(opened_first, "-answered_at", "created_at", "pk"))
    return rows


def fixture_request(*, fixture_id: int) -> RearrangeRequest:
    """The fixture's open request, or else its latest. Raises
    RearrangeRequest.DoesNotExist when it has none."""
    found = (RearrangeRequest.objects.select_related("team", "fixture").filter(fixture_id=fixture_id)
             .order_by(Case(When(status=Status.OPEN, then=Value(0)), default=Value(1), output_field=IntegerField()),
                       "-created_at", "-pk").first())
    if found is None:
        raise RearrangeRequest.DoesNotExist(f"fixture {fixture_id} has no request to move it")
    return found


def league_seasons_listed(*, league: League) -> list[Season]:
    """The league's seasons, each with its last night for moved matches, in
    the seasons' own order."""
    return list(league.seasons.all())
