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
night's set of published games (`night_games_key`), then each announced on
the night's channel, each game's in seq order and none twice. A
reconnecting page is sent the stored states again, and keeps those newer
than what it shows.

A league's cup pages' messages are their version, `{"version": ...}`, in
the way of a night's structure: the token of its cup boards (renewed by
every change to a cup game, a cup fixture, a tie or a cup of the league)
with the token of everything. The finals night's page follows them; they
carry no game's states. A division's page's messages are the same, of the
division's page version, announced when its table is rebuilt."""
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from league.selectors.games import live_state_key
from league.selectors.page_versions import EVERYTHING, cup_boards_key, division_key, night_frame_key
from league.selectors.push import (
    cups_channel,
    division_channel,
    everything_channel,
    game_channel,
    night_channel,
    night_games_key,
)


@dataclass(frozen=True)
class Kind:
    channels: Callable[[int], list[str]]
    entries: Callable[[int], list[str]]  # the cache's keys of what the message is made of
    # The message for the stored values (in the order of `entries`, None
    # for a missing one); None for values it cannot be made of.
    message: Callable[[list[Any]], dict[str, Any] | None]
    ordered: bool  # messages carry the game's seq, sent as the event id; an announced one is sent as it came
    # The set of the games whose states the stream sends too (a night's),
    # read through the hub's store.
    games: Callable[[int], str] | None = None


def _game_state(values: list[Any]) -> dict[str, Any] | None:
    [state] = values
    return state if isinstance(state, dict) and isinstance(state.get("seq"), int) else None


def _with_everything(name: str) -> Callable[[list[Any]], dict[str, Any] | None]:
    """The message `{name: token}` of a night's structure's (or a league's
    cup pages') token with the token of everything."""
    def message(values: list[Any]) -> dict[str, Any] | None:
        own, everything = values
        if not isinstance(own, str):
            return None
        return {name: f"{own}.{everything}" if isinstance(everything, str) else own}
    return message


KINDS = {
    "games": Kind(lambda pk: [game_channel(pk)], lambda pk: [live_state_key(pk)], _game_state, ordered=True),
    "nights": Kind(lambda pk: [night_channel(pk), everything_channel()],
                   lambda pk: [night_frame_key(pk), EVERYTHING], _with_everything("frame"), ordered=False,
                   games=night_games_key),
    "cups": Kind(lambda pk: [cups_channel(pk), everything_channel()],
                 lambda pk: [cup_boards_key(pk), EVERYTHING], _with_everything("version"), ordered=False),
    "divisions": Kind(lambda pk: [division_channel(pk), everything_channel()],
                      lambda pk: [division_key(pk), EVERYTHING], _with_everything("version"), ordered=False),
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


def game_entries(ids: list[int]) -> list[str]:
    """The cache's keys of the stored states of the games a set lists."""
    return [live_state_key(pk) for pk in ids]


def stored_states(values: list[Any]) -> list[Announced]:
    """The games' stored states (as the store hands them back) as their events, those that are states."""
    found = (_game_state([value]) for value in values)
    return [events for message in found if message is not None and (events := state_events(message)) is not None]
