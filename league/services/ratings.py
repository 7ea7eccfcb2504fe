"""Keeping player ratings up to date with the confirmed results
(docs/ratings.md).

Every change that can move a rating (a result confirmed or upheld, a
correction to a confirmed one, a cup game won or its win undone) calls
`ratings_queue` in its own transaction with the day of the game: that
marks the league's ratings behind from that day (the league's
`ratings_behind_from`, an outbox as a division's table has) and queues a
re-rate once it commits. The re-rate (`ratings_update`) locks the league
row, deletes the snapshots from the marked position on, and replays every
confirmed game from there, starting from each player's last snapshot
before it: a result confirmed after later ones, or a correction, re-rates
from its game on; a result confirmed in order rates only its own games.
A full re-rate is the same replay from the start, so the two agree by
construction (and a property test checks it). A mark the broker lost is
picked up by the beat task `ratings_catch_up`. A re-rate makes the
league's cached pages stale (`league.services.page_versions`).
"""
import logging
from datetime import date
from decimal import Decimal
from functools import partial

from django.db import transaction
from django.db.models import Value
from django.db.models.functions import Coalesce, Least

from league.authors import Author
from league.models import League, RatingSnapshot
from league.models.audit_actions import AuditAction
from league.ratings import day_start, position_parts, replay
from league.ratings.handicap import rule_problem
from league.refusals import SettingsInvalid
from league.selectors.access import secretary_refusal
from league.selectors.ratings import leagues_behind, rated_games, ratings_before
from league.services.audit import Refusal, audit_record
from league.services.page_versions import pages_changed, pages_changed_by
from league.tasks import ratings_update_task

log = logging.getLogger(__name__)

FROM_START = 0  # a position before every game: a full re-rate
MAX_MIN_GAMES = 500  # as the League field's validator says
CENTS = Decimal("0.01")  # the handicap rule's points per rating point are kept to two places


def ratings_queue(*, league_id: int, played_on: date) -> None:
    """Marks the league's ratings behind from that day, in the current
    transaction, and once it commits queues the re-rate."""
    _mark(league_id, day_start(played_on))


def ratings_rebuild_request(*, league_id: int, user: Author) -> League:
    """A secretary asks for every rating to be worked out afresh from the
    first game. Raises League.DoesNotExist or NotSecretary."""
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        refusal = secretary_refusal(league=league, user=user, doing="can re-rate its players")
        if refusal is None:
            _mark(league_id, FROM_START)
        audit_record(user=user, action=AuditAction.LEAGUE_RATINGS_REBUILD, target=league, refusal=refusal)
        if refusal is None:
            pages_changed_by(action=AuditAction.LEAGUE_RATINGS_REBUILD, target=league)
    if refusal is not None:
        raise refusal
    return league


def ratings_update(*, league_id: int) -> int:
    """Re-rates the league from the position it is marked behind from;
    returns the games rated (0 when it was up to date). Raises
    League.DoesNotExist."""
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        since = league.ratings_behind_from
        if since is None:
            return 0
        rated = _replay(league_id, since)
        League.objects.filter(pk=league_id).update(ratings_behind_from=None)
        pages_changed(leagues=[league_id])
    return rated


def ratings_rebuild(*, league_id: int) -> int:
    """Re-rates the league from its first game, at once (the manage
    command's and the benchmark's work); returns the games rated."""
    with transaction.atomic():
        League.objects.select_for_update(no_key=True).get(pk=league_id)
        rated = _replay(league_id, FROM_START)
        League.objects.filter(pk=league_id).update(ratings_behind_from=None)
        pages_changed(leagues=[league_id])
    return rated


def ratings_catch_up() -> int:
    """The beat task's work: every league still marked behind (a task the
    broker or a worker lost); returns how many were re-rated."""
    done = 0
    for league_id in leagues_behind():
        try:
            ratings_update(league_id=league_id)
        except League.DoesNotExist:
            continue
        done += 1
    return done


def _replay(league_id: int, since: int) -> int:
    """Deletes the snapshots from `since` on and writes them afresh."""
    start = None if since <= FROM_START else since
    RatingSnapshot.objects.filter(league_id=league_id, position__gte=since).delete()
    before = ratings_before(league_id=league_id, position=start) if start is not None else {}
    games = rated_games(league_id=league_id, since=start)
    rows = [RatingSnapshot(league_id=league_id, player_id=player, position=game.position,
                           played_on=_day(game.position), mu=rating.mu, sigma=rating.sigma, games=rating.games)
            for game, after in replay(games, before) for player, rating in after.items()]
    RatingSnapshot.objects.bulk_create(rows, batch_size=2000)
    return len(games)


def _mark(league_id: int, position: int) -> None:
    League.objects.filter(pk=league_id).update(
        ratings_behind_from=Least(Coalesce("ratings_behind_from", Value(position)), Value(position)))
    transaction.on_commit(partial(_send, league_id))


def _send(league_id: int) -> None:
    try:
        ratings_update_task.delay(league_id)
    except Exception as err:  # any broker failure: the mark is committed, the catch-up has it
        log.warning("ratings of league %s left for the catch-up: %s", league_id, err)


def _day(position: int) -> date:
    return position_parts(position)[0]


def rating_min_games_set(*, league_id: int, games: int, user: Author) -> League:
    """The games a player must have played before their rating shows on
    public pages. Raises League.DoesNotExist, NotSecretary or SettingsInvalid."""
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        refusal: Refusal | None = secretary_refusal(league=league, user=user, doing="can change its ratings' minimum")
        if refusal is None and not 0 <= games <= MAX_MIN_GAMES:
            refusal = SettingsInvalid(f"the minimum of games is from 0 to {MAX_MIN_GAMES}, not {games}")
        before = league.rating_min_games
        if refusal is None:
            league.rating_min_games = games
            league.save(update_fields=["rating_min_games"])
        audit_record(user=user, action=AuditAction.LEAGUE_RATING_MIN_GAMES, target=league, refusal=refusal,
                     data={"before": before, "after": games})
        if refusal is None:
            pages_changed_by(action=AuditAction.LEAGUE_RATING_MIN_GAMES, target=league)
    if refusal is not None:
        raise refusal
    return league


def handicap_rule_set(*, league_id: int, per_point: Decimal, step: int, most: int, user: Author) -> League:
    """The league's rule for the start a handicap cup's weaker side is
    given (league.ratings.handicap). Raises League.DoesNotExist,
    NotSecretary or SettingsInvalid; audited, refusals too."""
    with transaction.atomic():
        league = League.objects.select_for_update(no_key=True).get(pk=league_id)
        refusal: Refusal | None = secretary_refusal(league=league, user=user, doing="can change its handicap rule")
        problem = rule_problem(per_point, step, most)
        if refusal is None and problem is not None:
            refusal = SettingsInvalid(problem)
        before = _handicap_rule(league)
        if refusal is None:
            per_point = per_point.quantize(CENTS)
        after = {"per_point": str(per_point), "step": step, "most": most}
        if refusal is None and before != after:
            league.handicap_per_point, league.handicap_step, league.handicap_most = per_point, step, most
            league.save(update_fields=["handicap_per_point", "handicap_step", "handicap_most"])
        if refusal is not None or before != after:
            audit_record(user=user, action=AuditAction.LEAGUE_HANDICAP_RULE, target=league, refusal=refusal,
                         data={"before": before, "after": after})
            if refusal is None:
                pages_changed_by(action=AuditAction.LEAGUE_HANDICAP_RULE, target=league)
    if refusal is not None:
        raise refusal
    return league


def _handicap_rule(league: League) -> dict[str, object]:
    return {"per_point": str(Decimal(league.handicap_per_point).quantize(CENTS)),
            "step": league.handicap_step, "most": league.handicap_most}
