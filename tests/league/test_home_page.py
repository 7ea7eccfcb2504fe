"""The front page: the games being scored, each leading to its scoreboard
and, for someone who may score it, its pad; and a logged-in captain's or
scorer's matches, tonight's first, one tap from each rubber's pad and the
match night page."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from forms import browser, text
from matchnights import Night, a_match_night, sheet_entered, submitted_five_four
from tablets import new_game, post_move, tablet_for

from league.models import Fixture, Game, MatchNight
from league.selectors.access import game_write_refusal
from league.selectors.my_matches import games_scorable
from league.services.match_games import rubber_game_start

PLAIN = ["singles"] * 9


@pytest.mark.django_db
def test_the_home_page_lists_each_game_with_its_sides_scores_and_scoreboard(client: Client, tablet: Any) -> None:
    game = new_game(tablet, seats=["Ann", "Bob"])
    post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
    html = text(client.get("/"))
    assert "Ann v Bob" in html
    assert "3 – 0" in html
    assert "playing hand 1" in html
    assert f'href="/games/{game["id"]}/board"' in html
    assert f'href="/games/{game["id"]}/pad"' not in html  # a visitor only follows
    assert "/api/games/" not in html


@pytest.mark.django_db
def test_the_home_page_says_in_plain_words_when_no_game_is_being_scored(client: Client) -> None:
    html = text(client.get("/"))
    assert "No games being scored yet" in html
    assert "POST /api/games" not in html


@pytest.mark.django_db
def test_the_public_menu_has_no_api_link_but_the_front_pages_foot_has(client: Client) -> None:
    html = text(client.get("/"))
    menu = html.split('<nav aria-label="Site">')[1].split("</nav>")[0]
    assert "/api/" not in menu and "API" not in menu
    foot = html.split('<footer class="site">')[1]
    assert 'href="/api/docs"' in foot


@pytest.mark.django_db
def test_the_games_creator_and_named_scorer_get_its_pad_and_no_one_else(scorer: Any, tablet: Any) -> None:
    users = get_user_model().objects
    named, stranger = users.create_user("named"), users.create_user("stranger")
    game = new_game(tablet, seats=["Ann", "Bob"])
    Game.objects.get(pk=game["id"]).scorers.add(named)
    pad = f'href="/games/{game["id"]}/pad"'
    assert pad in text(browser(scorer).get("/"))
    assert pad in text(browser(named).get("/"))
    assert pad not in text(browser(stranger).get("/"))


@pytest.fixture
def night(db: None) -> Night:
    """Tonight's match, its team sheet in, rubber 1 being scored live."""
    night = a_match_night()
    sheet_entered(night, PLAIN)
    rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    return night


def _live_game(night: Night) -> Game:
    return Game.objects.get(match_night__fixture=night.fixture)


def test_my_matches_lead_a_captain_or_scorer_to_each_rubbers_pad_and_the_night(night: Night) -> None:
    game = _live_game(night)
    for user in (night.home_scorer, night.home_captain, night.away_captain):
        html = text(browser(user).get("/"))
        assert "My matches" in html, user
        mine = html[html.index("My matches"):html.index("Games being scored")]
        assert "Tonight" in mine
        assert f'href="/fixtures/{night.fixture.pk}/night"' in mine
        assert f'href="/games/{game.pk}/pad"' in mine
        assert "Rubber 1:" in mine and "Rubber 9:" in mine
        assert mine.count("not started yet") == 8


def test_a_visitor_and_a_user_with_no_team_see_no_my_matches(night: Night) -> None:
    assert "My matches" not in text(Client().get("/"))
    assert "My matches" not in text(browser(get_user_model().objects.create_user("fan")).get("/"))
    other = a_match_night(league_name="Stoke League")
    assert f"/fixtures/{night.fixture.pk}/night" not in text(browser(other.home_captain).get("/"))


def test_my_matches_come_tonight_first_then_the_next_then_the_latest(night: Night) -> None:
    today = timezone.localdate()
    fixtures = {}
    for week, (name, days) in enumerate((("last week", -7), ("next week", 7), ("in a fortnight", 14),
                                         ("last month", -28)), start=2):
        fixtures[name] = Fixture.objects.create(
            division=night.division, week=week, date=today + timedelta(days=days), home_team=night.away,
            away_team=night.home, venue=night.away.home_venue, status=Fixture.Status.PUBLISHED)
    html = text(browser(night.home_captain).get("/"))
    order = [night.fixture, fixtures["next week"], fixtures["in a fortnight"], fixtures["last week"],
             fixtures["last month"]]
    at = [html.index(f'href="/fixtures/{fixture.pk}/night"') for fixture in order]
    assert at == sorted(at)


def test_a_submitted_night_offers_the_night_page_and_no_pad(db: None) -> None:
    night = a_match_night()
    submitted_five_four(night)
    html = text(browser(night.home_captain).get("/"))
    mine = html[html.index("My matches"):html.index("Games being scored")]
    assert f'href="/fixtures/{night.fixture.pk}/night"' in mine
    assert "result submitted" in mine
    assert "/pad" not in mine


def test_the_pad_is_offered_to_exactly_those_the_pad_takes(night: Night, scorer: Any) -> None:
    """The front page's links ask the same questions of many games as the
    pad asks of one: a match game for its teams' officials and the league's
    secretaries while the night is open, a loose game for its creator and
    named scorers."""
    loose = new_game(tablet_for(scorer), seats=["Ann", "Bob"])
    games = [_live_game(night), Game.objects.get(pk=loose["id"])]
    users = [night.home_scorer, night.home_captain, night.away_captain, night.secretary, scorer,
             get_user_model().objects.create_user("fan"), None]
    for open_night in (True, False):
        if not open_night:
            MatchNight.objects.filter(fixture=night.fixture).update(status=MatchNight.Status.SUBMITTED,
                                                                    home_games=0, away_games=0)
        for user in users:
            expected = {g.pk for g in games if game_write_refusal(game=g, user=user) is None}
            assert games_scorable(user=user, games=games) == expected, (user, open_night)
