"""A league's own match formats and points schemes, in versions: a result
played before a change keeps its score and points, a later night plays the
new version, and the table adds both up right. Presets are pinned the same
way, so a preset corrected in a later release changes no night played."""
from datetime import timedelta
from typing import Any

import pytest
from matchnights import Night, a_match_night

from league import formats
from league.models import AuditEntry, Fixture, FormatVersion, MatchNight, PlayerGame, StoredFormat, TableEntry
from league.refusals import FormatInvalid, NotSecretary, SettingsInvalid
from league.selectors.formats import key_choices, stored_format_users, version_history
from league.selectors.matches import night_view
from league.services.competition import division_settings_change, league_settings_change
from league.services.formats import stored_format_change, stored_format_create
from league.services.match_games import rubber_game_card
from league.services.results import match_confirm, match_submit
from league.services.standings import division_standings_rebuild
from league.services.teamsheets import team_sheet_enter

FORMAT = "format"
SCHEME = "scheme"


def singles(count: int, target: int = 61) -> dict[str, Any]:
    return {"name": f"{count} singles", "rubbers": [{"kind": "singles", "rules": {"target": target}}] * count,
            "max_singles": 1}


def scheme(win: int) -> dict[str, Any]:
    return {"name": f"{win} for a win", "win": win, "draw": 1, "loss": 0,
            "walkover": {"score": [2, 1], "loser_points": 0}}


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("plain", forfeit={"score": [2, 1]})



@pytest.fixture
def own(night: Night) -> Night:
    """The league plays three singles and 3 points a win, both its own."""
    stored_format_create(league_id=night.league.pk, kind=FORMAT, slug="short", data=singles(3), user=night.secretary)
    stored_format_create(league_id=night.league.pk, kind=SCHEME, slug="three", data=scheme(3), user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"match_format": "own:short",
                                                               "points_scheme": "own:three"}, user=night.secretary)
    return night


def play(night: Night, fixture: Fixture, home_wins: int, rubbers: int) -> None:
    """Sheet, card scores (the home side wins the first `home_wins`) and submit."""
    home, away = (fixture.home_team, fixture.away_team)
    home_players = night.home_players if home == night.home else night.away_players
    away_players = night.away_players if away == night.away else night.home_players
    captain = home.captain
    team_sheet_enter(fixture_id=fixture.pk, user=captain,
                     lineups=[([home_players[n].pk], [away_players[n].pk]) for n in range(rubbers)])
    for number in range(1, rubbers + 1):
        score = (61, 30) if number <= home_wins else (30, 61)
        rubber_game_card(fixture_id=fixture.pk, rubber=number, home_score=score[0], away_score=score[1],
                         user=night.secretary)
    match_submit(fixture_id=fixture.pk, user=captain)


def return_fixture(night: Night) -> Fixture:
    return Fixture.objects.create(
        division=night.division, week=2, date=night.fixture.date + timedelta(days=7), home_team=night.away,
        away_team=night.home, venue=night.away.home_venue, status=Fixture.Status.PUBLISHED)


def points(night: Night) -> dict[str, tuple[int, int, int]]:
    division_standings_rebuild(division_id=night.division.pk)
    return {e.team.name: (e.played, e.games_for, e.points)
            for e in TableEntry.objects.filter(division=night.division).select_related("team")}


def test_a_result_played_before_a_change_keeps_its_score_and_points(own: Night, committed: Any) -> None:
    play(own, own.fixture, home_wins=2, rubbers=3)
    with committed():
        match_confirm(fixture_id=own.fixture.pk, user=own.away_captain)
    stored_format_change(league_id=own.league.pk, key="own:short", kind=FORMAT, data=singles(5), user=own.secretary)
    stored_format_change(league_id=own.league.pk, key="own:three", kind=SCHEME, data=scheme(5), user=own.secretary)

    view = night_view(fixture_id=own.fixture.pk)
    assert (len(view["rubbers"]), view["score"], view["format"]["name"]) == (3, [2, 1], "3 singles")
    assert points(own) == {own.home.name: (1, 2, 3), own.away.name: (1, 1, 0)}

    later = return_fixture(own)
    assert len(night_view(fixture_id=later.pk)["rubbers"]) == 5
    play(own, later, home_wins=4, rubbers=5)  # the away side of the first night wins 4-1
    with committed():
        match_confirm(fixture_id=later.pk, user=own.home_captain)
    assert points(own) == {own.away.name: (2, 5, 5), own.home.name: (2, 3, 3)}
    assert len(night_view(fixture_id=own.fixture.pk)["rubbers"]) == 3


def test_a_night_entered_before_a_change_plays_its_format_but_is_scored_when_confirmed(own: Night) -> None:
    play(own, own.fixture, home_wins=3, rubbers=3)
    stored_format_change(league_id=own.league.pk, key="own:short", kind=FORMAT, data=singles(5), user=own.secretary)
    stored_format_change(league_id=own.league.pk, key="own:three", kind=SCHEME, data=scheme(5), user=own.secretary)
    match_confirm(fixture_id=own.fixture.pk, user=own.away_captain)
    pinned = MatchNight.objects.select_related("format_version", "scheme_version").get(fixture=own.fixture)
    assert (pinned.format_version.number, pinned.scheme_version.number) == (1, 2)
    assert points(own)[own.home.name] == (1, 3, 5)


def test_a_sheet_entered_again_is_checked_against_the_pinned_format(own: Night) -> None:
    fixture = own.fixture
    team_sheet_enter(fixture_id=fixture.pk, user=own.home_captain,
                     lineups=[([own.home_players[n].pk], [own.away_players[n].pk]) for n in range(3)])
    stored_format_change(league_id=own.league.pk, key="own:short", kind=FORMAT, data=singles(5), user=own.secretary)
    team_sheet_enter(fixture_id=fixture.pk, user=own.home_captain,
                     lineups=[([own.home_players[n].pk], [own.away_players[n + 1].pk]) for n in range(3)])
    assert MatchNight.objects.get(fixture=fixture).rubbers.count() == 3


def test_player_statistics_read_the_target_of_the_pinned_format(own: Night) -> None:
    play(own, own.fixture, home_wins=3, rubbers=3)
    stored_format_change(league_id=own.league.pk, key="own:short", kind=FORMAT, data=singles(3, target=121),
                         user=own.secretary)
    match_confirm(fixture_id=own.fixture.pk, user=own.away_captain)
    from league.services.standings_player_games import player_games_record
    player_games_record(night_ids=[MatchNight.objects.get(fixture=own.fixture).pk])
    assert PlayerGame.objects.filter(won=True, on_target=True).count() == 3


def test_a_corrected_preset_changes_no_night_already_entered(night: Night, monkeypatch: pytest.MonkeyPatch) -> None:
    play(night, night.fixture, home_wins=5, rubbers=9)
    monkeypatch.setitem(formats.FORMATS, "plain", formats.MatchFormat(
        "plain", "Plain (seven singles)", (formats.Rubber("singles"),) * 7, max_singles=1))
    assert len(night_view(fixture_id=night.fixture.pk)["rubbers"]) == 9
    later = return_fixture(night)
    assert len(night_view(fixture_id=later.pk)["rubbers"]) == 7
    play(night, later, home_wins=4, rubbers=7)
    preset = StoredFormat.objects.get(league__isnull=True, kind=FORMAT, slug="plain")
    assert [(use.version.number, use.nights) for use in version_history(preset)] == [(2, 1), (1, 1)]


def test_saving_unchanged_data_makes_no_new_version(own: Night) -> None:
    version = stored_format_change(league_id=own.league.pk, key="own:short", kind=FORMAT, data=singles(3),
                                   user=own.secretary)
    assert version.number == 1
    assert FormatVersion.objects.filter(format__slug="short").count() == 1


def test_versions_are_never_edited() -> None:
    assert "never changed" in FormatVersion.REFUSAL


def test_a_league_can_only_name_its_own_formats_that_exist(night: Night) -> None:
    with pytest.raises(SettingsInvalid, match="no match format 'own:nope'"):
        league_settings_change(league_id=night.league.pk, changes={"match_format": "own:nope"}, user=night.secretary)
    other = a_match_night("plain", league_name="Solihull League")
    stored_format_create(league_id=other.league.pk, kind=SCHEME, slug="theirs", data=scheme(3), user=other.secretary)
    with pytest.raises(SettingsInvalid, match="no points scheme 'own:theirs'"):
        division_settings_change(division_id=night.division.pk, changes={"points_scheme": "own:theirs"},
                                 user=night.secretary)


def test_a_division_may_pick_the_leagues_own_scheme_and_the_forfeit_is_checked_against_it(night: Night) -> None:
    stored_format_create(league_id=night.league.pk, kind=SCHEME, slug="mean", user=night.secretary,
                         data={"name": "Mean", "win": 1, "draw": 0, "loss": 0})
    with pytest.raises(SettingsInvalid, match="more than the Mean points scheme gives a defeat"):
        division_settings_change(division_id=night.division.pk, user=night.secretary,
                                 changes={"points_scheme": "own:mean", "forfeit": {"score": [2, 1], "loser_points": 1}})
    division_settings_change(division_id=night.division.pk, changes={"points_scheme": "own:mean"}, user=night.secretary)
    stored = StoredFormat.objects.get(slug="mean")
    assert stored_format_users(stored=stored) == ["Winter: Premier"]
    assert ("own:mean", "Mean (own)") in key_choices(league_id=night.league.pk, kind=SCHEME)


def test_only_a_secretary_builds_formats_and_every_refusal_is_audited(night: Night) -> None:
    with pytest.raises(NotSecretary):
        stored_format_create(league_id=night.league.pk, kind=FORMAT, slug="mine", data=singles(3),
                             user=night.home_captain)
    with pytest.raises(FormatInvalid) as refused:
        stored_format_create(league_id=night.league.pk, kind=FORMAT, slug="bad", user=night.secretary,
                             data={**singles(3), "min_players": 9})
    assert [where for where, _ in refused.value.problems] == ["min_players"]
    with pytest.raises(FormatInvalid, match="lower-case letters"):
        stored_format_create(league_id=night.league.pk, kind=FORMAT, slug="Bad Slug", data=singles(3),
                             user=night.secretary)
    assert not StoredFormat.objects.filter(league=night.league).exists()
    assert AuditEntry.objects.filter(action="format.create.refused").count() == 3


def test_a_slug_names_one_format_of_each_kind_in_a_league(own: Night) -> None:
    with pytest.raises(FormatInvalid, match="already has a match format called own:short"):
        stored_format_create(league_id=own.league.pk, kind=FORMAT, slug="short", data=singles(3),
                             user=own.secretary)
    stored_format_create(league_id=own.league.pk, kind=SCHEME, slug="short", data=scheme(2), user=own.secretary)


def test_existing_nights_are_pinned_by_the_migration_to_what_they_use_today(night: Night) -> None:
    from importlib import import_module

    from django.apps import apps
    play(night, night.fixture, home_wins=5, rubbers=9)
    match_confirm(fixture_id=night.fixture.pk, user=night.away_captain)
    MatchNight.objects.update(format_version=None, scheme_version=None)
    FormatVersion.objects.all()._raw_delete(FormatVersion.objects.db)  # as before the migration
    StoredFormat.objects.all().delete()
    migration = import_module("league.migrations.0018_formats_stored_versions")
    migration.pin_existing_nights(apps, None)
    pinned = MatchNight.objects.select_related("format_version", "scheme_version").get(fixture=night.fixture)
    assert pinned.format_version.data == formats.format_to_data(formats.format_get("plain"))
    assert pinned.scheme_version.data == formats.scheme_to_data(formats.scheme_get("plain"))
