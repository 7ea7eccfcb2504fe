"""Publishing games' live state to the cache, for spectators' scoreboards.

The outbox is the game row itself: every change raises the game's `seq` in
the change's own transaction, and `published_seq` says how far the workers
have published. So the work can never be lost, whatever happens to Redis:

- after commit, `live_kick` queues one `live_publish_pending` task, which
  publishes every game with `published_seq < seq`. A kick is queued at most
  once per KICK_WINDOW_SECONDS per process, with a countdown just past that
  window, so the task always runs after every change whose kick it stood in
  for; a busy match night costs the broker a few messages a second, not one
  per move. It never raises: with the broker down the scorer loses one
  failed connection (the socket timeouts in settings are short), and
- the beat task `live_catch_up` publishes whatever the broker missed.

Each state published is announced once on its game's channel
(`league.services.push`), for the push process to pass on to the boards
following the game, in seq order: the rows are locked while publishing.
A match night's game's state is announced on the night's channel too, in
the same round trip, for the night's pages (which draw its score from
it), and the game is listed in the night's set of published games, where
the push process finds the states to send a page on connecting.

Publishing also renews the versions of the games' boards, their match
nights' pages, their players' pages and their cups' pages
(`league.services.page_versions`): the spectators' cached pages move on
with the live states, not with each move. A night's structure is not
renewed here: a new score is all a published state changes on the night's
page but for a game won or its win undone, which the move itself renews
(`league.services.log`).

With no broker configured (tasks in-process) the kick publishes at once.
"""
import logging
import threading
import time
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from league.models import Game
from league.selectors.games import live_state_key
from league.selectors.matches import night_fixtures
from league.selectors.push import game_channel, night_channel, night_games_key
from league.selectors.seat_names import public_seats_of, with_seats
from league.selectors.state import game_state
from league.services.page_versions import pages_changed
from league.services.push import announce
from league.tasks import live_publish_pending_task

log = logging.getLogger(__name__)

KICK_WINDOW_SECONDS = 1.0
# Spectators' copies expire on their own if a game is forgotten.
LIVE_STATE_TTL_SECONDS = 6 * 60 * 60
BATCH = 500

_last_kick = 0.0
_kick_lock = threading.Lock()


def live_kick() -> None:
    """Queues the publishing of pending games (called after commit)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        live_publish_pending_task.apply()
        return
    global _last_kick
    with _kick_lock:
        now = time.monotonic()
        if now - _last_kick < KICK_WINDOW_SECONDS:
            return  # a queued task will run after this change: see the docstring
        _last_kick = now
    try:
        live_publish_pending_task.apply_async(countdown=KICK_WINDOW_SECONDS + 0.05, retry=False)
    except Exception as err:  # any broker failure: the beat task catches up
        log.warning("live state left for the catch-up: %s", err)


def live_publish_pending(*, older_than_seconds: float = 0) -> int:
    """Publishes the current state of every game whose last change is not
    yet published (and at least `older_than_seconds` old); returns how many.
    Raises when the cache is down: nothing is marked published then."""
    pending = Game.objects.filter(published_seq__lt=F("seq"))
    if older_than_seconds:
        pending = pending.filter(updated_at__lte=timezone.now() - timedelta(seconds=older_than_seconds))
    with transaction.atomic():
        # Locked while publishing, so two workers cannot overwrite a newer
        # state with an older one (a move on the game waits the three
        # round trips this takes); in id order, so two workers never deadlock.
        games = list(pending.select_for_update(no_key=True).order_by("pk")[:BATCH])
        if not games:
            return 0
        # Spectators' states: each name as its player chose to show it.
        seats = public_seats_of(games=games)
        states = {game.pk: with_seats(game_state(game=game), seats[game.pk]) for game in games}
        cache.set_many({live_state_key(pk): state for pk, state in states.items()}, LIVE_STATE_TTL_SECONDS)
        nights = {game.match_night_id for game in games if game.match_night_id is not None}
        fixtures = night_fixtures(night_ids=nights)
        of_night = {game.pk: fixtures[game.match_night_id] for game in games if game.match_night_id in fixtures}
        listed: dict[str, set[int]] = {}
        for pk, fixture_id in of_night.items():
            listed.setdefault(night_games_key(fixture_id), set()).add(pk)
        # Stored first, announced second: a board that connects between the
        # two reads the state and then drops its announcement as one it has.
        announce([*((game_channel(pk), state) for pk, state in states.items()),
                  *((night_channel(fixture_id), states[pk]) for pk, fixture_id in of_night.items())],
                 listed=listed, listed_ttl=LIVE_STATE_TTL_SECONDS)
        # The rows are locked, so each seq is still the one just published.
        Game.objects.filter(pk__in=[game.pk for game in games]).update(published_seq=F("seq"))
        # The match nights showing these games' scores are stale too.
        pages_changed(games=[game.pk for game in games], night_scores=sorted(set(of_night.values())))
    return len(games)


def live_catch_up() -> int:
    """The beat task's work: games the broker missed (an outage)."""
    return live_publish_pending(older_than_seconds=settings.LIVE_CATCH_UP_AFTER_SECONDS)
