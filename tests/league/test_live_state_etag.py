"""A scoreboard polling `GET /api/games/{id}/live` asks with the ETag of the
state it has, and is answered 304 (no body) until the game moves on, as the
spectators' pages are."""
from typing import Any

import pytest
from rest_framework.test import APIClient
from tablets import new_game, post_move, sample_sheet, tablet_for

from league.services.live import live_publish_pending


@pytest.fixture
def scored(db: None, django_user_model: Any) -> tuple[APIClient, int]:
    """A game with one move, published as the workers publish it."""
    tablet = tablet_for(django_user_model.objects.create_user("scorer"))
    game_id = new_game(tablet)["id"]
    move(tablet, game_id, 0)
    return tablet, game_id


def move(tablet: APIClient, game_id: int, seq: int) -> None:
    rules = tablet.get(f"/api/games/{game_id}").json()["rules"]
    played = sample_sheet(11, rules=rules)["hands"][0]["moves"][seq]
    assert post_move(tablet, game_id, played, seq=seq).status_code == 201
    assert live_publish_pending() == 1


def test_a_board_whose_state_is_current_gets_304_with_no_body_and_no_query(
        scored: tuple[APIClient, int], django_assert_num_queries: Any) -> None:
    _, game_id = scored
    first = APIClient().get(f"/api/games/{game_id}/live")
    assert first.status_code == 200 and first["ETag"].startswith('W/"')
    assert first["Cache-Control"] == "no-cache"
    with django_assert_num_queries(0):
        again = APIClient().get(f"/api/games/{game_id}/live", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]


def test_after_a_move_the_old_etag_gets_the_new_state(scored: tuple[APIClient, int]) -> None:
    tablet, game_id = scored
    first = APIClient().get(f"/api/games/{game_id}/live")
    move(tablet, game_id, first.json()["seq"])
    after = APIClient().get(f"/api/games/{game_id}/live", HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200
    assert after.json()["seq"] == first.json()["seq"] + 1
    assert after["ETag"] != first["ETag"]


def test_the_browsable_page_and_the_json_are_told_apart(scored: tuple[APIClient, int]) -> None:
    """Each form of the answer has its own ETag: a browser holding the JSON
    is not told its copy is the HTML page."""
    _, game_id = scored
    as_json = APIClient().get(f"/api/games/{game_id}/live", HTTP_ACCEPT="application/json")
    as_page = APIClient().get(f"/api/games/{game_id}/live", HTTP_ACCEPT="text/html",
                              HTTP_IF_NONE_MATCH=as_json["ETag"])
    assert as_page.status_code == 200 and as_page["ETag"] != as_json["ETag"]


def test_an_unknown_game_is_still_404(db: None) -> None:
    assert APIClient().get("/api/games/999999/live", HTTP_IF_NONE_MATCH="*").status_code == 404
