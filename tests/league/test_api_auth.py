"""Logging a tablet in, and who may read and write."""
import re
from pathlib import Path

from tablets import new_game

README = Path(__file__).resolve().parents[2] / "README.md"


def test_a_scorer_gets_a_token_for_a_username_and_password(scorer, anonymous):
    response = anonymous.post("/api/auth/token", {"username": "scorer", "password": "pint-and-a-pen"}, format="json")
    assert response.status_code == 200
    token = response.json()["token"]
    anonymous.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert anonymous.get("/api/auth/whoami").json() == {"username": "scorer"}


def test_each_tablet_a_scorer_logs_in_on_gets_its_own_named_token(scorer, anonymous):
    first = anonymous.post("/api/auth/token", {"username": "scorer", "password": "pint-and-a-pen",
                                               "device": "Red Lion tablet 1"}, format="json").json()
    second = anonymous.post("/api/auth/token", {"username": "scorer", "password": "pint-and-a-pen",
                                                "device": "Red Lion tablet 2"}, format="json").json()
    assert first["token"] != second["token"]
    assert (first["name"], second["name"]) == ("Red Lion tablet 1", "Red Lion tablet 2")
    for answer in (first, second):
        anonymous.credentials(HTTP_AUTHORIZATION=f"Token {answer['token']}")
        assert anonymous.get("/api/auth/whoami").json() == {"username": "scorer"}


def test_the_readme_names_the_token_answers_fields_as_the_api_gives_them(scorer, anonymous):
    answer = anonymous.post("/api/auth/token", {"username": "scorer", "password": "pint-and-a-pen",
                                                "device": "Red Lion tablet 1"}, format="json").json()
    text = " ".join(README.read_text().split())
    described = text[text.index("the answer shows the token once"):].split(").", 1)[0]
    assert set(re.findall(r"`(\w+)`", described)) == set(answer)
    assert answer["device"] == scorer.device_tokens.get().pk


def test_a_wrong_password_gets_no_token(scorer, anonymous):
    response = anonymous.post("/api/auth/token", {"username": "scorer", "password": "guess"}, format="json")
    assert response.status_code == 400
    assert "token" not in response.json()
    assert response.json()["error"]


def test_writes_without_a_token_are_refused(tablet, anonymous):
    game = new_game(tablet)
    writes = [
        ("/api/games", {"seats": ["Ann", "Bob"]}),
        (f"/api/games/{game['id']}/moves", {"seat": 0, "tile": "6-3"}),
        (f"/api/games/{game['id']}/undo", {}),
        (f"/api/games/{game['id']}/hands/0/shown", {"0": []}),
        ("/api/games/import", {"seats": ["Ann", "Bob"]}),
    ]
    for url, body in writes:
        response = anonymous.post(url, body, format="json")
        assert response.status_code in (401, 403), url
        assert "error" in response.json()
    assert anonymous.get(f"/api/games/{game['id']}").json()["seq"] == 0


def test_a_bad_token_is_refused(tablet, anonymous):
    game = new_game(tablet)
    anonymous.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    assert anonymous.post(f"/api/games/{game['id']}/moves", {"seat": 0, "tile": "6-3"}, format="json").status_code == 401


def test_reading_a_game_needs_no_login(tablet, anonymous):
    game = new_game(tablet)
    for suffix in ("", "/live", "/sheet", "/log"):
        assert anonymous.get(f"/api/games/{game['id']}{suffix}").status_code == 200, suffix
