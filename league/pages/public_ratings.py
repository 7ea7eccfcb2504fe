"""The public ratings pages: a league's leaderboard of player ratings, and
a division's (the league's ratings of the players who played in it).
Players under the league's minimum of games are left out, and names are
as each player chose to show them (docs/ratings.md)."""
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from league.models import Division, League
from league.pages.robots import hidden_by, render_for
from league.pages.spectator_cache import spectator_cached
from league.selectors.page_versions import league_keys
from league.selectors.public import league_by_slug
from league.selectors.ratings import rating_board
from league.selectors.secretary import division_get


@spectator_cached(lambda slug: league_keys("slug", slug))
@require_GET
def league_ratings(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        league = league_by_slug(slug=slug)
    except League.DoesNotExist:
        raise Http404("no such league") from None
    return render_for(request, "public/ratings.html", {"league": league, "division": None,
                                                       "lines": rating_board(league=league)}, hidden=hidden_by(league))


@spectator_cached(lambda division_id: league_keys("division", division_id))
@require_GET
def division_ratings(request: HttpRequest, division_id: int) -> HttpResponse:
    try:
        division = division_get(division_id=division_id)
    except Division.DoesNotExist:
        raise Http404("no such division") from None
    league = division.season.league
    return render_for(request, "public/ratings.html", {
        "league": league, "division": division, "lines": rating_board(league=league, division=division),
    }, hidden=hidden_by(league))
