"""Who may make each write of the rearrangements API: asking to move a
match, picking a night, declining, withdrawing, a secretary settling it; every endpoint against
every role, as in test_access_matrix.py.

"Own captain" is the captain whose business the write is: the home
captain's for asking and withdrawing (the home team asks), the away
captain's for picking and declining. The target fixture is first moved
well ahead, so the league's rules allow asking. A refusal changes no
fixture and no request.
"""
from datetime import timedelta

import pytest
from access import (
    AWAY_CAPTAIN,
    OWN_CAPTAIN,
    Endpoint,
    Scene,
    a_scene,
    assert_answered_as_the_matrix_says,
    matrix_cases,
    state,
)
from django.urls import resolve
from django.utils import timezone
from tablets import tablet_for

from league.api.urls import urlpatterns
from league.models import AuditEntry, Fixture, RearrangeRequest
from league.services.fixtures import fixture_rearrange
from league.services.rearrangements import rearrangement_propose

WATCHED = [Fixture, RearrangeRequest]
AHEAD = 400  # days: after every match the scene drew


def night(offset: int) -> str:
    return str(timezone.localdate() + timedelta(days=AHEAD + offset))


PROPOSE = Endpoint("ask to move a match", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/rearrangement",
                   lambda s: {"team": s.fixture.home_team_id, "dates": [night(1), night(2)], "reason": "pub shut"})
PICK = Endpoint("pick a night", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/rearrangement/pick",
                lambda s: {"date": night(2)})
DECLINE = Endpoint("decline", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/rearrangement/decline",
                   lambda s: {"reason": "darts final"})
WITHDRAW = Endpoint("withdraw", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/rearrangement/withdraw")
SETTLE = Endpoint("settle", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/rearrangement/settle",
                  lambda s: {"step": "date", "date": night(3), "reason": "the league's cup night moved"})

# (endpoint, whose business it is, whether a request is open first, answers by role)
MATRIX = [
    # endpoint  anonymous, another team's captain, own captain, another league's secretary, own secretary
    (PROPOSE,   (401, 403, 201, 403, 403)),
    (PICK,      (401, 403, 200, 403, 200)),
    (DECLINE,   (401, 403, 200, 403, 403)),
    (WITHDRAW,  (401, 403, 200, 403, 403)),
    (SETTLE,    (401, 403, 403, 403, 200)),
]
ANSWERED_BY_THE_AWAY_CAPTAIN = {PICK.name, DECLINE.name}


def prepared(endpoint: Endpoint) -> Scene:
    scene = a_scene()
    secretary = scene.users["own secretary"]
    fixture_rearrange(fixture_id=scene.fixture.pk, new_date=timezone.localdate() + timedelta(days=AHEAD),
                      reason="set well ahead", user=secretary)
    if endpoint is not PROPOSE:
        rearrangement_propose(fixture_id=scene.fixture.pk, team_id=scene.fixture.home_team_id,
                              dates=[timezone.localdate() + timedelta(days=AHEAD + n) for n in (1, 2)],
                              reason="pub shut", user=scene.users[OWN_CAPTAIN])
    if endpoint.name in ANSWERED_BY_THE_AWAY_CAPTAIN:
        scene.users[OWN_CAPTAIN] = scene.users[AWAY_CAPTAIN]
    return scene


@pytest.mark.parametrize(("endpoint", "role", "answer"), matrix_cases(MATRIX))
def test_each_rearrangement_write_answers_each_role_as_the_matrix_says(db: None, endpoint: Endpoint, role: str,
                                                                       answer: int) -> None:
    scene = prepared(endpoint)
    before = state(WATCHED)
    refused = AuditEntry.objects.filter(action__endswith=".refused").count()
    response = endpoint.call(scene, role)
    assert_answered_as_the_matrix_says(response, answer, before, state(WATCHED))
    if answer == 403:
        assert AuditEntry.objects.filter(action__endswith=".refused").count() == refused + 1


def test_every_write_of_the_rearrangements_api_is_in_the_matrix(db: None) -> None:
    scene = prepared(PROPOSE)
    routed = {(pattern.name, method) for pattern in urlpatterns
              if pattern.callback.view_class.__module__ == "league.api.rearrangements"
              for method in ("post", "put", "patch", "delete") if hasattr(pattern.callback.view_class, method)}
    in_matrix = {(resolve(endpoint.path(scene)).url_name, endpoint.method) for endpoint, _ in MATRIX}
    assert routed - in_matrix == set()


def test_a_league_s_requests_are_listed_for_its_secretaries_only(db: None) -> None:
    scene = prepared(PICK)
    league_id = scene.season.league_id
    answers = {role: tablet_for(user).get(f"/api/leagues/{league_id}/rearrangements").status_code
               for role, user in scene.users.items()}
    assert answers == {"own secretary": 200, "own captain": 403, "away captain": 403,
                       "another team's captain": 403, "another league's secretary": 403}


def test_a_secretary_settles_a_request_through_the_api_and_is_told_what_is_missing(db: None) -> None:
    scene = prepared(SETTLE)
    secretary = tablet_for(scene.users["own secretary"])
    address = SETTLE.path(scene)
    missing = secretary.post(address, {"step": "date", "reason": "cup night"}, format="json")
    assert missing.status_code == 422 and "give the night the match moves to" in missing.json()["error"]
    fixture_before = Fixture.objects.filter(pk=scene.fixture.pk).values().get()
    closed = secretary.post(address, {"step": "close", "reason": "the pub reopened"}, format="json")
    assert closed.status_code == 200
    assert (closed.json()["status"], closed.json()["answer"]) == ("overruled", "the pub reopened")
    assert Fixture.objects.filter(pk=scene.fixture.pk).values().get() == fixture_before
