"""A division's fixtures: entering teams, drawing the fixtures, publishing
them, and changing a published fixture afterwards.

The secretary enters the teams, generates draft fixtures (as often as they
like: each draw replaces the drafts), reviews them, then publishes. After
that a fixture can be postponed, rearranged to a new date, awarded as a
walkover, or voided, each with a reason. Which status may follow which is
kept in `league.models.fixtures.TRANSITIONS`, beside the model, and nowhere else:

    published  -> postponed, rearranged, walkover, void
    postponed  -> rearranged, walkover, void
    rearranged -> postponed, rearranged (again), walkover, void
    walkover, void: final

Only a secretary of the division's league may do any of this, but for a
forfeit: a team that cannot raise the players its match format needs
forfeits the fixture, and its own captain may say so; it is a walkover to
the other team all the same. Every change
and every refusal is recorded in the audit log, a refusal's entry committed
before the refusal is raised, as the squad services do. A match postponed
or rearranged is told to both teams' captains and vice-captains.

No venue ever hosts more matches on a night than it has board sets, counting
every division and cup of the league (`league.services.venue_nights`): a
draw is made round the nights the division's venues are already busy, and a
match is never moved onto a night its venue is full.
"""
from collections.abc import Callable, Iterable, Mapping
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from league import formats
from league import scheduling as generator
from league.authors import Author, author_user
from league.models import Division, DivisionEntry, Fixture, MatchNight, RearrangeRequest, Team, Venue
from league.models.audit_actions import AuditAction
from league.models.fixtures import TRANSITIONS
from league.refusals import (
    AlreadyEntered,
    FixturesImpossible,
    FixturesPublished,
    NeedsInsisting,
    NotCaptain,
    NotSecretary,
    ReasonRequired,
    Refused,
    TiePlayedOn,
    VenueFull,
    VenuesFull,
    WrongFixtureStatus,
    WrongLeague,
)
from league.selectors.access import is_captain, secretary_refusal
from league.selectors.competition import division_settings
from league.selectors.venue_nights import venue_bookings
from league.services.audit import audit_record
from league.services.cup_ties import cup_progress, leg_moved, leg_venue
from league.services.match_notices import fixture_changed_tell
from league.services.page_versions import pages_changed_by
from league.services.standings import scheme_of, standings_queue
from league.services.venue_nights import board_sets_named, fixture_night_refusal, venues_locked

Status = Fixture.Status
# Why a change was not made: not a secretary, or against the league's rules.
Failure = NotSecretary | NotCaptain | Refused
# The changes both teams' captains are told of (`match_notices`).
TOLD = ("postpone", "rearrange")


def division_team_add(*, division_id: int, team_id: int, user: Author) -> DivisionEntry:
    """Enters the team in the division. Draft fixtures drawn without it are
    discarded, so a draw that leaves a team out can never be published.
    Raises Division/Team.DoesNotExist, NotSecretary, WrongLeague,
    AlreadyEntered (in this division or another this season) or
    FixturesPublished."""
    entry: DivisionEntry | None = None
    discarded = 0
    with transaction.atomic():
        # Both locked: an entry cannot slip in beside a publish or a draw of
        # the division, and two secretaries entering one team in two
        # divisions at once are serialised, the second seeing the first's
        # entry. Division first, as every service here locks it first.
        division = _locked_division(division_id)
        team = Team.objects.select_for_update(no_key=True).get(pk=team_id)
        failure: Failure | None = division_team_refusal(division=division, team=team, user=user)
        if failure is None:
            try:
                with transaction.atomic():
                    entry = DivisionEntry.objects.create(division=division, team=team)
            except IntegrityError:
                failure = AlreadyEntered(f"{team} is already in {division.name}")
        if failure is None:
            discarded, _ = Fixture.objects.filter(division=division, status=Status.DRAFT).delete()
        audit_record(user=user, action=AuditAction.DIVISION_TEAM_ADD, target=division, refusal=failure,
                     data={"team": team.pk, "team_name": team.name, "drafts_discarded": discarded})
        if failure is None:
            pages_changed_by(action=AuditAction.DIVISION_TEAM_ADD, target=division)
    if failure is not None:
        raise failure
    assert entry is not None
    return entry


def division_team_remove(*, division_id: int, team_id: int, user: Author) -> int:
    """Takes the team out of the division before its fixtures are published.
    The division's draft fixtures were drawn with the team in, so they go
    too; returns how many were discarded. Raises Division/Team.DoesNotExist,
    NotSecretary, FixturesPublished, or Refused when the team is not in the
    division."""
    discarded = 0
    with transaction.atomic():
        division = _locked_division(division_id)
        team = Team.objects.get(pk=team_id)
        entry = DivisionEntry.objects.filter(division=division, team=team).first()
        failure: Failure | None = (_secretary_refusal(division=division, user=user) or _cup_refusal(division)
                                   or _published_refusal(division))
        if failure is None and entry is None:
            failure = Refused(f"{team} is not in {division.name}")
        if failure is None:
            assert entry is not None
            entry.delete()
            discarded, _ = Fixture.objects.filter(division=division, status=Status.DRAFT).delete()
        audit_record(user=user, action=AuditAction.DIVISION_TEAM_REMOVE, target=division, refusal=failure,
                     data={"team": team.pk, "team_name": team.name, "drafts_discarded": discarded})
        if failure is None:
            pages_changed_by(action=AuditAction.DIVISION_TEAM_REMOVE, target=division)
    if failure is not None:
        raise failure
    return discarded


def fixtures_generate(
    *, division_id: int, start: date, weekday: int, skip_dates: Iterable[date] = (), user: Author,
) -> list[Fixture]:
    """Draws the division's double round robin as draft fixtures, replacing
    any earlier drafts, round the nights its venues already host the
    league's other matches (every other division's, drafts too, and the
    cups'). Raises Division.DoesNotExist, NotSecretary, FixturesPublished,
    FixturesImpossible naming the teams in the way, or VenuesFull naming
    the venues and nights no draw fits round, and the next start that fits."""
    skipped = frozenset(skip_dates)
    drafts: list[Fixture] = []
    with transaction.atomic():
        division = _locked_division(division_id)
        entries = list(DivisionEntry.objects.filter(division=division).select_related("team__home_venue"))
        failure: Failure | None = (_secretary_refusal(division=division, user=user) or _cup_refusal(division)
                                   or _published_refusal(division))
        if failure is None:
            venues = venues_locked(e.team.home_venue_id for e in entries)
            booked = venue_bookings(venue_ids=venues, league_id=division.season.league_id, division_id=division.pk)
            try:
                weeks = generator.generate_fixtures(_plan(entries, start=start, weekday=weekday, skipped=skipped,
                                                          booked=booked))
            except generator.FixtureError as error:
                failure = _impossible(division=division, entries=entries, error=error, venues=venues)
        data: dict[str, Any] = {"start": start.isoformat(), "weekday": weekday,
                                "skip_dates": sorted(day.isoformat() for day in skipped)}
        if failure is None:
            replaced, _ = Fixture.objects.filter(division=division, status=Status.DRAFT).delete()
            drafts = Fixture.objects.bulk_create(_drafts(division=division, entries=entries, weeks=weeks))
            data.update(fixtures=len(drafts), weeks=len(weeks), replaced=replaced)
        audit_record(user=user, action=AuditAction.FIXTURES_GENERATE, target=division, refusal=failure, data=data)
        if failure is None:
            pages_changed_by(action=AuditAction.FIXTURES_GENERATE, target=division)
    if failure is not None:
        raise failure
    return drafts


def fixtures_publish(*, division_id: int, user: Author) -> int:
    """Publishes the division's draft fixtures; returns how many. Raises
    Division.DoesNotExist, NotSecretary, FixturesPublished, or Refused when
    there are no drafts to publish."""
    published = 0
    with transaction.atomic():
        division = _locked_division(division_id)
        failure: Failure | None = (_secretary_refusal(division=division, user=user) or _cup_refusal(division)
                                   or _published_refusal(division))
        drafts = Fixture.objects.filter(division=division, status=Status.DRAFT)
        if failure is None and not drafts.exists():
            failure = Refused(f"{division.name} has no draft fixtures to publish: generate them first")
        if failure is None:
            published = drafts.update(status=Status.PUBLISHED, published_at=timezone.now())
        audit_record(user=user, action=AuditAction.FIXTURES_PUBLISH, target=division, refusal=failure,
                     data={"fixtures": published} if failure is None else {})
        if failure is None:
            pages_changed_by(action=AuditAction.FIXTURES_PUBLISH, target=division)
    if failure is not None:
        raise failure
    return published


def fixture_postpone(*, fixture_id: int, reason: str, user: Author, request_id: int | None = None) -> Fixture:
    """Takes a published fixture off its date, with no new one yet.
    `request_id`: the captains' rearrangement request it answers."""
    def change(fixture: Fixture) -> None:
        fixture.status = Status.POSTPONED
        fixture.rearranged_to = None
        leg_moved(fixture, None)
    return _transition(fixture_id=fixture_id, verb="postpone", reason=reason, user=user, change=change,
                       request_id=request_id)


def fixture_rearrange(
    *, fixture_id: int, new_date: date, reason: str, user: Author, insist: bool = False,
    access: "Callable[[Division, Fixture], Failure | None] | None" = None, request_id: int | None = None,
) -> Fixture:
    """Moves a fixture to `new_date`; its original date is kept. Never into
    the past (a match played on another night is recorded on its own date
    by the night's pages, not moved there afterwards); onto a night either
    team already plays only when the secretary insists (NeedsInsisting).
    A secretary's change unless `access` says who else may make it (the
    captain answering a rearrangement request, `request_id`). Never onto
    a night its venue's board sets are all taken (VenueFull, naming the
    next night with one free): insisting does not make a board."""
    def change(fixture: Fixture) -> Refused | None:
        if new_date == fixture.played_on:
            return Refused(f"{fixture} is already set for {_day(new_date)}")
        if new_date < timezone.localdate():
            return Refused(f"{_day(new_date)} has gone: a match can only be moved to today or later")
        full = night_full(fixture, new_date)  # first: insisting would not help
        if full is not None:
            return full
        clash = None if insist else night_taken(fixture, new_date)
        if clash is not None:
            return NeedsInsisting(f"{clash}. Insist to move it there all the same")
        fixture.status = Status.REARRANGED
        fixture.rearranged_to = new_date
        leg_moved(fixture, new_date)
        return None
    return _transition(fixture_id=fixture_id, verb="rearrange", reason=reason, user=user, change=change,
                       access=access, request_id=request_id)


def fixture_walkover(*, fixture_id: int, winner_team_id: int, reason: str, user: Author) -> Fixture:
    """Awards the fixture to one of its two teams without a game."""
    def change(fixture: Fixture) -> Refused | None:
        if winner_team_id not in (fixture.home_team_id, fixture.away_team_id):
            return Refused(f"a walkover in {fixture} goes to {fixture.home_team} or {fixture.away_team}")
        fixture.status = Status.WALKOVER
        fixture.walkover_winner_id = winner_team_id
        _walkover_recorded(fixture)
        standings_queue(division_id=fixture.division_id)
        return None
    return _transition(fixture_id=fixture_id, verb="walkover", reason=reason, user=user, change=change,
                       after=_cup_leg_changed)


def fixture_forfeit(*, fixture_id: int, team_id: int, reason: str, user: Author) -> Fixture:
    """The team cannot raise the players its match format needs, so it
    forfeits: the fixture is awarded to the other team as a walkover, which
    the league's `forfeit` setting scores (or, where it is "as the points
    scheme says", the points scheme's own walkover). The forfeiting team's captain or
    vice-captain, or a secretary, may do it, until the result is returned.
    An empty reason is worded for it."""
    def access(division: Division, fixture: Fixture) -> Failure | None:
        team = _team_of(fixture, team_id)
        if (team is not None and is_captain(team=team, user=user)) or _secretary_refusal(division=division,
                                                                                         user=user) is None:
            return None
        return NotCaptain(f"only {team or 'the team'}'s captain or vice-captain, or a league secretary, "
                          f"can forfeit {fixture}")

    def change(fixture: Fixture) -> Refused | None:
        team = _team_of(fixture, team_id)
        if team is None:
            return Refused(f"{fixture} is forfeited by {fixture.home_team} or {fixture.away_team}")
        if MatchNight.objects.filter(fixture=fixture).exclude(status=MatchNight.Status.OPEN).exists():
            return WrongFixtureStatus(f"the result of {fixture} has been returned: it can no longer be forfeited")
        fixture.status = Status.WALKOVER
        fixture.walkover_winner_id = fixture.away_team_id if team.pk == fixture.home_team_id else fixture.home_team_id
        _walkover_recorded(fixture)
        standings_queue(division_id=fixture.division_id)
        return None

    return _transition(fixture_id=fixture_id, verb="walkover", reason=reason, user=user, change=change,
                       access=access, default_reason=lambda fixture: _forfeit_reason(fixture, team_id),
                       after=_cup_leg_changed)


def _walkover_recorded(fixture: Fixture) -> None:
    """The walkover's score and each side's points as the division's points
    scheme and forfeit setting give them now (the scheme's own walkover
    where the setting is "as the points scheme says"), kept with it: a scheme or
    setting changed later never moves a walkover already awarded."""
    scheme = scheme_of(division_settings(division_id=fixture.division_id), division_id=fixture.division_id)
    result = formats.walkover_result(scheme, "home" if fixture.walkover_winner_id == fixture.home_team_id else "away")
    fixture.walkover_home_games, fixture.walkover_away_games = result.home_games, result.away_games
    fixture.walkover_home_points, fixture.walkover_away_points = result.home_points, result.away_points


def _team_of(fixture: Fixture, team_id: int) -> Team | None:
    return next((team for team in (fixture.home_team, fixture.away_team) if team.pk == team_id), None)


def _forfeit_reason(fixture: Fixture, team_id: int) -> str:
    team = _team_of(fixture, team_id)
    return f"{team} could not raise the players the match format needs, and forfeited" if team else ""


def fixture_void(*, fixture_id: int, reason: str, user: Author) -> Fixture:
    """Voids a fixture: it will not be played and counts for nothing."""
    def change(fixture: Fixture) -> None:
        fixture.status = Status.VOID
        standings_queue(division_id=fixture.division_id)
    return _transition(fixture_id=fixture_id, verb="void", reason=reason, user=user, change=change,
                       after=_cup_leg_changed)


# What each change to a published fixture is audited as, by its verb.
FIXTURE_ACTIONS: dict[str, AuditAction] = {"postpone": AuditAction.FIXTURE_POSTPONE, "rearrange": AuditAction.FIXTURE_REARRANGE,
                   "walkover": AuditAction.FIXTURE_WALKOVER, "void": AuditAction.FIXTURE_VOID}


def _transition(
    *, fixture_id: int, verb: str, reason: str, user: Author, change: Callable[[Fixture], Refused | None],
    access: Callable[[Division, Fixture], "Failure | None"] | None = None,
    default_reason: Callable[[Fixture], str] | None = None,
    after: Callable[[Fixture, Author], None] | None = None, request_id: int | None = None,
) -> Fixture:
    """The one path of every change to a published fixture: lock it, check
    who asks (a secretary, unless `access` says otherwise), the reason and
    the status, make the change, audit it with the fixture's status and date
    before and after. A change made otherwise than in answer to the
    captains' open rearrangement request (`request_id`) overrules it."""
    with transaction.atomic():
        fixture = Fixture.objects.select_for_update(no_key=True).get(pk=fixture_id)
        division = Division.objects.select_related("season__league").get(pk=fixture.division_id)
        before = _snapshot(fixture)
        if default_reason is not None and not reason.strip():
            reason = default_reason(fixture)
        who = access(division, fixture) if access is not None else _secretary_refusal(division=division, user=user)
        failure: Failure | None = (who or _reason_refusal(reason, verb=verb)
                   or _status_refusal(fixture, verb=verb) or change(fixture))
        data: dict[str, Any] = {"reason": reason.strip(), "old": before}
        if request_id is not None:
            data["request"] = request_id
        if failure is None:
            try:
                with transaction.atomic():
                    _made(fixture, verb=verb, reason=reason, user=user, data=data, after=after,
                          request_id=request_id)
            except TiePlayedOn as played:  # a cup leg whose tie's winner has played on: rolled back
                failure = played
                data.pop("new", None)
        audit_record(user=user, action=FIXTURE_ACTIONS[verb], target=fixture, refusal=failure, data=data)
        if failure is None:
            pages_changed_by(action=FIXTURE_ACTIONS[verb], target=fixture)
    if failure is not None:
        raise failure
    return fixture


def _made(fixture: Fixture, *, verb: str, reason: str, user: Author, data: dict[str, Any],
          after: Callable[[Fixture, Author], None] | None, request_id: int | None) -> None:
    """Saves the changed fixture and does what follows from it."""
    fixture.reason = reason.strip()
    fixture.revision += 1
    fixture.save()
    data["new"] = _snapshot(fixture)
    if request_id is None:
        _open_request_overruled(fixture, verb=verb, user=user)
    if after is not None:
        after(fixture, user)
    if verb in TOLD:
        fixture_changed_tell(fixture, verb=verb)


def _open_request_overruled(fixture: Fixture, *, verb: str, user: Author) -> None:
    """The captains' open request to move the match, if any, is settled
    by the secretary's own change (league.services.rearrangements)."""
    request = RearrangeRequest.objects.select_for_update(no_key=True).filter(
        fixture=fixture, status=RearrangeRequest.Status.OPEN).first()
    if request is None:
        return
    request.status, request.answered_at = RearrangeRequest.Status.OVERRULED, timezone.now()
    request.answered_by = author_user(user)
    request.answer = f"a secretary chose for the match to {_phrase(verb)}"
    request.save(update_fields=["status", "answered_by", "answered_at", "answer"])
    audit_record(user=user, action=AuditAction.REARRANGEMENT_OVERRULE, target=request,
                 data={"fixture": fixture.pk, "step": verb, "answer": request.answer})
    pages_changed_by(action=AuditAction.REARRANGEMENT_OVERRULE, target=request)


def _cup_leg_changed(fixture: Fixture, user: Author) -> None:
    """A cup leg given as a walkover, or voided: its tie is decided again."""
    if fixture.cup_tie_id is not None:
        cup_progress(fixture_id=fixture.pk, user=user)


def division_team_refusal(*, division: Division, team: Team, user: Author) -> Failure | None:
    """Why entering the team in the division would be refused, or None;
    for a form to say before anything is written."""
    return (_secretary_refusal(division=division, user=user) or _cup_refusal(division)
            or _entry_refusal(division=division, team=team))


def _secretary_refusal(*, division: Division, user: Author) -> NotSecretary | None:
    return secretary_refusal(league=division.season.league, user=user,
                             doing=f"may manage {division.name}'s teams and fixtures")


def _entry_refusal(*, division: Division, team: Team) -> Refused | None:
    if team.league_id != division.season.league_id:
        return WrongLeague(f"{team} does not play in {division.season.league}")
    current = (DivisionEntry.objects.filter(division__season_id=division.season_id, team=team)
               .select_related("division").first())
    if current is not None and current.division_id == division.pk:
        return AlreadyEntered(f"{team} is already in {division.name}")
    if current is not None:
        return AlreadyEntered(
            f"{team} already plays in {current.division.name} this season: a team plays in one division a season"
        )
    return _published_refusal(division)


def _cup_refusal(division: Division) -> Refused | None:
    """A cup's division takes its teams from the cup's entries and its
    fixtures from the cup's draw (league.services.cups), never from here."""
    if division.is_cup:
        return Refused(f"{division.name} is a cup's division: enter teams and draw ties on the cup itself")
    return None


def _published_refusal(division: Division) -> FixturesPublished | None:
    if Fixture.objects.filter(division=division).exclude(status=Status.DRAFT).exists():
        return FixturesPublished(f"{division.name}'s fixtures are published: its teams and fixtures are settled")
    return None


def _reason_refusal(reason: str, *, verb: str) -> ReasonRequired | None:
    if reason.strip():
        return None
    return ReasonRequired(f"say why: a fixture cannot {_phrase(verb)} without a reason")


def _status_refusal(fixture: Fixture, *, verb: str) -> WrongFixtureStatus | None:
    if fixture.status in TRANSITIONS[verb]:
        return None
    if fixture.status == Status.DRAFT:
        return WrongFixtureStatus(f"{fixture} is a draft: publish the fixtures before it can {_phrase(verb)}")
    return WrongFixtureStatus(f"{fixture} is {_described(fixture)}: it cannot {_phrase(verb)}")


def _phrase(verb: str) -> str:
    """How a refusal names the change: "be postponed", "be awarded as a walkover"."""
    return {"postpone": "be postponed", "rearrange": "be rearranged", "walkover": "be awarded as a walkover",
            "void": "be voided"}[verb]


def _described(fixture: Fixture) -> str:
    if fixture.status == Status.WALKOVER:
        return f"already a walkover to {fixture.walkover_winner}"
    if fixture.status == Status.VOID:
        return "void"
    return str(fixture.status)


def _snapshot(fixture: Fixture) -> dict[str, Any]:
    """The fixture's status and date as the audit log records them."""
    return {
        "status": str(fixture.status),
        "date": fixture.date.isoformat(),
        "rearranged_to": fixture.rearranged_to.isoformat() if fixture.rearranged_to else None,
        "walkover_winner": fixture.walkover_winner_id,
        **({"walkover_score": [fixture.walkover_home_games, fixture.walkover_away_games],
            "walkover_points": [fixture.walkover_home_points, fixture.walkover_away_points]}
           if fixture.walkover_home_games is not None else {}),
    }


def _locked_division(division_id: int) -> Division:
    # Locks the division's row (only: not its season's or league's): two
    # draws, or a draw and a publish, at once are serialised, so a publish
    # cannot slip in between a draw's delete and its insert.
    return (Division.objects.select_for_update(of=("self",), no_key=True).select_related("season__league")
            .get(pk=division_id))


def _plan(entries: list[DivisionEntry], *, start: date, weekday: int, skipped: frozenset[date],
          booked: Mapping[tuple[int, date], int]) -> generator.SeasonPlan:
    teams = tuple(generator.Team(id=e.team_id, venue=e.team.home_venue_id, name=e.team.name) for e in entries)
    venues = {e.team.home_venue_id: e.team.home_venue for e in entries}
    return generator.SeasonPlan(
        teams=teams,
        venues=tuple(generator.Venue(id=pk, board_sets=venue.board_sets) for pk, venue in venues.items()),
        start=start, weekday=weekday, skip_dates=skipped, booked=booked,
    )


def _impossible(*, division: Division, entries: list[DivisionEntry], error: generator.FixtureError,
                venues: dict[int, Venue]) -> FixturesImpossible:
    """The generator's refusal in the secretary's words: teams and venues by name."""
    if len(entries) < 2:
        teams = ", ".join(e.team.name for e in entries) or "no teams"
        return FixturesImpossible(f"{division.name} has {teams}: fixtures need at least two teams")
    if isinstance(error, generator.VenueOverbooked):
        venue = next(e.team.home_venue for e in entries if e.team.home_venue_id == error.venue.id)
        names = _listed([team.label for team in error.teams])
        sets = "1 board set" if venue.board_sets == 1 else f"{venue.board_sets} board sets"
        return FixturesImpossible(
            f"{names} all play at home at {venue.name}, which has {sets}: too many teams for one venue in "
            f"{division.name}. Move a team to another division or venue, or add a board set. ({error})"
        )
    if isinstance(error, generator.VenuesFull):
        return _full(division=division, error=error, venues=venues)
    return FixturesImpossible(f"cannot draw fixtures for {division.name}: {error}")


# How many full nights a refusal names before it counts the rest.
NIGHTS_NAMED = 5


def _full(*, division: Division, error: generator.VenuesFull, venues: dict[int, Venue]) -> VenuesFull:
    """No draw fits round the venues' other matches: which venue is full on
    which night in the draw with the fewest clashes, and the next start
    from which one fits."""
    nights = [f"{venues[c.venue].name} on {_day(c.night)} ({c.matches} matches, "
              f"{board_sets_named(c.board_sets)})" for c in error.clashes]
    named = "; ".join(nights[:NIGHTS_NAMED]) + (f"; and {len(nights) - NIGHTS_NAMED} more nights"
                                                   if len(nights) > NIGHTS_NAMED else "")
    later = (f"A draw from {_day(error.next_start)} fits: draw from then, " if error.next_start is not None
             else "No start in the next half year fits: ")
    return VenuesFull(
        f"{division.name}'s fixtures cannot be drawn from that start without overbooking a venue the league's other "
        f"divisions and cups already use: even the closest draw puts too many matches at {named}. {later}"
        "or move a team to another venue, or give the venue another board set.",
        next_start=error.next_start)


def _drafts(*, division: Division, entries: list[DivisionEntry], weeks: list[generator.MatchWeek]) -> list[Fixture]:
    venue_of = {e.team_id: e.team.home_venue_id for e in entries}
    return [
        Fixture(division=division, week=week.number, date=week.date, home_team_id=match.home,
                away_team_id=match.away, venue_id=venue_of[match.home], status=Status.DRAFT)
        for week in weeks for match in week.fixtures
    ]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _day(day: date) -> str:
    return f"{day.day} {day:%B %Y}"


def night_full(fixture: Fixture, night: date) -> VenueFull | None:
    """Why the fixture cannot move to `night` whatever anyone insists: its
    venue (the cup's finals venue on its finals night) has every board set
    taken then, league-wide. Offers the next night both teams are free and
    a board is."""
    return fixture_night_refusal(fixture, venue_id=leg_venue(fixture, night), night=night,
                                 league_id=fixture.division.season.league_id,
                                 free=lambda day: night_taken(fixture, day) is None)


def night_taken(fixture: Fixture, night: date) -> str | None:
    """Why the fixture should not move to `night`, in words, when either
    of its teams already plays another match that night; else None."""
    clash = _same_night(fixture, night)
    if clash is None:
        return None
    return (f"{clash} is already set for {_day(night)}: two matches on one night "
            f"for {_shared_team(fixture, clash)}")


def _same_night(fixture: Fixture, night: date) -> Fixture | None:
    """Another match of either team set for `night`, if there is one: a
    postponed or voided match is set for no night."""
    teams = (fixture.home_team_id, fixture.away_team_id)
    return (Fixture.objects.select_related("home_team", "away_team")
            .filter(Q(home_team__in=teams) | Q(away_team__in=teams))
            .filter(Q(rearranged_to=night) | Q(rearranged_to__isnull=True, date=night))
            .exclude(pk=fixture.pk).exclude(status__in=[Status.DRAFT, Status.POSTPONED, Status.VOID])
            .order_by("pk").first())


def _shared_team(fixture: Fixture, clash: Fixture) -> Team:
    ours = {fixture.home_team_id, fixture.away_team_id}
    return clash.home_team if clash.home_team_id in ours else clash.away_team
