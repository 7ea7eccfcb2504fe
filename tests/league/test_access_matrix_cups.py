"""Who may make each write of the cups API: every endpoint against every
role, as in test_access_matrix.py.

The cup is a team cup of one league with teams A, B and C. "Own captain"
is the captain whose business the write is: A's for entering and
withdrawing A and for offering dates for A's home leg against B; B's for
picking one. C's captain is another team's. A secretary's own writes
(creating, drawing, windows, setting a date, a winner) refuse every
captain; a singles or pairs tie's date and games are refused on a team
cup's tie (tests/league/test_cup_games.py has who may play them). Each
write is tried with the cup at the stage it needs, and a refusal changes
nothing of the cup, its entries, draws, ties or fixtures.

A singles cup's ties are dated through the same offer and pick: its own
matrix has the tie's home player (offering) or away player (picking) for
"own player", the player across the tie for "the other side", and a player
of another tie.
"""
from collections.abc import Callable
from dataclasses import dataclass, field
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
from cupleague import CupLeague, a_cup_league, day
from django.contrib.auth import get_user_model
from django.urls import resolve
from leagues import a_league
from rest_framework.test import APIClient
from tablets import tablet_for
from test_cup_games import a_drawn_cup, login_of, semi

from league.api.urls import urlpatterns
from league.models import AuditEntry, Competition, CupDraw, CupEntry, CupTie, Division, Fixture
from league.services.cup_ties import tie_dates_offer
from league.services.cups import competition_create, cup_draw, cup_enter
from league.services.game_tie_dates import game_tie_dates_offer

WATCHED = [Competition, CupEntry, CupDraw, CupTie, Division, Fixture]


@dataclass
class Scene:
    cup: CupLeague
    competition: Competition
    users: dict[str, Any] = field(default_factory=dict)

    def client(self, role: str) -> APIClient:
        return APIClient() if role == ANONYMOUS else tablet_for(self.users[role])

    def entry(self, letter: str) -> CupEntry:
        return CupEntry.objects.get(competition=self.competition, team__name=f"{letter} Arms A")

    def tie(self) -> CupTie:
        found = CupTie.objects.filter(competition=self.competition).first()
        assert found is not None
        return found


def a_scene(own: str) -> Scene:
    cup = a_cup_league(3, names="ABC")
    competition = competition_create(season_id=cup.season.pk, name="Knockout Cup", draw_mode="bracket",
                                     seeded=True, user=cup.secretary)
    other_secretary = get_user_model().objects.create_user("stoke-secretary")
    a_league("Stoke Sunday").secretaries.add(other_secretary)
    return Scene(cup, competition, {
        OTHER_CAPTAIN: cup.team_named("C Arms A").captain, OWN_CAPTAIN: cup.team_named(f"{own} Arms A").captain,
        OTHER_SECRETARY: other_secretary, OWN_SECRETARY: cup.secretary,
    })


# The stages a cup is brought to before a write is tried.

def with_entries(scene: Scene) -> None:
    for letter in "AB":
        cup_enter(competition_id=scene.competition.pk, team_id=scene.cup.team_named(f"{letter} Arms A").pk,
                  user=scene.cup.secretary)


def drawn(scene: Scene) -> None:
    with_entries(scene)
    cup_draw(competition_id=scene.competition.pk, user=scene.cup.secretary)


def offered(scene: Scene) -> None:
    drawn(scene)
    tie_dates_offer(tie_id=scene.tie().pk, dates=[day(3), day(4)], user=scene.cup.secretary)


def nothing(scene: Scene) -> None:
    pass


@dataclass(frozen=True)
class Write:
    name: str
    own: str  # the team whose captain's business it is
    stage: Callable[[Scene], None]
    path: Callable[[Scene], str]
    body: Callable[[Scene], dict[str, Any]] = lambda scene: {}
    method: str = "post"


CREATE = Write("create a cup", "A", nothing, lambda s: f"/api/seasons/{s.cup.season.pk}/cups",
               lambda s: {"name": "Plate"})
ENTER = Write("enter a team", "A", nothing, lambda s: f"/api/cups/{s.competition.pk}/entries",
              lambda s: {"team": s.cup.team_named("A Arms A").pk})
WITHDRAW = Write("withdraw a team", "A", with_entries, lambda s: f"/api/cup-entries/{s.entry('A').pk}/withdraw")
SEED = Write("seed an entry", "A", with_entries, lambda s: f"/api/cup-entries/{s.entry('A').pk}/seed",
             lambda s: {"seed": 1})
DRAW = Write("draw the cup", "A", with_entries, lambda s: f"/api/cups/{s.competition.pk}/draw")
WINDOW = Write("set a round's dates", "A", drawn, lambda s: f"/api/cups/{s.competition.pk}/rounds/1/window",
               lambda s: {"start": day(1).isoformat(), "end": day(10).isoformat()})
OFFER = Write("offer dates", "A", drawn, lambda s: f"/api/cup-ties/{s.tie().pk}/offer",
              lambda s: {"dates": [day(3).isoformat()]})
PICK = Write("pick a date", "B", offered, lambda s: f"/api/cup-ties/{s.tie().pk}/pick",
             lambda s: {"date": day(4).isoformat()})
SET_DATE = Write("set a tie's date", "A", drawn, lambda s: f"/api/cup-ties/{s.tie().pk}/date",
                 lambda s: {"date": day(5).isoformat()})
WINNER = Write("record a tie's winner", "A", drawn, lambda s: f"/api/cup-ties/{s.tie().pk}/winner",
               lambda s: {"winner": s.entry("A").pk, "reason": "61-40"})
GAME_DATE = Write("date a singles tie's game", "A", drawn, lambda s: f"/api/cup-ties/{s.tie().pk}/game-date",
                  lambda s: {"date": day(5).isoformat()})
GAME = Write("start a singles tie's game", "A", drawn, lambda s: f"/api/cup-ties/{s.tie().pk}/games",
             lambda s: {"live": True})
SUBMIT = Write("submit a singles tie's score", "A", drawn, lambda s: f"/api/cup-ties/{s.tie().pk}/games/submit",
               lambda s: {"home_score": 61, "away_score": 40})
CONFIRM = Write("confirm a singles tie's score", "A", drawn,
                lambda s: f"/api/cup-ties/{s.tie().pk}/games/confirm")
DISPUTE = Write("dispute a singles tie's score", "A", drawn,
                lambda s: f"/api/cup-ties/{s.tie().pk}/games/dispute", lambda s: {"reason": "wrong"})
RESOLVE = Write("resolve a disputed singles game", "A", drawn,
                lambda s: f"/api/cup-ties/{s.tie().pk}/games/resolve", lambda s: {"uphold": True})
HANDICAP = Write("make the cup a handicap cup", "A", nothing, lambda s: f"/api/cups/{s.competition.pk}/handicap",
                 lambda s: {"handicap": True})
SETTINGS = Write("change the cup's settings", "A", with_entries, lambda s: f"/api/cups/{s.competition.pk}",
                 lambda s: {"name": "The Knockout Cup", "max_entries": 8}, method="patch")

MATRIX: list[tuple[Write, tuple[int, ...]]] = [
    # write       anonymous, another team's captain, own captain, another league's secretary, own secretary
    (CREATE,      (401, 403, 403, 403, 201)),
    (ENTER,       (401, 403, 201, 403, 201)),
    (WITHDRAW,    (401, 403, 200, 403, 200)),
    (SEED,        (401, 403, 403, 403, 200)),
    (DRAW,        (401, 403, 403, 403, 201)),
    (WINDOW,      (401, 403, 403, 403, 200)),
    (OFFER,       (401, 403, 200, 403, 200)),
    (PICK,        (401, 403, 201, 403, 201)),
    (SET_DATE,    (401, 403, 403, 403, 201)),
    (WINNER,      (401, 403, 403, 403, 422)),  # a team cup's ties are decided by their results
    (GAME_DATE,   (401, 403, 403, 403, 422)),  # a team tie is dated by arranging its leg
    (GAME,        (401, 403, 403, 403, 422)),  # a team tie is played as fixtures
    # A singles or pairs tie's players submit, confirm and dispute: nobody
    # here plays in a team tie (test_cup_game_results.py has who may).
    (SUBMIT,      (401, 403, 403, 403, 403)),
    (CONFIRM,     (401, 403, 403, 403, 403)),
    (DISPUTE,     (401, 403, 403, 403, 403)),
    (RESOLVE,     (401, 403, 403, 403, 422)),  # nothing waits to be resolved
    (HANDICAP,    (401, 403, 403, 403, 422)),  # a team cup has no handicap
    (SETTINGS,    (401, 403, 403, 403, 200)),
]


def refusals() -> int:
    return AuditEntry.objects.filter(action__endswith=".refused").count()


@pytest.mark.parametrize(("write", "role", "answer"), matrix_cases(MATRIX))
def test_each_cup_write_answers_each_role_as_the_matrix_says(db: None, write: Write, role: str,
                                                             answer: int) -> None:
    scene = a_scene(write.own)
    write.stage(scene)
    before, refused_before = state(WATCHED), refusals()
    response = getattr(scene.client(role), write.method)(write.path(scene), write.body(scene), format="json")
    assert_answered_as_the_matrix_says(response, answer, before, state(WATCHED))
    if answer == 401:
        assert refusals() == refused_before
    if answer == 403:
        assert refusals() == refused_before + 1


def test_every_write_of_the_cups_api_is_in_the_matrix(db: None) -> None:
    scene = a_scene("A")
    drawn(scene)
    routed = {pattern.name for pattern in urlpatterns
              if pattern.callback.view_class.__module__ == "league.api.cups"
              and any(hasattr(pattern.callback.view_class, verb) for verb in ("post", "put", "patch", "delete"))}
    in_matrix = {resolve(write.path(scene)).url_name for write, _ in MATRIX}
    assert routed - in_matrix == set()


# A singles cup's ties: dated by their players.

ANOTHER_PLAYER = "another tie's player"
OTHER_SIDE = "the other side's player"
OWN_PLAYER = "own player"
SINGLES_ROLES = [ANONYMOUS, ANOTHER_PLAYER, OTHER_SIDE, OWN_PLAYER, OTHER_SECRETARY, OWN_SECRETARY]


@dataclass(frozen=True)
class SinglesWrite:
    name: str
    own: str  # the side of the tie whose business it is: home or away
    offered: bool  # the home player's dates offered first
    path: str
    body: Callable[[], dict[str, Any]]


SINGLES_OFFER = SinglesWrite("offer a singles tie's dates", "home", False, "offer",
                             lambda: {"dates": [day(3).isoformat()]})
SINGLES_PICK = SinglesWrite("pick a singles tie's date", "away", True, "pick", lambda: {"date": day(4).isoformat()})

SINGLES_MATRIX: list[tuple[SinglesWrite, tuple[int, ...]]] = [
    # write        anonymous, another tie's player, the other side, own player, another league's secretary,
    #              own secretary
    (SINGLES_OFFER, (401, 403, 403, 200, 403, 200)),
    (SINGLES_PICK,  (401, 403, 403, 200, 403, 200)),
]


@pytest.mark.parametrize(("write", "role", "answer"), matrix_cases(SINGLES_MATRIX, SINGLES_ROLES))
def test_each_singles_tie_date_write_answers_each_role_as_the_matrix_says(db: None, write: SinglesWrite, role: str,
                                                                          answer: int) -> None:
    competition, secretary = a_drawn_cup(4)
    tie, other_tie = semi(competition), semi(competition, 2)
    if write.offered:
        game_tie_dates_offer(tie_id=tie.pk, dates=[day(3), day(4)], user=secretary)
    other_secretary = get_user_model().objects.create_user("stoke-secretary")
    a_league("Stoke Sunday").secretaries.add(other_secretary)
    users = {ANOTHER_PLAYER: login_of(other_tie, "home"),
             OTHER_SIDE: login_of(tie, "away" if write.own == "home" else "home"),
             OWN_PLAYER: login_of(tie, write.own), OTHER_SECRETARY: other_secretary, OWN_SECRETARY: secretary}
    client = APIClient() if role == ANONYMOUS else tablet_for(users[role])
    before, refused_before = state(WATCHED), refusals()
    response = client.post(f"/api/cup-ties/{tie.pk}/{write.path}", write.body(), format="json")
    assert_answered_as_the_matrix_says(response, answer, before, state(WATCHED))
    if answer == 403:
        assert refusals() == refused_before + 1
