"""The push streams without Redis, for `make run`'s single process
(config/run_asgi.py): the announcements this process makes (its requests
record the moves, and without a broker publish the live states themselves)
are handed to its streams in memory, and the stored entries are read from
its own cache, where the same requests stored them. A night's set of
games with a published state, a Redis set beside the push process, is
held by the store here, added to with the announcement it comes with.

Announcements come from the threads Django's views run in; each is passed
to the event loop the streams run on, in the order they were made. The
store is written before its announcement is made, as with Redis, so a
stream that reads the store and then hears the announcement sends it once.
Nothing is lost between processes because there is only the one: it is
not for production, where the web processes and the push processes are
many (docs/operations.md, "The push process")."""
import asyncio
import contextlib
import time
from typing import Any

from django.core.cache import cache

from league.push.hub import Followers
from league.services.push import Announcement, receive_in_process, stop_receiving


class MemoryStore:
    """The process's own cache (in memory without Redis: no wait worth an
    await), and the sets listed beside the announcements (a night's games),
    held here as Redis would hold them: each until `listed_ttl` seconds
    after its last addition. Touched from the event loop's thread only."""

    def __init__(self) -> None:
        self.sets: dict[str, tuple[float, set[int]]] = {}  # by name: when it expires, its ids

    async def values(self, keys: list[str]) -> list[Any]:
        found = cache.get_many(keys)
        return [found.get(key) for key in keys]

    async def members(self, key: str) -> list[int]:
        expires, ids = self.sets.get(key, (0.0, set()))
        if expires <= time.monotonic():
            self.sets.pop(key, None)
            return []
        return sorted(ids)

    def add(self, listed: dict[str, list[int]], ttl: int) -> None:
        until = time.monotonic() + ttl
        for key, ids in listed.items():
            expires, held = self.sets.get(key, (0.0, set()))
            self.sets[key] = (until, (held if expires > time.monotonic() else set()) | set(ids))

    async def aclose(self) -> None:
        pass


class MemoryHub(Followers):
    def __init__(self) -> None:
        super().__init__()
        self.memory = MemoryStore()
        self.store = self.memory
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        if self.loop is None:
            self.loop = asyncio.get_running_loop()
            receive_in_process(self.publish)

    async def wait_ready(self) -> bool:
        self.start()  # an application run without its lifespan starts on its first stream
        return True

    async def stop(self) -> None:
        stop_receiving(self.publish)
        self.loop = None
        await super().stop()

    def publish(self, announcement: Announcement) -> None:
        """Hands announcements to the streams (from any thread)."""
        loop = self.loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the process is stopping
            loop.call_soon_threadsafe(self._deliver_all, announcement)

    def _deliver_all(self, announcement: Announcement) -> None:
        # Listed first, announced second, as on Redis: a night's stream that
        # connects between the two finds the game and its stored state.
        self.memory.add(announcement.listed, announcement.listed_ttl)
        for channel, data in announcement.messages:
            self.deliver(channel, data)
