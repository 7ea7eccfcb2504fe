"""Telling spectators' cached pages that what they show has changed: new
version tokens (`league.selectors.page_versions`) once the change commits,
so the next request renders afresh and a page is never served from before
a change that committed.

A service calls `pages_changed_by` where it makes a change it records in
the audit log, beside recording it: what goes stale follows from the
action (`AuditAction.stale`: nothing, or the pages showing its target) and
from the kind of its target. The writers that are not audited call
`pages_changed` themselves: publishing games' live states (after moves),
a move that wins a match night's game or undoes its win, rebuilding a
division's table and re-rating a league's players.
"""
import logging
from collections.abc import Iterable
from functools import partial

from django.core.cache import cache
from django.db import models, transaction

from league.models import Competition, CupTie, Division, Fixture, Game
from league.models.audit_actions import AuditAction, Stale
from league.selectors.page_versions import (
    ANY_GAME,
    ANY_LEAGUE,
    EVERYTHING,
    VERSION_TTL_SECONDS,
    competition_leagues,
    cup_boards_key,
    cup_fixtures,
    division_key,
    division_leagues,
    fixture_key,
    game_key,
    league_key,
    live_reach,
    new_token,
    night_frame_key,
    player_key,
)
from league.selectors.push import cups_channel, division_channel, everything_channel, night_channel
from league.services.push import announce

log = logging.getLogger(__name__)

def pages_changed(*, games: Iterable[int] = (), fixtures: Iterable[int] = (), divisions: Iterable[int] = (),
                  leagues: Iterable[int] = (), cup_leagues: Iterable[int] = (), everything: bool = False,
                  night_scores: Iterable[int] = (), tables: Iterable[int] = ()) -> None:
    """New versions, once the current transaction commits, for these and
    for what shows them: a game's players' pages and its cup's pages, a
    cup fixture's cup pages (as `cup_leagues`' cup pages), a division's
    league, with a league every player's page (`ANY_LEAGUE`) and with a
    game the front page (`ANY_GAME`). What they reach is read now, from the
    change's own transaction. Renewed on commit only: a page rendered
    before then, from the database as it stood, is stored under the old
    versions and never served after the commit.

    A fixture in `fixtures` has its night's structure renewed too, and
    announced to the night's pages (`night_frame_key`); one in
    `night_scores` (its games' new scores, which the night's pages
    following the push process draw from the states they are sent) only
    its version, for the pages polled and cached.

    A division in `tables` has had its table rebuilt: its page is renewed
    as in `divisions`, and announced to its readers (`division_channel`).
    Other changes to a division's page (a game started on one of its
    nights) are not announced: its readers would fetch it for nothing they
    see change, and its table follows each result within seconds."""
    tables = list(tables)
    games, fixtures, divisions = list(games), list(fixtures), list(divisions) + tables
    scores = [pk for pk in night_scores if pk not in fixtures]
    leagues = set(leagues) | division_leagues(division_ids=divisions)
    players, cups = live_reach(game_ids=games, fixture_ids=fixtures + scores)
    cups |= set(cup_leagues)
    keys = ([game_key(pk) for pk in games] + [fixture_key(pk) for pk in fixtures + scores]
            + [night_frame_key(pk) for pk in fixtures]
            + [division_key(pk) for pk in divisions] + [league_key(pk) for pk in sorted(leagues)]
            + [cup_boards_key(pk) for pk in sorted(cups)] + [player_key(pk) for pk in sorted(players)]
            + ([ANY_LEAGUE] if leagues else []) + ([ANY_GAME] if games else [])
            + ([EVERYTHING] if everything else []))
    if keys:
        transaction.on_commit(partial(_renew, keys, nights=fixtures, cups=sorted(cups), divisions=tables))


def pages_changed_by(*, action: AuditAction, target: models.Model | str | None) -> None:
    """What a change (`action` done to `target`) makes stale, when the
    action is one spectators see (`Stale.TARGET`): the fixture's night, its
    division's page and its league's; a division's page and its league's;
    a game's board; a cup's or a tie's league, its cup pages (a finals
    night's page follows them) and the tie's matches; for anything else,
    every page."""
    if action.stale is Stale.NOTHING:
        return
    if isinstance(target, Fixture):
        pages_changed(fixtures=[target.pk], divisions=[target.division_id])
    elif isinstance(target, Division):
        pages_changed(divisions=[target.pk])
    elif isinstance(target, Game):
        pages_changed(games=[target.pk])
    elif isinstance(target, Competition):
        leagues = competition_leagues(competition_ids=[target.pk])
        pages_changed(fixtures=cup_fixtures(competition_ids=[target.pk]), leagues=leagues, cup_leagues=leagues)
    elif isinstance(target, CupTie):
        leagues = competition_leagues(competition_ids=[target.competition_id])
        pages_changed(fixtures=cup_fixtures(tie_ids=[target.pk]), leagues=leagues, cup_leagues=leagues)
    else:
        pages_changed(everything=True)


def _renew(keys: list[str], *, nights: list[int], cups: list[int], divisions: list[int]) -> None:
    # The change is committed: a cache that is down must not undo it. The
    # pages it would have made stale are down with it, and any kept by a
    # cache that comes back expire (settings.SPECTATOR_CACHE_SECONDS).
    tokens = {key: new_token() for key in keys}
    try:
        cache.set_many(tokens, VERSION_TTL_SECONDS)
    except Exception as err:
        log.warning("cached pages not told of a change to %s: %s", keys, err)
        return
    # The match nights' pages open on a phone or the pub's TV fetch their
    # fragment again when told (league.push): these nights' structures, or
    # every night; and the finals nights' pages of the leagues whose cup
    # boards changed.
    told = {night_channel(pk): {"frame": tokens[night_frame_key(pk)]} for pk in nights}
    told |= {cups_channel(pk): {"version": tokens[cup_boards_key(pk)]} for pk in cups}
    told |= {division_channel(pk): {"version": tokens[division_key(pk)]} for pk in divisions}
    if EVERYTHING in tokens:
        told[everything_channel()] = {"version": tokens[EVERYTHING]}
    announce(told)
