"""Every answer of the API is checked against the OpenAPI schema as the
tests receive it (tests/league/conftest.py's `answers_as_described`):
here, that the check finds a body unlike its schema."""
from typing import Any

import pytest
from described import body_errors, openapi
from rest_framework.response import Response
from rest_framework.test import APIClient
from tablets import new_game, post_move

from league.api.walkover_rule import WalkoverRuleApi

RULE = "/api/leagues/{league_id}/walkover-rule"


def _with(body: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**body, **changes}


def _without(body: dict[str, Any], name: str) -> dict[str, Any]:
    return {key: value for key, value in body.items() if key != name}


WRONG = [
    ("a field the schema does not declare", lambda body: _with(body, secretary="Mo"), "secretary"),
    ("a number where the schema says text", lambda body: _with(body, points_scheme=3), "points_scheme"),
    ("a score that is not a list", lambda body: _with(body, scored_as={"score": "6-0", "loser_points": 0}), "score"),
    ("a null where the schema allows none", lambda body: _with(body, points_scheme=None), "points_scheme"),
    ("a field left out", lambda body: _without(body, "forfeit"), "forfeit"),
]


@pytest.mark.parametrize(("wrong", "change", "named"), WRONG, ids=[row[0] for row in WRONG])
def test_the_check_finds_a_body_unlike_its_schema(anonymous: APIClient, league: Any, wrong: str, change: Any,
                                                  named: str) -> None:
    answer = anonymous.get(RULE.format(league_id=league.pk))
    assert answer.status_code == 200
    assert body_errors(answer.json(), RULE, "get", 200) == []
    errors = body_errors(change(answer.json()), RULE, "get", 200)
    assert errors and named in "\n".join(errors), wrong


def test_an_answer_unlike_its_schema_fails_the_test_that_receives_it(
        anonymous: APIClient, league: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    openapi()  # the schema of the view as it is, before it is replaced

    def get(view: Any, request: Any, league_id: int) -> Response:
        return Response({"forfeit": None, "points_scheme": "standard", "scored_as": None, "secretary": "Mo"})

    monkeypatch.setattr(WalkoverRuleApi, "get", get)
    with pytest.raises(AssertionError, match="secretary"):
        anonymous.get(RULE.format(league_id=league.pk))


def test_a_status_the_schema_does_not_declare_fails(anonymous: APIClient, league: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    openapi()

    def get(view: Any, request: Any, league_id: int) -> Response:
        return Response({"forfeit": None, "points_scheme": "standard", "scored_as": None}, status=201)

    monkeypatch.setattr(WalkoverRuleApi, "get", get)
    with pytest.raises(AssertionError, match="does not declare"):
        anonymous.get(RULE.format(league_id=league.pk))


def test_each_event_of_a_write_answers_only_the_fields_of_its_type(tablet: APIClient) -> None:
    game = new_game(tablet)
    down = post_move(tablet, game["id"], {"seat": 0, "tile": "6-3", "peg": 3})
    knock = post_move(tablet, game["id"], {"seat": 1, "knock": True})
    assert down.status_code == knock.status_code == 201
    play = down.json()["events"][0]
    assert play["type"] == "play" and play["end"] is None and play["peg"] == 3
    assert list(knock.json()["events"][0]) == ["hand", "move", "seat", "side", "type", "penalties", "scores"]
