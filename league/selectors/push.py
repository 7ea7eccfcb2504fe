"""The names of the push process's channels (league.push): one Redis
pub/sub channel a game, on which each live state the workers publish is
announced, one a match night, on which each new version of its page is,
one a league's cup pages (the finals night's page follows it), and one
for a change every page shows (the version of everything).
Under the cache's own key prefix, so two deployments (or two test runs)
sharing a Redis never hear each other: pub/sub ignores Redis's databases."""
from django.conf import settings
from django.core.cache import cache

from league.selectors.games import live_state_key
from league.selectors.page_versions import EVERYTHING, cup_boards_key, fixture_key


def game_channel(game_id: int) -> str:
    return str(cache.make_key(f"push:game:{game_id}"))


def night_channel(fixture_id: int) -> str:
    return str(cache.make_key(f"push:night:{fixture_id}"))


def cups_channel(league_id: int) -> str:
    return str(cache.make_key(f"push:cups:{league_id}"))


def everything_channel() -> str:
    return str(cache.make_key("push:everything"))


def every_channel() -> str:
    """The pattern a push process subscribes to: all of them at once."""
    return str(cache.make_key("push:*"))


def game_state_entry(game_id: int) -> str:
    """The Redis key of a game's published live state (the cache's full key)."""
    return str(cache.make_key(live_state_key(game_id)))


def night_version_entry(fixture_id: int) -> str:
    """The Redis key of a match night's page version (the cache's full key)."""
    return str(cache.make_key(fixture_key(fixture_id)))


def cup_boards_entry(league_id: int) -> str:
    """The Redis key of the version of a league's cup boards (the cache's full key)."""
    return str(cache.make_key(cup_boards_key(league_id)))


def everything_entry() -> str:
    """The Redis key of the version of everything (the cache's full key)."""
    return str(cache.make_key(EVERYTHING))


def push_redis_url() -> str | None:
    """The Redis the channels and the entries are on: the cache's. None when
    the cache is not Redis (no REDIS_URL): there is nothing to push then."""
    default = settings.CACHES["default"]
    if default["BACKEND"] != "django.core.cache.backends.redis.RedisCache":
        return None
    return str(default["LOCATION"])
