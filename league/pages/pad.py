"""The scorer's pad and the live scoreboard of a game: server-rendered
shells whose scripts (static/js/) talk to the API, and the service worker
that lets the pad open with no connection.

The pad is for the game's scorers. Anyone else who opens it (not logged
in, or logged in without the right to score this game) gets the pad read
only: the game as the scoreboard shows it and a line saying why, before
they tap anything, instead of a refusal after. The server decides, with
the same check the writes meet."""
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie

from league.engine import sides_scoring_together
from league.models import Game
from league.pages.pad_engine import pyodide_version
from league.pages.spectator_cache import spectator_cached
from league.selectors.games import game_or_404
from league.selectors.pad_links import follower_reason, game_night_link, pad_links
from league.selectors.page_versions import game_key

# The service worker's cache: a new name makes tablets drop the old copies.
PAD_CACHE = "pad-1"


@ensure_csrf_cookie  # the pad's script reads the token from the cookie
def pad(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id=game_id)
    context = {"game": game, "cache": PAD_CACHE, "night": game_night_link(game=game), "start": start_words(game)}
    reason = follower_reason(game=game, user=request.user)
    if reason is not None:
        return render(request, "pad/follow.html", {**context, "reason": reason})
    # Whether the engine the pad needs offline is installed here: the pad
    # says it is ready to work offline only once that engine has loaded.
    return render(request, "pad/pad.html", {**context, "engine_installed": pyodide_version() is not None})


@never_cache  # other tablets score the night's other rubbers meanwhile
def pad_next(request: HttpRequest, game_id: int) -> HttpResponse:
    """What comes after the game on its night, for the pad to show once the
    game is won: the next rubber to score, or the way back to the night."""
    game = game_or_404(game_id=game_id)
    return render(request, "pad/next.html", {"game": game, "links": pad_links(game=game, user=request.user)})


@spectator_cached(lambda game_id: [game_key(game_id)])
def board(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id=game_id)
    return render(request, "pad/board.html", {"game": game, "night": game_night_link(game=game),
                                              "start": start_words(game)})


@never_cache  # a new pad script must reach the tablets on their next visit
def service_worker(request: HttpRequest) -> HttpResponse:
    """Served from /games/ so that its scope covers every game's pad. It
    keeps whatever the pad loaded from under STATIC_URL: the prefix, not
    `static("")`, which under the manifest storage of production asks for
    a file named '' and fails."""
    context = {"cache": PAD_CACHE, "static_prefix": settings.STATIC_URL}
    return render(request, "pad/sw.js", context, content_type="text/javascript")


def start_words(game: Game) -> str:
    """The sides that start ahead (a handicap cup's weaker side, or a game
    taken over from a paper sheet), in words: "Ann starts on 15"; empty
    when every side starts on 0."""
    # No start recorded is an empty list: no side starts ahead.
    start = game.start if isinstance(game.start, list) else []
    seats = [str(name) for name in game.seats]
    sides = [[seats[seat] for seat in side] for side in sides_scoring_together(len(seats), bool(game.partners))]
    return "; ".join(f"{' & '.join(names)} start{'' if len(names) > 1 else 's'} on {points}"
                     for names, points in zip(sides, start, strict=False) if points)
