"""One Redis subscription a push process, shared by every stream it serves
(`Hub`); `Followers`, what any hub does with the streams, is shared with
the hub fed in memory by `make run`'s single process (league.push.memory).

The process subscribes once to every channel (a pattern), and hands each
announcement to the streams following that channel, through a small queue
each. A national night's announcements are a few hundred a second at most,
which one connection reads with ease; subscribing channel by channel as
viewers come and go would cost a round trip per viewer instead.

Faults, and why each loses nothing a client needs:
- Redis goes away: every stream is ended, and new ones are refused (503)
  until the subscription is back. The browsers reconnect, or poll meanwhile;
  on connecting they are sent the stored state first.
- A viewer too slow to take its messages (its queue full): its stream is
  ended, and it reconnects with the last id it had.
- An announcement lost on the way (the publisher could not reach Redis):
  each stream is handed its stored state again every KEEP_ALIVE_SECONDS
  (league.push.quiet) and sends it when it is newer than what it sent."""
import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import Any, Protocol

from django.core.cache.backends.redis import RedisSerializer
from redis import asyncio as aioredis

from league.selectors.push import stored_entry

log = logging.getLogger(__name__)

QUEUE_LENGTH = 32
RECONNECT_SECONDS = 1.0
READY_WAIT_SECONDS = 1.0
SILENCE_SECONDS = 15.0
# Stored entries are read over this many connections at most; a stream
# waits up to STORE_WAIT_SECONDS for one to be free (each read ahead of it
# ends within the socket timeout, so a long wait means a long line: the
# process busy opening thousands of streams, not Redis gone). Thousands of browsers
# reconnect together after a restart, and keep-alives fall due together:
# each read is one short round trip, so a few connections serve them in
# turn, where one connection a reader would run into Redis's and the pool's
# limits and the readers past them would be sent nothing.
STORE_CONNECTIONS = 20
STORE_WAIT_SECONDS = 30.0
END = None  # put in a listener's queue: its stream ends


@dataclass(frozen=True)
class Stored:
    """Put in a listener's queue by the keep-alive: its stored message (None when unreadable)."""

    message: dict[str, Any] | None


class Listener:
    def __init__(self, channels: list[str]) -> None:
        self.channels = channels
        self.queue: asyncio.Queue[bytes | Stored | None] = asyncio.Queue(QUEUE_LENGTH + 1)

    def end(self) -> None:
        """Ends the stream after what it already holds is dropped."""
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(END)

    def offer(self, data: bytes) -> None:
        if self.queue.qsize() >= QUEUE_LENGTH:
            self.end()  # too slow: it reconnects and catches up from the store
        else:
            self.queue.put_nowait(data)

    def offer_stored(self, message: dict[str, Any] | None) -> None:
        if self.queue.qsize() < QUEUE_LENGTH:  # else it is busy, not quiet
            self.queue.put_nowait(Stored(message))


class Store(Protocol):
    async def values(self, keys: list[str]) -> list[Any]:
        """The cache's values under these keys (as Django's cache names
        them), in order; None for a missing one. Raises when unreadable."""

    async def members(self, key: str) -> list[int]:
        """The ids listed in a set beside the announcements (a night's
        games: `night_games_key`), in order; none for a missing one."""

    async def aclose(self) -> None: ...


class RedisStore:
    """The cache's entries read straight from Redis, without Django's
    synchronous client, over at most STORE_CONNECTIONS connections with
    the short timeouts of everything else. Values are decoded as the
    cache stores them (pickled, but plain integers)."""

    serializer = RedisSerializer()

    def __init__(self, url: str) -> None:
        self.redis = aioredis.Redis.from_pool(aioredis.BlockingConnectionPool.from_url(
            url, max_connections=STORE_CONNECTIONS, timeout=STORE_WAIT_SECONDS,
            socket_connect_timeout=0.25, socket_timeout=0.5))

    async def values(self, keys: list[str]) -> list[Any]:
        raws = await self.redis.mget([stored_entry(key) for key in keys])
        return [None if raw is None else self.serializer.loads(raw.encode() if isinstance(raw, str) else raw)
                for raw in raws]

    async def members(self, key: str) -> list[int]:
        return sorted(int(pk) for pk in await self.redis.smembers(stored_entry(key)))

    async def aclose(self) -> None:
        await self.redis.aclose()


class Followers:
    """The streams following each channel, and the store their entries are
    read from. A subclass hears the announcements and `deliver`s them."""

    store: Store

    def __init__(self) -> None:
        self.listeners: dict[str, set[Listener]] = {}

    def start(self) -> None:
        """Begins hearing announcements (called by the application's startup)."""

    async def stop(self) -> None:
        self._end_all()
        await self.store.aclose()

    async def wait_ready(self) -> bool:
        """Whether announcements are heard, waiting a moment for it."""
        return True

    def listen(self, channels: list[str]) -> Listener:
        listener = Listener(channels)
        for channel in channels:
            self.listeners.setdefault(channel, set()).add(listener)
        return listener

    def forget(self, listener: Listener) -> None:
        for channel in listener.channels:
            followers = self.listeners.get(channel, set())
            followers.discard(listener)
            if not followers:
                self.listeners.pop(channel, None)

    def deliver(self, channel: str, data: bytes) -> None:
        for listener in list(self.listeners.get(channel, ())):
            listener.offer(data)

    def _end_all(self) -> None:
        for listener in {listener for followers in self.listeners.values() for listener in followers}:
            listener.end()


class Hub(Followers):
    """Hears every announcement under `pattern` on Redis, and reads the stored entries there."""

    def __init__(self, url: str, pattern: str) -> None:
        super().__init__()
        self.pattern = pattern
        self.store = RedisStore(url)
        # The subscription waits for announcements as long as it takes, and
        # pings Redis after SILENCE_SECONDS without one.
        self.subscriber = aioredis.Redis.from_url(url, socket_connect_timeout=0.25)
        self.ready = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self._subscribe())

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task
        await super().stop()
        await self.subscriber.aclose()

    async def wait_ready(self) -> bool:
        self.start()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.ready.wait(), READY_WAIT_SECONDS)
        return self.ready.is_set()

    async def _subscribe(self) -> None:
        while True:
            pubsub = self.subscriber.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.psubscribe(self.pattern)
                self.ready.set()
                log.info("push: subscribed to %s", self.pattern)
                while True:
                    message = await pubsub.get_message(timeout=SILENCE_SECONDS)
                    if message is None:
                        await pubsub.ping()  # raises on a connection gone silently dead
                    elif message["type"] == "pmessage":
                        self.deliver(message["channel"].decode(), message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as err:
                log.warning("push: Redis subscription lost (%s): streams end, clients reconnect", err)
            finally:
                self.ready.clear()
                self._end_all()
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(RECONNECT_SECONDS)
