"""The versions of what spectators' pages show, kept in the cache so that a
cached page can be answered without asking the database anything.

Terms: a *version* is an opaque token, replaced (never counted up) by
`league.services.page_versions` after every change a spectator could see.
Each cached page is stored under the versions it was rendered from: a
game's (its board), a fixture's (its match night and the night's live
fragment), a division's (its page), and `EVERYTHING`, which changes for
what shows on many pages at once (a team renamed, a player hiding their
name, a season added). A key the cache has lost is given a new token on
the next read: unknown counts as changed, so no page outlives its key.
"""
import uuid

from django.core.cache import cache

EVERYTHING = "pages:v:all"
# Longer than any page is kept; a key that expires only costs one render.
VERSION_TTL_SECONDS = 7 * 24 * 60 * 60


def game_key(game_id: int) -> str:
    return f"pages:v:game:{game_id}"


def fixture_key(fixture_id: int) -> str:
    return f"pages:v:fixture:{fixture_id}"


def division_key(division_id: int) -> str:
    return f"pages:v:division:{division_id}"


def new_token() -> str:
    return uuid.uuid4().hex


def page_versions(keys: list[str]) -> list[str]:
    """The current token of each key, in order, in one round trip when they
    are all known. Raises whatever the cache raises when it is down."""
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            token = new_token()
            # add, not set: a token another process just made wins, so both
            # store their pages under the same version.
            found[key] = token if cache.add(key, token, VERSION_TTL_SECONDS) else (cache.get(key) or token)
    return [str(found[key]) for key in keys]
