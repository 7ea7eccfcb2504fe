"""The push process keeps the garbage collector from walking its long-lived
streams (league/push/collector.py): what lives past a minute is frozen, and
cycles left by streams that closed meanwhile are still freed, within the
refresh period."""
import gc
import weakref
from collections.abc import Iterator

import pytest

from league.push import collector as collector_module
from league.push.collector import FREEZE_SECONDS, REFRESH_SECONDS, Collector


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Stream:
    """Stands for a closed stream's objects: a cycle, freed only by a collection."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def clock() -> Iterator[Clock]:
    yield Clock()
    gc.unfreeze()  # nothing frozen here outlives the test


def test_objects_alive_after_a_minute_are_taken_out_of_the_collectors_walk(clock: Clock) -> None:
    collector = Collector(clock)
    frozen = gc.get_freeze_count()
    clock.now += FREEZE_SECONDS - 1
    collector.tick()
    assert gc.get_freeze_count() == frozen
    clock.now += 1
    collector.tick()
    assert gc.get_freeze_count() > frozen


def test_a_cycle_frozen_with_a_stream_that_then_closed_is_freed_at_the_refresh(clock: Clock) -> None:
    collector = Collector(clock)
    stream = Stream()
    closed = weakref.ref(stream)
    clock.now += FREEZE_SECONDS
    collector.tick()
    del stream
    gc.collect()
    assert closed() is not None  # frozen: no collection walks it
    clock.now += REFRESH_SECONDS
    collector.tick()
    assert closed() is None


def test_nothing_is_frozen_in_a_process_that_did_not_turn_it_on(clock: Clock) -> None:
    frozen = gc.get_freeze_count()
    collector_module.tick()
    assert gc.get_freeze_count() == frozen
