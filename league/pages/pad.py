"""The scorer's pad and the live scoreboard of a game: server-rendered
shells whose scripts (static/js/) talk to the API, and the service worker
that lets the pad open with no connection."""
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie

from league.models import Game

# The service worker's cache: a new name makes tablets drop the old copies.
PAD_CACHE = "pad-1"


@login_required
@ensure_csrf_cookie  # the pad's script reads the token from the cookie
def pad(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    return render(request, "pad/pad.html", {"game": game, "cache": PAD_CACHE})


def board(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    return render(request, "pad/board.html", {"game": game})


@never_cache  # a new pad script must reach the tablets on their next visit
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from /games/ so that its scope covers every game's pad. It
    keeps whatever the pad loaded from under STATIC_URL: the prefix, not
    `static("")`, which under the manifest storage of production asks for
    a file named '' and fails."""
    context = {"cache": PAD_CACHE, "static_prefix": settings.STATIC_URL}
    return render(request, "pad/sw.js", context, content_type="text/javascript")
