"""Spectators' pages from the cache (league.pages.spectator_cache): a repeat
visit by someone not logged in costs no SQL, a browser's current copy is
answered 304, every change a spectator would notice shows at once, a
logged-in captain's page and the public's never cross, and the pages still
render when the cache is down. Run with REDIS_URL set, the cache is Redis;
without, Django's in-memory cache."""
import random
import socket
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.utils import timezone
from forms import browser, text
from in_process import committing
from matchnights import Night, a_match_night, sheet_entered, submitted_five_four
from tablets import post_move, tablet_for

from league.services.fixtures import fixture_rearrange
from league.services.match_games import rubber_game_start
from league.services.privacy import player_name_shown_set
from league.services.results import match_confirm
from league.services.sanctions import sanction_apply
from league.services.standings import division_standings_rebuild
from scoring.simulate import random_game

PLAIN = ["singles"] * 9


@pytest.fixture
def night(db: None) -> Night:
    """A night whose team sheet is entered and whose first rubber is being
    played live."""
    night = a_match_night("plain", points_scheme="solihull")
    sheet_entered(night, PLAIN)
    night.game_id = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer).game_id
    return night


@pytest.fixture
def submitted(db: None) -> Night:
    night = a_match_night("plain", points_scheme="solihull")
    submitted_five_four(night)
    return night


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Any) -> Callable[[], Any]:
    """Runs what a change queues on commit, tasks in-process, as production does."""
    return committing(django_capture_on_commit_callbacks)


def division_page(night: Night) -> str:
    return f"/divisions/{night.division.pk}/"


def night_page(night: Night) -> str:
    return f"/fixtures/{night.fixture.pk}/night"


def night_live(night: Night) -> str:
    return f"/fixtures/{night.fixture.pk}/night/live"


def board(night: Night) -> str:
    return f"/games/{night.game_id}/board"


def uncached(path: str) -> bytes:
    with override_settings(SPECTATOR_CACHE=False):
        response = Client().get(path)
    assert response.status_code == 200
    return bytes(response.content)


# A hit costs nothing

@pytest.mark.parametrize("page", [division_page, night_page, night_live, board], ids=lambda page: page.__name__)
def test_a_repeat_visit_by_the_public_makes_no_sql_query(night: Night, page: Callable[[Night], str],
                                                       django_assert_num_queries: Any) -> None:
    first = Client().get(page(night))
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    with django_assert_num_queries(0):
        again = Client().get(page(night))
    assert again.status_code == 200
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert again["Content-Type"] == first["Content-Type"]
    assert again["Cache-Control"] == "no-cache" and "Cookie" in again["Vary"]


@pytest.mark.parametrize("page", [division_page, night_live, board], ids=lambda page: page.__name__)
def test_a_browser_whose_copy_is_current_gets_304_with_no_body_and_no_query(
        night: Night, page: Callable[[Night], str], django_assert_num_queries: Any) -> None:
    etag = Client().get(page(night))["ETag"]
    with django_assert_num_queries(0):
        response = Client().get(page(night), HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response.content == b""
    assert response["ETag"] == etag


def test_a_browser_with_an_older_copy_gets_the_page(night: Night) -> None:
    response = Client().get(night_live(night), HTTP_IF_NONE_MATCH='W/"an-older-one"')
    assert response.status_code == 200 and b"Rubbers" in response.content


def test_the_leaderboard_choice_is_a_page_of_its_own(night: Night) -> None:
    plain = Client().get(division_page(night))
    chosen = Client().get(division_page(night), {"order": "fifteens"})
    assert chosen["ETag"] != plain["ETag"]
    assert chosen.content == uncached(division_page(night) + "?order=fifteens")


def test_a_query_the_page_does_not_read_is_rendered_and_not_kept(night: Night) -> None:
    response = Client().get(division_page(night), {"utm_source": "poster"})
    assert response.status_code == 200 and not response.has_header("ETag")


def test_with_the_cache_turned_off_every_visit_is_rendered(night: Night, django_assert_max_num_queries: Any) -> None:
    with override_settings(SPECTATOR_CACHE=False):
        Client().get(division_page(night))
        response = Client().get(division_page(night))
    assert response.status_code == 200 and not response.has_header("ETag")


def test_a_page_that_is_not_found_is_not_kept(db: None) -> None:
    assert Client().get("/divisions/999999/").status_code == 404
    assert not Client().get("/divisions/999999/").has_header("ETag")


# Every change a spectator would notice shows at once

def confirm(night: Night) -> None:
    match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)


def rebuild(night: Night) -> None:
    division_standings_rebuild(division_id=night.division.pk)


def rearrange(night: Night) -> None:
    fixture_rearrange(fixture_id=night.fixture.pk, new_date=timezone.localdate() + timedelta(days=9),
                      reason="Pub closed for a wedding", user=night.secretary)


def hide_name(night: Night) -> None:
    player_name_shown_set(player_id=night.home_players[0].pk, shown="hidden", user=night.secretary)


def sanction(night: Night) -> None:
    sanction_apply(division_id=night.division.pk, team_id=night.home.pk, points=2, reason="Late start",
                   user=night.secretary)


def move(night: Night) -> None:
    tablet = tablet_for(night.home_scorer)
    game = tablet.get(f"/api/games/{night.game_id}").json()
    first = random_game(random.Random(3), game["rules"], seats=2)["hands"][0]["moves"][0]
    assert post_move(tablet, night.game_id, first, seq=game["seq"]).status_code == 201


def rename_in_the_admin(night: Night) -> None:
    staff = Client()
    staff.force_login(get_user_model().objects.create_superuser("root", password="pw"))
    team = night.home
    response = staff.post(f"/admin/league/team/{team.pk}/change/",
                          {"league": team.league_id, "name": "Red Lion Aces", "home_venue": team.home_venue_id})
    assert response.status_code == 302


def confirmed_not_rebuilt(night: Night) -> None:
    """The result confirmed, its table rebuild not yet run."""
    confirm(night)


CHANGES = [
    # (what changed, the night it changes, what is done before looking, the change, the pages that show it)
    ("a result confirmed", "submitted", None, confirm, [division_page, night_page, night_live]),
    ("a table rebuilt", "submitted", confirmed_not_rebuilt, rebuild, [division_page]),
    ("a move scored", "night", None, move, [night_page, night_live]),
    ("a fixture rearranged", "night", None, rearrange, [division_page, night_page]),
    ("a player hiding their name", "night", None, hide_name, [night_page, night_live]),
    ("a sanction", "submitted", confirm, sanction, [division_page]),
    ("a team renamed in the admin", "night", None, rename_in_the_admin, [division_page, night_page]),
]


@pytest.mark.parametrize(("kind", "base", "before", "change", "pages"), CHANGES, ids=[row[0] for row in CHANGES])
def test_a_change_a_spectator_would_notice_shows_at_once(
        request: pytest.FixtureRequest, commit: Callable[[], Any], kind: str, base: str,
        before: Callable[[Night], None] | None, change: Callable[[Night], None],
        pages: list[Callable[[Night], str]]) -> None:
    night = request.getfixturevalue(base)
    if before is not None:
        before(night)
    shown = {page: Client().get(page(night)).content for page in pages}
    assert all(Client().get(page(night)).content == shown[page] for page in pages)  # served from the cache
    with commit():
        change(night)
    for page in pages:
        now = Client().get(page(night)).content
        assert now != shown[page], f"{kind}: {page.__name__} unchanged"
        assert now == uncached(page(night)), f"{kind}: {page.__name__} is not the page as it stands"


def test_a_hidden_name_leaves_the_cached_night_at_once(night: Night, commit: Callable[[], Any]) -> None:
    name = night.home_players[0].name
    assert name in text(Client().get(night_live(night)))
    with commit():
        hide_name(night)
    assert name not in text(Client().get(night_live(night)))
    assert name not in text(Client().get(night_page(night)))


# A captain's page and the public's never cross

def test_a_captain_gets_their_forms_after_the_public_page_was_cached(night: Night) -> None:
    public = Client().get(night_page(night))
    assert b"csrfmiddlewaretoken" not in public.content
    captain = browser(night.home_captain).get(night_page(night), HTTP_IF_NONE_MATCH=public["ETag"])
    assert captain.status_code == 200 and b"csrfmiddlewaretoken" in captain.content
    assert not captain.has_header("ETag") and "private" in captain["Cache-Control"]


def test_the_public_never_gets_a_captains_page(night: Night) -> None:
    assert b"csrfmiddlewaretoken" in browser(night.home_captain).get(night_page(night)).content
    for _ in range(2):
        assert b"csrfmiddlewaretoken" not in Client().get(night_page(night)).content


def test_a_logged_in_reader_of_the_live_fragment_is_never_kept(night: Night) -> None:
    response = browser(night.home_captain).get(night_live(night))
    assert response.status_code == 200 and "no-store" in response["Cache-Control"]


# The cache down

def a_dead_redis_url() -> str:
    """A local port nobody listens on: every connection is refused at once."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"redis://127.0.0.1:{port}/0"


@pytest.fixture
def cache_down() -> Any:
    caches = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": a_dead_redis_url(),
                          "OPTIONS": {"socket_connect_timeout": 0.25, "socket_timeout": 0.5}}}
    with override_settings(CACHES=caches):
        yield


@pytest.mark.parametrize("page", [division_page, night_page, night_live, board], ids=lambda page: page.__name__)
def test_pages_render_uncached_while_the_cache_is_down(night: Night, cache_down: None,
                                                       page: Callable[[Night], str]) -> None:
    response = Client().get(page(night))
    assert response.status_code == 200 and not response.has_header("ETag")


def test_a_change_while_the_cache_is_down_is_still_made(night: Night, cache_down: None,
                                                        commit: Callable[[], Any]) -> None:
    with commit():
        hide_name(night)
    night.home_players[0].refresh_from_db()
    assert night.home_players[0].name_shown == "hidden"
    assert night.home_players[0].name not in text(Client().get(night_live(night)))
