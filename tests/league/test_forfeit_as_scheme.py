"""A league whose walkover setting is "as the points scheme says" scores
each walkover and forfeit by its points scheme's own walkover boxes
(Northallerton's rule book: a side that cannot raise 6 players forfeits
6-0), at the moment it is awarded; a league with a walkover score of its
own keeps scoring by it, whatever its scheme's boxes say."""
from datetime import timedelta
from typing import Any

import pytest
from matchnights import Night, a_match_night
from tablets import tablet_for

from league.competition_settings import combination_problem, settings_problem, settings_resolve
from league.models import AuditEntry, Division, Fixture, League, TableEntry
from league.refusals import FormatInvalid, SettingsInvalid
from league.selectors.competition import division_settings
from league.services.competition import division_settings_change, league_create, league_settings_change
from league.services.fixtures import fixture_forfeit, fixture_walkover
from league.services.formats import stored_format_change, stored_format_create
from league.services.standings import division_standings_rebuild

# Built on the scheme builder as Northallerton's rule book has it: a forfeit is 6-0.
NORTHALLERTON = {"name": "Northallerton", "win": 2, "draw": 1, "loss": 0, "per_game": 1,
                 "walkover": {"score": [6, 0], "loser_points": 0}}


def northallerton_night(**settings: Any) -> Night:
    night = a_match_night("northallerton", league_name="Northallerton & District", **settings)
    stored_format_create(league_id=night.league.pk, kind="scheme", slug="northallerton", data=NORTHALLERTON,
                         user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"points_scheme": "own:northallerton"},
                           user=night.secretary)
    return night


def table(night: Night) -> dict[str, tuple[int, int, int, int]]:
    """Each team's played, games for, games against and points."""
    division_standings_rebuild(division_id=night.division.pk)
    return {e.team.name: (e.played, e.games_for, e.games_against, e.points)
            for e in TableEntry.objects.filter(division=night.division).select_related("team")}


def recorded(fixture: Fixture) -> tuple[int | None, int | None, int | None, int | None]:
    fixture.refresh_from_db()
    return (fixture.walkover_home_games, fixture.walkover_away_games,
            fixture.walkover_home_points, fixture.walkover_away_points)


@pytest.mark.django_db
def test_a_forfeit_is_scored_6_0_by_the_northallerton_scheme_and_counts_in_the_table() -> None:
    night = northallerton_night()
    league_settings_change(league_id=night.league.pk, changes={"forfeit": None}, user=night.secretary)
    assert League.objects.get(pk=night.league.pk).forfeit is None

    fixture_forfeit(fixture_id=night.fixture.pk, team_id=night.away.pk, reason="", user=night.away_captain)

    # 2 for the win and 1 a game at 6-0; nothing to the side that gave it.
    assert recorded(night.fixture) == (6, 0, 8, 0)
    assert table(night) == {night.home.name: (1, 6, 0, 8), night.away.name: (1, 0, 6, 0)}


@pytest.mark.django_db
def test_a_league_with_its_own_walkover_score_keeps_it_whatever_the_scheme_says() -> None:
    night = northallerton_night(forfeit={"score": [5, 4], "loser_points": 0})

    fixture_walkover(fixture_id=night.fixture.pk, winner_team_id=night.home.pk, reason="Crown did not turn up",
                     user=night.secretary)

    assert recorded(night.fixture) == (5, 4, 7, 0)
    assert table(night) == {night.home.name: (1, 5, 4, 7), night.away.name: (1, 4, 5, 0)}


@pytest.mark.django_db
def test_a_walkover_keeps_the_scheme_figures_it_was_awarded_at_when_the_scheme_changes() -> None:
    night = northallerton_night(forfeit=None)
    fixture_walkover(fixture_id=night.fixture.pk, winner_team_id=night.home.pk, reason="Crown did not turn up",
                     user=night.secretary)
    stored_format_change(league_id=night.league.pk, key="own:northallerton", kind="scheme",
                         data={**NORTHALLERTON, "walkover": {"score": [4, 0], "loser_points": 0}},
                         user=night.secretary)
    later = Fixture.objects.create(
        division=night.division, week=2, date=night.fixture.date + timedelta(days=7), home_team=night.away,
        away_team=night.home, venue=night.away.home_venue, status=Fixture.Status.PUBLISHED)

    fixture_walkover(fixture_id=later.pk, winner_team_id=night.home.pk, reason="Crown did not turn up again",
                     user=night.secretary)

    # The first at the 6-0 of the scheme then, the second at its newest 4-0.
    assert recorded(night.fixture) == (6, 0, 8, 0)
    assert recorded(later) == (0, 4, 0, 6)
    assert table(night) == {night.home.name: (2, 10, 0, 14), night.away.name: (2, 0, 10, 0)}


@pytest.mark.django_db
def test_a_preset_scheme_walkover_counts_where_the_league_says_as_the_scheme() -> None:
    night = a_match_night("leek", points_scheme="leek", forfeit=None)

    fixture_forfeit(fixture_id=night.fixture.pk, team_id=night.home.pk, reason="", user=night.home_captain)

    # Leek's preset walkover: 5-4, 2 for the win and 1 a game.
    assert recorded(night.fixture) == (4, 5, 0, 7)


@pytest.mark.django_db
def test_a_division_with_its_own_walkover_score_keeps_it_under_a_league_that_follows_the_scheme() -> None:
    night = northallerton_night(forfeit=None)
    division_settings_change(division_id=night.division.pk, changes={"forfeit": {"score": [3, 0]}},
                             user=night.secretary)

    fixture_forfeit(fixture_id=night.fixture.pk, team_id=night.away.pk, reason="", user=night.away_captain)

    assert recorded(night.fixture) == (3, 0, 5, 0)


@pytest.mark.django_db
def test_a_division_left_as_the_league_follows_the_scheme() -> None:
    night = northallerton_night(forfeit=None)
    Division.objects.filter(pk=night.division.pk).update(forfeit=None)

    assert division_settings(division_id=night.division.pk).forfeit is None


@pytest.mark.django_db
def test_a_new_league_still_gets_the_5_4_walkover_and_may_start_as_the_scheme_says(
        django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("founder")
    plain = league_create(name="Plain", slug="plain", user=user)
    following = league_create(name="Following", slug="following", user=user,
                              settings={"points_scheme": "leek", "forfeit": None})

    assert plain.forfeit == {"score": [5, 4], "loser_points": 0}
    assert League.objects.get(pk=following.pk).forfeit is None


def test_as_the_scheme_says_is_a_forfeit_setting_that_needs_no_check_against_the_scheme() -> None:
    resolved = settings_resolve({"rules": {"preset": "pub"}, "match_format": "plain", "points_scheme": "leek",
                                 "forfeit": None, "result_deadline_days": 7, "late_result_points": [3, 5],
                                 "tie_breakers": ["points", "name"]}, {})

    assert settings_problem("forfeit", None) is None
    assert combination_problem(resolved, where="Leek") is None


@pytest.mark.django_db
def test_a_scheme_too_generous_to_the_side_that_gives_a_walkover_cannot_be_built() -> None:
    night = a_match_night("plain", forfeit=None)
    with pytest.raises(FormatInvalid):
        stored_format_create(league_id=night.league.pk, kind="scheme", slug="generous",
                             data={**NORTHALLERTON, "walkover": {"score": [6, 0], "loser_points": 1}},
                             user=night.secretary)


@pytest.mark.django_db
def test_an_explicit_generous_forfeit_is_still_refused_for_a_league(django_user_model: Any) -> None:
    user = django_user_model.objects.create_user("founder")
    with pytest.raises(SettingsInvalid, match="more than the Leek"):
        league_create(name="Generous", slug="generous", user=user,
                      settings={"points_scheme": "leek", "forfeit": {"score": [5, 4], "loser_points": 1}})


@pytest.mark.django_db
def test_the_api_reads_and_writes_as_the_points_scheme_says_as_null() -> None:
    night = northallerton_night(forfeit={"score": [5, 4], "loser_points": 0})
    url = f"/api/leagues/{night.league.pk}/walkover-rule"
    secretary = tablet_for(night.secretary)
    assert secretary.get(url).json() == {"forfeit": {"score": [5, 4], "loser_points": 0},
                                         "points_scheme": "own:northallerton",
                                         "scored_as": {"score": [5, 4], "loser_points": 0}}

    changed = secretary.put(url, {"forfeit": None}, format="json")

    assert changed.status_code == 200
    assert changed.json() == {"forfeit": None, "points_scheme": "own:northallerton",
                              "scored_as": {"score": [6, 0], "loser_points": 0}}
    assert League.objects.get(pk=night.league.pk).forfeit is None
    assert AuditEntry.objects.filter(action="league.settings.change").order_by("-pk")[0].data["changes"]["forfeit"] == [
        {"score": [5, 4], "loser_points": 0}, None]
    fixture_forfeit(fixture_id=night.fixture.pk, team_id=night.away.pk, reason="", user=night.away_captain)
    assert recorded(night.fixture) == (6, 0, 8, 0)

    back = secretary.put(url, {"forfeit": {"score": [3, 0]}}, format="json")
    assert back.status_code == 200 and back.json()["forfeit"] == {"score": [3, 0]}


@pytest.mark.django_db
def test_the_api_refuses_a_walkover_setting_the_scheme_does_not_allow_and_audits_it() -> None:
    night = northallerton_night(forfeit=None)
    url = f"/api/leagues/{night.league.pk}/walkover-rule"

    refused = tablet_for(night.secretary).put(url, {"forfeit": {"score": [6, 0], "loser_points": 1}},
                                              format="json")

    assert refused.status_code == 422
    assert "would give a side that forfeits 1 points" in refused.json()["error"]
    assert League.objects.get(pk=night.league.pk).forfeit is None
    assert AuditEntry.objects.filter(action="league.settings.change.refused").count() == 1
    assert tablet_for(night.secretary).put(url, {"forfeit": {"score": [0, 6]}},
                                           format="json").status_code == 422
