"""What each kind of stream sends: where its current message is stored,
which channels announce the next ones, and how two messages are ordered.

A game's messages are its live states, exactly as `GET /api/games/{id}/live`
answers them (names already as the privacy rules show them to anyone),
each with the game's `seq` as its event id: a reconnecting board sends the
last one it had as Last-Event-ID and is sent only newer states. An
announced state is sent as it came.

A match night's messages are the version of its structure, `{"frame":
...}`: the token of the night's frame (renewed by every change to the night
but a move's new score: `night_frame_key`) with the token of everything
(renewed by a change every page shows, such as a player hiding their name),
so that a page is told of both and fetches its fragment again. They carry
no order, only "changed": an announcement of a version on either channel
makes the stream read the stored tokens again and send them if they differ
from the last. Between them a night's stream sends its games' live states,
as a game's stream does but without an id (one seq would not do for
several games): on connecting, the stored state of each game listed in the
night's set of published games, then each announced on the night's
channel, each game's in seq order and none twice. A reconnecting page is
sent the stored states again, and keeps those newer than what it shows."""
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache.backends.redis import RedisSerializer

from league.selectors.push import (
    everything_channel,
    everything_entry,
    game_channel,
    game_state_entry,
    night_channel,
    night_frame_entry,
    night_games_entry,
)

# How the cache stores values (pickled, but plain integers), so the entries
# Django wrote can be read here without Django's synchronous cache client.
_stored = RedisSerializer()


@dataclass(frozen=True)
class Kind:
    channels: Callable[[int], list[str]]
    entries: Callable[[int], list[str]]
    # The message for the stored values (in the order of `entries`); None
    # for values it cannot be made of.
    message: Callable[[list[Any]], dict[str, Any] | None]
    ordered: bool  # messages carry the game's seq, sent as the event id; an announced one is sent as it came
    # The Redis set of the games whose states the stream sends too (a night's).
    games: Callable[[int], str] | None = None

    def stored(self, raws: list[bytes | str | None]) -> dict[str, Any] | None:
        """The message for the entries as Redis holds them (None for a missing one)."""
        return self.message([None if raw is None else _stored.loads(raw.encode() if isinstance(raw, str) else raw)
                             for raw in raws])


def _game_state(values: list[Any]) -> dict[str, Any] | None:
    [state] = values
    return state if isinstance(state, dict) and isinstance(state.get("seq"), int) else None


def _night_frame(values: list[Any]) -> dict[str, Any] | None:
    frame, everything = values
    if not isinstance(frame, str):
        return None
    return {"frame": f"{frame}.{everything}" if isinstance(everything, str) else frame}


KINDS = {
    "games": Kind(lambda pk: [game_channel(pk)], lambda pk: [game_state_entry(pk)], _game_state, ordered=True),
    "nights": Kind(lambda pk: [night_channel(pk), everything_channel()],
                   lambda pk: [night_frame_entry(pk), everything_entry()], _night_frame, ordered=False,
                   games=night_games_entry),
}


def order(message: dict[str, Any]) -> int:
    return int(message["seq"])


def event(message: dict[str, Any], *, ordered: bool) -> bytes:
    """One Server-Sent Event: the id (a game's seq) first, then the JSON."""
    data = json.dumps(message, separators=(",", ":"))
    return (f"id: {order(message)}\n" if ordered else "").encode() + f"data: {data}\n\n".encode()


@dataclass(frozen=True)
class Announced:
    seq: int
    event: bytes  # with the seq as its id: a game's stream
    game: int = 0
    plain: bytes = b""  # without an id: a night's stream


def state_events(message: dict[str, Any]) -> Announced | None:
    """A game's state as the events the streams send (None without the game's id)."""
    game = message.get("id")
    if not isinstance(game, int):
        return None
    return Announced(order(message), event(message, ordered=True), game, event(message, ordered=False))


@functools.lru_cache(maxsize=1024)
def announced_state(data: bytes) -> Announced | None:
    """A game's announced state as its events: decoded and encoded once, not
    once for each board or night following the game (the hub hands every
    one the same bytes). None for what is not a game's state (a night's
    new version)."""
    try:
        message = _game_state([json.loads(data)])
    except ValueError:
        return None
    return None if message is None else state_events(message)


def game_entries(ids: list[bytes | str]) -> list[str]:
    """The Redis keys of the stored states of the games a set lists."""
    return [game_state_entry(int(pk)) for pk in ids]


def stored_states(raws: list[bytes | str | None]) -> list[Announced]:
    """The games' stored states (as Redis holds them) as their events, those that are states."""
    found = (KINDS["games"].stored([raw]) for raw in raws)
    return [events for message in found if message is not None and (events := state_events(message)) is not None]
