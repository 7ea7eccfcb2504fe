"""The names of the push process's channels (league.push): one Redis
pub/sub channel a game, on which each live state the workers publish is
announced, one a match night, on which each new version of its structure
is and each of its games' states too, and one for a change every page
shows (the version of everything).
Under the cache's own key prefix, so two deployments (or two test runs)
sharing a Redis never hear each other: pub/sub ignores Redis's databases."""
from django.conf import settings
from django.core.cache import cache

from league.selectors.games import live_state_key
from league.selectors.page_versions import EVERYTHING, night_frame_key


def game_channel(game_id: int) -> str:
    return str(cache.make_key(f"push:game:{game_id}"))


def night_channel(fixture_id: int) -> str:
    return str(cache.make_key(f"push:night:{fixture_id}"))


def everything_channel() -> str:
    return str(cache.make_key("push:everything"))


def every_channel() -> str:
    """The pattern a push process subscribes to: all of them at once."""
    return str(cache.make_key("push:*"))


def game_state_entry(game_id: int) -> str:
    """The Redis key of a game's published live state (the cache's full key)."""
    return str(cache.make_key(live_state_key(game_id)))


def night_frame_entry(fixture_id: int) -> str:
    """The Redis key of the version of a match night's structure (the cache's full key)."""
    return str(cache.make_key(night_frame_key(fixture_id)))


def night_games_entry(fixture_id: int) -> str:
    """The Redis key of the set of a match night's games that have a
    published state: the push process finds them there, without the database."""
    return str(cache.make_key(f"push:night-games:{fixture_id}"))


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
