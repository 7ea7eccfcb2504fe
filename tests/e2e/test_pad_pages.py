"""Who may open the pad and the scoreboard, and the service worker that
lets the pad open offline (no browser needed)."""
from typing import Any

from django.test import Client

from league.services.games import game_create


def a_game(user: Any = None) -> Any:
    return game_create(rules="pub", seats=["Ann", "Bob"], created_by=user)


def test_a_visitor_not_logged_in_gets_the_pad_read_only_with_a_way_to_log_in(db: None) -> None:
    game = a_game()
    response = Client().get(f"/games/{game.pk}/pad")
    assert response.status_code == 200
    page = response.content.decode()
    assert "You are following this game" in page
    assert f"/accounts/login/?next=/games/{game.pk}/pad" in page
    assert "js/pad.js" not in page  # the scoreboard's script: nothing that writes


def test_after_a_game_outside_a_match_the_pad_has_nothing_next(db: None, django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("scorer")
    client = Client()
    client.force_login(user)
    response = client.get(f"/games/{a_game(user).pk}/pad/next")
    assert response.status_code == 200
    assert response.content.decode().strip() == ""


def test_a_logged_in_scorer_gets_the_pad_and_a_csrf_cookie_for_its_writes(db: None, django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("scorer")
    client = Client()
    client.force_login(user)
    response = client.get(f"/games/{a_game(user).pk}/pad")
    assert response.status_code == 200
    assert "csrftoken" in response.cookies


def test_anyone_may_watch_the_scoreboard(db: None) -> None:
    assert Client().get(f"/games/{a_game().pk}/board").status_code == 200


def test_a_game_that_does_not_exist_has_no_pad_or_board(db: None, django_user_model: Any) -> None:
    client = Client()
    client.force_login(django_user_model.objects.create_user("scorer"))
    assert client.get("/games/999999/pad").status_code == 404
    assert client.get("/games/999999/board").status_code == 404


def test_the_service_worker_is_javascript_served_from_the_games_path_and_never_cached(db: None) -> None:
    response = Client().get("/games/pad-sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-cache" in response["Cache-Control"]
    assert 'const CACHE = "pad-' in response.content.decode()
