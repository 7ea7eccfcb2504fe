"""Announcing changes to the push process (league.push), which passes them
on to the spectators following them: a game's new live state, a match
night's new page version. Best effort: a message Redis loses is caught up
by the push process itself, which reads the stored state again before each
keep-alive and on every reconnection (docs/operations.md, "The push
process"). Nothing to announce to without Redis: the pages poll then."""
import json
import logging
from typing import Any

import redis

from league.selectors.push import push_redis_url

log = logging.getLogger(__name__)

_clients: dict[str, redis.Redis] = {}


def _client(url: str) -> redis.Redis:
    # One connection pool a process, made on first use, with the short
    # timeouts everything touching Redis has (config/settings.py).
    if url not in _clients:
        _clients[url] = redis.Redis.from_url(url, socket_connect_timeout=0.25, socket_timeout=0.5)
    return _clients[url]


def announce(messages: dict[str, Any]) -> None:
    """Publishes each message (JSON) on its channel, in one round trip.
    Never raises: the change is stored already, and announcing is best effort."""
    url = push_redis_url()
    if not messages or url is None:
        return
    try:
        pipeline = _client(url).pipeline(transaction=False)
        for channel, message in messages.items():
            pipeline.publish(channel, json.dumps(message, separators=(",", ":")))
        pipeline.execute()
    except Exception as err:
        log.warning("changes not announced to the push process: %s", err)
