"""Delivering outbox messages (see `league.models.outbox`).

`outbox_publish` runs after commit and only hands the message to the broker;
it never raises, so a broker outage costs the scorer one failed connection
(milliseconds: the socket timeouts in settings are short) and the row waits
for `outbox_catch_up`. `outbox_deliver` is the work itself, run by a worker.
"""
import logging
from datetime import timedelta

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from league.models import Game, OutboxMessage
from league.selectors.games import live_state_key
from league.selectors.state import game_state

log = logging.getLogger(__name__)

# Spectators' copies expire on their own if a game is forgotten.
LIVE_STATE_TTL_SECONDS = 6 * 60 * 60


def outbox_publish(*, message_id: int) -> bool:
    """Queues delivery of a message; False when the broker could not take it."""
    from league.tasks import outbox_deliver_task  # the tasks import the services

    try:
        outbox_deliver_task.apply_async(args=[message_id], retry=False)
    except Exception as err:  # any broker failure: the beat task catches up
        log.warning("outbox message %s left for catch-up: %s", message_id, err)
        return False
    return True


def outbox_deliver(*, message_id: int) -> bool:
    """Publishes the game's live state to the cache for spectators and marks
    the message done. Publishes the state as it is now, not as it was when
    the message was written, so late or repeated deliveries are harmless.
    False when the message was already delivered."""
    with transaction.atomic():
        message = OutboxMessage.objects.select_for_update().filter(pk=message_id, published_at=None).first()
        if message is None:
            return False
        game = Game.objects.get(pk=message.game_id)
        # Raises while the cache is down: the transaction rolls back and the
        # message stays for a retry or the catch-up.
        cache.set(live_state_key(game.pk), game_state(game=game), LIVE_STATE_TTL_SECONDS)
        OutboxMessage.objects.filter(pk=message.pk).update(published_at=timezone.now())
    return True


def outbox_catch_up(*, older_than_seconds: int | None = None, limit: int = 500) -> int:
    """Delivers messages the broker missed; returns how many it delivered."""
    if older_than_seconds is None:
        older_than_seconds = settings.OUTBOX_CATCH_UP_AFTER_SECONDS
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    pending = list(
        OutboxMessage.objects.filter(published_at=None, created_at__lte=cutoff)
        .order_by("created_at")
        .values_list("pk", flat=True)[:limit]
    )
    delivered = 0
    for pk in pending:
        try:
            delivered += outbox_deliver(message_id=pk)
        except Exception as err:  # the cache is down again: try next round
            log.warning("outbox catch-up stopped after %s messages: %s", delivered, err)
            break
    return delivered
