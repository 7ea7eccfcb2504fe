"""The versions of what spectators' pages show, kept in the cache so that a
cached page can be answered without asking the database anything.

Terms: a *version* is an opaque token, replaced (never counted up) by
`league.services.page_versions` after every change a spectator could see.
Each cached page is stored under the versions it was rendered from: a
game's (its board and its analysis), a fixture's (its match night and the
night's live fragment; renewed by every change to the night, a move's new
score included), a division's (its page and printable sheet), a
league's (its home, honours, cups, ratings and teams' pages: anything in
the league changed), a league's cup boards (the live scores its cup pages
show), a player's (the live scores of their games), `ANY_LEAGUE` (renewed
with every league's: a player's page shows the leagues they play in),
`ANY_GAME` (renewed with every game's, and when a game is made: the front
page lists the games being scored), and
`EVERYTHING`, which changes for what shows on many pages at once (a team
renamed, a player hiding their name, a season added). A key the cache has
lost is given a new token on the next read: unknown counts as changed, so
no page outlives its key.

A page whose address does not name its league (a team's, a cup's) finds
it with `league_of`, kept in the cache beside the versions.
"""
import uuid
from collections.abc import Callable, Iterable
from typing import Any

from django.core.cache import cache
from django.db.models import Q

from league.models import Competition, CupGame, Division, Fixture, League, Rubber, Team

EVERYTHING = "pages:v:all"
ANY_LEAGUE = "pages:v:leagues"
ANY_GAME = "pages:v:games"
# Longer than any page is kept; a key that expires only costs one render.
VERSION_TTL_SECONDS = 7 * 24 * 60 * 60


def game_key(game_id: int) -> str:
    return f"pages:v:game:{game_id}"


def fixture_key(fixture_id: int) -> str:
    return f"pages:v:fixture:{fixture_id}"


def night_frame_key(fixture_id: int) -> str:
    """The version of a match night's structure: renewed with the fixture's
    by every change to the night but a move's new score (a game started or
    finished, players named, a result submitted). No page is stored under
    it: it tells the night's pages following the push process when to
    fetch their fragment; they draw the scores from the games' states."""
    return f"pages:v:frame:{fixture_id}"


def division_key(division_id: int) -> str:
    return f"pages:v:division:{division_id}"


def league_key(league_id: int) -> str:
    return f"pages:v:league:{league_id}"


def cup_boards_key(league_id: int) -> str:
    return f"pages:v:cups:{league_id}"


def player_key(player_id: int) -> str:
    return f"pages:v:player:{player_id}"


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


# The league of a page's subject, by what its address names.
LEAGUE_OF: dict[str, Callable[[Any], Any]] = {
    "slug": lambda slug: League.objects.filter(slug=slug).values_list("pk", flat=True).first(),
    "team": lambda pk: Team.objects.filter(pk=pk).values_list("league_id", flat=True).first(),
    "division": lambda pk: Division.objects.filter(pk=pk).values_list("season__league_id", flat=True).first(),
    "competition": lambda pk: Competition.objects.filter(pk=pk).values_list("season__league_id", flat=True).first(),
}


def league_of(kind: str, value: str | int) -> int | None:
    """The league of the `kind` ("slug", "team", "division", "competition")
    named `value`, None when there is none. Kept in the cache with the
    version of `EVERYTHING` it was found under, and looked up again (one
    query) once that changes: a page rendered then is a miss anyway, and a
    league's address, or an id a restored database gave to another row,
    never leaves a page under another league's version. Raises whatever
    the cache raises when it is down."""
    key = f"pages:league-of:{kind}:{value}"
    found = cache.get_many([key, EVERYTHING])
    everything, kept = found.get(EVERYTHING), found.get(key)
    if kept is not None and everything is not None and kept[1] == everything:
        return int(kept[0])
    league_id = LEAGUE_OF[kind](value)
    if league_id is not None and everything is not None:
        cache.set(key, (league_id, everything), VERSION_TTL_SECONDS)
    return None if league_id is None else int(league_id)


def league_keys(kind: str, value: str | int, *, cups: bool = False) -> list[str]:
    """The versions of a page of the league of `value` (`league_of`): the
    league's, and with `cups` its cup boards'. For no such league (the page
    is a 404, never kept, unless the league comes meanwhile) `ANY_LEAGUE`."""
    league_id = league_of(kind, value)
    if league_id is None:
        return [ANY_LEAGUE]
    return [league_key(league_id), *([cup_boards_key(league_id)] if cups else [])]


# What a change reaches beyond what it names (league.services.page_versions).

def division_leagues(*, division_ids: list[int]) -> set[int]:
    """The leagues of these divisions (no query when there are none)."""
    if not division_ids:
        return set()
    return set(Division.objects.filter(pk__in=division_ids).values_list("season__league_id", flat=True))


def competition_leagues(*, competition_ids: list[int]) -> set[int]:
    if not competition_ids:
        return set()
    return set(Competition.objects.filter(pk__in=competition_ids).values_list("season__league_id", flat=True))


def cup_fixtures(*, competition_ids: Iterable[int] = (), tie_ids: Iterable[int] = ()) -> list[int]:
    """The fixtures (legs) of these competitions' ties and of these ties."""
    competition_ids, tie_ids = list(competition_ids), list(tie_ids)
    if not competition_ids and not tie_ids:
        return []
    return list(Fixture.objects.filter(Q(cup_tie__competition_id__in=competition_ids) | Q(cup_tie_id__in=tie_ids))
                .values_list("pk", flat=True))


def live_reach(*, game_ids: list[int], fixture_ids: list[int]) -> tuple[set[int], set[int]]:
    """The players of these games' rubbers (their pages show a game in
    play), and the leagues whose cup pages show these games or fixtures
    (a cup's singles or pairs games, its matches' nights). Two queries,
    none for nothing."""
    players: set[int] = set()
    cups: set[int] = set()
    if game_ids:
        for row in Rubber.objects.filter(games__game_id__in=game_ids).values_list(
                "home_player_id", "home_partner_id", "away_player_id", "away_partner_id"):
            players.update(pk for pk in row if pk is not None)
    if game_ids or fixture_ids:
        cups.update(Fixture.objects.filter(pk__in=fixture_ids, cup_tie__isnull=False)
                    .order_by().values_list("division__season__league_id", flat=True).union(
                        CupGame.objects.filter(game_id__in=game_ids).order_by()
                        .values_list("tie__competition__season__league_id", flat=True)))
    return players, cups
