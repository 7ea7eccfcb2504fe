"""A game outside a match belongs to its creator, who names the scorers
that may score it beside them; and whoever may not score a game is refused
before anything else is looked at, a stored answer included."""
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from matchnights import Night, a_match_night, sheet_entered
from rest_framework.test import APIClient
from tablets import new_game, post_move, tablet_for

from league.models import AuditEntry, GameEntry, MatchNight
from league.services.match_games import rubber_game_start

FIRST = {"seat": 0, "tile": "6-3", "peg": 3}


@pytest.fixture
def friend(db: None) -> Any:
    return get_user_model().objects.create_user("friend")


@pytest.fixture
def stranger(db: None) -> Any:
    return get_user_model().objects.create_user("stranger")


def name(tablet: APIClient, game_id: int, username: str) -> Any:
    return tablet.post(f"/api/games/{game_id}/scorers", {"username": username}, format="json")


def test_a_named_scorer_scores_the_game_until_taken_off(tablet: APIClient, friend: Any) -> None:
    game = new_game(tablet)
    assert name(tablet, game["id"], "friend").json() == {"scorers": ["friend"]}
    assert post_move(tablet_for(friend), game["id"], FIRST).status_code == 201
    assert tablet.delete(f"/api/games/{game['id']}/scorers/friend").json() == {"scorers": []}
    refused = post_move(tablet_for(friend), game["id"], {"seat": 1, "tile": "3-3", "end": "right", "peg": 4})
    assert refused.status_code == 403


def test_anyone_reads_who_scores_a_game(tablet: APIClient, friend: Any) -> None:
    game = new_game(tablet)
    name(tablet, game["id"], "friend")
    response = APIClient().get(f"/api/games/{game['id']}/scorers")
    assert (response.status_code, response.json()) == (200, {"scorers": ["friend"]})


@pytest.mark.parametrize(("username", "path_tail", "method", "error"), [
    ("nobody-here", "/scorers", "post", "nobody has the username 'nobody-here'"),
    (None, "/scorers/friend", "delete", "friend is not one of this game's scorers"),
], ids=["naming a username nobody has", "taking off someone not named"])
def test_a_scorer_change_that_makes_no_sense_is_a_422(tablet: APIClient, friend: Any, username: str | None,
                                                      path_tail: str, method: str, error: str) -> None:
    game = new_game(tablet)
    body = {"username": username} if username else {}
    response = getattr(tablet, method)(f"/api/games/{game['id']}{path_tail}", body, format="json")
    assert (response.status_code, response.json()) == (422, {"error": error})


def test_naming_scorers_is_audited_refusals_included(tablet: APIClient, scorer: Any, friend: Any,
                                                     stranger: Any) -> None:
    game = new_game(tablet)
    name(tablet, game["id"], "friend")
    name(tablet_for(stranger), game["id"], "stranger")
    entries = AuditEntry.objects.filter(action__startswith="game.scorer").order_by("pk")
    # The stranger is refused before the body is read: the name they sent is not in the log.
    assert [(e.action, e.user, e.data.get("username")) for e in entries] == [
        ("game.scorer.add", scorer, "friend"), ("game.scorer.add.refused", stranger, None),
    ]


@pytest.fixture
def live_match_game(db: None) -> tuple[Night, int]:
    night = a_match_night("plain")
    sheet_entered(night, ["singles"] * 9)
    started = rubber_game_start(fixture_id=night.fixture.pk, rubber=1, user=night.home_scorer)
    return night, started.game_id


def test_a_match_games_scorers_are_the_teams_not_named_on_the_game(live_match_game: tuple[Night, int],
                                                                   friend: Any) -> None:
    night, game_id = live_match_game
    response = name(tablet_for(night.home_scorer), game_id, "friend")
    assert response.status_code == 422
    assert "name scorers on the team" in response.json()["error"]


def test_replaying_another_users_key_on_a_match_game_is_refused_not_answered(
        live_match_game: tuple[Night, int], stranger: Any) -> None:
    night, game_id = live_match_game
    assert post_move(tablet_for(night.home_scorer), game_id, {"seat": 0, "tile": "6-6"}, key="k1").status_code == 201
    replay = post_move(tablet_for(stranger), game_id, {"seat": 0, "tile": "6-6"}, key="k1")
    assert replay.status_code == 403
    assert "events" not in replay.json() and replay.json()["error"]


def test_replaying_another_users_key_on_a_free_game_is_refused_not_answered(tablet: APIClient,
                                                                            stranger: Any) -> None:
    game = new_game(tablet)
    post_move(tablet, game["id"], FIRST, key="k1")
    replay = post_move(tablet_for(stranger), game["id"], FIRST, key="k1")
    assert replay.status_code == 403
    assert GameEntry.objects.filter(game_id=game["id"]).count() == 1


def test_the_scorers_own_replay_is_still_answered_once_the_result_is_submitted(
        live_match_game: tuple[Night, int]) -> None:
    night, game_id = live_match_game
    scorer = tablet_for(night.home_scorer)
    first = post_move(scorer, game_id, {"seat": 0, "tile": "6-6"}, key="k1")
    MatchNight.objects.filter(fixture=night.fixture).update(status=MatchNight.Status.SUBMITTED,
                                                          home_games=5, away_games=4)
    replay = post_move(scorer, game_id, {"seat": 0, "tile": "6-6"}, key="k1")
    assert (replay.status_code, replay.json()) == (201, first.json())
