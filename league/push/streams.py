"""What each kind of stream sends: where its current message is stored,
which channel announces the next ones, and how two messages are ordered.

A game's messages are its live states, exactly as `GET /api/games/{id}/live`
answers them (names already as the privacy rules show them to anyone),
each with the game's `seq` as its event id: a reconnecting board sends the
last one it had as Last-Event-ID and is sent only newer states. A match
night's are its page's version tokens: a new one tells the page to fetch
its scores again; they carry no order, only "changed"."""
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.core.cache.backends.redis import RedisSerializer

from league.selectors.push import game_channel, game_state_entry, night_channel, night_version_entry

# How the cache stores values (pickled, but plain integers), so the entries
# Django wrote can be read here without Django's synchronous cache client.
_stored = RedisSerializer()


@dataclass(frozen=True)
class Kind:
    channel: Callable[[int], str]
    entry: Callable[[int], str]
    # The message for the stored value; None for a value it cannot be.
    message: Callable[[Any], dict[str, Any] | None]
    ordered: bool  # messages carry the game's seq, sent as the event id

    def stored(self, raw: bytes | str | None) -> dict[str, Any] | None:
        """The message for an entry as Redis holds it (None: no entry)."""
        if raw is None:
            return None
        return self.message(_stored.loads(raw.encode() if isinstance(raw, str) else raw))


def _game_state(value: Any) -> dict[str, Any] | None:
    return value if isinstance(value, dict) and isinstance(value.get("seq"), int) else None


def _night_version(value: Any) -> dict[str, Any] | None:
    return {"version": value} if isinstance(value, str) else None


KINDS = {
    "games": Kind(game_channel, game_state_entry, _game_state, ordered=True),
    "nights": Kind(night_channel, night_version_entry, _night_version, ordered=False),
}


def order(message: dict[str, Any]) -> int:
    return int(message["seq"])


def event(message: dict[str, Any], *, ordered: bool) -> bytes:
    """One Server-Sent Event: the id (a game's seq) first, then the JSON."""
    data = json.dumps(message, separators=(",", ":"))
    return (f"id: {order(message)}\n" if ordered else "").encode() + f"data: {data}\n\n".encode()
