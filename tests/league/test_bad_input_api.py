"""Bad input the API once answered with a 500, or took in silence: each is
now a 4xx whose `{"error": ...}` body names what was wrong, and changes
nothing (README, "The live scoring API"; docs/scoresheet.md for the
engine's numbers)."""
import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from matchnights import Night, a_match_night
from rest_framework.test import APIClient
from tablets import new_game, post_move, tablet_for

from league.models import Game, GameEntry, RubberGame


def refused(response: Any, status: int, *names: str) -> dict[str, Any]:
    """The body of a refusal with this status, which says why and names
    each of `names` (a field, a rule key, a path into the body)."""
    assert response.status_code == status, response.content
    body = response.json()
    assert body["error"]
    text = json.dumps(body, ensure_ascii=False)
    for name in names:
        assert name in text, (name, body)
    return body


def raw(client: APIClient, path: str, body: str) -> Any:
    """Posts `body` exactly as written: JSON no Python value would encode."""
    return client.post(path, data=body.encode("utf-8"), content_type="application/json")


# --- a rubber's game removed before anything was entered ----------------------------

@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain")


def test_removing_a_rubbers_game_on_a_fixture_with_no_night_yet_is_a_422(night: Night) -> None:
    response = tablet_for(night.home_captain).delete(f"/api/fixtures/{night.fixture.pk}/night/rubbers/1/games")
    refused(response, 422, "rubber 1")
    assert not RubberGame.objects.exists()


# --- JSON nested 1,000 deep, on any endpoint ---------------------------------------------

DEEP = "[" * 1000 + "]" * 1000
DEEP_IN_A_FIELD = '{"seats": ["Ann", "Bob"], "rules": ' + "{\"a\": " * 500 + "1" + "}" * 500 + "}"


@pytest.mark.parametrize(("path", "body"), [
    ("/api/games", DEEP),
    ("/api/games", DEEP_IN_A_FIELD),
    ("/api/games/import", DEEP),
    ("/api/games/{game}/moves", DEEP),
    ("/api/games/{game}/undo", DEEP),
    ("/api/games/{game}/hands/0/shown", DEEP),
    ("/api/games/{game}/scorers", DEEP),
    ("/api/auth/token", DEEP),
    ("/api/seasons/1/teams/1/squad", DEEP),
    ("/api/fixtures/1/night/dispute", DEEP),
], ids=["new game", "new game, deep rules", "import", "move", "undo", "shown", "scorers", "token", "squad",
        "dispute"])
def test_json_nested_too_deep_is_a_400_on_any_endpoint(tablet: APIClient, path: str, body: str) -> None:
    game = new_game(tablet)
    response = raw(tablet, path.format(game=game["id"]), body)
    refused(response, 400, "nested too deeply")
    assert Game.objects.count() == 1 and not GameEntry.objects.exists()


# --- numbers in other scripts' digits, and beyond any game ------------------------------

@pytest.mark.parametrize("rules", [
    {"preset": "pub", "target": "²"}, {"preset": "pub", "target": "٦١"}, {"preset": "pub", "hand_size": "٣"},
    {"preset": "pub", "target": 100000},
], ids=["superscript target", "Arabic-Indic target", "Arabic-Indic hand size", "target beyond any game"])
def test_a_rule_number_the_engine_cannot_read_is_a_422_naming_the_rule(tablet: APIClient,
                                                                      rules: dict[str, Any]) -> None:
    key = next(name for name in rules if name != "preset")
    response = tablet.post("/api/games", {"rules": rules, "seats": ["Ann", "Bob"]}, format="json")
    refused(response, 422, f"rules: {key}")
    assert not Game.objects.exists()


def test_a_peg_beyond_what_the_game_is_played_to_is_a_422_naming_the_peg(tablet: APIClient) -> None:
    game = new_game(tablet)
    response = post_move(tablet, game["id"], {"seat": 0, "tile": "6-6", "peg": 1_000_000})
    refused(response, 422, "peg 1000000")
    assert not GameEntry.objects.exists()


# --- scoresheets of the wrong shape, and fields nobody knows ---------------------------

SHEET = {"seats": ["Ann", "Bob"], "hands": [{"moves": [{"seat": 0, "tile": "6-6"}]}]}


@pytest.mark.parametrize(("change", "names"), [
    ({"hands": [{"moves": 5}]}, ["hands", "moves"]),
    ({"hands": [{"moves": "6-6"}]}, ["hands", "moves"]),
    ({"hands": [{"moves": [5]}]}, ["hands", "moves"]),
    ({"hands": [5]}, ["hands"]),
    ({"hands": [{"moves": [{"seat": 0, "tile": "6-6"}], "shown": 5}]}, ["hands", "shown"]),
    ({"hands": [{"moves": [{"seat": 0, "tile": "6-6"}], "notes": "x"}]}, ["hands", "notes", "unknown field"]),
    ({"pegs": [1]}, ["pegs", "unknown field"]),
], ids=["moves a number", "moves a string", "a move a number", "a hand a number", "shown a number",
        "an unknown field of a hand", "an unknown field of the sheet"])
def test_an_import_of_the_wrong_shape_is_a_400_naming_the_field(tablet: APIClient, change: dict[str, Any],
                                                                names: list[str]) -> None:
    response = tablet.post("/api/games/import", {**SHEET, **change}, format="json")
    refused(response, 400, *names)
    assert not Game.objects.exists()


@pytest.mark.parametrize("field", ["pegs", "seat", "target"])
def test_a_new_game_with_a_field_nobody_knows_is_a_400_naming_it(tablet: APIClient, field: str) -> None:
    response = tablet.post("/api/games", {"seats": ["Ann", "Bob"], field: 1}, format="json")
    assert refused(response, 400, field)["fields"][field] == ["unknown field"]
    assert not Game.objects.exists()


def test_a_scorer_named_with_a_field_nobody_knows_is_a_400(tablet: APIClient) -> None:
    game = new_game(tablet)
    get_user_model().objects.create_user("friend")
    response = tablet.post(f"/api/games/{game['id']}/scorers", {"username": "friend", "role": "x"}, format="json")
    refused(response, 400, "role")


# --- text that is not text ----------------------------------------------------------------

@pytest.mark.parametrize(("path", "body", "where"), [
    ("/api/games/import", '{"format": "\\ud800", "seats": ["Ann", "Bob"], "hands": []}', "format"),
    ("/api/games", '{"seats": ["Ann", "\\udfff"]}', "seats[1]"),
    ("/api/games", '{"seats": ["Ann", "Bob"], "rules": {"preset": "pub\\u0000"}}', "rules.preset"),
    ("/api/games/{game}/moves", '{"seat": 0, "tile": "6-6", "end": "\\ud83d"}', "end"),
    ("/api/games/{game}/scorers", '{"\\ud800": "x"}', "the body"),
], ids=["a lone surrogate as a choice", "a lone surrogate as a seat", "a NUL in the rules", "a lone surrogate as an end",
        "a lone surrogate as a field name"])
def test_text_with_a_lone_surrogate_or_a_nul_is_a_400_naming_where(tablet: APIClient, path: str, body: str,
                                                                  where: str) -> None:
    game = new_game(tablet)
    response = raw(tablet, path.format(game=game["id"]), body)
    refused(response, 400, where, "not valid text")
    assert response.content.decode("utf-8")  # the answer itself is text
    assert Game.objects.count() == 1 and not GameEntry.objects.exists()


@pytest.mark.parametrize("path", [
    "/api/games/9223372036854775808",
    "/api/games/1/hands/129589103808327088/shown",
    "/api/fixtures/99999999999999999999/night",
])
def test_an_id_past_any_database_integer_is_a_json_404(tablet: APIClient, path: str) -> None:
    response = tablet.post(path, {"2": []}, format="json") if path.endswith("shown") else tablet.get(path)
    assert response.status_code == 404
    assert "error" in response.json()


def test_an_id_past_any_database_integer_is_a_page_404() -> None:
    from django.test import Client

    assert Client().get("/teams/9223372036854775808/").status_code == 404
