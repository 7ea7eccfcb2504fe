"""A league's roll of honour (docs/organisation.md, "The roll of
honour"): every past season's champions and runners-up, division by
division, each linked to that season's table, its cups' winners and its
players' awards (most 61s, best average, most improved rating). Readable
on a phone and printable for the pub's wall."""
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from league.models import League
from league.pages.robots import hidden_by, render_for
from league.pages.spectator_cache import spectator_cached
from league.selectors.honours import SEASON_AVERAGE_MIN_GAMES, roll_of_honour
from league.selectors.page_versions import league_keys
from league.selectors.public import league_by_slug


@spectator_cached(lambda slug: league_keys("slug", slug))
@require_GET
def honours_page(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        league = league_by_slug(slug=slug)
    except League.DoesNotExist:
        raise Http404("no such league") from None
    context = {"league": league, "seasons": roll_of_honour(league=league), "min_games": SEASON_AVERAGE_MIN_GAMES}
    return render_for(request, "public/honours.html", context, hidden=hidden_by(league))
