"""The front page anyone may read, no login needed: the leagues and their
current seasons, and the games being scored, each leading to its
scoreboard and, for someone who may score it, its pad. A logged-in
captain or scorer also finds their teams' matches there ("My matches"),
one tap from each rubber's pad and the match night page, and a captain the
cup ties waiting on them to offer dates or pick one. A player of a singles
or pairs cup finds there their ties waiting on them: to offer dates, pick
one, play, or confirm a score the other side entered. On a fresh install,
with no league yet, the site's administrator finds there the way to set
one up. Anyone not logged in is served it from the spectators' cache
(`league.pages.spectator_cache`), kept until a game or a league changes."""
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from league.pages.spectator_cache import spectator_cached
from league.selectors.cups import ties_to_arrange
from league.selectors.games import games_recent
from league.selectors.league_setup import may_start_a_league
from league.selectors.my_cup_ties import game_ties_waiting
from league.selectors.my_matches import games_scorable, my_matches, teams_of
from league.selectors.page_versions import ANY_GAME, ANY_LEAGUE
from league.selectors.public import current_season, leagues_listed
from league.selectors.seat_names import public_seats_of


@spectator_cached(lambda: [ANY_GAME, ANY_LEAGUE])
def home(request: HttpRequest) -> HttpResponse:
    """The front page: the user's matches, the leagues and their current
    seasons, and the games being scored."""
    leagues = [{"league": league, "season": current_season(league)} for league in leagues_listed()]
    recent = games_recent()
    scorable = games_scorable(user=request.user, games=recent)
    public = public_seats_of(games=recent)
    games = []
    for game in recent:
        # Full names for the game's scorers; for everyone else, as each
        # player chose to show theirs.
        seats = game.seats if game.pk in scorable else public[game.pk]
        sides = [" & ".join(seats[seat] for seat in side) for side in game.sides]
        winner = sides[game.winner] if game.winner is not None and sides else ""
        games.append({"game": game, "sides": sides, "winner": winner, "scorable": game.pk in scorable})
    context = {"leagues": leagues, "games": games, "matches": None, "has_teams": False,
               "may_start": may_start_a_league(request.user),
               "game_ties": game_ties_waiting(user=request.user)}
    if teams_of(user=request.user).exists():
        context["has_teams"] = True
        context["matches"] = my_matches(user=request.user, today=timezone.localdate())
        context["cup_ties"] = ties_to_arrange(user=request.user)
    elif context["game_ties"]:
        context["matches"] = []
    return render(request, "home.html", context)
