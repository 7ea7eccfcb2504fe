"""Reading a singles or pairs tie's games: their outcomes as they stand,
and the rules and length (best of N) they are played under.

A tie's games are played under its cup division's match format's first
rubber (its rules over the division's, its best of N), as a rubber's
games are under theirs (`league.services.match_games`)."""
from typing import Any

from league import formats
from league.models import CupGame, CupTie, Game
from league.selectors.competition import division_settings
from league.selectors.formats import division_format
from league.selectors.matches import Outcome


def tie_rubber(tie: CupTie) -> formats.Rubber:
    """The rubber whose rules and length the tie's games take: the cup
    division's match format's first."""
    return division_format(division_id=tie.competition.division_id).rubbers[0]


def tie_rules(tie: CupTie, rubber: formats.Rubber) -> dict[str, Any]:
    """The rules of the tie's games: the rubber's over the division's."""
    return rubber.rules_over(division_settings(division_id=tie.competition.division_id).rules)


def tie_games(*, tie_id: int) -> list[CupGame]:
    """The tie's games in order, each with its live game."""
    return list(CupGame.objects.filter(tie_id=tie_id).select_related("game").order_by("number"))


def cup_game_outcome(cup_game: CupGame) -> Outcome | None:
    """The game's outcome, or None while a live game is being played.
    Seats are laid out home first, so side 0 is the home side."""
    if cup_game.source == CupGame.Source.CARD or cup_game.winner:
        side: formats.Side = "home" if cup_game.winner == "home" else "away"
        return Outcome(cup_game.home_score, cup_game.away_score, side)
    game = cup_game.game
    if game is None or game.status != Game.Status.WON or game.winner is None:
        return None
    return Outcome(int(game.scores[0]), int(game.scores[1]), "home" if game.winner == 0 else "away")
