"""Pages and files anyone may read, no login needed."""
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils import timezone

from league.calendar import calendar_text
from league.models import Team
from league.selectors.fixtures import team_calendar_events


def team_fixtures_ics(request: HttpRequest, team_id: int) -> HttpResponse:
    """The team's fixtures as an iCalendar feed to subscribe to."""
    team = get_object_or_404(Team, pk=team_id)
    text = calendar_text(team_calendar_events(team=team), name=f"{team} fixtures", stamp=timezone.now())
    response = HttpResponse(text.encode("utf-8"), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="team-{team.pk}-fixtures.ics"'
    return response
