"""What each kind of stream sends: where its current message is stored,
which channels announce the next ones, and how two messages are ordered.

A game's messages are its live states, exactly as `GET /api/games/{id}/live`
answers them (names already as the privacy rules show them to anyone),
each with the game's `seq` as its event id: a reconnecting board sends the
last one it had as Last-Event-ID and is sent only newer states. An
announced state is sent as it came.

A match night's messages are its page's version: the fixture's token with
the token of everything (renewed by a change every page shows, such as a
player hiding their name), so that a page is told of both. They carry no
order, only "changed": an announcement on either channel makes the stream
read the stored tokens again and send them if they differ from the last.

A league's cup pages' messages are their version in the same way: the
token of its cup boards (renewed by every change to a cup game, a cup
fixture, a tie or a cup of the league) with the token of everything. The
finals night's page follows them."""
import functools
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from league.selectors.games import live_state_key
from league.selectors.page_versions import EVERYTHING, cup_boards_key, fixture_key
from league.selectors.push import cups_channel, everything_channel, game_channel, night_channel


@dataclass(frozen=True)
class Kind:
    channels: Callable[[int], list[str]]
    entries: Callable[[int], list[str]]  # the cache's keys of what the message is made of
    # The message for the stored values (in the order of `entries`, None
    # for a missing one); None for values it cannot be made of.
    message: Callable[[list[Any]], dict[str, Any] | None]
    ordered: bool  # messages carry the game's seq, sent as the event id; an announced one is sent as it came


def _game_state(values: list[Any]) -> dict[str, Any] | None:
    [state] = values
    return state if isinstance(state, dict) and isinstance(state.get("seq"), int) else None


def _page_version(values: list[Any]) -> dict[str, Any] | None:
    """A night's (or a league's cup pages') token with the token of everything."""
    own, everything = values
    if not isinstance(own, str):
        return None
    return {"version": f"{own}.{everything}" if isinstance(everything, str) else own}


KINDS = {
    "games": Kind(lambda pk: [game_channel(pk)], lambda pk: [live_state_key(pk)], _game_state, ordered=True),
    "nights": Kind(lambda pk: [night_channel(pk), everything_channel()],
                   lambda pk: [fixture_key(pk), EVERYTHING], _page_version, ordered=False),
    "cups": Kind(lambda pk: [cups_channel(pk), everything_channel()],
                 lambda pk: [cup_boards_key(pk), EVERYTHING], _page_version, ordered=False),
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
    event: bytes


@functools.lru_cache(maxsize=1024)
def announced_state(data: bytes) -> Announced | None:
    """A game's announced state as its event: decoded and encoded once, not
    once for each board following the game (the hub hands every one the
    same bytes). None for what is not a game's state."""
    try:
        message = _game_state([json.loads(data)])
    except ValueError:
        return None
    return None if message is None else Announced(order(message), event(message, ordered=True))
