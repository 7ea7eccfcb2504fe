"""Lists that name many players ask `names_shown` once: on an answer made
for its reader (the API's leaderboard, ratings and cup entries, My matches,
My cup ties) a player and their league's secretaries see full names and
everyone else the names the players chose to show; a page kept in the
spectators' cache names everyone as anyone may see them."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from in_process import committing
from matchnights import Night, a_match_night, sheet_entered
from test_cup_games import a_drawn_cup, login_of, semi
from test_my_cup_ties import my_cup_ties

from league.models import League, Player
from league.selectors.shown_names import name_public, name_shown, names_shown
from league.services.match_games import rubber_game_card
from league.services.ratings import ratings_rebuild
from league.services.results import match_confirm, match_submit

pytestmark = pytest.mark.django_db

HIDDEN = Player.NameShown.HIDDEN
PLAIN = ["singles"] * 9


def _hidden(player: Player, name: str) -> Player:
    player.name, player.name_shown = name, HIDDEN
    player.save()
    return player


@pytest.fixture
def confirmed(django_capture_on_commit_callbacks: Any) -> Night:
    """A division with one confirmed result, rated, whose first home player
    (Eric Bailey) chose to be hidden."""
    night = a_match_night("plain")
    _hidden(night.home_players[0], "Eric Bailey")
    League.objects.filter(pk=night.league.pk).update(rating_min_games=0)
    sheet_entered(night, PLAIN)
    for number in range(1, 10):
        rubber_game_card(fixture_id=night.fixture.pk, rubber=number, home_score=61, away_score=30,
                         user=night.home_scorer)
    match_submit(fixture_id=night.fixture.pk, user=night.home_captain)
    with committing(django_capture_on_commit_callbacks)():
        match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    ratings_rebuild(league_id=night.league.pk)
    return night


def _names(client: Client, url: str) -> set[str]:
    response = client.get(url)
    assert response.status_code == 200, url
    return {line["player"]["name"] for line in response.json()}


def _secretary(night: Night) -> Client:
    client = Client()
    client.force_login(night.secretary)
    return client


def test_the_leaderboard_api_names_a_hidden_player_in_full_only_for_the_secretary(confirmed: Night) -> None:
    url = f"/api/divisions/{confirmed.division.pk}/players"
    assert "Eric Bailey" not in _names(Client(), url) and "A player" in _names(Client(), url)
    assert "Eric Bailey" in _names(_secretary(confirmed), url)


def test_the_ratings_api_names_a_hidden_player_in_full_only_for_the_secretary(confirmed: Night) -> None:
    for url in (f"/api/leagues/{confirmed.league.pk}/ratings", f"/api/divisions/{confirmed.division.pk}/ratings"):
        assert "Eric Bailey" not in _names(Client(), url) and "A player" in _names(Client(), url), url
        assert "Eric Bailey" in _names(_secretary(confirmed), url), url


def test_the_cached_ratings_page_names_a_hidden_player_as_anyone_may_see_them(confirmed: Night) -> None:
    # Shared between readers: even the secretary's copy holds no full name.
    page = _secretary(confirmed).get(f"/leagues/{confirmed.league.slug}/ratings").content.decode()
    assert "Eric Bailey" not in page and "A player" in page


def test_the_cup_entries_api_names_a_hidden_player_in_full_for_themself_and_the_secretary() -> None:
    competition, secretary = a_drawn_cup(4)
    tie = semi(competition)
    assert tie.home is not None and tie.home.player is not None
    _hidden(tie.home.player, "Eric Bailey")
    url = f"/api/cups/{competition.pk}/entries"

    def names(user: Any) -> list[str]:
        client = Client()
        if user is not None:
            client.force_login(user)
        return [entry["name"] for entry in client.get(url).json()]

    assert "Eric Bailey" not in names(None) and "A player" in names(None)
    assert "Eric Bailey" in names(secretary) and "Eric Bailey" in names(login_of(tie, "home"))
    assert "Eric Bailey" not in names(login_of(tie, "away"))


def test_my_cup_ties_names_the_player_in_full_to_themself_only() -> None:
    competition, _ = a_drawn_cup(4)
    tie = semi(competition)
    assert tie.home is not None and tie.home.player is not None
    assert tie.away is not None and tie.away.player is not None
    _hidden(tie.home.player, "Eric Bailey")
    assert f"Eric Bailey v {name_public(tie.away.player)}" in my_cup_ties(login_of(tie, "home"))


def test_my_matches_names_an_open_nights_players_in_full_for_a_captain_who_is_secretary() -> None:
    night = a_match_night("plain")
    _hidden(night.home_players[0], "Eric Bailey")
    sheet_entered(night, PLAIN)
    client = Client()
    client.force_login(night.home_captain)
    assert "Eric Bailey" not in client.get("/").content.decode()
    night.league.secretaries.add(night.home_captain)
    assert "Eric Bailey" in client.get("/").content.decode()


def test_names_shown_asks_once_for_a_whole_list(confirmed: Night) -> None:
    players = confirmed.home_players + confirmed.away_players
    with CaptureQueriesContext(connection) as queries:
        names = names_shown(players, confirmed.secretary)
    assert len(queries) == 1
    assert names[confirmed.home_players[0].pk] == "Eric Bailey"


def test_names_shown_asks_nothing_of_a_visitor_or_for_the_players_own_name(confirmed: Night) -> None:
    eric = confirmed.home_players[0]
    eric.user = get_user_model().objects.create_user("eric")
    eric.save()
    with CaptureQueriesContext(connection) as queries:
        public = names_shown(confirmed.home_players, None)
        own = names_shown([eric], eric.user)
    assert len(queries) == 0
    assert public[eric.pk] == "A player" and own == {eric.pk: "Eric Bailey"}


def test_names_shown_gives_what_name_shown_gives_one_by_one(confirmed: Night) -> None:
    outsider = get_user_model().objects.create_user("outsider")
    for user in (None, outsider, confirmed.secretary):
        players = confirmed.home_players + confirmed.away_players
        assert names_shown(players, user) == {p.pk: name_shown(p, user) for p in players}
