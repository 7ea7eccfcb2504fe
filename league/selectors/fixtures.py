"""Reading fixtures: one, a division's, and a team's as its calendar shows them."""
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from league.calendar import Event
from league.models import Fixture, Team
from league.selectors.shown_names import fixture_reason_shown

Status = Fixture.Status

# What a team's calendar shows: everything published, whatever became of it
# since. Drafts are the secretary's until published.
CALENDAR_STATUSES = [Status.PUBLISHED, Status.POSTPONED, Status.REARRANGED, Status.WALKOVER, Status.VOID]

# A fixture's UIDs stay the same whatever happens to it, so a subscriber's
# calendar moves or cancels the event rather than adding another.
UID_DOMAIN = "fixtures.fives-and-threes"


def division_fixtures(*, division_id: int) -> list[Fixture]:
    """The division's fixtures, drafts included, by week."""
    return list(Fixture.objects.filter(division_id=division_id)
                .select_related("home_team", "away_team", "venue").order_by("week", "id"))


def fixture_detail(*, fixture_id: int) -> Fixture:
    """The fixture with its division's season, its teams and its venue.
    Raises Fixture.DoesNotExist."""
    return (Fixture.objects.select_related("division__season", "home_team", "away_team", "venue")
            .get(pk=fixture_id))


def team_fixtures(*, team_id: int) -> list[Fixture]:
    """The team's published fixtures, home and away, in date order
    (a rearranged one by its new date). Raises nothing for an unknown team:
    it has no fixtures."""
    found = (Fixture.objects.filter(Q(home_team_id=team_id) | Q(away_team_id=team_id), status__in=CALENDAR_STATUSES)
             .select_related("home_team", "away_team", "venue", "walkover_winner", "division__season__league"))
    return sorted(found, key=lambda fixture: (fixture.played_on, fixture.pk))


def team_calendar_events(*, team: Team) -> list[Event]:
    """The team's fixtures as calendar events, each marked as what became
    of it: a void one cancelled, a postponed one tentative on its old date."""
    return [_event(fixture) for fixture in team_fixtures(team_id=team.pk)]


def _event(fixture: Fixture) -> Event:
    summary = f"{fixture.home_team} v {fixture.away_team}"
    status, note = "CONFIRMED", ""
    if fixture.status == Status.POSTPONED:
        status, note = "TENTATIVE", "postponed"
    elif fixture.status == Status.REARRANGED:
        note = f"rearranged from {fixture.date.day} {fixture.date:%B}"
    elif fixture.status == Status.WALKOVER:
        note = f"walkover to {fixture.walkover_winner}"
    elif fixture.status == Status.VOID:
        status, note = "CANCELLED", "void"
    return Event(
        uid=f"fixture-{fixture.pk}@{UID_DOMAIN}",
        day=fixture.played_on,
        summary=f"{summary} ({note})" if note else summary,
        location=str(fixture.venue),
        description=". ".join(part for part in (f"Week {fixture.week}", note.capitalize(),
                                                 fixture_reason_shown(fixture, None)) if part),
        status=status,
        sequence=fixture.revision,
        # The league's start time on the match's night, in the league's own
        # time zone (settings.TIME_ZONE): 20:00 is 20:00 in summer and winter.
        start=timezone.make_aware(datetime.combine(fixture.played_on, fixture.division.season.league.match_start)),
    )
