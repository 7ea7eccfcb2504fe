"""Who is asking, for the access tests: a league set up with a published
fixture to act on, and an API client for each role.

`a_scene()` builds, in one league with one open season:

- Premier, published: four teams; the *target* fixture is its first, and
  its home team is the team whose squad is acted on;
- Division One, drawn but not published (so it can still take a team, be
  drawn again and be published), and a team in no division yet;
- a player registered for the target's home team and one registered for
  no team;

and the people of `ROLES`, plus the target's away captain for the writes
that are the away side's business. An `Endpoint` is one write of the API,
addressed within a scene; `state()` reads back every row a write could
change, so a test can prove a refusal changed nothing (a new kind of write
adds the tables it changes to `WATCHED`).
"""
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Model
from leagues import a_league, a_season, a_team, players
from rest_framework.test import APIClient
from tablets import tablet_for

from league.models import Division, DivisionEntry, Fixture, League, Player, Season, SquadRegistration, Team
from league.services.fixtures import division_team_add, fixtures_generate, fixtures_publish

ANONYMOUS = "anonymous"
OTHER_CAPTAIN = "another team's captain"
OWN_CAPTAIN = "own captain"
OTHER_SECRETARY = "another league's secretary"
OWN_SECRETARY = "own secretary"
# The columns of an access matrix, from least to most trusted.
ROLES = [ANONYMOUS, OTHER_CAPTAIN, OWN_CAPTAIN, OTHER_SECRETARY, OWN_SECRETARY]
AWAY_CAPTAIN = "away captain"

# The columns of a game's matrix (a game outside a match, which has no
# league to be captain or secretary of).
ANOTHER_USER = "another user"
CREATOR = "creator"
NAMED_SCORER = "named scorer"
GAME_ROLES = [ANONYMOUS, ANOTHER_USER, CREATOR, NAMED_SCORER]

TUESDAY = 1


@dataclass
class Scene:
    season: Season
    premier: Division
    division_one: Division
    fixture: Fixture
    free_team: Team
    registered: Player
    free_player: Player
    users: dict[str, Any] = field(default_factory=dict)

    @property
    def team(self) -> Team:
        """The team whose business the own captain's is: the target's home team."""
        return self.fixture.home_team

    def client(self, role: str) -> APIClient:
        """An API client for the role: with no credentials for anonymous,
        with the role's token otherwise."""
        return APIClient() if role == ANONYMOUS else tablet_for(self.users[role])


def a_scene() -> Scene:
    league = a_league()
    season = a_season(league)
    secretary = _user(OWN_SECRETARY)
    league.secretaries.add(secretary)
    premier = _drawn(Division.objects.create(season=season, name="Premier"),
                     [a_team(league, name) for name in ("Red Lion A", "Crown B", "Bell A", "Swan A")], secretary)
    fixtures_publish(division_id=premier.pk, user=secretary)
    division_one = _drawn(Division.objects.create(season=season, name="Division One", level=2),
                          [a_team(league, name) for name in ("Plough A", "Anchor B")], secretary)
    fixture = Fixture.objects.select_related("home_team", "away_team").filter(division=premier).first()
    assert fixture is not None
    other = Team.objects.filter(division_entries__division=premier).exclude(
        pk__in=[fixture.home_team_id, fixture.away_team_id]).first()
    assert other is not None
    registered, free_player = players(2, prefix="Squad")
    SquadRegistration.objects.create(season=season, team=fixture.home_team, player=registered)
    scene = Scene(season=season, premier=premier, division_one=division_one, fixture=fixture,
                  free_team=a_team(league, "Bell B"), registered=registered, free_player=free_player)
    scene.users = {
        OWN_SECRETARY: secretary,
        OWN_CAPTAIN: _captain(fixture.home_team, OWN_CAPTAIN),
        AWAY_CAPTAIN: _captain(fixture.away_team, AWAY_CAPTAIN),
        OTHER_CAPTAIN: _captain(other, OTHER_CAPTAIN),
        OTHER_SECRETARY: _user(OTHER_SECRETARY),
    }
    a_league("Stoke Sunday").secretaries.add(scene.users[OTHER_SECRETARY])
    return scene


@dataclass(frozen=True)
class Endpoint:
    """One write of the API: how to address it, and what to send, in a scene."""

    name: str
    method: str
    path: Callable[[Scene], str]
    body: Callable[[Scene], dict[str, Any]] = lambda scene: {}

    def call(self, scene: Scene, role: str) -> Any:
        """The response to the role making this write."""
        send = getattr(scene.client(role), self.method)
        return send(self.path(scene), self.body(scene), format="json")


# Every table a fixture or squad write changes (League: its handicap rule;
# Division: the order of a season's divisions). Match-night writes add theirs.
WATCHED: list[type[Model]] = [DivisionEntry, Fixture, SquadRegistration, League, Division]


def state(models: list[type[Model]] | None = None) -> dict[str, list[dict[str, Any]]]:
    """Every row of every watched table (`WATCHED` unless named), every
    field: equal before and after a write only if it changed nothing."""
    return {model.__name__: list(model.objects.order_by("pk").values()) for model in models or WATCHED}


def matrix_cases(matrix: list[tuple[Any, tuple[int, ...]]], roles: list[str] | None = None) -> list[Any]:
    """A matrix's rows as test cases: one (write, role, answer) a cell;
    the columns are `ROLES` unless named."""
    return [
        pytest.param(write, role, answer, id=f"{write.name}, {role}")
        for write, answers in matrix
        for role, answer in zip(roles or ROLES, answers, strict=True)
    ]


def assert_answered_as_the_matrix_says(response: Any, answer: int, before: Any, after: Any) -> None:
    """The answer the matrix gives; a refusal says why and changed nothing,
    a success changed something."""
    assert response.status_code == answer, response.content
    if answer >= 400:
        assert response.json()["error"]
        assert after == before
    else:
        assert after != before


def _user(name: str) -> Any:
    return get_user_model().objects.create_user(name.replace(" ", "-").replace("'", ""))


def _captain(team: Team, role: str) -> Any:
    team.captain = _user(role)
    team.save()
    return team.captain


def _drawn(division: Division, teams: list[Team], secretary: Any) -> Division:
    for team in teams:
        division_team_add(division_id=division.pk, team_id=team.pk, user=secretary)
    fixtures_generate(division_id=division.pk, start=date(2026, 9, 1), weekday=TUESDAY, user=secretary)
    return division
