"""Signing a match night's result: the home captain submits it, the away
captain confirms it or disputes it with a reason, a secretary settles a
dispute, and only a secretary changes a result once it is confirmed.

    open      -> submitted            (home captain: every rubber decided)
    submitted -> confirmed            (away captain)
    submitted -> disputed             (away captain, with a reason)
    disputed  -> confirmed | open     (secretary: upheld, or sent back to
                                       the home captain to correct)
    submitted, disputed, confirmed: a secretary may correct a game's score

Only a confirmed result counts in the table (and in a cup tie, which is
decided again whenever a leg's confirmed result changes). Each step and each refusal is
audited; a correction records the score before and after. Submitting and
correcting record each player's part in each game; confirming, upholding
and correcting a confirmed result queue the division's table rebuild and the
league's re-rate from the match's day. Each
step tells the people who act next (`match_notices`): the away captains a
result to confirm; both teams' captains and the secretaries a dispute, its
settling and a correction.
"""
from typing import Any

from django.utils import timezone

from league import formats
from league.authors import Author, author_user
from league.models import Fixture, MatchNight, RubberGame
from league.models.audit_actions import AuditAction
from league.refusals import ReasonRequired, ResultInvalid
from league.selectors.matches import game_outcome, match_format_of, night_rubbers, rubber_results
from league.services.cup_ties import cup_progress
from league.services.formats import night_scheme_pin
from league.services.match_games import card_winner, unchecked_winner
from league.services.match_notices import (
    result_confirmed_tell,
    result_corrected_tell,
    result_disputed_tell,
    result_settled_tell,
    result_submitted_tell,
)
from league.services.nights import (
    Night,
    night_change,
    require_captain,
    require_playable,
    require_secretary,
    require_status,
)
from league.services.ratings import ratings_queue
from league.services.standings import standings_queue
from league.services.standings_player_games import player_games_record

RESOLUTIONS = ("uphold", "reopen")


def match_submit(*, fixture_id: int, user: Author) -> MatchNight:
    """The home captain returns the result: every rubber must be decided.
    Live games' final scores are copied from their move logs' caches."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> MatchNight:
        require_captain(fixture, fixture.home_team, user, doing="submit the result")
        require_playable(fixture)
        require_status(night, Night.OPEN, doing="submit it again")
        fmt = match_format_of(fixture)
        rubbers = night_rubbers(night) if night.pk is not None else []
        problems = _undecided(fmt, rubbers)
        if problems:
            raise ResultInvalid(" ".join(problems))
        for rubber in rubbers:
            _copy_live_outcomes(rubber.games.all())
        night.home_games, night.away_games = _score(fmt, night)
        night.status, night.submitted_by, night.submitted_at = Night.SUBMITTED, author_user(user), timezone.now()
        night.save()
        player_games_record(night_ids=[night.pk])
        details["score"] = [night.home_games, night.away_games]
        result_submitted_tell(fixture, night)
        return night

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_SUBMIT, user=user, change=change)


def match_submit_problems(*, fixture_id: int) -> list[str]:
    """What `match_submit` would refuse in the night as it stands, rubber by
    rubber (nothing: every rubber is decided), asked before the home
    captain confirms; it changes and audits nothing. Raises
    Fixture.DoesNotExist."""
    fixture = Fixture.objects.get(pk=fixture_id)
    night = MatchNight.objects.filter(fixture=fixture).first()
    return _undecided(match_format_of(fixture), night_rubbers(night) if night is not None else [])


def match_confirm(*, fixture_id: int, user: Author) -> MatchNight:
    """The away captain agrees the submitted result: it now counts."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> MatchNight:
        require_captain(fixture, fixture.away_team, user, doing="confirm the result")
        require_status(night, Night.SUBMITTED, doing="confirm it")
        _confirm(night, user)
        result_confirmed_tell(fixture, night)
        details["score"] = [night.home_games, night.away_games]
        return night

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_CONFIRM, user=user, change=change)


def match_dispute(*, fixture_id: int, reason: str, user: Author) -> MatchNight:
    """The away captain disputes the submitted result, saying why; a
    secretary settles it."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> MatchNight:
        details["reason"] = reason.strip()
        require_captain(fixture, fixture.away_team, user, doing="dispute the result")
        require_status(night, Night.SUBMITTED, doing="dispute it")
        if not reason.strip():
            raise ReasonRequired("say why the result is disputed, for the secretary")
        night.status, night.dispute_reason = Night.DISPUTED, reason.strip()
        night.disputed_by, night.disputed_at = author_user(user), timezone.now()
        night.save()
        result_disputed_tell(fixture, night)
        return night

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_DISPUTE, user=user, change=change)


def match_resolve(*, fixture_id: int, decision: str, note: str, user: Author) -> MatchNight:
    """A secretary settles a dispute: `uphold` confirms the result (after
    any corrections made with `match_result_correct`); `reopen` sends it
    back to the home captain to correct and submit again."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> MatchNight:
        details.update(decision=decision, note=note.strip())
        require_secretary(fixture, user, doing="settle a dispute")
        require_status(night, Night.DISPUTED, doing="settle a dispute")
        if decision not in RESOLUTIONS:
            raise ResultInvalid(f"a dispute is settled by uphold or reopen, not {decision!r}")
        if not note.strip():
            raise ReasonRequired("say how the dispute was settled, for both teams")
        night.resolution = note.strip()
        if decision == "uphold":
            _confirm(night, user)
        else:
            night.status, night.home_games, night.away_games = Night.OPEN, None, None
            night.save()
        result_settled_tell(fixture, night, decision=decision)
        return night

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_RESOLVE, user=user, change=change)


def match_result_correct(
    *, fixture_id: int, rubber: int, game: int, home_score: int, away_score: int, reason: str, user: Author,
) -> MatchNight:
    """A secretary corrects one game's final score in a returned result;
    the match score follows. Audited with the score before and after."""

    def change(fixture: Fixture, night: MatchNight, details: dict[str, Any]) -> MatchNight:
        details.update(rubber=rubber, game=game, reason=reason.strip(), new=[home_score, away_score])
        require_secretary(fixture, user, doing="correct a result")
        require_status(night, Night.SUBMITTED, Night.DISPUTED, Night.CONFIRMED, doing="correct it")
        if not reason.strip():
            raise ReasonRequired("say why the result is corrected, for both teams")
        found = (RubberGame.objects.filter(rubber__night=night, rubber__number=rubber, number=game)
                 .select_related("rubber").first())
        if found is None:
            raise ResultInvalid(f"rubber {rubber} has no game {game}")
        details["old"] = [found.home_score, found.away_score]
        found.home_score, found.away_score = home_score, away_score
        found.winner = (card_winner(fixture, rubber, home_score, away_score) if found.rubber.checked
                        else unchecked_winner(home_score, away_score, None))
        found.save()
        night.home_games, night.away_games = _score(match_format_of(fixture), night)
        night.save()
        player_games_record(night_ids=[night.pk])
        if night.status == Night.CONFIRMED:
            standings_queue(division_id=fixture.division_id)
            ratings_queue(league_id=fixture.division.season.league_id, played_on=fixture.played_on)
            cup_progress(fixture_id=fixture.pk, user=user)
        details["score"] = [night.home_games, night.away_games]
        result_corrected_tell(fixture, night, rubber=rubber, game=game, reason=reason)
        return night

    return night_change(fixture_id=fixture_id, action=AuditAction.NIGHT_CORRECT, user=user, change=change)


def _confirm(night: MatchNight, user: Author) -> None:
    night.status, night.confirmed_by, night.confirmed_at = Night.CONFIRMED, author_user(user), timezone.now()
    # Scored from now on under the scheme it was confirmed under.
    night_scheme_pin(night, night.fixture)
    night.save()
    standings_queue(division_id=night.fixture.division_id)
    # Its games are rated, from its day on: results may be confirmed out of order.
    ratings_queue(league_id=night.fixture.division.season.league_id, played_on=night.fixture.played_on)
    # A cup's leg now counts: who goes through is decided here, with it.
    cup_progress(fixture_id=night.fixture_id, user=user)


def _undecided(fmt: formats.MatchFormat, rubbers: list[Any]) -> list[str]:
    """Why the result cannot be submitted yet, rubber by rubber."""
    if not rubbers:
        return ["There is no team sheet yet: enter it, then record the games, before submitting the result."]
    if len(rubbers) < len(fmt.rubbers):
        return [f"The team sheet has {len(rubbers)} of {len(fmt.rubbers)} rubbers: enter it first."]
    problems = []
    # At least the format's rubbers (above); the format's are the ones checked.
    for spec, rubber in zip(fmt.rubbers, rubbers, strict=False):
        playing = [g.number for g in rubber.games.all() if game_outcome(g) is None]
        if playing:
            problems.append(f"Rubber {rubber.number}: game {playing[0]} is still being played.")
        elif formats.rubber_winner(spec, rubber_results(rubber)) is None:
            problems.append(f"Rubber {rubber.number} is not decided.")
    return problems


def _copy_live_outcomes(games: Any) -> None:
    """A live game's final score becomes the result's own: a later look at
    the result never depends on the move log's cache."""
    for rubber_game in games:
        if rubber_game.source == RubberGame.Source.LIVE and not rubber_game.winner:
            outcome = game_outcome(rubber_game)
            assert outcome is not None
            rubber_game.home_score, rubber_game.away_score = outcome.home_score, outcome.away_score
            rubber_game.winner = outcome.winner
            rubber_game.save(update_fields=["home_score", "away_score", "winner"])


def _score(fmt: formats.MatchFormat, night: MatchNight) -> tuple[int, int]:
    """Rubbers won by each side, from the games as now recorded."""
    by_rubber = [rubber_results(rubber) for rubber in night_rubbers(night)]
    try:
        return formats.match_score(fmt, by_rubber)
    except formats.ResultError as error:
        raise ResultInvalid(str(error)) from None
