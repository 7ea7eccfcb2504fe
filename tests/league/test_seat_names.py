"""The names on a match game's seats: the scorers at the table read them in
full; everyone else (the scoreboards, the API, the exported sheet) reads
each as its player chose to show it (docs/organisation.md, "Privacy")."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.test import Client
from matchnights import Night, a_match_night, sheet_entered
from rest_framework.test import APIClient
from tablets import post_move, sample_sheet, tablet_for

from league.models import Player
from league.services.live import live_publish_pending
from league.services.match_games import rubber_game_start

FULL, INITIALS, HIDDEN = Player.NameShown.FULL, Player.NameShown.INITIALS, Player.NameShown.HIDDEN


@pytest.fixture
def game(db: None) -> tuple[Night, int]:
    """Rubber 1 under way: Jo Bloggs (initials) at home v Sam Stone (hidden)."""
    night = a_match_night("plain")
    jo, sam = night.home_players[0], night.away_players[0]
    jo.name, jo.name_shown = "Jo Bloggs", INITIALS
    sam.name, sam.name_shown = "Sam Stone", HIDDEN
    jo.save()
    sam.save()
    sheet_entered(night, ["singles"] * 9)
    rubber_game = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    assert rubber_game.game_id is not None
    return night, rubber_game.game_id


def _client(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


READS = ["", "/sheet", "/options"]


@pytest.mark.parametrize("read", READS)
def test_the_public_reads_each_seat_as_its_player_chose(game: tuple[Night, int], read: str) -> None:
    _, game_id = game
    answer = _client().get(f"/api/games/{game_id}{read}").json()
    seats = answer["state"]["seats"] if read == "/options" else answer["seats"]
    assert seats == ["J. B.", "A player"]


@pytest.mark.parametrize("read", READS)
def test_the_games_scorer_reads_the_full_names(game: tuple[Night, int], read: str) -> None:
    night, game_id = game
    answer = _client(night.home_scorer).get(f"/api/games/{game_id}{read}").json()
    seats = answer["state"]["seats"] if read == "/options" else answer["seats"]
    assert seats == ["Jo Bloggs", "Sam Stone"]


def test_someone_logged_in_who_may_not_score_reads_the_public_names(game: tuple[Night, int]) -> None:
    _, game_id = game
    stranger = get_user_model().objects.create_user("stranger")
    assert _client(stranger).get(f"/api/games/{game_id}").json()["seats"] == ["J. B.", "A player"]


def test_the_scoreboards_live_state_carries_the_public_names(game: tuple[Night, int]) -> None:
    """Published for spectators, and read from the database before then."""
    night, game_id = game
    cache.clear()
    assert _client().get(f"/api/games/{game_id}/live").json()["seats"] == ["J. B.", "A player"]
    rules = _client().get(f"/api/games/{game_id}").json()["rules"]
    first = sample_sheet(3, rules=rules)["hands"][0]["moves"][0]
    assert post_move(tablet_for(night.home_scorer), game_id, {**first, "seq": 0}).status_code == 201
    assert live_publish_pending() == 1
    assert cache.get(f"game:{game_id}:live")["seats"] == ["J. B.", "A player"]
    assert _client().get(f"/api/games/{game_id}/live").json()["seats"] == ["J. B.", "A player"]


def test_a_player_who_shows_their_name_in_full_is_named_to_everyone(game: tuple[Night, int]) -> None:
    night, game_id = game
    for player in (night.home_players[0], night.away_players[0]):
        player.name_shown = FULL
        player.save()
    assert _client().get(f"/api/games/{game_id}").json()["seats"] == ["Jo Bloggs", "Sam Stone"]


def test_the_front_page_names_a_match_games_players_as_they_chose(game: tuple[Night, int]) -> None:
    night, _ = game
    public = Client().get("/").content.decode()
    assert "J. B." in public and "Jo Bloggs" not in public and "Sam Stone" not in public
    scorer = Client()
    scorer.force_login(night.home_scorer)
    assert "Jo Bloggs" in scorer.get("/").content.decode()


def test_the_scoring_chances_page_names_a_match_games_players_as_they_chose(game: tuple[Night, int]) -> None:
    night, game_id = game
    sheet = sample_sheet(3)
    first = sheet["hands"][0]["moves"][0]
    assert post_move(tablet_for(night.home_scorer), game_id, first, seq=0).status_code == 201
    public = Client().get(f"/games/{game_id}/analysis").content.decode()
    assert "J. B." in public and "Jo Bloggs" not in public and "Sam Stone" not in public
    scorer = Client()
    scorer.force_login(night.home_scorer)
    assert "Jo Bloggs" in scorer.get(f"/games/{game_id}/analysis").content.decode()
