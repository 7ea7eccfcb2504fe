"""The names on a game's seats as each reader may see them.

A match's and a cup tie's games are set up with the players' full names,
which the scorers at the table need. Everyone else (the scoreboards, the
API read by anyone) sees each name as its player chose to show it: in
full, as initials or hidden (docs/organisation.md, "Privacy"). Other games
seat whatever names their creator typed: those are no registered player's."""
from typing import Any

from league.authors import Author
from league.models import CupGame, CupTie, Game, Player, RubberGame
from league.selectors.access import game_write_refusal
from league.selectors.shown_names import name_public


def public_seats(*, game: Game) -> list[str]:
    """The seats as the public sees them: one query for a match's game,
    none for any other."""
    return public_seats_of(games=[game])[game.pk]


def public_seats_of(*, games: list[Game]) -> dict[int, list[str]]:
    """Each game's seats as the public sees them, by game id: one query
    for all the match games among them."""
    seats = {game.pk: list(game.seats) for game in games}
    in_matches = [game.pk for game in games if game.match_night_id is not None]
    if in_matches:
        found = (RubberGame.objects.filter(game_id__in=in_matches)
                 .select_related("rubber__home_player", "rubber__away_player",
                                 "rubber__home_partner", "rubber__away_partner"))
        for rubber_game in found:
            assert rubber_game.game_id is not None
            seats[rubber_game.game_id] = [name_public(player) for player in rubber_game.rubber.seat_players()]
    others = [game.pk for game in games if game.match_night_id is None]
    if others:
        for cup_game in (CupGame.objects.filter(game_id__in=others)
                         .select_related("tie__home__player", "tie__home__partner", "tie__away__player",
                                         "tie__away__partner")):
            assert cup_game.game_id is not None
            seats[cup_game.game_id] = [name_public(player) for player in _cup_seat_players(cup_game.tie)]
    return seats


def _cup_seat_players(tie: CupTie) -> list[Player]:
    """A cup tie's players seated as its games are: home first, a pair's
    partners opposite (league.services.cup_games)."""
    home, away = tie.home, tie.away
    assert home is not None and away is not None and home.player is not None and away.player is not None
    if home.partner is None or away.partner is None:
        return [home.player, away.player]
    return [home.player, away.player, home.partner, away.partner]


def seats_for(*, game: Game, user: Author) -> list[str]:
    """The seats as `user` may read them: in full for those who may score
    the game, as the players chose for everyone else (a game outside a
    match or a cup seats no registered player: its seats as typed)."""
    if game_write_refusal(game=game, user=user) is None:
        return list(game.seats)
    return public_seats(game=game)


def with_seats(state: dict[str, Any], seats: list[str]) -> dict[str, Any]:
    """A state, sheet or table answer with its seats replaced."""
    return {**state, "seats": seats}
