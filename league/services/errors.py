"""What a write can refuse, independent of HTTP (the API maps them)."""
from typing import Any


class GameConflict(Exception):
    """The write does not fit the game as it now stands (a stale seq, shown
    tiles for a hand still being played, nothing to undo). Carries the
    current state so the client can catch up."""

    def __init__(self, message: str, state: dict[str, Any]) -> None:
        super().__init__(message)
        self.message = message
        self.state = state


class MoveRejected(Exception):
    """The rules engine refused the move; the message is the engine's own."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
