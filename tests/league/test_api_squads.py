"""The squads API as a client sees it: a team's squad for a season with
what is wrong with it, registering a player and withdrawing one."""
from datetime import timedelta
from typing import Any

import pytest
from access import ANONYMOUS, OTHER_CAPTAIN, OWN_CAPTAIN, OWN_SECRETARY, Scene, a_scene
from django.utils import timezone

from league.models import Season, SquadRegistration


@pytest.fixture
def scene(db: None) -> Scene:
    return a_scene()


def squad_url(scene: Scene) -> str:
    return f"/api/seasons/{scene.season.pk}/teams/{scene.team.pk}/squad"


def register(scene: Scene, role: str, player_id: int) -> Any:
    return scene.client(role).post(squad_url(scene), {"player": player_id}, format="json")


def withdraw(scene: Scene, role: str, player_id: int) -> Any:
    return scene.client(role).delete(f"{squad_url(scene)}/{player_id}")


def close_registration(scene: Scene) -> None:
    Season.objects.filter(pk=scene.season.pk).update(registration_deadline=timezone.localdate() - timedelta(days=1))


def test_anyone_reads_a_squad_with_its_players(scene: Scene) -> None:
    response = scene.client(ANONYMOUS).get(squad_url(scene))
    assert response.status_code == 200
    assert response.json() == {
        "season": scene.season.pk,
        "team": {"id": scene.team.pk, "name": scene.team.name},
        "players": [{"id": scene.registered.pk, "name": "Squad 1"}],
        "problems": [],
    }


def test_a_squad_short_of_players_after_the_deadline_says_so(scene: Scene) -> None:
    close_registration(scene)
    problems = scene.client(ANONYMOUS).get(squad_url(scene)).json()["problems"]
    assert len(problems) == 1
    assert problems[0].startswith(f"{scene.team.name} has 1 player registered, fewer than the 8 needed")


def test_a_squad_of_a_season_or_team_that_does_not_exist_is_not_found(scene: Scene) -> None:
    assert scene.client(ANONYMOUS).get(f"/api/seasons/999/teams/{scene.team.pk}/squad").status_code == 404
    assert scene.client(ANONYMOUS).get(f"/api/seasons/{scene.season.pk}/teams/999/squad").status_code == 404


def test_the_captain_registers_a_player(scene: Scene) -> None:
    response = register(scene, OWN_CAPTAIN, scene.free_player.pk)
    assert response.status_code == 201
    body = response.json()
    assert (body["season"], body["team"], body["player"], body["registered_by"]) == (
        scene.season.pk, scene.team.pk, {"id": scene.free_player.pk, "name": "Squad 2"}, "own-captain",
    )
    names = [p["name"] for p in scene.client(ANONYMOUS).get(squad_url(scene)).json()["players"]]
    assert names == ["Squad 1", "Squad 2"]


def test_the_captain_withdraws_a_player(scene: Scene) -> None:
    response = withdraw(scene, OWN_CAPTAIN, scene.registered.pk)
    assert response.status_code == 204
    assert scene.client(ANONYMOUS).get(squad_url(scene)).json()["players"] == []


def test_a_player_already_in_the_squad_is_refused_with_the_reason(scene: Scene) -> None:
    response = register(scene, OWN_CAPTAIN, scene.registered.pk)
    assert (response.status_code, response.json()) == (
        422, {"error": f"Squad 1 is already registered for {scene.team.name} this season"},
    )


def test_after_the_deadline_the_captain_is_told_to_ask_a_secretary(scene: Scene) -> None:
    close_registration(scene)
    response = register(scene, OWN_CAPTAIN, scene.free_player.pk)
    assert response.status_code == 422
    assert response.json()["error"].endswith(f"only a league secretary can change {scene.team.name}'s squad now")
    assert register(scene, OWN_SECRETARY, scene.free_player.pk).status_code == 201


def test_another_teams_captain_is_told_who_may_change_the_squad(scene: Scene) -> None:
    response = withdraw(scene, OTHER_CAPTAIN, scene.registered.pk)
    team = scene.team.name
    assert (response.status_code, response.json()) == (
        403, {"error": f"only {team}'s captain or vice-captain, or a secretary of Leek & District, "
                       f"may change {team}'s squad"},
    )
    assert SquadRegistration.objects.filter(player=scene.registered).exists()


def test_withdrawing_a_player_not_in_the_squad_is_refused(scene: Scene) -> None:
    response = withdraw(scene, OWN_CAPTAIN, scene.free_player.pk)
    assert (response.status_code, response.json()) == (
        422, {"error": f"Squad 2 is not registered for {scene.team.name} this season"},
    )


def test_registering_needs_a_player(scene: Scene) -> None:
    response = scene.client(OWN_CAPTAIN).post(squad_url(scene), {"player": "Ann"}, format="json")
    assert response.status_code == 400
    assert "player" in response.json()["fields"]


def test_registering_needs_a_login(scene: Scene) -> None:
    response = register(scene, ANONYMOUS, scene.free_player.pk)
    assert (response.status_code, response.json()) == (
        401, {"error": "Authentication credentials were not provided."},
    )
    assert not SquadRegistration.objects.filter(player=scene.free_player).exists()


def test_the_schema_documents_the_squad_endpoints(scene: Scene) -> None:
    paths = scene.client(ANONYMOUS).get("/api/schema", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()["paths"]
    squad = paths["/api/seasons/{season_id}/teams/{team_id}/squad"]
    assert {"get", "post"} <= set(squad)
    assert {"201", "403", "422"} <= set(squad["post"]["responses"])
    assert "204" in paths["/api/seasons/{season_id}/teams/{team_id}/squad/{player_id}"]["delete"]["responses"]
