"""The push streams without Redis, for `make run`'s single process
(config/run_asgi.py): the announcements this process makes (its requests
record the moves, and without a broker publish the live states themselves)
are handed to its streams in memory, and the stored entries are read from
its own cache, where the same requests stored them.

Announcements come from the threads Django's views run in; each is passed
to the event loop the streams run on, in the order they were made. The
store is written before its announcement is made, as with Redis, so a
stream that reads the store and then hears the announcement sends it once.
Nothing is lost between processes because there is only the one: it is
not for production, where the web processes and the push processes are
many (docs/operations.md, "The push process")."""
import asyncio
import contextlib
from typing import Any

from django.core.cache import cache

from league.push.hub import Followers
from league.services.push import receive_in_process, stop_receiving


class MemoryStore:
    """The process's own cache (in memory without Redis: no wait worth an await)."""

    async def values(self, keys: list[str]) -> list[Any]:
        found = cache.get_many(keys)
        return [found.get(key) for key in keys]

    async def aclose(self) -> None:
        pass


class MemoryHub(Followers):
    def __init__(self) -> None:
        super().__init__()
        self.store = MemoryStore()
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

    def publish(self, messages: dict[str, bytes]) -> None:
        """Hands announcements to the streams (from any thread)."""
        loop = self.loop
        if loop is None:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: the process is stopping
            loop.call_soon_threadsafe(self._deliver_all, messages)

    def _deliver_all(self, messages: dict[str, bytes]) -> None:
        for channel, data in messages.items():
            self.deliver(channel, data)
