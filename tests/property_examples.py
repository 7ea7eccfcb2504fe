"""How many examples a property test tries. `make test` tries the number
each test names; `make test-fast` (a run that leaves out the slow tests)
loads the "fast" profile (tests/conftest.py) and tries a quarter of it,
never fewer than five, for quick feedback: the full number still runs
under `make test` and in CI."""
from hypothesis import settings

FAST = "fast"
# A property test that names no number tries Hypothesis's hundred; fast, this.
FAST_DEFAULT = 25


def examples(named: int) -> int:
    if settings.get_current_profile_name() != FAST:
        return named
    return max(named // 4, min(named, 5))
