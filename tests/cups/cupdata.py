"""Entrants and strategies shared by the cup tests."""
from __future__ import annotations

from hypothesis import strategies as st

from cups import Entrant

PUBS = ["Red Lion A", "Red Lion B", "Crown", "Swan", "Bell", "Plough", "George", "Kings Arms", "Feathers",
        "White Hart", "Royal Oak", "Black Horse", "Star", "Wheatsheaf", "Fox", "Anchor", "Ship"]


def entrants(count: int) -> list[Entrant]:
    """``count`` entrants with ids 101, 102... and pub names (numbered past the list)."""
    return [Entrant(100 + i, PUBS[i - 1] if i <= len(PUBS) else f"Team {i}") for i in range(1, count + 1)]


counts = st.integers(min_value=2, max_value=70)
seeds = st.integers(min_value=0, max_value=2**31 - 1)
