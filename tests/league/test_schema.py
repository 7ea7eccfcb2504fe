"""The OpenAPI schema and its browsable docs; and that it describes every
body the API answers, field by field, as the API really answers it."""
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from described import body_errors, json_schema
from django.utils import timezone
from honours_data import known_week
from improved_data import a_rated_league, a_rated_season
from jsonschema import Draft202012Validator
from matchnights import Night, a_match_night
from rest_framework.test import APIClient
from tablets import new_game, play_sheet, post_move, sample_sheet, tablet_for

# Fields whose shape is free on purpose: each must say what it holds.
FREE_FORM = {
    "GameStateOutput.rules",  # a preset name, or an object of rule keys
    "ScoresheetOutput.rules",  # rule keys, as many as the rules have
    "ScoresheetHandOutput.moves[]",  # a play, knock, draw, misplay or ruling
    "LogEntryOutput.payload",  # a move, the tiles shown, or null
    "VoidEventOutput.move",  # the voided move
    "RubberData.rules",  # the rule keys a rubber changes, as many as it changes
}


@pytest.fixture(scope="module")
def openapi() -> dict[str, Any]:
    response = APIClient().get("/api/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return dict(response.json())


def test_the_schema_describes_the_write_endpoints(anonymous, db):
    response = anonymous.get("/api/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    paths = schema["paths"]
    for path in ("/api/games", "/api/games/{game_id}/moves", "/api/games/{game_id}/undo",
                 "/api/games/{game_id}/hands/{hand}/shown", "/api/games/import", "/api/auth/token"):
        assert path in paths, path
    move = paths["/api/games/{game_id}/moves"]["post"]
    assert {"201", "409", "422"} <= set(move["responses"])
    assert any(parameter["name"] == "Idempotency-Key" for parameter in move["parameters"])


def test_the_docs_are_served_without_a_cdn(anonymous, db):
    response = anonymous.get("/api/docs")
    assert response.status_code == 200
    assert b"swagger" in response.content.lower()
    assert b"cdn.jsdelivr" not in response.content


def _component(openapi: dict[str, Any], ref: str) -> tuple[str, dict[str, Any]]:
    name = ref.rsplit("/", 1)[-1]
    return name, openapi["components"]["schemas"][name]


def _undescribed(openapi: dict[str, Any], node: dict[str, Any], where: str, documented: bool,
                 seen: set[str]) -> Iterator[tuple[str, bool]]:
    """Each place under `node` that says nothing of its shape: an object
    without properties, or a value of any type; with whether it carries a
    description (an array's items share the array's)."""
    documented = documented or bool(node.get("description"))
    if "$ref" in node:
        name, component = _component(openapi, node["$ref"])
        if name not in seen:
            seen.add(name)
            yield from _undescribed(openapi, component, name, False, seen)
        return
    parts = [part for key in ("allOf", "oneOf", "anyOf") for part in node.get(key, [])]
    for part in parts:
        yield from _undescribed(openapi, part, where, documented, seen)
    if node.get("type") == "array":
        yield from _undescribed(openapi, node.get("items", {}), f"{where}[]", documented, seen)
    elif node.get("type") == "object" or "properties" in node:
        for name, field in node.get("properties", {}).items():
            yield from _undescribed(openapi, field, f"{where}.{name}", False, seen)
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and extra:
            yield from _undescribed(openapi, extra, f"{where}{{}}", documented, seen)
        elif not node.get("properties"):
            yield where, documented
    elif not parts and "type" not in node and "enum" not in node:
        yield where, documented


def _successes(openapi: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, operations in openapi["paths"].items():
        for method, operation in operations.items():
            for code, response in operation["responses"].items():
                if code.startswith("2"):
                    yield f"{method.upper()} {path} {code}", code, response


def test_every_json_answer_is_a_named_schema(openapi: dict[str, Any]) -> None:
    unnamed = []
    for operation, code, response in _successes(openapi):
        content = response.get("content", {})
        if code == "204":
            continue
        if not content:
            unnamed.append(f"{operation}: no body described")
        body = content.get("application/json", {}).get("schema")
        if body is not None and "$ref" not in body.get("items", body):
            unnamed.append(f"{operation}: {body}")
    assert not unnamed, "answers without a serializer:\n" + "\n".join(unnamed)


def test_every_field_of_every_answer_has_a_shape_unless_free_on_purpose(openapi: dict[str, Any]) -> None:
    loose: list[str] = []
    seen: set[str] = set()
    for operation, _, response in _successes(openapi):
        body = response.get("content", {}).get("application/json", {}).get("schema")
        if body is None:
            continue
        for where, documented in _undescribed(openapi, body, operation, False, seen):
            if where == operation:
                loose.append(f"{operation}: the whole body")
            elif where not in FREE_FORM:
                loose.append(f"{operation}: {where}")
            elif not documented:
                loose.append(f"{operation}: {where} is free-form and says nothing of what it holds")
    assert not loose, "fields the schema leaves shapeless:\n" + "\n".join(loose)


def assert_described(openapi: dict[str, Any], response: Any, method: str, path: str) -> None:
    """The body is what the schema says `method path` answers with its status."""
    assert response.status_code < 300, response.json()
    errors = body_errors(response.json(), path, method, response.status_code)
    assert not errors, f"{method.upper()} {path} {response.status_code}:\n" + "\n".join(errors[:10])


NIGHT = "/api/fixtures/{fixture_id}/night"


def test_a_match_night_answers_as_the_schema_says_from_the_sheet_to_the_settled_dispute(
        openapi: dict[str, Any], db: None) -> None:
    night: Night = a_match_night("solihull")
    base = NIGHT.format(fixture_id=night.fixture.pk)
    home, away = tablet_for(night.home_captain), tablet_for(night.away_captain)
    scorer, secretary = tablet_for(night.home_scorer), tablet_for(night.secretary)

    def described(response: Any, method: str, tail: str = "") -> None:
        assert_described(openapi, response, method, NIGHT + tail)

    described(APIClient().get(base), "get")
    sheet = [{"home": h, "away": a} for h, a in night.lineups(["singles"] * 6 + ["pairs"] * 3)]
    described(home.put(f"{base}/sheet", {"rubbers": sheet}, format="json"), "put", "/sheet")
    games = "/rubbers/{rubber}/games"
    described(scorer.post(f"{base}/rubbers/7/games", {"live": True}, format="json"), "post", games)
    live = APIClient().get(base).json()["rubbers"][6]["games"][0]
    assert live["playing"] and live["game"] is not None
    described(APIClient().get(base), "get")
    described(scorer.delete(f"{base}/rubbers/7/games"), "delete", games)
    for rubber in range(1, 10):
        scores = {"home_score": 61, "away_score": 30} if rubber <= 5 else {"home_score": 40, "away_score": 61}
        described(scorer.post(f"{base}/rubbers/{rubber}/games", scores, format="json"), "post", games)
    described(home.post(f"{base}/submit"), "post", "/submit")
    described(away.post(f"{base}/dispute", {"reason": "Rubber 6 was ours"}, format="json"), "post", "/dispute")
    correction = {"rubber": 6, "game": 1, "home_score": 50, "away_score": 61, "reason": "Card checked"}
    described(secretary.post(f"{base}/correct", correction, format="json"), "post", "/correct")
    settled = secretary.post(f"{base}/resolve", {"decision": "uphold", "note": "As submitted"}, format="json")
    described(settled, "post", "/resolve")
    assert settled.json()["status"] == "confirmed"


def test_the_table_and_a_preview_answer_as_the_schema_says(openapi: dict[str, Any], tablet: APIClient) -> None:
    options, preview = "/api/games/{game_id}/options", "/api/games/{game_id}/preview"
    game = new_game(tablet)
    assert_described(openapi, tablet.get(f"/api/games/{game['id']}/options"), "get", options)
    for move in ({"seat": 0, "tile": "6-3", "peg": 3}, {"seat": 1, "tile": "3-3", "end": "right", "peg": 4}):
        assert post_move(tablet, game["id"], move).status_code == 201
    assert_described(openapi, tablet.get(f"/api/games/{game['id']}/options"), "get", options)
    over_peg = tablet.post(f"/api/games/{game['id']}/preview", {"seat": 0, "tile": "6-5", "end": "left", "peg": 8},
                           format="json")
    assert over_peg.json()["events"][0]["penalties"]
    assert_described(openapi, over_peg, "post", preview)
    ruling = tablet.post(f"/api/games/{game['id']}/preview", {"seat": 1, "penalty": "misplay"}, format="json")
    assert_described(openapi, ruling, "post", preview)
    spinners = new_game(tablet, rules="threes-and-fives")
    assert post_move(tablet, spinners["id"], {"seat": 0, "tile": "5-5"}).status_code == 201
    assert_described(openapi, tablet.get(f"/api/games/{spinners['id']}/options"), "get", options)
    draw = tablet.post(f"/api/games/{spinners['id']}/preview", {"seat": 1, "draw": 1}, format="json")
    assert_described(openapi, draw, "post", preview)


def test_the_honours_answer_as_the_schema_says(openapi: dict[str, Any], anonymous: APIClient, db: None) -> None:
    roll, week_path = "/api/leagues/{league_id}/honours", "/api/leagues/{league_id}/week-honours"
    league, teams = a_rated_league()
    a_rated_season(league, teams, "Winter 2025-26", timezone.localdate() - timedelta(days=200))
    answer = anonymous.get(roll.format(league_id=league.pk))
    assert answer.json()[0]["most_improved"] is not None
    assert_described(openapi, answer, "get", roll)
    league.rating_min_games = 1000  # no most improved: null
    league.save(update_fields=["rating_min_games"])
    assert_described(openapi, anonymous.get(roll.format(league_id=league.pk)), "get", roll)
    assert_described(openapi, anonymous.get(week_path.format(league_id=league.pk)), "get", week_path)  # no week yet
    week = known_week()
    for query in ("", f"?week={week.monday.isoformat()}", f"?week={week.monday - timedelta(days=14)}"):
        assert_described(openapi, anonymous.get(week_path.format(league_id=week.league.pk) + query), "get",
                         week_path)


@pytest.mark.slow
@pytest.mark.parametrize(("seats", "partners"), [(2, False), (4, True)])
def test_the_writes_the_log_and_the_scoresheet_of_a_whole_game_answer_as_the_schema_says(
        openapi: dict[str, Any], tablet: APIClient, seats: int, partners: bool) -> None:
    # A few mistakes, so that misplays, penalties and false knocks are among the events.
    sheet = sample_sheet(1, seats=seats, partners=partners, mistakes=0.05)
    state, replies = play_sheet(tablet, sheet)
    game = state["id"]
    validator = json_schema(openapi, openapi["components"]["schemas"]["WriteOutput"])
    for reply in replies:
        errors = [f"{'/'.join(map(str, error.absolute_path))}: {error.message}"
                  for error in Draft202012Validator(validator).iter_errors(reply)]
        assert not errors, "\n".join(errors[:10])
    assert {event["type"] for reply in replies for event in reply["events"]} >= {"play", "knock", "misplay", "hand-end"}
    assert_described(openapi, tablet.get(f"/api/games/{game}/sheet"), "get", "/api/games/{game_id}/sheet")
    # An undo, and the log with the row it voided.
    fresh = new_game(tablet)
    assert post_move(tablet, fresh["id"], {"seat": 0, "tile": "6-3"}).status_code == 201
    undone = tablet.post(f"/api/games/{fresh['id']}/undo", {}, format="json", HTTP_IDEMPOTENCY_KEY=f"undo-{seats}")
    assert_described(openapi, undone, "post", "/api/games/{game_id}/undo")
    assert_described(openapi, tablet.get(f"/api/games/{fresh['id']}/log"), "get", "/api/games/{game_id}/log")
