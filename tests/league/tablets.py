"""Helpers for playing games through the API as a scorer's tablet does."""
import itertools
import random
from typing import Any

from rest_framework.test import APIClient

from league.services.devices import device_token_issue
from scoring.simulate import random_game

_keys = itertools.count()


def tablet_for(user: Any) -> APIClient:
    client = APIClient()
    token = device_token_issue(user=user, name="test tablet").raw
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def new_game(tablet: APIClient, **body: Any) -> dict[str, Any]:
    body.setdefault("rules", {"preset": "pub"})
    body.setdefault("seats", ["Ann", "Bob"])
    response = tablet.post("/api/games", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def post_move(tablet: APIClient, game_id: int, move: dict[str, Any], key: str | None = None, **extra: Any) -> Any:
    headers = {"HTTP_IDEMPOTENCY_KEY": key if key is not None else f"key-{next(_keys)}"}
    return tablet.post(f"/api/games/{game_id}/moves", {**move, **extra}, format="json", **headers)


def post_shown(tablet: APIClient, game_id: int, hand: int, shown: dict[str, Any], **extra: Any) -> Any:
    return tablet.post(
        f"/api/games/{game_id}/hands/{hand}/shown", {**shown, **extra}, format="json",
        HTTP_IDEMPOTENCY_KEY=f"key-{next(_keys)}",
    )


def sample_sheet(seed: int, rules: Any = None, seats: int = 2, partners: bool = False,
                 mistakes: float = 0.0) -> dict[str, Any]:
    """A whole game as a real table plays it."""
    return random_game(random.Random(seed), rules or {"preset": "pub"}, seats=seats, partners=partners,
                       mistakes=mistakes)


def play_sheet(tablet: APIClient, sheet: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Plays a sheet into a new game through the API, move by move, showing
    the tiles after each hand. Returns the last state and every reply."""
    state = new_game(tablet, rules=sheet.get("rules"), seats=sheet["seats"],
                     partners=sheet.get("partners", False))
    replies = []
    for number, hand in enumerate(sheet["hands"]):
        for move in hand["moves"]:
            response = post_move(tablet, state["id"], move, seq=state["seq"])
            assert response.status_code == 201, (move, response.json())
            replies.append(response.json())
            state = replies[-1]["state"]
        if "shown" in hand and state["status"] == "hand-ended":
            response = post_shown(tablet, state["id"], number, hand["shown"], seq=state["seq"])
            assert response.status_code == 201, response.json()
            replies.append(response.json())
            state = replies[-1]["state"]
    return state, replies
