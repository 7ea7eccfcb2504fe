"""The garbage collector, kept from stalling every stream at once.

A push process holds thousands of streams for hours, and each stream's
objects (its task, its queue, its coroutine's frames) live as long as it
does. Python's full collection walks every one of them: measured at about a
second over 5,000 streams on a loaded machine, during which no update is
delivered (benchmarks/README.md, `push.py`), enough on its own to put the
99th percentile of delivery past a second.

So every FREEZE_SECONDS the objects alive then are moved out of the
collector's sight (`gc.freeze()`): the long-lived streams stop being walked,
and a collection only walks what is new since. A stream that closes after
it was frozen is freed as usual by reference counting; only the cycles
among its objects wait, so every REFRESH_SECONDS the frozen objects are
handed back and collected once (one pause of the old length, rare enough
to stay out of the 99th percentile), then frozen again.

Only the push process's own entry point turns it on (`enable`): under
`make run` the same streams share a process with Django's pages, and tests
run them beside everything else, where freezing would only hold memory."""
import gc
import time
from collections.abc import Callable

FREEZE_SECONDS = 60.0
REFRESH_SECONDS = 600.0


class Collector:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.frozen_at = self.refreshed_at = clock()

    def tick(self) -> None:
        """Called often (each keep-alive sweep); acts when a period has passed."""
        now = self.clock()
        if now - self.refreshed_at >= REFRESH_SECONDS:
            gc.unfreeze()
            gc.collect()
            gc.freeze()
            self.frozen_at = self.refreshed_at = now
        elif now - self.frozen_at >= FREEZE_SECONDS:
            gc.freeze()
            self.frozen_at = now


_enabled: Collector | None = None


def enable() -> None:
    """Turns the freezing on in this process (config/push_asgi.py)."""
    global _enabled
    _enabled = Collector()


def tick() -> None:
    """What the keep-alive sweep calls each turn; nothing unless enabled."""
    if _enabled is not None:
        _enabled.tick()
