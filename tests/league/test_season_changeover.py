"""Starting next season from the last: promotion and relegation by the
league's rule, the secretary's changes, play-offs, venue moves, squads and
settings carried, and the refusals (league.services.changeover)."""
from datetime import timedelta
from typing import Any

import pytest
from changeover_data import a_team_at, confirm, ended_league, fixture, squad, table
from django.contrib.auth import get_user_model
from django.utils import timezone

from league.models import AuditEntry, Division, Fixture, Season, SquadRegistration, TeamWithdrawal
from league.refusals import NeedsInsisting, NotPermitted, Refused
from league.services.changeover import NewSeason, changeover_proposal, playoff_arrange, season_changeover

pytestmark = pytest.mark.django_db


def next_season(name: str = "Winter 2026-27") -> NewSeason:
    start = timezone.localdate() + timedelta(days=30)
    return NewSeason(name=name, start=start, registration_deadline=start - timedelta(days=7))


def new_divisions(season: Season) -> dict[str, list[str]]:
    return {d.name: sorted(e.team.name for e in d.entries.all())
            for d in Division.objects.filter(season=season).order_by("level")}


@pytest.mark.parametrize(("rule", "expected"), [
    ({}, {"Premier": ["F1", "P1", "P2", "P3"], "First": ["F2", "F3", "P4", "S1"], "Second": ["F4", "S2", "S3", "S4"]}),
    ({"promotion_places": 2},
     {"Premier": ["F1", "F2", "P1", "P2"], "First": ["P3", "P4", "S1", "S2"],
      "Second": ["F3", "F4", "S3", "S4"]}),
    ({"promotion_overrides": {"2": 2}},
     {"Premier": ["F1", "P1", "P2", "P3"], "First": ["F2", "P4", "S1", "S2"], "Second": ["F3", "F4", "S3", "S4"]}),
])
def test_a_season_rolls_over_with_promotion_and_relegation_by_the_rule(secretary: Any, rule: dict[str, Any],
                                                                       expected: dict[str, list[str]]) -> None:
    ended = ended_league(secretary, **rule)
    outcome = season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary)
    assert outcome.season is not None
    assert new_divisions(outcome.season) == expected
    assert list(Division.objects.filter(season=outcome.season).order_by("level").values_list("level", flat=True)) \
        == [1, 2, 3]


def test_each_team_is_marked_with_its_move(secretary: Any) -> None:
    ended = ended_league(secretary)
    outcome = changeover_proposal(season_id=ended.season.pk, user=secretary)
    words = {line.team.name: line.words for d in outcome.divisions for line in d.lines}
    assert (words["F1"], words["P4"], words["P2"]) == ("promoted", "relegated", "stays")


def test_squads_and_settings_overrides_are_carried_and_the_old_season_stays_current(secretary: Any) -> None:
    ended = ended_league(secretary)
    Division.objects.filter(pk=ended.divisions[0].pk).update(points_scheme="leek", result_deadline_days=3,
                                                             late_result_points=[2])
    carried = squad(ended.season, ended.teams["P4"], 3)
    outcome = season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary)
    assert outcome.season is not None
    premier = Division.objects.get(season=outcome.season, name="Premier")
    assert (premier.points_scheme, premier.result_deadline_days, premier.late_result_points) == ("leek", 3, [2])
    assert Division.objects.get(season=outcome.season, name="First").points_scheme is None
    assert set(SquadRegistration.objects.filter(season=outcome.season).values_list("player_id", flat=True)) \
        == {p.pk for p in carried}
    assert (outcome.season.squad_max, outcome.season.squad_min) == (ended.season.squad_max, ended.season.squad_min)
    ended.league.refresh_from_db()
    assert ended.league.current_season_id is None
    assert AuditEntry.objects.filter(action="season.changeover").count() == 1


def test_a_dry_run_writes_nothing_and_shows_the_squads(secretary: Any) -> None:
    ended = ended_league(secretary)
    squad(ended.season, ended.teams["F1"], 2)
    outcome = season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary, dry_run=True)
    assert [line.name for s in outcome.squads for line in s.lines] == ["F1 player 1", "F1 player 2"]
    assert Season.objects.count() == 1


def test_the_secretarys_changes_to_the_proposal_are_applied(secretary: Any) -> None:
    ended = ended_league(secretary)
    newcomer = a_team_at(ended.league, "Newcomers")
    t, d = ended.teams, ended.divisions
    placements = {t["P4"].pk: d[0].pk, t["S4"].pk: None, newcomer.pk: d[2].pk}
    outcome = season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary, placements=placements)
    assert outcome.season is not None
    made = new_divisions(outcome.season)
    assert made["Premier"] == ["F1", "P1", "P2", "P3", "P4"]
    assert made["Second"] == ["F4", "Newcomers", "S2", "S3"]
    assert [line.team.name for line in outcome.left_out] == ["S4"]


def level_at_the_top_line(secretary: Any) -> Any:
    """F1 and F2 level: one goes up."""
    ended = ended_league(secretary, playoff_when_level=True)
    table(ended.divisions[1], ["F1", "F2", "F3", "F4"], ended.teams, level=(1,))
    return ended


def test_level_teams_across_a_line_wait_for_a_playoff(secretary: Any) -> None:
    ended = level_at_the_top_line(secretary)
    proposal = changeover_proposal(season_id=ended.season.pk, user=secretary)
    assert [(a.name, b.name) for a, b in proposal.pending] == [("F1", "F2")]
    with pytest.raises(Refused, match="play-off"):
        season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary)
    assert Season.objects.count() == 1


def test_a_playoff_result_decides_who_goes_up(secretary: Any) -> None:
    ended = level_at_the_top_line(secretary)
    t = ended.teams
    played = playoff_arrange(season_id=ended.season.pk, home_team_id=t["F1"].pk, away_team_id=t["F2"].pk,
                             on=timezone.localdate(), user=secretary)
    assert (played.status, played.playoff, played.division_id) == (Fixture.Status.PUBLISHED, True,
                                                                   ended.divisions[1].pk)
    confirm(played, 3, 6)
    outcome = season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary)
    assert outcome.season is not None
    made = new_divisions(outcome.season)
    assert "F2" in made["Premier"] and "F1" in made["First"]


def test_a_playoff_is_only_for_level_teams(secretary: Any) -> None:
    ended = level_at_the_top_line(secretary)
    with pytest.raises(Refused, match="not level"):
        playoff_arrange(season_id=ended.season.pk, home_team_id=ended.teams["F2"].pk,
                        away_team_id=ended.teams["F3"].pk, on=timezone.localdate(), user=secretary)
    assert not Fixture.objects.filter(playoff=True).exists()
    assert AuditEntry.objects.filter(action="season.playoff.arrange.refused").count() == 1


def test_without_the_playoff_rule_level_teams_go_by_the_table(secretary: Any) -> None:
    ended = ended_league(secretary)
    table(ended.divisions[1], ["F1", "F2", "F3", "F4"], ended.teams, level=(1,))
    assert changeover_proposal(season_id=ended.season.pk, user=secretary).pending == []


@pytest.mark.parametrize(("venue_move", "lands_in"), [("relegate", "Second"), ("nothing", "Premier")])
def test_a_team_that_moved_venue(secretary: Any, venue_move: str, lands_in: str) -> None:
    ended = ended_league(secretary, venue_move=venue_move)
    mover = ended.teams["P1"]
    fixture(ended.divisions[0], mover, ended.teams["P2"])  # played at the old pub
    mover.home_venue = a_team_at(ended.league, "Elsewhere").home_venue
    mover.save()
    outcome = season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary, insist=True)
    assert outcome.season is not None
    assert "P1" in new_divisions(outcome.season)[lands_in]
    if venue_move == "relegate":
        line = next(line for d in outcome.divisions for line in d.lines if line.team.pk == mover.pk)
        assert line.words == "relegated for moving venue"


def test_a_name_taken_is_refused_and_audited(secretary: Any) -> None:
    ended = ended_league(secretary)
    with pytest.raises(Refused, match="already has a season"):
        season_changeover(season_id=ended.season.pk, new=next_season("winter 2025-26"), user=secretary)
    assert Season.objects.count() == 1
    assert AuditEntry.objects.filter(action="season.changeover.refused").count() == 1


def test_unplayed_fixtures_are_refused_unless_the_secretary_insists(secretary: Any) -> None:
    ended = ended_league(secretary)
    fixture(ended.divisions[2], ended.teams["S1"], ended.teams["S2"])
    with pytest.raises(NeedsInsisting, match="1 fixture unplayed"):
        season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary)
    assert (Season.objects.count(), Division.objects.count()) == (1, 3)
    assert AuditEntry.objects.filter(action="season.changeover.refused").count() == 1
    outcome = season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary, insist=True)
    assert outcome.season is not None


def test_a_confirmed_result_is_no_obstacle(secretary: Any) -> None:
    ended = ended_league(secretary)
    confirm(fixture(ended.divisions[2], ended.teams["S1"], ended.teams["S2"]), 5, 4)
    assert season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary).season is not None


def test_only_the_leagues_secretaries_start_the_next_season(secretary: Any) -> None:
    ended = ended_league(secretary)
    stranger = get_user_model().objects.create_user("stranger")
    with pytest.raises(NotPermitted):
        season_changeover(season_id=ended.season.pk, new=next_season(), user=stranger)
    assert Season.objects.count() == 1
    assert AuditEntry.objects.filter(action="season.changeover.refused", user=stranger).count() == 1


def test_a_placement_naming_another_leagues_team_is_refused(secretary: Any) -> None:
    ended = ended_league(secretary)
    other = ended_league(secretary, name="Other League")
    with pytest.raises(Refused, match="not a team of"):
        season_changeover(season_id=ended.season.pk, new=next_season(), user=secretary,
                          placements={other.teams["P1"].pk: ended.divisions[0].pk})


def test_a_team_that_withdrew_is_left_out_unless_the_secretary_places_it(secretary: Any) -> None:
    ended = ended_league(secretary)
    premier = ended.divisions[0]
    TeamWithdrawal.objects.create(division=premier, team=ended.teams["P2"], date=timezone.localdate(),
                                  reason="the pub closed", first_half=False, results="stand", made_by=secretary)
    proposal = changeover_proposal(season_id=ended.season.pk, user=secretary)
    assert [line.team.name for line in proposal.left_out] == ["P2"]
    assert "P2" not in {line.team.name for d in proposal.divisions for line in d.lines}
    placed = changeover_proposal(season_id=ended.season.pk, user=secretary,
                                 placements={ended.teams["P2"].pk: ended.divisions[1].pk})
    assert "P2" in {line.team.name for line in placed.divisions[1].lines} and not placed.left_out
