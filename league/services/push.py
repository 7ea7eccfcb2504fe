"""Announcing changes to the push process (league.push), which passes them
on to the spectators following them: a game's new live state (on its
channel, and on its match night's), a match night's new structure, a
league's cup pages' new version. Best effort: a message Redis loses is
caught up by the push process itself, which reads the stored state again
before each keep-alive and on every reconnection (docs/operations.md, "The
push process").

Without Redis there is no push process to announce to, but `make run`'s
single process serves the streams itself (config/run_asgi.py): it is
handed each announcement here, in memory (`receive_in_process`)."""
import json
import logging
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import redis

from league.selectors.push import push_redis_url, stored_entry

log = logging.getLogger(__name__)

_clients: dict[str, redis.Redis] = {}


@dataclass(frozen=True)
class Announcement:
    """One call's announcement, as the streams of this process are handed
    it: the ids to add to each named set (`night_games_key`), kept
    `listed_ttl` seconds from now, then each message's JSON on its channel,
    in order (a channel may come more than once)."""

    listed: dict[str, list[int]]
    listed_ttl: int
    messages: list[tuple[str, bytes]]


Receiver = Callable[[Announcement], None]
_receivers: list[Receiver] = []


def receive_in_process(receiver: Receiver) -> None:
    """Hands every announcement made in this process to `receiver` too,
    from whichever thread makes it."""
    _receivers.append(receiver)


def stop_receiving(receiver: Receiver) -> None:
    if receiver in _receivers:
        _receivers.remove(receiver)


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
    `listed` to each named set (a Redis set under the cache's full key, or
    this process's streams' own), kept `listed_ttl` seconds from now.
    Never raises: the change is stored already, and announcing is best effort."""
    url = push_redis_url()
    pairs = list(messages.items() if isinstance(messages, Mapping) else messages)
    if not pairs or (url is None and not _receivers):
        return
    made = Announcement({key: sorted(ids) for key, ids in (listed or {}).items() if ids}, listed_ttl,
                        [(channel, json.dumps(message, separators=(",", ":")).encode()) for channel, message in pairs])
    for receiver in list(_receivers):
        try:
            receiver(made)
        except Exception as err:
            log.warning("changes not announced to this process's streams: %s", err)
    if url is None:
        return
    try:
        pipeline = _client(url).pipeline(transaction=False)
        for key, ids in made.listed.items():
            pipeline.sadd(stored_entry(key), *ids)
            pipeline.expire(stored_entry(key), listed_ttl)
        for channel, message in made.messages:
            pipeline.publish(channel, message)
        pipeline.execute()
    except Exception as err:
        log.warning("changes not announced to the push process: %s", err)
