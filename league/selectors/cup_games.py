"""Reading a singles or pairs tie's games: their outcomes as they stand,
and the rules and length (best of N) they are played under, and in a handicap cup the
start its next game gives the weaker side.

A tie's games are played under its cup division's match format's first
rubber (its rules over the division's, its best of N), as a rubber's
games are under theirs (`league.services.match_games`)."""
from typing import Any

import scoring
from league import formats
from league.competition_kinds import kind_rules
from league.models import Competition, CupEntry, CupGame, CupTie, Game, League
from league.ratings.handicap import Handicap, HandicapRule, handicap, side_rating
from league.selectors.competition import division_settings
from league.selectors.formats import division_format
from league.selectors.matches import Outcome
from league.selectors.ratings import shown_ratings


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
    Seats are laid out home first, so side 0 is the home side. A score
    submitted from the card counts for nothing until it is confirmed."""
    if cup_game.state != CupGame.State.COUNTS:
        return None
    if cup_game.source == CupGame.Source.CARD or cup_game.winner:
        side: formats.Side = "home" if cup_game.winner == "home" else "away"
        return Outcome(cup_game.home_score, cup_game.away_score, side)
    game = cup_game.game
    if game is None or game.status != Game.Status.WON or game.winner is None:
        return None
    return Outcome(int(game.scores[0]), int(game.scores[1]), "home" if game.winner == 0 else "away")


def tie_handicap(tie: CupTie, rules: Any) -> Handicap | None:
    """The start scores the tie's next game is given, home first, under
    the league's handicap rule from the entrants' shown ratings now, for a
    game under `rules`; None when the cup is not a handicap cup (or the
    tie's sides are not known yet)."""
    competition = tie.competition
    if not _handicapped(competition) or tie.home is None or tie.away is None:
        return None
    league = competition.season.league
    shown = shown_ratings(league=league, player_ids=set(_players(tie.home) + _players(tie.away)))
    return _handicap(league, shown, tie, scoring.Rules.parse(rules).target)


def cup_handicaps(competition: Competition, ties: list[CupTie]) -> dict[int, Handicap]:
    """In a handicap cup, the start of each open tie's next game, by tie
    id, as `tie_handicap` gives it: one read of the ratings and the rules
    whatever the number of ties. Empty for a cup without handicap."""
    if not _handicapped(competition):
        return {}
    open_ties = [tie for tie in ties
                 if not tie.bye and tie.winner_id is None and tie.home is not None and tie.away is not None]
    if not open_ties:
        return {}
    rubber = division_format(division_id=competition.division_id).rubbers[0]
    target = scoring.Rules.parse(rubber.rules_over(division_settings(division_id=competition.division_id).rules)).target
    league = competition.season.league
    players = {p for tie in open_ties for entry in (tie.home, tie.away) if entry is not None for p in _players(entry)}
    shown = shown_ratings(league=league, player_ids=players)
    return {tie.pk: _handicap(league, shown, tie, target) for tie in open_ties}


def _handicapped(competition: Competition) -> bool:
    return competition.handicap and kind_rules(competition.kind).plays_games


def _handicap(league: League, shown: dict[int, float], tie: CupTie, target: int) -> Handicap:
    assert tie.home is not None and tie.away is not None
    rule = HandicapRule(per_point=league.handicap_per_point, step=league.handicap_step, most=league.handicap_most)
    home, away = (side_rating([shown.get(p) for p in _players(entry)]) for entry in (tie.home, tie.away))
    return handicap(rule, home, away, target)


def _players(entry: CupEntry) -> list[int]:
    return [p for p in (entry.player_id, entry.partner_id) if p is not None]


def tie_games_loaded(*, tie: CupTie) -> list[CupGame]:
    """The tie's games through its related manager: those a cup page's
    selector prefetched (counting games, with their games), or a query
    where nothing was."""
    return list(tie.games.all())
