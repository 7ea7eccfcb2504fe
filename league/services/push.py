"""Announcing changes to the push process (league.push), which passes them
on to the spectators following them: a game's new live state, a match
night's new page version. Best effort: a message Redis loses is caught up
by the push process itself, which reads the stored state again before each
keep-alive and on every reconnection (docs/operations.md, "The push
process").

Without Redis there is no push process to announce to, but `make run`'s
single process serves the streams itself (config/run_asgi.py): it is
handed each announcement here, in memory (`receive_in_process`)."""
import json
import logging
from collections.abc import Callable
from typing import Any

import redis

from league.selectors.push import push_redis_url

log = logging.getLogger(__name__)

_clients: dict[str, redis.Redis] = {}
# Each announcement, as {channel: JSON}, for the streams of this process.
Receiver = Callable[[dict[str, bytes]], None]
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


def announce(messages: dict[str, Any]) -> None:
    """Publishes each message (JSON) on its channel, in one round trip.
    Never raises: the change is stored already, and announcing is best effort."""
    url = push_redis_url()
    if not messages or (url is None and not _receivers):
        return
    encoded = {channel: json.dumps(message, separators=(",", ":")).encode() for channel, message in messages.items()}
    for receiver in list(_receivers):
        try:
            receiver(encoded)
        except Exception as err:
            log.warning("changes not announced to this process's streams: %s", err)
    if url is None:
        return
    try:
        pipeline = _client(url).pipeline(transaction=False)
        for channel, message in encoded.items():
            pipeline.publish(channel, message)
        pipeline.execute()
    except Exception as err:
        log.warning("changes not announced to the push process: %s", err)
