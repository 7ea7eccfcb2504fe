"""Who may make each transfer and withdrawal write of the API, in the
access scene (tests/league/access.py) with the league allowing transfers
with the secretary's approval: the own captain's team receives, and an
open request (asked by the own captain) waits for the secretary.

Anonymous gets 401; a role the write is not for gets 403 with a message
saying who may, audited; an allowed role its success, or 422 where the
league's rules refuse. A refusal changes nothing."""
from typing import Any

import pytest
from access import OWN_CAPTAIN, Endpoint, Scene, a_scene, assert_answered_as_the_matrix_says, matrix_cases, state
from django.urls import resolve
from leagues import players
from module_data import made_once_a_module

from league.api.urls import urlpatterns
from league.models import AuditEntry, DivisionEntry, Fixture, League, SquadRegistration, TeamWithdrawal, TransferRequest
from league.services.transfers import transfer_request

WATCHED = [DivisionEntry, Fixture, SquadRegistration, TransferRequest, TeamWithdrawal]


def movers(scene: Scene) -> tuple[Any, Any]:
    """Two players of the target's away team: one to ask for, one already asked for."""
    return scene.movers  # type: ignore[attr-defined,no-any-return]


def pending(scene: Scene) -> TransferRequest:
    return TransferRequest.objects.get(player=movers(scene)[1])


ASK = Endpoint("ask for a transfer", "post", lambda s: f"/api/seasons/{s.season.pk}/transfers",
               lambda s: {"player": movers(s)[0].pk, "to_team": s.team.pk})
DIRECT = Endpoint("transfer directly", "post", lambda s: f"/api/seasons/{s.season.pk}/transfers/direct",
                  lambda s: {"player": movers(s)[0].pk, "to_team": s.team.pk})
APPROVE = Endpoint("approve a transfer", "post", lambda s: f"/api/transfers/{pending(s).pk}/approve")
REFUSE = Endpoint("refuse a transfer", "post", lambda s: f"/api/transfers/{pending(s).pk}/refuse",
                  lambda s: {"note": "no written request"})
WITHDRAW_REQUEST = Endpoint("withdraw a transfer request", "post",
                            lambda s: f"/api/transfers/{pending(s).pk}/withdraw")
WITHDRAW_TEAM = Endpoint("withdraw a team", "post", lambda s: f"/api/divisions/{s.premier.pk}/withdrawals",
                         lambda s: {"team": s.team.pk, "date": "2026-10-06", "reason": "lost their pub"})

MATRIX: list[tuple[Endpoint, tuple[int, ...]]] = [
    # endpoint         anonymous, another team's captain, own captain, another league's secretary, own secretary
    (ASK,              (401, 403, 201, 403, 201)),
    (DIRECT,           (401, 403, 403, 403, 201)),
    (APPROVE,          (401, 403, 403, 403, 200)),
    (REFUSE,           (401, 403, 403, 403, 200)),
    (WITHDRAW_REQUEST, (401, 403, 200, 403, 200)),
    (WITHDRAW_TEAM,    (401, 403, 403, 403, 201)),
]


def a_transfer_scene() -> Scene:
    scene = a_scene()
    league = scene.season.league
    league.transfers = "secretary"
    league.save()
    away = players(2, prefix="Away")
    SquadRegistration.objects.bulk_create(SquadRegistration(season=scene.season, team=scene.fixture.away_team,
                                                            player=p) for p in away)
    scene.movers = tuple(away)  # type: ignore[attr-defined]
    transfer_request(season_id=scene.season.pk, player_id=away[1].pk, to_team_id=scene.team.pk,
                     user=scene.users[OWN_CAPTAIN])
    return scene


# Built once for the module; each test's writes are rolled back after it.
transfer_scene = made_once_a_module(a_transfer_scene)


def refusals() -> int:
    return AuditEntry.objects.filter(action__endswith=".refused").count()


@pytest.mark.parametrize(("endpoint", "role", "answer"), matrix_cases(MATRIX))
def test_each_transfer_and_withdrawal_write_answers_each_role_as_the_matrix_says(
        db: None, transfer_scene: Scene, endpoint: Endpoint, role: str, answer: int) -> None:
    scene = transfer_scene
    before, refused_before = state(WATCHED), refusals()
    response = endpoint.call(scene, role)
    assert_answered_as_the_matrix_says(response, answer, before, state(WATCHED))
    if answer == 401:
        assert refusals() == refused_before
    if answer == 403:
        assert refusals() == refused_before + 1


@pytest.mark.parametrize("rule", ["none"])
def test_a_league_allowing_no_transfers_answers_422_and_writes_nothing(db: None, transfer_scene: Scene,
                                                                       rule: str) -> None:
    scene = transfer_scene
    League.objects.filter(pk=scene.season.league_id).update(transfers=rule)
    before = state(WATCHED)
    for role in (OWN_CAPTAIN, "own secretary"):
        response = ASK.call(scene, role)
        assert response.status_code == 422
        assert response.json()["error"] == "Leek & District allows no transfers mid-season (the league's rule)"
    assert state(WATCHED) == before


COVERED_MODULES = ("league.api.transfers",)


def test_every_write_of_the_transfers_api_is_in_the_matrix(db: None, transfer_scene: Scene) -> None:
    scene = transfer_scene
    routed = {(pattern.name, method) for pattern in urlpatterns
              if pattern.callback.view_class.__module__ in COVERED_MODULES
              for method in ("post", "put", "patch", "delete") if hasattr(pattern.callback.view_class, method)}
    in_matrix = {(resolve(endpoint.path(scene)).url_name, endpoint.method) for endpoint, _ in MATRIX}
    assert routed - in_matrix == set()
