"""Every action a service audits reads one way in the log, taken or refused:
who, what was done, to what, the details, and for a refusal its words under
`refusal` and nowhere else. Old entries that kept a refused squad change's
words under `reason` are renamed by a data migration."""
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from leagues import a_league, a_team, players
from matchnights import Night, a_match_night, sheet_entered

from league.models import AuditEntry, Division, DivisionEntry, Player, Sanction, Team
from league.refusals import NotPermitted, Refused
from league.services.fixtures import (
    division_team_add,
    division_team_remove,
    fixture_postpone,
    fixture_rearrange,
    fixture_void,
    fixture_walkover,
    fixtures_generate,
    fixtures_publish,
)
from league.services.match_games import rubber_game_card, rubber_game_remove, rubber_game_start
from league.services.results import match_confirm, match_dispute, match_resolve, match_result_correct, match_submit
from league.services.sanctions import sanction_apply, sanction_remove
from league.services.squads import squad_register, squad_withdraw
from league.services.teamsheets import team_sheet_enter

PLAIN = ["singles"] * 9
FIVE_FOUR = [(61, 40)] * 5 + [(30, 61)] * 4
TUESDAY = 1


@dataclass
class World:
    """A match night in a league, plus a division not yet drawn (`entered`
    is one of its teams), a team in no division and a player in no squad."""

    night: Night
    division_one: Division
    entered: Team
    free_team: Team
    free_player: Player

    @property
    def fixture_id(self) -> int:
        return self.night.fixture.pk


def a_world() -> World:
    night = a_match_night("plain")
    division_one = Division.objects.create(season=night.season, name="Division One", level=2)
    entered = [a_team(night.league, name) for name in ("Plough A", "Anchor B")]
    DivisionEntry.objects.bulk_create(DivisionEntry(division=division_one, team=team) for team in entered)
    (free_player,) = players(1, prefix="Unsigned")
    return World(night, division_one, entered[0], a_team(night.league, "Bell B"), free_player)


@dataclass(frozen=True)
class Action:
    """One audited action of a service: how to bring a world to where a
    secretary may take it, and how to take it as a given user."""

    name: str
    take: Callable[[World, Any], object]
    ready: Callable[[World], object] = lambda world: None


def _cards(world: World, scores: list[tuple[int, int]]) -> None:
    sheet_entered(world.night, PLAIN)
    for number, (home, away) in enumerate(scores, start=1):
        rubber_game_card(fixture_id=world.fixture_id, rubber=number, home_score=home, away_score=away,
                         user=world.night.home_scorer)


def _submitted(world: World) -> None:
    _cards(world, FIVE_FOUR)
    match_submit(fixture_id=world.fixture_id, user=world.night.home_captain)


def _disputed(world: World) -> None:
    _submitted(world)
    match_dispute(fixture_id=world.fixture_id, reason="Rubber 9 was ours", user=world.night.away_captain)


def _confirmed(world: World) -> None:
    _submitted(world)
    match_confirm(fixture_id=world.fixture_id, user=world.night.away_captain)


def _drawn(world: World) -> None:
    fixtures_generate(division_id=world.division_one.pk, start=date(2026, 9, 1), weekday=TUESDAY,
                      user=world.night.secretary)


def _sanctioned(world: World) -> None:
    sanction_apply(division_id=world.night.division.pk, team_id=world.night.home.pk, points=2,
                   reason="Late start", user=world.night.secretary)


ACTIONS = [
    Action("squad.register", lambda w, user: squad_register(
        season_id=w.night.season.pk, team_id=w.night.home.pk, player_id=w.free_player.pk, user=user)),
    Action("squad.withdraw", lambda w, user: squad_withdraw(
        season_id=w.night.season.pk, team_id=w.night.home.pk, player_id=w.night.home_players[-1].pk, user=user)),
    Action("division.team.add", lambda w, user: division_team_add(
        division_id=w.division_one.pk, team_id=w.free_team.pk, user=user)),
    Action("division.team.remove", lambda w, user: division_team_remove(
        division_id=w.division_one.pk, team_id=w.entered.pk, user=user)),
    Action("fixtures.generate", lambda w, user: fixtures_generate(
        division_id=w.division_one.pk, start=date(2026, 9, 1), weekday=TUESDAY, user=user)),
    Action("fixtures.publish", lambda w, user: fixtures_publish(division_id=w.division_one.pk, user=user),
           ready=_drawn),
    Action("fixture.postpone", lambda w, user: fixture_postpone(fixture_id=w.fixture_id, reason="Flood",
                                                                user=user)),
    Action("fixture.rearrange", lambda w, user: fixture_rearrange(
        fixture_id=w.fixture_id, new_date=w.night.fixture.date + timedelta(days=7), reason="Cup tie", user=user)),
    Action("fixture.walkover", lambda w, user: fixture_walkover(
        fixture_id=w.fixture_id, winner_team_id=w.night.home.pk, reason="No show", user=user)),
    Action("fixture.void", lambda w, user: fixture_void(fixture_id=w.fixture_id, reason="Folded", user=user)),
    Action("sanction.apply", lambda w, user: sanction_apply(
        division_id=w.night.division.pk, team_id=w.night.home.pk, points=3, reason="Late result", user=user)),
    Action("sanction.remove", lambda w, user: sanction_remove(
        sanction_id=Sanction.objects.get().pk, reason="Appeal upheld", user=user), ready=_sanctioned),
    Action("night.team_sheet", lambda w, user: team_sheet_enter(
        fixture_id=w.fixture_id, lineups=w.night.lineups(PLAIN), user=user)),
    Action("night.game.start", lambda w, user: rubber_game_start(fixture_id=w.fixture_id, rubber=1, user=user),
           ready=lambda w: sheet_entered(w.night, PLAIN)),
    Action("night.game.card", lambda w, user: rubber_game_card(
        fixture_id=w.fixture_id, rubber=1, home_score=61, away_score=40, user=user),
           ready=lambda w: sheet_entered(w.night, PLAIN)),
    Action("night.game.remove", lambda w, user: rubber_game_remove(fixture_id=w.fixture_id, rubber=1, user=user),
           ready=lambda w: _cards(w, FIVE_FOUR[:1])),
    Action("night.submit", lambda w, user: match_submit(fixture_id=w.fixture_id, user=user),
           ready=lambda w: _cards(w, FIVE_FOUR)),
    Action("night.confirm", lambda w, user: match_confirm(fixture_id=w.fixture_id, user=user), ready=_submitted),
    Action("night.dispute", lambda w, user: match_dispute(fixture_id=w.fixture_id, reason="Rubber 9 was ours",
                                                          user=user), ready=_submitted),
    Action("night.resolve", lambda w, user: match_resolve(fixture_id=w.fixture_id, decision="uphold",
                                                          note="Card checked", user=user), ready=_disputed),
    Action("night.correct", lambda w, user: match_result_correct(
        fixture_id=w.fixture_id, rubber=9, game=1, home_score=61, away_score=30, reason="Card misread", user=user),
           ready=_confirmed),
]


def _entry_of(take: Callable[[], object]) -> tuple[AuditEntry, Exception | None]:
    """The one audit entry taking the action wrote, and its refusal if refused."""
    newest = AuditEntry.objects.order_by("-pk").values_list("pk", flat=True).first() or 0
    refusal: Exception | None = None
    try:
        take()
    except (NotPermitted, Refused) as refused:
        refusal = refused
    (entry,) = AuditEntry.objects.filter(pk__gt=newest)
    return entry, refusal


@pytest.mark.parametrize("action", ACTIONS, ids=[action.name for action in ACTIONS])
def test_an_action_and_its_refusal_are_audited_in_one_shape(db: None, action: Action) -> None:
    world = a_world()
    action.ready(world)
    outsider = get_user_model().objects.create_user("another-leagues-secretary")
    a_league("Stoke Sunday").secretaries.add(outsider)

    refused, refusal = _entry_of(lambda: action.take(world, outsider))
    taken, failure = _entry_of(lambda: action.take(world, world.night.secretary))

    assert refusal is not None and failure is None
    assert (taken.action, taken.user) == (action.name, world.night.secretary)
    assert (refused.action, refused.user) == (f"{action.name}.refused", outsider)
    assert (refused.target_type, refused.target_id, refused.target_label) == (
        taken.target_type, taken.target_id, taken.target_label)
    assert taken.target_label
    assert "refusal" not in taken.data
    # The refusal's words are kept once, under one key, whichever service refused.
    assert [key for key, value in refused.data.items() if value == str(refusal)] == ["refusal"]


def test_a_refused_squad_change_logged_under_reason_reads_as_a_refusal_once_migrated(db: None) -> None:
    old = AuditEntry.objects.create(action="squad.register.refused", target_label="Red Lion A",
                                    data={"player": 1, "reason": "registration closed on 1 September"})
    given = AuditEntry.objects.create(action="fixture.postpone.refused", target_label="Red Lion A v Crown B",
                                      data={"reason": "Flood", "refusal": "only a secretary of Leek & District may manage it"})

    _migration("0006_audit_refusal_key").forwards(_apps_at("0006_audit_refusal_key"), None)

    assert AuditEntry.objects.get(pk=old.pk).data == {"player": 1, "refusal": "registration closed on 1 September"}
    assert AuditEntry.objects.get(pk=given.pk).data == given.data


def _migration(name: str) -> Any:
    return importlib.import_module(f"league.migrations.{name}")


def _apps_at(name: str) -> Any:
    """The models as they stood at the migration, as the migration sees them."""
    return MigrationLoader(connection).project_state(("league", name)).apps
