"""Who may make each write to a game outside a match: every write against
anonymous, another user, the game's creator and a scorer the creator
named, as in test_access_matrix.py.

The creator and the named scorers score the game; only the creator names
or removes scorers; anyone else is refused with 403, saying who may, and
the game, its log and its scorers read the same afterwards.
"""
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from access import (
    ANONYMOUS,
    ANOTHER_USER,
    CREATOR,
    GAME_ROLES,
    NAMED_SCORER,
    assert_answered_as_the_matrix_says,
    matrix_cases,
)
from django.contrib.auth import get_user_model
from django.urls import resolve
from rest_framework.test import APIClient
from tablets import tablet_for
from test_api_shown import EXAMPLE_MOVES, EXAMPLE_RULES, EXAMPLE_SHOWN

from league.api.urls import urlpatterns
from league.models import Game, GameEntry
from league.services.games import game_create, game_scorer_add
from league.services.moves import move_record


@dataclass
class Scene:
    game: Game
    users: dict[str, Any] = field(default_factory=dict)

    def client(self, role: str) -> APIClient:
        return APIClient() if role == ANONYMOUS else tablet_for(self.users[role])


def a_scene() -> Scene:
    """A game of the worked example (docs/scoresheet.md) set up by its
    creator, who has named one scorer; a third user is nobody to it."""
    users = get_user_model().objects
    scene = Scene(game=Game(), users={role: users.create_user(role.replace(" ", "-"))
                                      for role in (ANOTHER_USER, CREATOR, NAMED_SCORER)})
    creator = scene.users[CREATOR]
    scene.game = game_create(rules=EXAMPLE_RULES, seats=["Ann", "Bob"], created_by=creator)
    game_scorer_add(game_id=scene.game.pk, username=scene.users[NAMED_SCORER].username, user=creator)
    return scene


def with_a_move(scene: Scene) -> None:
    move_record(game_id=scene.game.pk, move=EXAMPLE_MOVES[0], user=scene.users[CREATOR])


def with_the_hand_ended(scene: Scene) -> None:
    for move in EXAMPLE_MOVES:
        move_record(game_id=scene.game.pk, move=move, user=scene.users[CREATOR])


def nothing(scene: Scene) -> None:
    pass


@dataclass(frozen=True)
class Write:
    name: str
    method: str
    tail: str
    body: Callable[[Scene], dict[str, Any]] = lambda scene: {}
    stage: Callable[[Scene], None] = nothing

    def path(self, scene: Scene) -> str:
        return f"/api/games/{scene.game.pk}{self.tail}"

    def call(self, scene: Scene, role: str) -> Any:
        send = getattr(scene.client(role), self.method)
        return send(self.path(scene), self.body(scene), format="json")


MOVE = Write("record a move", "post", "/moves", lambda s: EXAMPLE_MOVES[0])
SHOWN = Write("record the tiles shown", "post", "/hands/0/shown", lambda s: EXAMPLE_SHOWN,
              stage=with_the_hand_ended)
UNDO = Write("undo a move", "post", "/undo", stage=with_a_move)
NAME = Write("name a scorer", "post", "/scorers", lambda s: {"username": s.users[ANOTHER_USER].username})
UNNAME = Write("take a scorer off", "delete", "/scorers/named-scorer")

MATRIX: list[tuple[Write, tuple[int, ...]]] = [
    # write    anonymous, another user, creator, named scorer
    (MOVE,     (401, 403, 201, 201)),
    (SHOWN,    (401, 403, 201, 201)),
    (UNDO,     (401, 403, 201, 201)),
    (NAME,     (401, 403, 201, 403)),
    (UNNAME,   (401, 403, 200, 403)),
]


def state() -> dict[str, Any]:
    """Everything a write to a game could change: the game row, its log and
    its scorers."""
    return {
        "games": list(Game.objects.order_by("pk").values()),
        "log": list(GameEntry.objects.order_by("pk").values()),
        "scorers": list(Game.scorers.through.objects.order_by("pk").values()),
    }


@pytest.mark.parametrize(("write", "role", "answer"), matrix_cases(MATRIX, GAME_ROLES))
def test_each_write_to_a_game_answers_each_role_as_the_matrix_says(db: None, write: Write, role: str,
                                                                   answer: int) -> None:
    scene = a_scene()
    write.stage(scene)
    before = state()
    response = write.call(scene, role)
    assert_answered_as_the_matrix_says(response, answer, before, state())


def test_a_refused_scorer_is_told_who_may_score(db: None) -> None:
    scene = a_scene()
    response = MOVE.call(scene, ANOTHER_USER)
    assert response.json() == {"error": "only the game's creator and the scorers they name can score this game"}


MODULES = ("league.api.writes", "league.api.games")
WRITE_METHODS = ("post", "put", "patch", "delete")
# Writes that make a new game rather than change one: anyone logged in.
NEW_GAMES = {("game-create", "post"), ("game-import", "post")}


def test_every_write_to_a_game_is_in_the_matrix(db: None) -> None:
    """A write added to a game without a row here would go unchecked."""
    scene = a_scene()
    routed = {
        (pattern.name, method)
        for pattern in urlpatterns
        if pattern.callback.view_class.__module__ in MODULES
        for method in WRITE_METHODS
        if hasattr(pattern.callback.view_class, method)
    }
    in_matrix = {(resolve(write.path(scene)).url_name, write.method) for write, _ in MATRIX}
    assert routed - in_matrix - NEW_GAMES == set()
