"""Every public page from the spectators' cache (league.pages.spectator_cache),
as tests/league/test_spectator_cache.py shows it for the division page, the
match night and the game board: the league's home, a team's and a player's
pages, the printable table, the cups' pages and roll of winners, the roll of
honour, the ratings and a game's analysis. A repeat visit by someone not
logged in costs no SQL, a current copy is answered 304, and a change a page
shows (a result confirmed, a re-rate, a cup draw, a team renamed...) is on
the next visit, the page as a fresh rendering would have it."""
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client, override_settings
from django.utils import timezone
from forms import browser
from in_process import committing
from matchnights import Night, a_match_night, sheet_entered, submitted_five_four
from module_data import a_copy_for_one_test, made_once_a_module
from tablets import post_move, tablet_for

from league.models import Competition, CupEntry, CupTie, Division, League, Season, Venue
from league.services.clubs import team_change
from league.services.cups import cup_draw
from league.services.live import live_publish_pending
from league.services.match_games import rubber_game_start
from league.services.privacy import player_name_shown_set
from league.services.ratings import ratings_update
from league.services.results import match_confirm
from league.services.seasons import season_make_current
from league.services.standings import division_standings_rebuild
from scoring.simulate import random_game

PLAIN = ["singles"] * 9


@dataclass
class World:
    """A match night (live or submitted), a cup of the night's season still
    taking entries, and a finished one on the roll of winners."""

    night: Night
    cup: Competition
    won: Competition
    game_id: int | None = None
    next_season: Season | None = None


def cups_of(night: Night) -> tuple[Competition, Competition]:
    made = []
    for name, status in (("Knockout Cup", Competition.Status.ENTRY), ("Plate", Competition.Status.FINISHED)):
        division = Division.objects.create(season=night.season, name=name, is_cup=True)
        made.append(Competition.objects.create(season=night.season, name=name, slug=name.lower().replace(" ", "-"),
                                               division=division, status=status, draw_mode="bracket"))
    cup, won = made
    for competition in made:
        for team in (night.home, night.away):
            CupEntry.objects.create(competition=competition, team=team)
    home, away = list(won.entries.order_by("pk"))
    CupTie.objects.create(competition=won, round=1, number=1, home=home, away=away, winner=home)
    return cup, won


def a_live_world() -> World:
    """The night's sheet entered and its first rubber being played live."""
    night = a_match_night("plain", points_scheme="solihull")
    sheet_entered(night, PLAIN)
    game_id = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer).game_id
    return World(night, *cups_of(night), game_id=game_id)


# Built once for the module; each test's writes are rolled back after it.
live_made = made_once_a_module(a_live_world)


@pytest.fixture
def live(db: None, live_made: World) -> World:
    return a_copy_for_one_test(live_made)


@pytest.fixture
def submitted(db: None) -> World:
    """The night's result submitted 5-4 (card entries), not yet confirmed;
    in a league of its own, as the module's live night may be in the
    database too."""
    night = a_match_night("plain", points_scheme="solihull", league_name="Stone League")
    League.objects.filter(pk=night.league.pk).update(rating_min_games=1)
    submitted_five_four(night)
    return World(night, *cups_of(night))


@pytest.fixture
def commit(django_capture_on_commit_callbacks: Any) -> Callable[[], Any]:
    """Runs what a change queues on commit, tasks in-process, as production does."""
    return committing(django_capture_on_commit_callbacks)


# The pages, each from the world it shows

PAGES: dict[str, Callable[[World], str]] = {
    "league home": lambda w: f"/leagues/{w.night.league.slug}/",
    "league home of a season": lambda w: f"/leagues/{w.night.league.slug}/seasons/{w.night.season.pk}/",
    "team": lambda w: f"/teams/{w.night.home.pk}/",
    "team in a season": lambda w: f"/teams/{w.night.home.pk}/seasons/{w.night.season.pk}/",
    "player": lambda w: f"/players/{w.night.home_players[0].pk}/",
    "player's chances": lambda w: f"/players/{w.night.home_players[0].pk}/chances",
    "printable table": lambda w: f"/divisions/{w.night.division.pk}/print",
    "cup": lambda w: f"/cups/{w.cup.pk}/",
    "roll of winners": lambda w: f"/leagues/{w.night.league.slug}/cups/winners",
    "roll of honour": lambda w: f"/leagues/{w.night.league.slug}/honours",
    "league ratings": lambda w: f"/leagues/{w.night.league.slug}/ratings",
    "division ratings": lambda w: f"/divisions/{w.night.division.pk}/ratings",
    "game analysis": lambda w: f"/games/{w.game_id}/analysis",
}


def uncached(path: str) -> bytes:
    with override_settings(SPECTATOR_CACHE=False):
        response = Client().get(path)
    assert response.status_code == 200
    return bytes(response.content)


@pytest.mark.parametrize("name", list(PAGES))
def test_a_repeat_visit_by_the_public_makes_no_sql_query(live: World, name: str,
                                                       django_assert_num_queries: Any) -> None:
    path = PAGES[name](live)
    first = Client().get(path)
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    with django_assert_num_queries(0):
        again = Client().get(path)
    assert again.status_code == 200
    assert again.content == first.content and again["ETag"] == first["ETag"]
    assert again["Cache-Control"] == "no-cache" and "Cookie" in again["Vary"]
    assert first.content == uncached(path)


@pytest.mark.parametrize("name", list(PAGES))
def test_a_browser_whose_copy_is_current_gets_304_with_no_query(live: World, name: str,
                                                               django_assert_num_queries: Any) -> None:
    path = PAGES[name](live)
    etag = Client().get(path)["ETag"]
    with django_assert_num_queries(0):
        response = Client().get(path, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response.content == b"" and response["ETag"] == etag


@pytest.mark.parametrize("name", ["league home", "team", "player", "cup"])
def test_a_logged_in_reader_is_never_served_the_shared_copy(live: World, name: str) -> None:
    path = PAGES[name](live)
    public = Client().get(path)
    captain = browser(live.night.home_captain).get(path, HTTP_IF_NONE_MATCH=public["ETag"])
    assert captain.status_code == 200 and not captain.has_header("ETag") and "private" in captain["Cache-Control"]


def test_the_move_chosen_on_the_analysis_is_a_page_of_its_own(live: World) -> None:
    score_a_point(live)
    path = PAGES["game analysis"](live)
    plain, chosen = Client().get(path), Client().get(path, {"move": "1"})
    assert chosen.status_code == 200 and chosen["ETag"] != plain["ETag"]


@pytest.mark.parametrize("name", ["league home", "team", "cup", "roll of honour"])
def test_a_page_of_nothing_is_not_found_and_not_kept(db: None, name: str) -> None:
    path = {"league home": "/leagues/nowhere/", "team": "/teams/999999/", "cup": "/cups/999999/",
            "roll of honour": "/leagues/nowhere/honours"}[name]
    for _ in range(2):
        response = Client().get(path)
        assert response.status_code == 404 and not response.has_header("ETag")


# Every change a page shows is on the next visit

def confirm(world: World) -> None:
    match_confirm(fixture_id=world.night.fixture.pk, user=world.night.away_captain)


def confirmed_and_rebuilt(world: World) -> None:
    """The result confirmed and its table rebuilt, its re-rate not yet run."""
    confirm(world)
    division_standings_rebuild(division_id=world.night.division.pk)


def rerate(world: World) -> None:
    assert ratings_update(league_id=world.night.league.pk) > 0


def draw(world: World) -> None:
    cup_draw(competition_id=world.cup.pk, user=world.night.secretary, seed=7)


def rename(world: World) -> None:
    team_change(team_id=world.night.home.pk, name="The Old Red Lion", user=world.night.secretary)


def hide_name(world: World) -> None:
    player_name_shown_set(player_id=world.night.home_players[0].pk, shown="hidden", user=world.night.secretary)


def next_season_made(world: World) -> None:
    """Next season made, not yet current."""
    today = timezone.localdate()
    world.next_season = Season.objects.create(
        league=world.night.league, name="Summer", start=today + timedelta(days=5),
        registration_deadline=today + timedelta(days=2), squad_max=12, squad_min=1)
    League.objects.filter(pk=world.night.league.pk).update(current_season=world.night.season)


def next_season_current(world: World) -> None:
    assert world.next_season is not None
    season_make_current(season_id=world.next_season.pk, user=world.night.secretary)


def score_a_point(world: World) -> None:
    """Moves played on the live rubber until its home player's side has
    scored: their page shows the game in play with its score."""
    assert world.game_id is not None
    tablet = tablet_for(world.night.home_scorer)
    game = tablet.get(f"/api/games/{world.game_id}").json()
    moves = [move for hand in random_game(random.Random(3), game["rules"], seats=2)["hands"] for move in hand["moves"]]
    seq = game["seq"]
    for move in moves:
        response = post_move(tablet, world.game_id, move, seq=seq)
        assert response.status_code == 201
        state = response.json()["state"]
        seq = state["seq"]
        if state["scores"][0] > 0:
            return
    raise AssertionError("the home side never scored")


CHANGES = [
    # (what changed, the world it changes, what is done before looking, the change, the pages that show it)
    ("a result confirmed", "submitted", None, confirm,
     ["league home", "league home of a season", "team", "team in a season", "printable table", "player",
      "league ratings", "division ratings"]),
    ("a re-rate", "submitted", confirmed_and_rebuilt, rerate, ["player", "league ratings", "division ratings"]),
    ("a cup draw", "live", None, draw, ["cup"]),
    ("a team renamed", "live", None, rename,
     ["league home", "team", "printable table", "player", "cup", "roll of winners"]),
    ("a player hiding their name", "live", None, hide_name, ["team", "player", "player's chances"]),
    ("a point scored live", "live", None, score_a_point, ["player", "game analysis"]),
    ("a new season made current", "live", next_season_made, next_season_current, ["league home", "roll of honour"]),
]


# The module's live world is asked for by name, so that it is built before
# the test's transaction rather than inside it (getfixturevalue comes later).
@pytest.mark.usefixtures("live_made")
@pytest.mark.parametrize(("kind", "base", "before", "change", "pages"), CHANGES, ids=[row[0] for row in CHANGES])
def test_a_change_a_page_shows_is_on_the_next_visit(
        request: pytest.FixtureRequest, commit: Callable[[], Any], kind: str, base: str,
        before: Callable[[World], None] | None, change: Callable[[World], None], pages: list[str]) -> None:
    world = request.getfixturevalue(base)
    if before is not None:
        before(world)
    shown = {name: Client().get(PAGES[name](world)).content for name in pages}
    assert all(Client().get(PAGES[name](world)).content == shown[name] for name in pages)  # from the cache
    with commit():
        change(world)
    for name in pages:
        now = Client().get(PAGES[name](world)).content
        assert now != shown[name], f"{kind}: the {name} page unchanged"
        assert now == uncached(PAGES[name](world)), f"{kind}: the {name} page is not the page as it stands"


# The finals night on the pub's TV

@pytest.fixture
def finals(live: World) -> World:
    """The cup drawn, its final on a finals night at the Town Hall."""
    night = timezone.localdate() + timedelta(days=30)
    hall = Venue.objects.create(name="Town Hall")
    Competition.objects.filter(pk=live.cup.pk).update(finals_date=night, finals_venue=hall)
    draw(live)
    tie = CupTie.objects.get(competition=live.cup)
    assert tie.home is not None and tie.away is not None and tie.home.team and tie.away.team
    live.cup.division.fixtures.create(week=1, date=night, home_team=tie.home.team, away_team=tie.away.team,
                                      venue=hall, status="published", cup_tie=tie, leg=1)
    return live


@pytest.mark.parametrize("path", ["/cups/{}/finals", "/cups/{}/finals/live"])
def test_the_finals_night_is_served_from_the_cache_until_it_changes(
        finals: World, path: str, commit: Callable[[], Any], django_assert_num_queries: Any) -> None:
    path = path.format(finals.cup.pk)
    first = Client().get(path)
    assert first.status_code == 200
    with django_assert_num_queries(0):
        assert Client().get(path, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
        assert Client().get(path).content == first.content
    with commit():
        rename(finals)
    now = Client().get(path).content
    assert b"The Old Red Lion" in now and now == uncached(path)


# The pages a spectator keeps open and polls (static/js/night.js fetches a
# night's live part; the pub's TV shows the front page or a game's board)

def a_game_made(world: World) -> None:
    tablet_for(world.night.home_scorer).post("/api/games", {"rules": {"preset": "pub"}, "seats": ["Ann", "Bob"]},
                                             content_type="application/json")


POLLED: list[tuple[str, Callable[[World], str], Callable[[World], None]]] = [
    # (the page, its address, a change it shows)
    ("front page, a point scored", lambda w: "/", score_a_point),
    ("front page, a game made", lambda w: "/", a_game_made),
    ("game board", lambda w: f"/games/{w.game_id}/board", score_a_point),
    ("match night", lambda w: f"/fixtures/{w.night.fixture.pk}/night", score_a_point),
    ("match night's live part", lambda w: f"/fixtures/{w.night.fixture.pk}/night/live", score_a_point),
    ("finals night", lambda w: f"/cups/{w.cup.pk}/finals", rename),
    ("finals night's live part", lambda w: f"/cups/{w.cup.pk}/finals/live", rename),
]


@pytest.mark.parametrize(("name", "address", "change"), POLLED, ids=[row[0] for row in POLLED])
def test_a_polled_page_answers_304_to_a_current_copy_until_it_changes(
        finals: World, commit: Callable[[], Any], name: str, address: Callable[[World], str],
        change: Callable[[World], None]) -> None:
    path = address(finals)
    first = Client().get(path)
    assert first.status_code == 200 and first["ETag"].startswith('W/"'), name
    again = Client().get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b"" and again["ETag"] == first["ETag"], name
    with commit():
        change(finals)
        # What the worker's queued publishing does: with a broker, a kick
        # within a second of the last one (an earlier test's) leaves the
        # moves to the task already queued, which in-process tasks ran at once.
        live_publish_pending()
    now = Client().get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert now.status_code == 200 and now["ETag"] != first["ETag"], name
    assert now.content == uncached(path), name
