"""A match night through the API, as the captains' phones and the scorer's
tablet drive it: the sheet, the games, submit, confirm or dispute, settle."""
from typing import Any

import pytest
from matchnights import Night, a_match_night, play_live
from rest_framework.test import APIClient
from tablets import tablet_for

PLAIN = ["singles"] * 9


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")


def url(night: Night, tail: str = "") -> str:
    return f"/api/fixtures/{night.fixture.pk}/night{tail}"


def sheet_body(night: Night) -> dict[str, Any]:
    return {"rubbers": [{"home": home, "away": away} for home, away in night.lineups(PLAIN)]}


def put_sheet(night: Night) -> None:
    response = tablet_for(night.home_captain).put(url(night, "/sheet"), sheet_body(night), format="json")
    assert response.status_code == 200, response.json()


def card(client: APIClient, night: Night, rubber: int, home: int, away: int) -> Any:
    return client.post(url(night, f"/rubbers/{rubber}/games"), {"home_score": home, "away_score": away},
                       format="json")


def all_cards(night: Night) -> None:
    scorer = tablet_for(night.home_scorer)
    for rubber in range(1, 10):
        response = card(scorer, night, rubber, *((61, 30) if rubber <= 5 else (40, 61)))
        assert response.status_code == 201, response.json()


def test_anyone_reads_a_night_before_anything_is_entered(night: Night) -> None:
    body = APIClient().get(url(night)).json()
    assert body["status"] == "open" and body["score"] == [0, 0]
    assert body["format"] == {"key": "plain", "name": "Plain (nine singles)", "pairs": "named"}
    assert body["pairs_seed"] == ""
    assert [r["number"] for r in body["rubbers"]] == list(range(1, 10))
    assert body["rubbers"][0]["home"] == []


def test_the_sheet_comes_back_with_the_players_names(night: Night) -> None:
    put_sheet(night)
    first = APIClient().get(url(night)).json()["rubbers"][0]
    assert first["home"] == [{"id": night.home_players[0].pk, "name": night.home_players[0].name}]


def test_a_bad_sheet_is_refused_with_every_problem(night: Night) -> None:
    body = sheet_body(night)
    body["rubbers"][1]["home"] = body["rubbers"][0]["home"]
    body["rubbers"][2]["away"] = [night.home_players[9].pk]
    response = tablet_for(night.home_captain).put(url(night, "/sheet"), body, format="json")
    assert response.status_code == 422
    problems = response.json()["problems"]
    assert any("plays two singles" in p for p in problems)
    assert any(f"who is registered for {night.home.name}" in p for p in problems)


def test_a_malformed_sheet_is_a_400(night: Night) -> None:
    response = tablet_for(night.home_captain).put(url(night, "/sheet"), {"rubbers": [{"home": "x"}]}, format="json")
    assert response.status_code == 400


def test_the_score_so_far_follows_the_cards(night: Night) -> None:
    put_sheet(night)
    scorer = tablet_for(night.home_scorer)
    assert card(scorer, night, 1, 61, 20).status_code == 201
    body = card(scorer, night, 2, 13, 61).json()
    assert body["score"] == [1, 1]
    assert body["rubbers"][1]["games"] == [{"number": 1, "source": "card", "game": None, "scores": [13, 61],
                                            "winner": "away", "playing": False}]


def test_a_card_needs_both_scores_or_live(night: Night) -> None:
    put_sheet(night)
    response = tablet_for(night.home_scorer).post(url(night, "/rubbers/1/games"), {"home_score": 61}, format="json")
    assert response.status_code == 400


def test_an_impossible_card_score_is_a_422_with_the_reason(night: Night) -> None:
    put_sheet(night)
    response = card(tablet_for(night.home_scorer), night, 1, 70, 20)
    assert response.status_code == 422
    assert response.json()["error"] == "70-20: a game to 61 is won on exactly 61"


@pytest.mark.slow
def test_a_live_rubber_game_is_scored_through_the_game_api_and_shows_on_the_night(night: Night) -> None:
    put_sheet(night)
    scorer = tablet_for(night.home_scorer)
    body = scorer.post(url(night, "/rubbers/1/games"), {"live": True}, format="json").json()
    game = body["rubbers"][0]["games"][0]
    assert game["source"] == "live" and game["playing"] is True
    state = scorer.get(f"/api/games/{game['game']}").json()
    final = play_live(scorer, state, seed=11)
    shown = APIClient().get(url(night)).json()["rubbers"][0]
    assert shown["games"][0]["scores"] == final["scores"] and shown["winner"] in ("home", "away")


def test_submit_then_confirm(night: Night) -> None:
    put_sheet(night)
    all_cards(night)
    submitted = tablet_for(night.home_captain).post(url(night, "/submit"))
    assert submitted.status_code == 200 and submitted.json()["status"] == "submitted"
    confirmed = tablet_for(night.away_captain).post(url(night, "/confirm"))
    assert confirmed.json()["status"] == "confirmed" and confirmed.json()["score"] == [5, 4]


def test_the_home_captain_cannot_confirm_his_own_result(night: Night) -> None:
    put_sheet(night)
    all_cards(night)
    tablet_for(night.home_captain).post(url(night, "/submit"))
    response = tablet_for(night.home_captain).post(url(night, "/confirm"))
    assert response.status_code == 403
    assert "Crown B's captain" in response.json()["error"]


def test_dispute_and_settle(night: Night) -> None:
    put_sheet(night)
    all_cards(night)
    tablet_for(night.home_captain).post(url(night, "/submit"))
    away = tablet_for(night.away_captain)
    assert away.post(url(night, "/dispute"), {}, format="json").status_code == 400
    disputed = away.post(url(night, "/dispute"), {"reason": "Rubber 6 was ours"}, format="json").json()
    assert (disputed["status"], disputed["dispute_reason"]) == ("disputed", "Rubber 6 was ours")
    secretary = tablet_for(night.secretary)
    fixed = secretary.post(url(night, "/correct"), {"rubber": 6, "game": 1, "home_score": 50, "away_score": 61,
                                                    "reason": "Card checked"}, format="json")
    assert fixed.status_code == 200, fixed.json()
    settled = secretary.post(url(night, "/resolve"), {"decision": "uphold", "note": "As submitted"}, format="json")
    assert settled.json()["status"] == "confirmed" and settled.json()["resolution"] == "As submitted"


def test_writes_without_credentials_are_401(night: Night) -> None:
    assert APIClient().post(url(night, "/submit")).status_code == 401


def test_an_unknown_fixture_is_404(db: None) -> None:
    assert APIClient().get("/api/fixtures/999/night").status_code == 404
