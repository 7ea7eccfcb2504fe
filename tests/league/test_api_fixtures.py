"""The fixtures API as a client sees it: reading a division's, a team's and
one fixture; entering teams, drawing and publishing as a secretary; and
postponing, rearranging, awarding and voiding a published fixture."""
from datetime import timedelta
from typing import Any

import pytest
from access import ANONYMOUS, OTHER_SECRETARY, OWN_CAPTAIN, OWN_SECRETARY, Scene, a_scene
from django.utils import timezone

from league.models import Fixture

Status = Fixture.Status

# A night still to come whenever the tests run: a fixture is never
# rearranged into the past.
LATER = timezone.localdate() + timedelta(days=365)


@pytest.fixture
def scene(db: None) -> Scene:
    return a_scene()


def as_secretary(scene: Scene) -> Any:
    return scene.client(OWN_SECRETARY)


def fixtures_of(scene: Scene, division_id: int, role: str = ANONYMOUS) -> list[dict[str, Any]]:
    response = scene.client(role).get(f"/api/divisions/{division_id}/fixtures")
    assert response.status_code == 200
    return response.json()


# Reading


def test_anyone_reads_a_fixture_with_its_teams_venue_and_status(scene: Scene) -> None:
    fixture = scene.fixture
    response = scene.client(ANONYMOUS).get(f"/api/fixtures/{fixture.pk}")
    assert response.status_code == 200
    assert response.json() == {
        "id": fixture.pk, "division": scene.premier.pk, "week": 1, "date": fixture.date.isoformat(),
        "played_on": fixture.date.isoformat(),
        "home_team": {"id": fixture.home_team_id, "name": fixture.home_team.name},
        "away_team": {"id": fixture.away_team_id, "name": fixture.away_team.name},
        "venue": {"id": fixture.venue_id, "name": fixture.venue.name},
        "status": "published", "rearranged_to": None, "walkover_winner": None, "reason": "", "revision": 0,
        "cup_tie": None, "leg": None,
    }


def test_anyone_reads_a_published_divisions_fixtures_by_week(scene: Scene) -> None:
    fixtures = fixtures_of(scene, scene.premier.pk)
    assert len(fixtures) == 12
    assert [f["week"] for f in fixtures] == sorted(f["week"] for f in fixtures)
    assert {f["status"] for f in fixtures} == {"published"}


@pytest.mark.parametrize("role", [ANONYMOUS, OWN_CAPTAIN, OTHER_SECRETARY])
def test_draft_fixtures_are_hidden_from_all_but_the_leagues_secretaries(scene: Scene, role: str) -> None:
    assert fixtures_of(scene, scene.division_one.pk, role) == []
    draft = Fixture.objects.filter(division=scene.division_one).first()
    assert draft is not None
    assert scene.client(role).get(f"/api/fixtures/{draft.pk}").status_code == 404


def test_the_leagues_secretary_sees_the_drafts(scene: Scene) -> None:
    drafts = fixtures_of(scene, scene.division_one.pk, OWN_SECRETARY)
    assert [f["status"] for f in drafts] == ["draft", "draft"]
    assert as_secretary(scene).get(f"/api/fixtures/{drafts[0]['id']}").status_code == 200


def test_a_teams_fixtures_are_its_published_ones_home_and_away_by_date(scene: Scene) -> None:
    team = scene.team
    response = scene.client(ANONYMOUS).get(f"/api/teams/{team.pk}/fixtures")
    assert response.status_code == 200
    fixtures = response.json()
    assert len(fixtures) == 6
    assert all(team.pk in (f["home_team"]["id"], f["away_team"]["id"]) for f in fixtures)
    assert [f["played_on"] for f in fixtures] == sorted(f["played_on"] for f in fixtures)


def test_a_team_whose_fixtures_are_drafts_has_none_yet(scene: Scene) -> None:
    plough = Fixture.objects.filter(division=scene.division_one).first().home_team  # type: ignore[union-attr]
    assert scene.client(ANONYMOUS).get(f"/api/teams/{plough.pk}/fixtures").json() == []


@pytest.mark.parametrize("path", ["/api/divisions/999/fixtures", "/api/fixtures/999", "/api/teams/999/fixtures"])
def test_what_does_not_exist_is_not_found(scene: Scene, path: str) -> None:
    response = scene.client(ANONYMOUS).get(path)
    assert (response.status_code, response.json()) == (404, {"error": "Not found."})


# Entering teams, drawing and publishing


def test_a_secretary_enters_a_team_in_a_division(scene: Scene) -> None:
    response = as_secretary(scene).post(f"/api/divisions/{scene.division_one.pk}/teams",
                                        {"team": scene.free_team.pk}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert (body["division"], body["team"]) == (scene.division_one.pk, {"id": scene.free_team.pk, "name": "Bell B"})


def test_entering_a_team_already_in_a_division_is_refused_with_the_reason(scene: Scene) -> None:
    response = as_secretary(scene).post(f"/api/divisions/{scene.division_one.pk}/teams",
                                        {"team": scene.team.pk}, format="json")
    assert response.status_code == 422
    assert response.json() == {
        "error": f"{scene.team.name} already plays in Premier this season: a team plays in one division a season",
    }


def test_drawing_again_answers_the_new_drafts(scene: Scene) -> None:
    old = {f.pk for f in Fixture.objects.filter(division=scene.division_one)}
    response = as_secretary(scene).post(f"/api/divisions/{scene.division_one.pk}/fixtures/generate",
                                        {"start": "2026-09-07", "weekday": 3, "skip_dates": ["2026-09-10"]},
                                        format="json")
    assert response.status_code == 201
    drafts = response.json()
    assert len(drafts) == 2 and {f["status"] for f in drafts} == {"draft"}
    assert not old & {f["id"] for f in drafts}
    assert drafts[0]["date"] == "2026-09-17"  # the first Thursday, the 10th skipped


def test_a_draw_needs_a_weekday_from_monday_to_sunday(scene: Scene) -> None:
    response = as_secretary(scene).post(f"/api/divisions/{scene.division_one.pk}/fixtures/generate",
                                        {"start": "2026-09-07", "weekday": 7}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "the request is not valid"
    assert "weekday" in response.json()["fields"]


def test_a_published_division_is_not_drawn_again(scene: Scene) -> None:
    response = as_secretary(scene).post(f"/api/divisions/{scene.premier.pk}/fixtures/generate",
                                        {"start": "2026-09-07", "weekday": 1}, format="json")
    assert response.status_code == 422
    assert response.json() == {"error": "Premier's fixtures are published: its teams and fixtures are settled"}


def test_publishing_shows_the_fixtures_to_everyone(scene: Scene) -> None:
    response = as_secretary(scene).post(f"/api/divisions/{scene.division_one.pk}/fixtures/publish")
    assert (response.status_code, response.json()) == (200, {"published": 2})
    assert [f["status"] for f in fixtures_of(scene, scene.division_one.pk)] == ["published", "published"]


# Changing a published fixture


def change(scene: Scene, verb: str, body: dict[str, Any], role: str = OWN_SECRETARY) -> Any:
    return scene.client(role).post(f"/api/fixtures/{scene.fixture.pk}/{verb}", body, format="json")


def test_postponing_answers_the_fixture_postponed_with_its_reason(scene: Scene) -> None:
    response = change(scene, "postpone", {"reason": "the pub flooded"})
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["reason"], body["revision"]) == ("postponed", "the pub flooded", 1)


def test_rearranging_keeps_the_original_date_beside_the_new_one(scene: Scene) -> None:
    response = change(scene, "rearrange", {"date": LATER.isoformat(), "reason": "the pub flooded"})
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["date"], body["rearranged_to"], body["played_on"]) == (
        "rearranged", scene.fixture.date.isoformat(), LATER.isoformat(), LATER.isoformat(),
    )


def test_a_fixture_is_not_rearranged_into_the_past(scene: Scene) -> None:
    response = change(scene, "rearrange", {"date": "2020-01-07", "reason": "played then"})
    assert (response.status_code, response.json()) == (
        422, {"error": "7 January 2020 has gone: a match can only be moved to today or later"})


def test_a_night_a_team_already_plays_is_refused_unless_the_secretary_insists(scene: Scene) -> None:
    other = Fixture.objects.filter(division=scene.fixture.division).exclude(pk=scene.fixture.pk).filter(
        home_team__in=[scene.fixture.home_team_id, scene.fixture.away_team_id]).first()
    assert other is not None
    moved = scene.client(OWN_SECRETARY).post(f"/api/fixtures/{other.pk}/rearrange",
                                              {"date": LATER.isoformat(), "reason": "cup tie"}, format="json")
    assert moved.status_code == 200
    response = change(scene, "rearrange", {"date": LATER.isoformat(), "reason": "double header"})
    assert response.status_code == 422 and "two matches on one night" in response.json()["error"]
    assert Fixture.objects.get(pk=scene.fixture.pk).status == Status.PUBLISHED
    insisted = change(scene, "rearrange", {"date": LATER.isoformat(), "reason": "double header", "insist": True})
    assert (insisted.status_code, insisted.json()["played_on"]) == (200, LATER.isoformat())


def test_a_walkover_names_its_winner(scene: Scene) -> None:
    response = change(scene, "walkover", {"winner": scene.fixture.away_team_id, "reason": "no show"})
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["walkover_winner"]) == ("walkover", scene.fixture.away_team_id)


def test_a_walkover_to_a_team_not_in_the_fixture_is_refused(scene: Scene) -> None:
    response = change(scene, "walkover", {"winner": scene.free_team.pk, "reason": "no show"})
    assert response.status_code == 422
    assert response.json()["error"] == (
        f"a walkover in {scene.fixture} goes to {scene.fixture.home_team} or {scene.fixture.away_team}"
    )


def test_a_void_fixture_cannot_be_rearranged(scene: Scene) -> None:
    assert change(scene, "void", {"reason": "Crown B withdrew"}).json()["status"] == "void"
    response = change(scene, "rearrange", {"date": LATER.isoformat(), "reason": "they came back"})
    assert (response.status_code, response.json()) == (
        422, {"error": f"{scene.fixture} is void: it cannot be rearranged"},
    )


@pytest.mark.parametrize("body", [{}, {"reason": "  "}])
def test_a_change_without_a_reason_is_refused_saying_why(scene: Scene, body: dict[str, Any]) -> None:
    response = change(scene, "postpone", body)
    assert (response.status_code, response.json()) == (
        422, {"error": "say why: a fixture cannot be postponed without a reason"},
    )
    assert Fixture.objects.get(pk=scene.fixture.pk).status == Status.PUBLISHED


def test_a_rearrangement_needs_a_date(scene: Scene) -> None:
    response = change(scene, "rearrange", {"date": "next Tuesday", "reason": "snow"})
    assert response.status_code == 400
    assert "date" in response.json()["fields"]


def test_a_captain_is_told_who_may_change_a_fixture(scene: Scene) -> None:
    response = change(scene, "postpone", {"reason": "we are short"}, role=OWN_CAPTAIN)
    assert (response.status_code, response.json()) == (
        403, {"error": "only a secretary of Leek & District may manage Premier's teams and fixtures"},
    )


def test_a_change_needs_a_login(scene: Scene) -> None:
    response = change(scene, "void", {"reason": "why not"}, role=ANONYMOUS)
    assert (response.status_code, response.json()) == (
        401, {"error": "Authentication credentials were not provided."},
    )
    assert Fixture.objects.get(pk=scene.fixture.pk).status == Status.PUBLISHED


def test_the_schema_documents_the_fixture_endpoints_and_their_refusals(scene: Scene) -> None:
    paths = scene.client(ANONYMOUS).get("/api/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["paths"]
    for path in ("/api/divisions/{division_id}/fixtures", "/api/divisions/{division_id}/teams",
                 "/api/divisions/{division_id}/fixtures/generate", "/api/divisions/{division_id}/fixtures/publish",
                 "/api/fixtures/{fixture_id}", "/api/teams/{team_id}/fixtures"):
        assert path in paths, path
    for verb in ("postpone", "rearrange", "walkover", "void"):
        assert {"200", "401", "403", "422"} <= set(paths[f"/api/fixtures/{{fixture_id}}/{verb}"]["post"]["responses"])
