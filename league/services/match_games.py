"""Recording a match night's games, rubber by rubber: scored live through
the live scoring API, or entered from the paper card as final scores.

A rubber's games are played in order: the next one starts once the last is
finished, and none once the rubber is decided (the decider of a best of
three is not played at 2-0). A live game is a `Game` of the move log,
seated home first, under the division's rules with the rubber's changes
(Leek plays pairs to 121); only the two teams' captains and scorers and the
league's secretaries may write to it (`league.services.log`).

A final score from the card must be one a game could end on: the winner on
the target (exactly, where the rules finish exactly), the loser short of it.
An unchecked rubber (block dominoes, which the engine does not play) is
never scored live: its games come from the card as a winner, with the
scores if the card has them. A conceded rubber is not played at all.
"""
from typing import Any

import scoring
from league.authors import Author, author_user
from league.models import Fixture, MatchNight, Rubber, RubberGame
from league.models.audit_actions import AuditAction
from league.refusals import MoveRejected, NotScoredLive, ResultInvalid, WrongNightStatus
from league.selectors.competition import division_settings
from league.selectors.matches import game_outcome, match_format_of
from league.services.games import game_create
from league.services.nights import Night, night_change, require_playable, require_scorer, require_status


def rubber_game_start(*, fixture_id: int, rubber: int, user: Author) -> RubberGame:
    """Sets up the rubber's next game for live scoring; the game's id is
    `result.game_id`. Raises Fixture.DoesNotExist, NotTeamScorer,
    FixtureNotPlayable, WrongNightStatus or ResultInvalid."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> RubberGame:
        found, number = _next_game(fixture, night, rubber, user, details)
        if not found.checked:
            raise NotScoredLive(f"rubber {rubber} is {found.get_game_display()}, which is not scored live: "
                                f"enter its result from the paper card")
        spec = match_format_of(fixture).rubbers[rubber - 1]
        rules = spec.rules_over(division_settings(division_id=fixture.division_id).rules)
        label = f"{fixture.home_team} v {fixture.away_team}, rubber {rubber}"
        try:
            game = game_create(rules=rules, seats=_seats(found), partners=found.kind == Rubber.Kind.PAIRS,
                               label=label + (f", game {number}" if spec.best_of > 1 else ""),
                               match_night=night, created_by=user)
        except MoveRejected as refused:
            raise ResultInvalid(f"rubber {rubber} cannot be scored under these rules: {refused.message}") from None
        details["game"] = game.pk
        return RubberGame.objects.create(rubber=found, number=number, source=RubberGame.Source.LIVE, game=game,
                                         entered_by=author_user(user))

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_GAME_START, user=user, change=change)


def rubber_game_card(*, fixture_id: int, rubber: int, home_score: int | None, away_score: int | None,
                     user: Author, winner: str | None = None) -> RubberGame:
    """Records the rubber's next game from the paper card, as final scores;
    for an unchecked rubber, as its `winner` ("home" or "away"), with the
    scores or without. Raises as `rubber_game_start` does, and ResultInvalid
    for a score no game could end on."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> RubberGame:
        details.update(home_score=home_score, away_score=away_score)
        if winner is not None:
            details["winner"] = winner
        found, number = _next_game(fixture, night, rubber, user, details)
        if found.checked:
            if home_score is None or away_score is None:
                raise ResultInvalid(f"rubber {rubber}: enter both final scores from the card")
            won = card_winner(fixture, rubber, home_score, away_score)
        else:
            won = unchecked_winner(home_score, away_score, winner)
        return RubberGame.objects.create(rubber=found, number=number, source=RubberGame.Source.CARD,
                                         home_score=home_score, away_score=away_score, winner=won,
                                         entered_by=author_user(user))

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_GAME_CARD, user=user, change=change)


def rubber_game_remove(*, fixture_id: int, rubber: int, user: Author) -> None:
    """Takes the rubber's newest game off the night, while the night is
    open (a card entered against the wrong rubber, a live game started by
    mistake). A live game's move log stays, no longer part of the match."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> None:
        details["rubber"] = rubber
        require_scorer(fixture, user)
        require_status(night, Night.OPEN, doing="remove a game")
        # A fixture nothing has been entered for has an unsaved night, which
        # a query cannot filter on.
        newest = (RubberGame.objects.filter(rubber__night=night, rubber__number=rubber).order_by("-number").first()
                  if night.pk is not None else None)
        if newest is None:
            raise ResultInvalid(f"rubber {rubber} has no game to remove")
        if newest.rubber.conceded_by:
            raise ResultInvalid(f"rubber {rubber} was conceded: enter the team sheet again to change that")
        details.update(number=newest.number, source=newest.source, game=newest.game_id,
                       home_score=newest.home_score, away_score=newest.away_score)
        newest.delete()

    night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_GAME_REMOVE, user=user, change=change)


def card_winner(fixture: Fixture, rubber: int, home_score: int, away_score: int) -> str:
    """The side a final score says won; ResultInvalid when no game of the
    rubber's rules could end on it."""
    rules = scoring.Rules.parse(match_format_of(fixture).rubbers[rubber - 1].rules_over(
        division_settings(division_id=fixture.division_id).rules))
    return final_score_winner(rules, home_score, away_score)


def final_score_winner(rules: scoring.Rules, home_score: int, away_score: int) -> str:
    """The side a final score under `rules` says won (a rubber's game, a
    cup tie's game); ResultInvalid when no game could end on it."""
    target = rules.target
    high, low = max(home_score, away_score), min(home_score, away_score)
    if low < 0:
        raise ResultInvalid(f"{home_score}-{away_score}: a final score is not below 0")
    if high == low:
        raise ResultInvalid(f"{home_score}-{away_score}: a game of Fives and Threes always has a winner")
    if rules.finish == "exact" and high != target:
        raise ResultInvalid(f"{home_score}-{away_score}: a game to {target} is won on exactly {target}")
    if high < target:
        raise ResultInvalid(f"{home_score}-{away_score}: nobody has reached {target}")
    if low >= target:
        raise ResultInvalid(f"{home_score}-{away_score}: the game ended when the first side reached {target}")
    return "home" if home_score > away_score else "away"


def unchecked_winner(home_score: int | None, away_score: int | None, winner: str | None) -> str:
    """The winner of an unchecked rubber's game as the card gives it: named,
    or read from the scores (the higher wins); ResultInvalid when it is
    neither, or the two disagree. The scores are both given or both left out."""
    if (home_score is None) != (away_score is None):
        raise ResultInvalid("give both scores from the card, or neither")
    if home_score is not None and away_score is not None:
        if min(home_score, away_score) < 0:
            raise ResultInvalid(f"{home_score}-{away_score}: a final score is not below 0")
        higher = "home" if home_score > away_score else "away" if away_score > home_score else None
        if winner is None and higher is None:
            raise ResultInvalid(f"{home_score}-{away_score}: say which side won")
        if winner is not None and higher is not None and winner != higher:
            raise ResultInvalid(f"{home_score}-{away_score}: the card's winner has the higher score")
        winner = winner or higher
    if winner not in ("home", "away"):
        raise ResultInvalid("say which side won the game: home or away")
    return winner


def _next_game(fixture: Fixture, night: MatchNight, number: int, user: Author,
               details: dict[str, Any]) -> tuple[Rubber, int]:
    """The rubber and the number its next game takes, once every check passes."""
    details["rubber"] = number
    require_scorer(fixture, user)
    require_playable(fixture)
    require_status(night, Night.OPEN, doing="record a game")
    found = night.rubbers.filter(number=number).first() if night.pk is not None else None
    if found is None:
        raise WrongNightStatus(f"rubber {number} has no players yet: the home captain enters the team sheet first")
    if found.conceded_by:
        team = fixture.home_team if found.conceded_by == "home" else fixture.away_team
        raise ResultInvalid(f"rubber {number} was conceded by {team}: it is not played")
    spec = match_format_of(fixture).rubbers[number - 1]
    games = list(found.games.select_related("game").order_by("number"))
    winners = []
    for game in games:
        outcome = game_outcome(game)
        if outcome is None:
            raise ResultInvalid(f"rubber {number}: game {game.number} is still being played")
        winners.append(outcome.winner)
    if winners.count("home") * 2 > spec.best_of or winners.count("away") * 2 > spec.best_of:
        raise ResultInvalid(f"rubber {number} is decided: no more of its games are played")
    return found, len(games) + 1


def _seats(rubber: Rubber) -> list[str]:
    """Each seat as the scorer reads it: the player's full name (the public
    sees the names as each player chose: league.selectors.seat_names)."""
    return [player.name for player in rubber.seat_players()]
