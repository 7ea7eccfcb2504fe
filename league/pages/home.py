"""The front page anyone may read, no login needed: the leagues and their
current seasons, and the games being scored."""
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.selectors.games import games_recent
from league.selectors.public import current_season, leagues_listed


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
