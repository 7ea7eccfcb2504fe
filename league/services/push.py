"""Announcing changes to the push process (league.push), which passes them
on to the spectators following them: a game's new live state (on its
channel, and on its match night's), a match night's new structure. Best effort: a message Redis loses is caught up
by the push process itself, which reads the stored state again before each
keep-alive and on every reconnection (docs/operations.md, "The push
process"). Nothing to announce to without Redis: the pages poll then."""
import json
import logging
from collections.abc import Collection, Iterable, Mapping
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


def announce(messages: Mapping[str, Any] | Iterable[tuple[str, Any]], *,
             listed: Mapping[str, Collection[int]] | None = None, listed_ttl: int = 0) -> None:
    """Publishes each message (JSON) on its channel (a channel may come more
    than once, in pairs), in one round trip; before them, adds the ids
    `listed` to each named Redis set, kept `listed_ttl` seconds from now.
    Never raises: the change is stored already, and announcing is best effort."""
    url = push_redis_url()
    pairs = list(messages.items() if isinstance(messages, Mapping) else messages)
    if not pairs or url is None:
        return
    try:
        pipeline = _client(url).pipeline(transaction=False)
        for key, ids in (listed or {}).items():
            pipeline.sadd(key, *ids)
            pipeline.expire(key, listed_ttl)
        for channel, message in pairs:
            pipeline.publish(channel, json.dumps(message, separators=(",", ":")))
        pipeline.execute()
    except Exception as err:
        log.warning("changes not announced to the push process: %s", err)
