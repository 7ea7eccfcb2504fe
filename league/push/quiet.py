"""Keep-alives: what each stream is sent while nothing is announced.

Every KEEP_ALIVE_SECONDS each stream is handed its stored message, read
again from Redis: sent when newer than what it has (an announcement was
lost on the way), else a comment that keeps proxies from closing the
connection as idle. The streams are dealt into SLICES slices as they open,
and one slice is swept each KEEP_ALIVE_SECONDS / SLICES, with one Redis
read for all of its games and nights: thousands of streams opened together
(a restart, the start of a night) would otherwise fall due together, and
each read the store for itself, stalling every delivery behind them."""
import asyncio
import logging
from typing import Any

from league.push.hub import Followers, Listener
from league.push.streams import Kind

log = logging.getLogger(__name__)

KEEP_ALIVE_SECONDS = 15.0
SLICES = 15

Followed = tuple[Kind, int]  # a stream's kind and its game's, fixture's or league's id


class Sweeper:
    def __init__(self, hub: Followers) -> None:
        self.hub = hub
        self.slices: list[dict[Listener, Followed]] = [{} for _ in range(SLICES)]
        self.dealt = 0
        self.task: asyncio.Task[None] | None = None

    def add(self, listener: Listener, followed: Followed) -> None:
        self.slices[self.dealt % SLICES][listener] = followed
        self.dealt += 1
        if self.task is None:
            self.task = asyncio.create_task(self._sweep())

    def remove(self, listener: Listener) -> None:
        for streams in self.slices:
            if streams.pop(listener, None) is not None:
                return

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    async def _sweep(self) -> None:
        turn = 0
        while True:
            await asyncio.sleep(KEEP_ALIVE_SECONDS / SLICES)
            streams = self.slices[turn % SLICES]
            turn += 1
            if streams:
                stored = await self._stored(set(streams.values()))
                for listener, followed in list(streams.items()):
                    listener.offer_stored(stored.get(followed))

    async def _stored(self, followed: set[Followed]) -> dict[Followed, dict[str, Any] | None]:
        """Each followed game's or night's stored message, in one read."""
        order = list(followed)
        entries = [entry for kind, key in order for entry in kind.entries(key)]
        messages: dict[Followed, dict[str, Any] | None] = {}
        try:
            values = await self.hub.store.values(entries)
            at = 0
            for kind, key in order:
                width = len(kind.entries(key))
                messages[(kind, key)] = kind.message(values[at:at + width])
                at += width
        except Exception as err:  # Redis down: the subscription's end follows
            log.warning("push: stored entries unreadable: %s", err)
        return messages
