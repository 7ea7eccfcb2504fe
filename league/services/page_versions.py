"""Telling spectators' cached pages that what they show has changed: new
version tokens (`league.selectors.page_versions`) once the change commits,
so the next request renders afresh and a page is never served from before
a change that committed.

Every audited change calls `pages_changed_by` (`league.services.audit`),
so a new service is covered as soon as it records what it did; the two
writers that are not audited call `pages_changed` themselves: publishing
games' live states (after moves) and rebuilding a division's table.
"""
import logging
from collections.abc import Iterable
from functools import partial

from django.core.cache import cache
from django.db import models, transaction

from league.models import Division, Fixture, Game
from league.selectors.page_versions import (EVERYTHING, VERSION_TTL_SECONDS, division_key, fixture_key, game_key,
                                            new_token)

log = logging.getLogger(__name__)

# Audited actions no public page shows: a login's invitations, its email
# notices and digests. Anything else counts as seen.
UNSEEN_ACTIONS = ("invite.", "notice.", "notices.", "digest.")


def pages_changed(*, games: Iterable[int] = (), fixtures: Iterable[int] = (), divisions: Iterable[int] = (),
                  everything: bool = False) -> None:
    """New versions for these, at once and again once the current
    transaction commits: the first for readers inside the transaction (a
    test's), the second because a page rendered meanwhile, from the
    database as it stood before the commit, was stored under the first."""
    keys = ([game_key(pk) for pk in games] + [fixture_key(pk) for pk in fixtures]
            + [division_key(pk) for pk in divisions] + ([EVERYTHING] if everything else []))
    if not keys:
        return
    if transaction.get_connection().in_atomic_block:
        _renew(keys)
    transaction.on_commit(partial(_renew, keys))


def pages_changed_by(*, action: str, target: models.Model | str | None) -> None:
    """What an audited change (`action` done to `target`) makes stale: the
    fixture's night and its division's page, a division's page, a game's
    board; for anything else, every page."""
    if action.startswith(UNSEEN_ACTIONS):
        return
    if isinstance(target, Fixture):
        pages_changed(fixtures=[target.pk], divisions=[target.division_id])
    elif isinstance(target, Division):
        pages_changed(divisions=[target.pk])
    elif isinstance(target, Game):
        pages_changed(games=[target.pk])
    else:
        pages_changed(everything=True)


def _renew(keys: list[str]) -> None:
    # The change is committed: a cache that is down must not undo it. The
    # pages it would have made stale are down with it, and any kept by a
    # cache that comes back expire (settings.SPECTATOR_CACHE_SECONDS).
    try:
        cache.set_many({key: new_token() for key in keys}, VERSION_TTL_SECONDS)
    except Exception as err:
        log.warning("cached pages not told of a change to %s: %s", keys, err)
