"""The formats API as a client sees it: a secretary builds a match format
and a points scheme of the league's own and saves new versions; everyone
reads them with their versions and where they are used; bad data comes
back with every problem, where it is."""
from typing import Any

import pytest
from matchnights import Night, a_match_night
from rest_framework.test import APIClient
from tablets import tablet_for

from league.models import StoredFormat
from league.services.competition import division_settings_change

CUP = {"name": "Cup nights", "pairs": "drawn", "substitutes": 1, "max_pairs": 1, "min_players": 4,
       "rubbers": [{"kind": "pairs", "best_of": 3, "rules": {"target": 121}},
                   {"kind": "pairs", "best_of": 3, "rules": {"target": 121}}]}
BONUS = {"name": "Bonus", "win": 3, "draw": 1, "loss": 0, "losing_bonus": {"points": 1, "within": 1},
         "walkover": {"score": [2, 0], "loser_points": 0}}


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night()


def url(night: Night, rest: str = "") -> str:
    return f"/api/leagues/{night.league.pk}/{rest}"


def test_a_secretary_builds_a_format_and_anyone_reads_it_with_its_versions(night: Night) -> None:
    secretary = tablet_for(night.secretary)
    made = secretary.post(url(night, "formats"), {"slug": "cup", "data": CUP}, format="json")
    assert made.status_code == 201, made.json()
    body = made.json()
    assert (body["key"], body["name"], body["used_by"]) == ("own:cup", "Cup nights", [])
    [version] = body["versions"]
    assert (version["number"], version["created_by"], version["nights"]) == (1, night.secretary.username, 0)
    rubbers = [{**rubber, "game": "fives-and-threes"} for rubber in CUP["rubbers"]]
    assert version["data"] == {"key": "own:cup", "max_singles": None, "concede_score": None, **CUP,
                               "rubbers": rubbers}

    changed = secretary.post(url(night, "formats/cup/versions"), {"data": {**CUP, "substitutes": 2}}, format="json")
    assert changed.status_code == 201, changed.json()
    assert [(v["number"], v["data"]["substitutes"]) for v in changed.json()["versions"]] == [(2, 2), (1, 1)]

    division_settings_change(division_id=night.division.pk, changes={"match_format": "own:cup"}, user=night.secretary)
    anyone = APIClient()
    listed = anyone.get(url(night, "formats")).json()
    assert [(f["key"], f["used_by"]) for f in listed] == [("own:cup", ["Winter: Premier"])]
    assert anyone.get(url(night, "formats/cup")).json()["versions"][0]["number"] == 2


def test_a_scheme_with_a_losing_bonus_is_built_and_versioned(night: Night) -> None:
    secretary = tablet_for(night.secretary)
    made = secretary.post(url(night, "schemes"), {"slug": "bonus", "data": BONUS}, format="json")
    assert made.status_code == 201, made.json()
    assert made.json()["versions"][0]["data"] == {"key": "own:bonus", "per_game": 0, **BONUS}
    changed = secretary.post(url(night, "schemes/bonus/versions"),
                             {"data": {**BONUS, "losing_bonus": None}}, format="json")
    assert [v["data"]["losing_bonus"] for v in changed.json()["versions"]] == [None, {"points": 1, "within": 1}]


def test_bad_data_comes_back_with_every_problem_where_it_is(night: Night) -> None:
    secretary = tablet_for(night.secretary)
    bad = {**CUP, "min_players": 5, "rubbers": [{"kind": "pairs", "best_of": 2, "rules": {"colour": "red"}}]}
    refused = secretary.post(url(night, "formats"), {"slug": "cup", "data": bad}, format="json")
    assert refused.status_code == 422
    assert [p["where"] for p in refused.json()["problems"]] == ["rubbers.1.best_of", "rubbers.1.rules"]
    empty = secretary.post(url(night, "formats"), {"slug": "cup", "data": {**CUP, "rubbers": []}}, format="json")
    assert [p["where"] for p in empty.json()["problems"]] == ["rubbers"]
    assert not StoredFormat.objects.exists()


@pytest.mark.parametrize(("body", "field"), [
    ({"slug": "Cup!", "data": CUP}, "slug"),
    ({"slug": "cup", "data": {**CUP, "name": " "}}, "data"),
    ({"slug": "cup", "data": {**CUP, "colour": "red"}}, "data"),
    ({"slug": "cup"}, "data"),
])
def test_a_body_of_the_wrong_shape_is_a_400_naming_the_field(night: Night, body: dict[str, Any], field: str) -> None:
    response = tablet_for(night.secretary).post(url(night, "formats"), body, format="json")
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_only_a_secretary_builds_or_changes_one(night: Night) -> None:
    assert tablet_for(night.home_captain).post(url(night, "formats"), {"slug": "cup", "data": CUP},
                                               format="json").status_code == 403
    assert APIClient().post(url(night, "schemes"), {"slug": "b", "data": BONUS}, format="json").status_code in (401, 403)
    tablet_for(night.secretary).post(url(night, "formats"), {"slug": "cup", "data": CUP}, format="json")
    assert tablet_for(night.home_captain).post(url(night, "formats/cup/versions"), {"data": CUP},
                                               format="json").status_code == 403


def test_an_unknown_league_or_format_is_a_404(night: Night) -> None:
    assert APIClient().get("/api/leagues/999999/formats").status_code == 404
    assert APIClient().get(url(night, "formats/nothing")).status_code == 404
    assert tablet_for(night.secretary).post(url(night, "schemes/nothing/versions"), {"data": BONUS},
                                            format="json").status_code == 404
    other = a_match_night(league_name="Other League")
    tablet_for(other.secretary).post(url(other, "formats"), {"slug": "cup", "data": CUP}, format="json")
    assert APIClient().get(url(night, "formats/cup")).status_code == 404


@pytest.mark.parametrize(("where", "body"), [
    ("formats", {"slug": "Cup!", "data": {**CUP, "name": " "}}),
    ("schemes", {"slug": "b", "data": {"name": "Bonus"}}),
    ("formats/cup/versions", {"data": {"rubbers": "many"}}),
    ("schemes/bonus/versions", {"data": {}}),
    ("walkover-rule", {"forfeit": {"score": "six-nil"}}),
])
def test_an_outsider_with_a_bad_body_is_refused_for_who_they_are_not_told_what_is_wrong(
    night: Night, where: str, body: dict[str, Any]
) -> None:
    secretary = tablet_for(night.secretary)
    secretary.post(url(night, "formats"), {"slug": "cup", "data": CUP}, format="json")
    secretary.post(url(night, "schemes"), {"slug": "bonus", "data": BONUS}, format="json")
    captain = tablet_for(night.home_captain)
    send = captain.put if where == "walkover-rule" else captain.post
    answer = send(url(night, where), body, format="json")
    assert answer.status_code == 403
    assert "fields" not in answer.json() and "only a secretary" in answer.json()["error"]
