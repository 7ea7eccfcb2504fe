"""Who may make each write of the API: every write endpoint against every
role, with the answer each one gets.

Anonymous gets 401; a role the write is not for gets 403 with a message
saying who may, and the refusal is audited; an allowed role gets its
success, or a 422 where the league's rules refuse the write (the access
check comes first, so a stranger learns nothing of the rules). A refusal
changes nothing: every watched row reads the same afterwards.

A new write is one more line of `MATRIX`: an `Endpoint` (tests/league/access.py)
and its answers, in the order of `ROLES`.
"""
from datetime import timedelta

import pytest
from access import OTHER_CAPTAIN, Endpoint, Scene, a_scene, assert_answered_as_the_matrix_says, matrix_cases, state
from django.urls import resolve
from django.utils import timezone
from module_data import made_once_a_module

from league.api.urls import urlpatterns
from league.models import AuditEntry

ENTER_TEAM = Endpoint("enter a team", "post", lambda s: f"/api/divisions/{s.division_one.pk}/teams",
                      lambda s: {"team": s.free_team.pk})
GENERATE = Endpoint("draw fixtures", "post", lambda s: f"/api/divisions/{s.division_one.pk}/fixtures/generate",
                    lambda s: {"start": "2026-09-07", "weekday": 3})
REDRAW_PUBLISHED = Endpoint("draw a published division again", "post",
                            lambda s: f"/api/divisions/{s.premier.pk}/fixtures/generate",
                            lambda s: {"start": "2026-09-07", "weekday": 3})
SEASON_GENERATE = Endpoint("draw every division of a season", "post",
                           lambda s: f"/api/seasons/{s.season.pk}/fixtures/generate",
                           lambda s: {"start": "2026-09-07", "weekday": 3})
PUBLISH = Endpoint("publish fixtures", "post", lambda s: f"/api/divisions/{s.division_one.pk}/fixtures/publish")
POSTPONE = Endpoint("postpone", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/postpone",
                    lambda s: {"reason": "the pub flooded"})
REARRANGE = Endpoint("rearrange", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/rearrange",
                     lambda s: {"date": str(timezone.localdate() + timedelta(days=365)), "reason": "the pub flooded"})
WALKOVER = Endpoint("award a walkover", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/walkover",
                    lambda s: {"winner": s.fixture.away_team_id, "reason": "no show"})
FORFEIT = Endpoint("forfeit for a team that cannot raise its players", "post",
                   lambda s: f"/api/fixtures/{s.fixture.pk}/forfeit", lambda s: {"team": s.fixture.home_team_id})
VOID = Endpoint("void", "post", lambda s: f"/api/fixtures/{s.fixture.pk}/void", lambda s: {"reason": "withdrew"})
REGISTER = Endpoint("register a player", "post", lambda s: f"/api/seasons/{s.season.pk}/teams/{s.team.pk}/squad",
                    lambda s: {"player": s.free_player.pk})
WITHDRAW = Endpoint("withdraw a player", "delete",
                    lambda s: f"/api/seasons/{s.season.pk}/teams/{s.team.pk}/squad/{s.registered.pk}")


def _next_season(scene: object, **extra: object) -> dict[str, object]:
    start = scene.season.start + timedelta(days=365)  # type: ignore[attr-defined]
    return {"name": "Winter 2027-28", "start": str(start), "registration_deadline": str(start - timedelta(days=7)),
            **extra}


CHANGEOVER = Endpoint("start the next season", "post", lambda s: f"/api/seasons/{s.season.pk}/changeover",
                      lambda s: _next_season(s, insist=True))
CHANGEOVER_UNPLAYED = Endpoint("start the next season with fixtures unplayed", "post",
                               lambda s: f"/api/seasons/{s.season.pk}/changeover", lambda s: _next_season(s))
HANDICAP_RULE = Endpoint("change the handicap rule", "put", lambda s: f"/api/leagues/{s.season.league_id}/handicap-rule",
                         lambda s: {"per_point": 3, "step": 5, "most": 30})
WALKOVER_RULE = Endpoint("change the walkover setting", "put",
                         lambda s: f"/api/leagues/{s.season.league_id}/walkover-rule", lambda s: {"forfeit": None})
SANCTION_BOUND = Endpoint("change the bound on one sanction", "put",
                          lambda s: f"/api/leagues/{s.season.league_id}/sanction-bound",
                          lambda s: {"sanction_max_points": 6})

DIVISION_ORDER = Endpoint("order a season's divisions", "put", lambda s: f"/api/seasons/{s.season.pk}/divisions",
                          lambda s: {"divisions": [{"division": s.premier.pk, "level": 2},
                                                   {"division": s.division_one.pk, "level": 1}]})

MATRIX: list[tuple[Endpoint, tuple[int, ...]]] = [
    # endpoint           anonymous, another team's captain, own captain, another league's secretary, own secretary
    (ENTER_TEAM,         (401, 403, 403, 403, 201)),
    (GENERATE,           (401, 403, 403, 403, 201)),
    (REDRAW_PUBLISHED,   (401, 403, 403, 403, 422)),
    (SEASON_GENERATE,    (401, 403, 403, 403, 201)),
    (PUBLISH,            (401, 403, 403, 403, 200)),
    (POSTPONE,           (401, 403, 403, 403, 200)),
    (REARRANGE,          (401, 403, 403, 403, 200)),
    (WALKOVER,           (401, 403, 403, 403, 200)),
    (VOID,               (401, 403, 403, 403, 200)),
    (FORFEIT,            (401, 403, 200, 403, 200)),
    (REGISTER,           (401, 403, 201, 403, 201)),
    (WITHDRAW,           (401, 403, 204, 403, 204)),
    (CHANGEOVER,         (401, 403, 403, 403, 201)),
    (CHANGEOVER_UNPLAYED, (401, 403, 403, 403, 422)),
    (HANDICAP_RULE,      (401, 403, 403, 403, 200)),
    (WALKOVER_RULE,      (401, 403, 403, 403, 200)),
    (SANCTION_BOUND,     (401, 403, 403, 403, 200)),
    (DIVISION_ORDER,     (401, 403, 403, 403, 200)),
]

CASES = matrix_cases(MATRIX)

# Built once for the module; each test's writes are rolled back after it.
scene = made_once_a_module(a_scene)


def refusals() -> int:
    return AuditEntry.objects.filter(action__endswith=".refused").count()


@pytest.mark.parametrize(("endpoint", "role", "answer"), CASES)
def test_each_write_answers_each_role_as_the_matrix_says(db: None, scene: Scene, endpoint: Endpoint, role: str,
                                                         answer: int) -> None:
    before, refused_before = state(), refusals()
    response = endpoint.call(scene, role)
    assert_answered_as_the_matrix_says(response, answer, before, state())
    if answer == 401:
        assert refusals() == refused_before  # turned away before any service ran
    if answer == 403:
        assert refusals() == refused_before + 1
        newest = AuditEntry.objects.filter(action__endswith=".refused").first()
        assert newest is not None and newest.user == scene.users[role]


def test_a_refusal_for_the_role_names_who_may_act(db: None, scene: Scene) -> None:
    messages = {
        endpoint.name: endpoint.call(scene, OTHER_CAPTAIN).json()["error"]
        for endpoint in (POSTPONE, REGISTER)
    }
    assert messages == {
        "postpone": "only a secretary of Leek & District may manage Premier's teams and fixtures",
        "register a player": f"only {scene.team}'s captain or vice-captain, or a secretary of Leek & District, "
                             f"may change {scene.team}'s squad",
    }


# The API modules whose every write must have a row above.
COVERED_MODULES = ("league.api.fixtures", "league.api.squads", "league.api.changeover", "league.api.ratings",
                   "league.api.walkover_rule", "league.api.sanction_bound")
WRITE_METHODS = ("post", "put", "patch", "delete")


def test_every_write_of_the_fixtures_squads_and_changeover_api_is_in_the_matrix(db: None, scene: Scene) -> None:
    """A write added to these modules without a row here would go unchecked."""
    routed = {
        (pattern.name, method)
        for pattern in urlpatterns
        if pattern.callback.view_class.__module__ in COVERED_MODULES
        for method in WRITE_METHODS
        if hasattr(pattern.callback.view_class, method)
    }
    in_matrix = {(resolve(endpoint.path(scene)).url_name, endpoint.method) for endpoint, _ in MATRIX}
    assert routed - in_matrix == set()
