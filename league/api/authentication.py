"""Token authentication for the tablets, with the token's user remembered
for a few seconds in each process.

A scorer's tablet sends a move every few seconds, each with the same token;
looking the token up every time costs more than recording the move. The
price: a token deleted, or a user deactivated, is still honoured by a
process that checked it in the last TOKEN_TTL_SECONDS.
"""
import threading
import time
from typing import Any

from rest_framework.authentication import TokenAuthentication

TOKEN_TTL_SECONDS = 30.0
MAX_TOKENS = 10_000


class CachedTokenAuthentication(TokenAuthentication):
    _seen: dict[str, tuple[float, tuple[Any, Any]]] = {}
    _lock = threading.Lock()

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        now = time.monotonic()
        hit = self._seen.get(key)
        if hit is not None and hit[0] > now:
            return hit[1]
        # Raises AuthenticationFailed for an unknown token or inactive user.
        found = super().authenticate_credentials(key)
        with self._lock:
            if len(self._seen) >= MAX_TOKENS:
                self._seen.clear()
            self._seen[key] = (now + TOKEN_TTL_SECONDS, found)
        return found

    @classmethod
    def forget_all(cls) -> None:
        with cls._lock:
            cls._seen.clear()
