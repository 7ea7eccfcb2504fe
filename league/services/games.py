"""Setting up a game: a new one for live scoring, or one brought in from a
paper scoresheet; and naming who besides its creator may score it."""
from functools import partial
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

import scoring
from league.authors import Author, author_user
from league.engine import ENGINES, engine_key, game_new, sheet_replayed
from league.models import Game, GameEntry, MatchNight
from league.models.audit_actions import AuditAction
from league.refusals import MoveRejected, Refused
from league.selectors.access import game_owner_refusal, game_scorer_names
from league.services.audit import audit_record
from league.services.game_cache import game_cache_fill
from league.services.live import live_kick
from league.services.page_versions import pages_changed, pages_changed_by


def game_create(
    *,
    rules: Any = None,
    seats: list[str],
    partners: bool = False,
    start: list[int] | None = None,
    label: str = "",
    match_night: MatchNight | None = None,
    created_by: Author,
) -> Game:
    """A new game with an empty log; `match_night` when it is a rubber of a
    league match. Raises MoveRejected when the engine refuses the set-up
    (unknown preset, seats, partners the rules forbid)."""
    try:
        engine = game_new(rules=rules, seats=seats, partners=partners, start=start)
    except scoring.ScoringError as err:
        raise MoveRejected(str(err)) from None
    with transaction.atomic():
        game = Game(
            rules=engine.rules, seats=list(seats), partners=partners, start=start, label=label, created_by=author_user(created_by),
            match_night=match_night,
        )
        game_cache_fill(game=game, engine=engine)
        game.save()
        transaction.on_commit(partial(ENGINES.put, engine_key(game), engine))
        # Listed on the front page before its first move is published.
        pages_changed(games=[game.pk])
    return game


def game_import(*, sheet: dict[str, Any], label: str = "", imported_by: Author) -> Game:
    """A game from a scoresheet, its moves and showings recorded as log rows
    in order, exactly as if they had been entered live, so that the game
    replays and can be continued. Raises MoveRejected with the engine's
    message for a sheet the rules cannot accept."""
    author = author_user(imported_by)
    try:
        engine, rows = sheet_replayed(sheet)
    except scoring.ScoringError as err:
        raise MoveRejected(str(err)) from None

    with transaction.atomic():
        game = Game(
            rules=engine.rules, seats=list(sheet["seats"]), partners=bool(sheet.get("partners", False)),
            start=sheet.get("start"), label=label, created_by=author,
        )
        game.seq = len(rows)
        game_cache_fill(game=game, engine=engine)
        game.save()
        for seq, row in enumerate(rows, start=1):
            row.game, row.seq, row.entered_by = game, seq, author
        GameEntry.objects.bulk_create(rows)
        transaction.on_commit(partial(ENGINES.put, engine_key(game), engine))
        transaction.on_commit(live_kick)
    return game



def game_scorer_add(*, game_id: int, username: str, user: Author) -> list[str]:
    """Names `username` a scorer of the game, who may then write to it as
    its creator does; answers the game's scorers. Only the creator of a
    game outside a match names them (NotGameScorer for anyone else; a
    match's game is refused: its teams' scorers score it). Refusals, with
    Refused for a username nobody has, are recorded in the audit log."""
    return _scorers_change(game_id=game_id, username=username, user=user, adding=True)


def game_scorer_remove(*, game_id: int, username: str, user: Author) -> list[str]:
    """Takes `username` off the game's scorers; answers those left. Refused
    as game_scorer_add is, and for a user who is not one of them."""
    return _scorers_change(game_id=game_id, username=username, user=user, adding=False)


def _scorers_change(*, game_id: int, username: str, user: Author, adding: bool) -> list[str]:
    action = AuditAction.GAME_SCORER_ADD if adding else AuditAction.GAME_SCORER_REMOVE
    with transaction.atomic():
        game = Game.objects.select_for_update(no_key=True).get(pk=game_id)
        refusal = game_owner_refusal(game=game, user=user)
        scorer = get_user_model().objects.filter(username=username).first()
        if refusal is None and scorer is None:
            refusal = Refused(f"nobody has the username {username!r}")
        if refusal is None and scorer is not None:
            if adding:
                game.scorers.add(scorer)
            elif not game.scorers.filter(pk=scorer.pk).exists():
                refusal = Refused(f"{username} is not one of this game's scorers")
            else:
                game.scorers.remove(scorer)
        audit_record(user=user, action=action, target=game, data={"username": username}, refusal=refusal)
        if refusal is None:
            pages_changed_by(action=action, target=game)
    if refusal is not None:
        raise refusal
    return game_scorer_names(game=game)
