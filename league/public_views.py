"""Pages and files anyone may read, no login needed."""
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from league.calendar import calendar_text
from league.models import Team
from league.selectors.fixtures import team_calendar_events
from league.selectors.games import games_recent
from league.selectors.public import current_season, leagues_listed


def team_fixtures_ics(request: HttpRequest, team_id: int) -> HttpResponse:
    """The team's fixtures as an iCalendar feed to subscribe to."""
    team = get_object_or_404(Team, pk=team_id)
    text = calendar_text(team_calendar_events(team=team), name=f"{team} fixtures", stamp=timezone.now())
    response = HttpResponse(text.encode("utf-8"), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="team-{team.pk}-fixtures.ics"'
    return response


def home(request: HttpRequest) -> HttpResponse:
    """The front page: the leagues and their current seasons, the games
    being scored, and where to go next."""
    leagues = [{"league": league, "season": current_season(league)} for league in leagues_listed()]
    games = []
    for game in games_recent():
        sides = [" & ".join(game.seats[seat] for seat in side) for side in game.sides]
        winner = sides[game.winner] if game.winner is not None and sides else ""
        games.append({"game": game, "sides": sides, "winner": winner})
    return render(request, "home.html", {"leagues": leagues, "games": games})
