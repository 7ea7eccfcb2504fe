"""The names of the push process's channels (league.push): one Redis
pub/sub channel a game, on which each live state the workers publish is
announced, one a match night, on which each new version of its structure
is and each of its games' states too, one a league's cup pages (the
finals night's page follows it), one a division's page (its table
rebuilt, a result in), and one for a change every page shows
(the version of everything).
Under the cache's own key prefix, so two deployments (or two test runs)
sharing a Redis never hear each other: pub/sub ignores Redis's databases."""
from django.conf import settings
from django.core.cache import cache


def game_channel(game_id: int) -> str:
    return str(cache.make_key(f"push:game:{game_id}"))


def night_channel(fixture_id: int) -> str:
    return str(cache.make_key(f"push:night:{fixture_id}"))


def cups_channel(league_id: int) -> str:
    return str(cache.make_key(f"push:cups:{league_id}"))


def division_channel(division_id: int) -> str:
    return str(cache.make_key(f"push:division:{division_id}"))


def everything_channel() -> str:
    return str(cache.make_key("push:everything"))


def every_channel() -> str:
    """The pattern a push process subscribes to: all of them at once."""
    return str(cache.make_key("push:*"))


def night_games_key(fixture_id: int) -> str:
    """The set of a match night's games that have a published state (their
    ids), named as a cache key is: the streams find them there, without the
    database. Written beside each announcement of their states
    (league.services.push), not through the cache: a Redis set, or the
    in-memory hub's own where there is no Redis (league.push.memory)."""
    return f"push:night-games:{fixture_id}"


def stored_entry(key: str) -> str:
    """The Redis key of a cache entry (the cache's full key): a game's
    published live state, a page's version, a night's set of games."""
    return str(cache.make_key(key))


def push_redis_url() -> str | None:
    """The Redis the channels and the entries are on: the cache's. None when
    the cache is not Redis (no REDIS_URL): there is nothing to push then."""
    default = settings.CACHES["default"]
    if default["BACKEND"] != "django.core.cache.backends.redis.RedisCache":
        return None
    return str(default["LOCATION"])
