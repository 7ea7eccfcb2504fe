"""Appending to a game's log: the one path every write to a game takes.

Order of the checks, the API's contract:
1. a user who may not score the game is refused (403), whatever key they
   send: a stored answer is no one else's to read (league.selectors.access
   `game_write_refusal`);
2. an idempotency key already answered gets its stored answer, and nothing
   is recorded (even once a match's result is submitted: the scorer is
   hearing again what was already done);
3. a match game whose result is submitted is refused (422);
4. a seq that is not the game's current one is a conflict (409);
5. a change the rules reject is refused with the engine's message (422).

The game row is locked (SELECT ... FOR UPDATE) for the whole transaction, so
two tablets writing at once are serialised and the second sees the first's
seq; the unique (game, seq) constraint backs this up where the database has
no row locks (SQLite).

The number of queries does not depend on the length of the game: the
engine value is found in memory (or, in a process that has not seen the
game, replayed from the log in one query), and a move writes one log row
and the game row's small cache, whose seq doubles as the outbox (see
`league.services.live`), whatever came before.
"""
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from django.db import IntegrityError, connection, transaction
from django.db.backends.utils import CursorWrapper
from django.utils import timezone

import scoring
from league.authors import Author, author_user
from league.engine import ENGINES, engine_key, engine_of
from league.models import Game, GameEntry
from league.models.game import CACHE_FIELDS
from league.models.rows import Columns, Rows
from league.refusals import GameConflict, MoveRejected, NotPermitted, TiePlayedOn
from league.selectors.access import TIE_DECIDED_SQL, game_write_refusal
from league.selectors.matches import night_fixture_ids
from league.selectors.state import game_state
from league.services.cup_games import cup_change_refused, cup_game_changed
from league.services.game_cache import game_cache_fill
from league.services.live import live_kick
from league.services.page_versions import pages_changed

Reply = dict[str, Any]


@dataclass(frozen=True)
class Change:
    """What a write did, as its log row will record it."""

    kind: str
    hand: int
    payload: Any
    engine: scoring.Game
    events: list[scoring.Event] | list[dict[str, Any]]  # the engine's, or an undo's
    voids: GameEntry | None = field(default=None)


# Given the locked game row and its engine value, makes the change or raises.
Maker = Callable[[Game, scoring.Game], Change]


def log_append(
    *,
    game_id: int,
    user: Author,
    key: str,
    seq: int | None,
    make: Maker,
) -> Reply:
    """Runs `make` on the locked game and records what it did.

    Raises Game.DoesNotExist, GameConflict or MoveRejected; NotGameScorer
    for a user who is neither the game's creator nor one of its named
    scorers; for a game of a league match, NotTeamScorer or
    WrongNightStatus instead."""
    try:
        with transaction.atomic():
            with connection.cursor() as cursor:
                return _append(cursor=cursor, game_id=game_id, user=user, key=key, seq=seq, make=make)
    except TiePlayedOn as refusal:
        cup_change_refused(refusal, user=user)  # the change rolled back, its refusal kept
        raise
    except IntegrityError:
        # Lost a race that the row lock did not prevent (SQLite): either the
        # same key was answered meanwhile, or another write took this seq.
        game = Game.objects.get(pk=game_id)
        stored = _stored_reply(game=game, key=key)
        if stored is not None:
            return stored
        raise GameConflict("another write to this game came first", game_state(game=game)) from None


GAME_ROWS = Rows(Game, "g")
# The stored answer is read beside the game: converted as its field would.
REPLY_FIELD = GameEntry._meta.get_field("reply")
REPLY_COLUMN = REPLY_FIELD.get_col(GameEntry._meta.db_table)


def _locked_game(*, cursor: CursorWrapper, game_id: int, key: str) -> tuple[Game, Reply | None, bool]:
    """The game row, locked, the answer already stored for `key` (if any)
    and whether the game is a decided cup tie's, in one query.

    Written in SQL, read with a plain cursor, because this is the hottest
    query of the service: the ORM spends more time building it (a locking
    read with a subquery) than the database spends answering it."""
    lock = " FOR UPDATE OF g" if connection.features.has_select_for_update_of else ""
    sql = (
        f"SELECT {GAME_ROWS.columns}, {TIE_DECIDED_SQL}, (SELECT e.reply FROM {GameEntry._meta.db_table} e"
        f" WHERE e.game_id = g.id AND e.idempotency_key = %s AND e.idempotency_key <> '')"
        f" FROM {Game._meta.db_table} g WHERE g.id = %s{lock}"
    )
    cursor.execute(sql, [key, game_id])
    row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    game = GAME_ROWS.instance(row[: len(GAME_ROWS)], connection)
    stored = row[-1]
    if stored is not None:
        stored = REPLY_FIELD.from_db_value(stored, REPLY_COLUMN, connection)
    return game, stored, bool(row[-2])


def _stored_reply(*, game: Game, key: str) -> Reply | None:
    if not key:
        return None
    # No ordering: at most one row matches (a unique constraint), and the
    # model's default ordering would join the game table for nothing.
    stored = GameEntry.objects.filter(game=game, idempotency_key=key).order_by().values_list("reply", flat=True)
    return next(iter(stored[:1]), None)


def _append(
    *,
    cursor: CursorWrapper,
    game_id: int,
    user: Author,
    key: str,
    seq: int | None,
    make: Maker,
) -> Reply:
    game, stored_reply, tie_decided = _locked_game(cursor=cursor, game_id=game_id, key=key)
    refusal = game_write_refusal(game=game, user=user, tie_decided=tie_decided)
    if isinstance(refusal, NotPermitted):
        raise refusal
    if stored_reply is not None:
        return stored_reply
    if refusal is not None:
        raise refusal
    try:
        if seq is not None and seq != game.seq:
            raise GameConflict(f"seq {seq} is stale: the game is at seq {game.seq}", game_state(game=game))
        try:
            change = make(game, engine_of(game))
        except scoring.ScoringError as err:
            raise MoveRejected(str(err)) from None
    except (GameConflict, MoveRejected):
        # If the lock had to wait, it waited for another write, perhaps the
        # one that answered this very key: committed after the locking
        # query's snapshot, so look again before refusing. (Were the move
        # accepted instead, the unique key constraint would catch it.)
        stored = _stored_reply(game=game, key=key)
        if stored is not None:
            return stored
        raise

    was_won = game.status == Game.Status.WON
    game.seq += 1
    game_cache_fill(game=game, engine=change.engine)
    reply: Reply = {"events": change.events, "state": game_state(game=game)}
    _record(cursor=cursor, game=game, change=change, user=user, key=key, reply=reply)
    if game.match_night_id is None:
        # A cup tie's game decides its tie when it is won (or unwon).
        cup_game_changed(game=game, was_won=was_won, user=user)
    elif was_won != (game.status == Game.Status.WON):
        # A match night's game won (or unwon) changes its page beyond the
        # score its state gives: the game's row, the rubber's winner, the
        # match score. Its other moves renew only its scores (league.services.live).
        pages_changed(games=[game.pk], fixtures=night_fixture_ids(night_ids={game.match_night_id}))
    transaction.on_commit(partial(ENGINES.put, engine_key(game), change.engine))
    transaction.on_commit(live_kick)
    return reply


ENTRY_COLUMNS = Columns(GameEntry, ["game", "seq", "kind", "hand", "payload", "voids", "entered_by", "entered_at",
                                    "idempotency_key", "reply"])
GAME_COLUMNS = Columns(Game, [*CACHE_FIELDS, "updated_at"])
ENTRY_INSERT = (f"INSERT INTO {GameEntry._meta.db_table} ({', '.join(ENTRY_COLUMNS.columns)})"
                f" VALUES ({', '.join(['%s'] * len(ENTRY_COLUMNS.columns))})")
GAME_UPDATE = (f"UPDATE {Game._meta.db_table} SET {', '.join(f'{column} = %s' for column in GAME_COLUMNS.columns)}"
               f" WHERE id = %s")
# PostgreSQL runs both as one statement, one round trip: a data-modifying
# WITH always runs to its end, and its unique constraints hold as alone.
BOTH = f"WITH entry AS ({ENTRY_INSERT}) {GAME_UPDATE}"


def _record(*, cursor: CursorWrapper, game: Game, change: Change, user: Author, key: str, reply: Reply) -> None:
    """The log row's INSERT and the game row's UPDATE, with a plain cursor:
    what `GameEntry.objects.create` and `game.save(update_fields=...)` would
    send, each value prepared by its field, without the ORM's making of the
    statements (most of a move's time in Python). The entry's id is not
    read back: nothing after it needs it."""
    now = timezone.now()
    game.updated_at = now  # auto_now, as a save naming it would set it
    entered_by = author_user(user)
    entry = ENTRY_COLUMNS.params([
        game.pk, game.seq, change.kind, change.hand, change.payload, change.voids.pk if change.voids else None,
        entered_by.pk if entered_by else None, now, key, reply,
    ], connection)
    update = [*GAME_COLUMNS.params([getattr(game, name) for name in (*CACHE_FIELDS, "updated_at")], connection),
              game.pk]
    if connection.vendor == "postgresql":
        cursor.execute(BOTH, [*entry, *update])
    else:
        cursor.execute(ENTRY_INSERT, entry)
        cursor.execute(GAME_UPDATE, update)
