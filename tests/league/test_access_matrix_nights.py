"""Who may make each match-night write of the API, and each write to a
match's live game: every endpoint against every role, as in
test_access_matrix.py.

"Own captain" is the captain whose business the write is: the home
captain's for the sheet, the games and submitting; the away captain's for
confirming and disputing. A secretary's own writes (settling, correcting)
refuse every captain. Each write is tried with the night at the stage it
needs (a sheet entered, the result submitted, disputed...), and a refusal
changes nothing of the night, its games or their move logs.
"""
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from access import (
    ANONYMOUS,
    OTHER_CAPTAIN,
    OTHER_SECRETARY,
    OWN_CAPTAIN,
    OWN_SECRETARY,
    assert_answered_as_the_matrix_says,
    matrix_cases,
    state,
)
from django.contrib.auth import get_user_model
from django.urls import resolve
from leagues import a_league, a_team
from matchnights import Night, a_match_night, sheet_entered
from rest_framework.test import APIClient
from tablets import tablet_for

from league.api.urls import urlpatterns
from league.models import AuditEntry, Game, GameEntry, MatchNight, Rubber, RubberGame
from league.services.match_games import rubber_game_card, rubber_game_start
from league.services.results import match_dispute, match_submit

PLAIN = ["singles"] * 9
WATCHED = [MatchNight, Rubber, RubberGame, Game, GameEntry]


@dataclass
class Scene:
    night: Night
    users: dict[str, Any]
    live_game: int | None = None

    def client(self, role: str) -> APIClient:
        return APIClient() if role == ANONYMOUS else tablet_for(self.users[role])


def a_scene(own: str) -> Scene:
    night = a_match_night("plain")
    users = get_user_model().objects
    other_team = a_team(night.league, "Bell A")
    other_team.captain = users.create_user("bell-captain")
    other_team.save()
    other_secretary = users.create_user("stoke-secretary")
    a_league("Stoke Sunday").secretaries.add(other_secretary)
    return Scene(night, {
        OTHER_CAPTAIN: other_team.captain, OWN_CAPTAIN: night.home_captain if own == "home" else night.away_captain,
        OTHER_SECRETARY: other_secretary, OWN_SECRETARY: night.secretary,
    })


# The stages a night is brought to before a write is tried.

def with_sheet(scene: Scene) -> None:
    sheet_entered(scene.night, PLAIN)


def with_a_card(scene: Scene) -> None:
    with_sheet(scene)
    rubber_game_card(fixture_id=scene.night.fixture.pk, rubber=1, home_score=61, away_score=20,
                     user=scene.night.home_scorer)


def with_a_live_game(scene: Scene) -> None:
    with_sheet(scene)
    started = rubber_game_start(fixture_id=scene.night.fixture.pk, rubber=1, user=scene.night.home_scorer)
    scene.live_game = started.game_id


def submitted(scene: Scene) -> None:
    with_sheet(scene)
    for rubber in range(1, 10):
        rubber_game_card(fixture_id=scene.night.fixture.pk, rubber=rubber, home_score=61 if rubber < 6 else 30,
                         away_score=30 if rubber < 6 else 61, user=scene.night.home_scorer)
    match_submit(fixture_id=scene.night.fixture.pk, user=scene.night.home_captain)


def disputed(scene: Scene) -> None:
    submitted(scene)
    match_dispute(fixture_id=scene.night.fixture.pk, reason="rubber 9 was ours", user=scene.night.away_captain)


def nothing(scene: Scene) -> None:
    pass


@dataclass(frozen=True)
class Write:
    name: str
    method: str
    path: Callable[[Scene], str]
    body: Callable[[Scene], dict[str, Any]] = lambda scene: {}
    stage: Callable[[Scene], None] = nothing
    own: str = "home"

    def call(self, scene: Scene, role: str) -> Any:
        send = getattr(scene.client(role), self.method)
        return send(self.path(scene), self.body(scene), format="json")


def night(tail: str) -> Callable[[Scene], str]:
    return lambda s: f"/api/fixtures/{s.night.fixture.pk}/night{tail}"


def game(tail: str) -> Callable[[Scene], str]:
    return lambda s: f"/api/games/{s.live_game}{tail}"


SHEET = Write("enter the team sheet", "put", night("/sheet"),
              lambda s: {"rubbers": [{"home": h, "away": a} for h, a in s.night.lineups(PLAIN)]})
CARD = Write("enter a game from the card", "post", night("/rubbers/1/games"),
             lambda s: {"home_score": 61, "away_score": 12}, stage=with_sheet)
LIVE = Write("start a live game", "post", night("/rubbers/1/games"), lambda s: {"live": True}, stage=with_sheet)
REMOVE = Write("take a game off", "delete", night("/rubbers/1/games"), stage=with_a_card)
SUBMIT = Write("submit the result", "post", night("/submit"), stage=lambda s: (submitted(s), _reopen(s)))
CONFIRM = Write("confirm the result", "post", night("/confirm"), stage=submitted, own="away")
DISPUTE = Write("dispute the result", "post", night("/dispute"), lambda s: {"reason": "rubber 9 was ours"},
                stage=submitted, own="away")
RESOLVE = Write("settle a dispute", "post", night("/resolve"), lambda s: {"decision": "uphold", "note": "checked"},
                stage=disputed)
CORRECT = Write("correct a returned result", "post", night("/correct"),
                lambda s: {"rubber": 9, "game": 1, "home_score": 61, "away_score": 40, "reason": "misread"},
                stage=submitted)
MOVE = Write("score a move of a match game", "post", game("/moves"), lambda s: {"seat": 0, "tile": "6-6"},
             stage=with_a_live_game)
UNDO = Write("undo a move of a match game", "post", game("/undo"), stage=lambda s: (with_a_live_game(s), _a_move(s)))


def _reopen(scene: Scene) -> None:
    """Back to open with every game recorded: ready to submit."""
    MatchNight.objects.filter(fixture=scene.night.fixture).update(status="open", home_games=None, away_games=None)


def _a_move(scene: Scene) -> None:
    response = tablet_for(scene.night.home_scorer).post(f"/api/games/{scene.live_game}/moves",
                                                        {"seat": 0, "tile": "6-6"}, format="json")
    assert response.status_code == 201


MATRIX: list[tuple[Write, tuple[int, ...]]] = [
    # write     anonymous, another team's captain, own captain, another league's secretary, own secretary
    (SHEET,     (401, 403, 200, 403, 200)),
    (CARD,      (401, 403, 201, 403, 201)),
    (LIVE,      (401, 403, 201, 403, 201)),
    (REMOVE,    (401, 403, 200, 403, 200)),
    (SUBMIT,    (401, 403, 200, 403, 200)),
    (CONFIRM,   (401, 403, 200, 403, 200)),
    (DISPUTE,   (401, 403, 200, 403, 200)),
    (RESOLVE,   (401, 403, 403, 403, 200)),
    (CORRECT,   (401, 403, 403, 403, 200)),
    (MOVE,      (401, 403, 201, 403, 201)),
    (UNDO,      (401, 403, 201, 403, 201)),
]

CASES = matrix_cases(MATRIX)


@pytest.mark.parametrize(("write", "role", "answer"), CASES)
def test_each_match_night_write_answers_each_role_as_the_matrix_says(db: None, write: Write, role: str,
                                                                     answer: int) -> None:
    scene = a_scene(write.own)
    write.stage(scene)
    before = state(WATCHED)
    response = write.call(scene, role)
    assert_answered_as_the_matrix_says(response, answer, before, state(WATCHED))


def test_a_night_refusal_is_audited_against_the_fixture_with_who_asked(db: None) -> None:
    scene = a_scene("home")
    with_sheet(scene)
    CARD.call(scene, OTHER_SECRETARY)
    # Refused before the body is read, so as a write of the rubber's games, not as a card.
    entry = AuditEntry.objects.filter(action="night.game.refused").get()
    assert (entry.user, entry.target_id) == (scene.users[OTHER_SECRETARY], str(scene.night.fixture.pk))


def test_the_home_captain_cannot_sign_for_the_away_team(db: None) -> None:
    scene = a_scene("home")
    submitted(scene)
    for write in (CONFIRM, DISPUTE):
        response = write.call(scene, OWN_CAPTAIN)
        assert response.status_code == 403
        assert "Crown B's captain or vice-captain" in response.json()["error"]


MODULE = "league.api.matches"
WRITE_METHODS = ("post", "put", "patch", "delete")


def test_every_match_night_write_of_the_api_is_in_the_matrix(db: None) -> None:
    """A write added to the match night API without a row here would go unchecked."""
    scene = a_scene("home")
    routed = {
        (pattern.name, method)
        for pattern in urlpatterns
        if pattern.callback.view_class.__module__ == MODULE
        for method in WRITE_METHODS
        if hasattr(pattern.callback.view_class, method)
    }
    in_matrix = {(resolve(write.path(scene)).url_name, write.method) for write, _ in MATRIX
                 if write.path(scene).startswith("/api/fixtures/")}
    assert routed - in_matrix == set()
