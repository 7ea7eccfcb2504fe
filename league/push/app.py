"""The push process's ASGI application: Server-Sent Events, read-only.

    GET /push/games/{id}    a game's live states (board.js)
    GET /push/nights/{id}   a match night's structure versions, and its games' live states (night.js)
    GET /push/cups/{id}     a league's cup pages' versions (night.js on the finals night's page)
    GET /push/divisions/{id}  a division's page versions (division.js)
    GET /push/health        200 while subscribed to Redis (always, fed in memory), else 503

On connect a stream sends the stored message first (a game's only when its
seq is past the Last-Event-ID the browser sent), then each announced one
newer than the last it sent: no gap, no duplicate, in order. Answers that
make a browser give the stream up and keep polling: 204 from a push
process without Redis (nothing is ever pushed to it), 503 while Redis is unreachable, 404 for an
address it does not serve. Public and without credentials, so any origin
may read it (PUSH_URL may point at another port than the pages')."""
import asyncio
import contextlib
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from league.push.hub import END, Followers, Listener, Stored
from league.push.quiet import Sweeper
from league.push.streams import KINDS, Announced, Kind, announced_state, event, game_entries, order, stored_states

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

STREAM = re.compile(r"^/push/(games|nights|cups|divisions)/([0-9]{1,18})$")
# How long a browser waits before reconnecting after a stream ends.
RETRY_MS = 2000
HEADERS = [
    (b"content-type", b"text/event-stream; charset=utf-8"),
    (b"cache-control", b"no-store"),
    (b"x-accel-buffering", b"no"),  # nginx: pass each event on at once
    (b"access-control-allow-origin", b"*"),
]


class PushApp:
    def __init__(self, hub: Followers | None) -> None:
        self.hub = hub  # None: nothing is pushed
        self.sweeper = Sweeper(hub) if hub is not None else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                if self.hub is not None:
                    self.hub.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self.hub is not None and self.sweeper is not None:
                    await self.sweeper.stop()
                    await self.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope["path"]
        if scope["method"] != "GET":
            return await _answer(send, 405, "The push streams are read-only.")
        if path == "/push/health":
            if self.hub is None:
                return await _answer(send, 503, "No REDIS_URL: nothing is pushed, the pages poll.")
            ready = await self.hub.wait_ready()
            return await _answer(send, 200 if ready else 503, "Listening." if ready else "Not subscribed to Redis.")
        match = STREAM.match(path)
        if match is None:
            return await _answer(send, 404, "No such stream.")
        if self.hub is None:
            return await _answer(send, 204, "")  # no Redis: nothing is pushed, the page polls
        if not await self.hub.wait_ready():
            return await _answer(send, 503, "Redis is unreachable: poll meanwhile.")
        kind, key = KINDS[match[1]], int(match[2])
        await self._stream(self.hub, kind, key, _last_event_id(scope), receive, send)

    async def _stream(self, hub: Followers, kind: Kind, key: int, last: int | None, receive: Receive, send: Send) -> None:
        # Listening before reading the store: what is announced meanwhile
        # waits in the queue, and what was announced before is in the store.
        listener = hub.listen(kind.channels(key))
        watcher = asyncio.create_task(_on_disconnect(receive, listener))
        assert self.sweeper is not None  # made with the hub
        try:
            await send({"type": "http.response.start", "status": 200, "headers": HEADERS})
            await _body(send, f"retry: {RETRY_MS}\n\n".encode())
            sent = Sent(kind, last)
            await sent.send_if_new(send, await self._stored(hub, kind, key))
            for state in await self._stored_games(hub, kind, key):
                await sent.send_game(send, state)
            self.sweeper.add(listener, (kind, key))
            while (data := await listener.queue.get()) is not END:
                if isinstance(data, Stored):
                    # A keep-alive: anything an announcement lost is in the store.
                    if not await sent.send_if_new(send, data.message):
                        await _body(send, b": keep-alive\n\n")
                elif kind.ordered:  # a game's state is sent as announced
                    await sent.send_announced(send, announced_state(data))
                elif kind.games is not None and (announced := announced_state(data)) is not None:
                    await sent.send_game(send, announced)  # a night's game's state, as announced
                else:  # a night or a league's cups read their versions again
                    await sent.send_if_new(send, await self._stored(hub, kind, key))
            await _body(send, b"", more=False)
        finally:
            watcher.cancel()
            self.sweeper.remove(listener)
            hub.forget(listener)

    async def _stored(self, hub: Followers, kind: Kind, key: int) -> dict[str, Any] | None:
        try:
            return kind.message(await hub.store.values(kind.entries(key)))
        except Exception as err:  # Redis down: the subscription's end follows
            log.warning("push: stored entry unreadable: %s", err)
            return None

    async def _stored_games(self, hub: Followers, kind: Kind, key: int) -> list[Announced]:
        """The stored states of a night's games (those its set lists), in the games' order."""
        if kind.games is None:
            return []
        try:
            ids = await hub.store.members(kind.games(key))
            return stored_states(await hub.store.values(game_entries(ids))) if ids else []
        except Exception as err:  # Redis down: the subscription's end follows
            log.warning("push: stored states unreadable: %s", err)
            return []


class Sent:
    """What a stream has sent: a game's seq, a night's version and each of its games' seq."""

    def __init__(self, kind: Kind, last: int | None) -> None:
        self.ordered = kind.ordered
        self.seq = last if kind.ordered else None
        self.version: Any = None
        self.games: dict[int, int] = {}

    async def send_if_new(self, send: Send, message: dict[str, Any] | None) -> bool:
        if message is None or not self._new(message):
            return False
        await _body(send, event(message, ordered=self.ordered))
        return True

    async def send_announced(self, send: Send, announced: Announced | None) -> bool:
        """A game's announced state, sent as it came when newer than the last sent."""
        if announced is None or (self.seq is not None and announced.seq <= self.seq):
            return False
        self.seq = announced.seq
        await _body(send, announced.event)
        return True

    async def send_game(self, send: Send, state: Announced) -> bool:
        """A night's game's state, sent without an id when newer than the last sent of that game."""
        if state.seq <= self.games.get(state.game, -1):
            return False
        self.games[state.game] = state.seq
        await _body(send, state.plain)
        return True

    def _new(self, message: dict[str, Any]) -> bool:
        if self.ordered:
            if self.seq is not None and order(message) <= self.seq:
                return False
            self.seq = order(message)
            return True
        if message == self.version:
            return False
        self.version = message
        return True


def _last_event_id(scope: Scope) -> int | None:
    for name, value in scope["headers"]:
        if name == b"last-event-id":
            with contextlib.suppress(ValueError):
                return int(value.decode("latin-1"))
    return None


async def _on_disconnect(receive: Receive, listener: Listener) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
    listener.end()


async def _body(send: Send, data: bytes, *, more: bool = True) -> None:
    await send({"type": "http.response.body", "body": data, "more_body": more})


async def _answer(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"access-control-allow-origin", b"*"),
                            *([(b"retry-after", b"30")] if status == 503 else [])]})
    await _body(send, text.encode(), more=False)
