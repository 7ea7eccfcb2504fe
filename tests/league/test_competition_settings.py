"""League settings: checked by the rules engine before they are stored, and
inherited by each division that does not override them."""
from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError

import scoring
from league.competition_settings import CompetitionSettings
from league.models import AuditEntry, Division, League
from league.refusals import Refused, SettingsInvalid
from league.selectors.competition import division_settings
from league.services.competition import (
    division_create,
    division_settings_change,
    league_create,
    league_settings_change,
    season_create,
)

LEEK: dict[str, Any] = {
    "rules": {"preset": "pub", "penalties": {"misplay": "deduct 10"}},
    "match_format": "leek",
    "points_scheme": "leek",
    "forfeit": {"score": [5, 4], "loser_points": 0},
    "result_deadline_days": 5,
    "late_result_points": [3, 5],
}


def engine_message(rules: Any) -> str:
    with pytest.raises(scoring.RulesError) as refused:
        scoring.Rules.parse(rules)
    return str(refused.value)


@pytest.fixture
def league(secretary: Any) -> League:
    return league_create(name="Leek & District", slug="leek", settings=LEEK, secretaries=[secretary], user=secretary)


@pytest.fixture
def season(league: League, secretary: Any) -> Any:
    return season_create(league_id=league.pk, name="Winter 2026-27", start=date(2026, 9, 7),
                         registration_deadline=date(2026, 8, 31), user=secretary, insist=True)


def settings_of(division: Division) -> CompetitionSettings:
    return division_settings(division_id=division.pk)


# Inheritance


def test_a_division_without_overrides_plays_under_the_leagues_settings(season: Any, secretary: Any) -> None:
    division = division_create(season_id=season.pk, name="Premier", user=secretary)
    assert settings_of(division) == CompetitionSettings(**LEEK)


def test_a_division_overrides_one_setting_and_inherits_the_rest(season: Any, secretary: Any) -> None:
    division = division_create(season_id=season.pk, name="Division 2", user=secretary,
                               overrides={"match_format": "solihull", "late_result_points": []})
    settings = settings_of(division)
    assert (settings.match_format, settings.late_result_points) == ("solihull", [])
    assert settings.points_scheme == "leek"
    assert settings.rules == LEEK["rules"]


def test_a_divisions_rules_replace_the_leagues_whole(season: Any, secretary: Any) -> None:
    division = division_create(season_id=season.pk, name="Jaques", user=secretary, overrides={"rules": "jaques"})
    assert settings_of(division).rules == "jaques"


def test_a_change_to_the_league_reaches_divisions_that_inherit(league: League, season: Any, secretary: Any) -> None:
    inherits = division_create(season_id=season.pk, name="Premier", user=secretary)
    overrides = division_create(season_id=season.pk, name="Division 2", user=secretary,
                                overrides={"result_deadline_days": 10})
    league_settings_change(league_id=league.pk, changes={"result_deadline_days": 3}, user=secretary)
    assert settings_of(inherits).result_deadline_days == 3
    assert settings_of(overrides).result_deadline_days == 10


def test_clearing_an_override_inherits_the_league_again(season: Any, secretary: Any) -> None:
    division = division_create(season_id=season.pk, name="Premier", user=secretary,
                               overrides={"forfeit": {"score": [6, 0]}})
    division_settings_change(division_id=division.pk, changes={"forfeit": None}, user=secretary)
    assert settings_of(division).forfeit == LEEK["forfeit"]


@pytest.mark.parametrize(("offence", "deducted"), [(1, 3), (2, 5), (3, 5), (7, 5)])
def test_late_results_cost_the_figure_for_the_offence_and_then_the_last(offence: int, deducted: int) -> None:
    assert CompetitionSettings(**LEEK).late_result_deduction(offence) == deducted


def test_no_late_result_points_means_no_deduction() -> None:
    assert CompetitionSettings(**{**LEEK, "late_result_points": []}).late_result_deduction(1) == 0


# Refusals


@pytest.mark.parametrize("rules", [
    {"preset": "no-such-preset"},
    {"preset": "pub", "target": "sixty-one"},
    {"preset": "pub", "penalties": {"misplay": "flog 5"}},
    {"preset": "pub", "penalties": {"sneezing": "deduct 5"}},
    {"preset": "pub", "unknown-key": 1},
])
def test_a_league_with_rules_the_engine_refuses_is_refused_with_its_message(db: None, rules: Any) -> None:
    with pytest.raises(SettingsInvalid) as refused:
        league_create(name="Bad", slug="bad", settings={"rules": rules}, user=None)
    assert refused.value.message == engine_message(rules)
    assert not League.objects.exists()


def test_a_division_with_rules_the_engine_refuses_is_refused(season: Any, secretary: Any) -> None:
    rules = {"penalties": {"over-peg": "deduct"}}
    with pytest.raises(SettingsInvalid) as refused:
        division_create(season_id=season.pk, name="Premier", overrides={"rules": rules}, user=secretary)
    assert refused.value.message == engine_message(rules)
    assert not Division.objects.exists()


def test_changing_the_leagues_rules_to_bad_ones_is_refused_and_nothing_changes(league: League, secretary: Any) -> None:
    with pytest.raises(SettingsInvalid, match="unknown preset"):
        league_settings_change(league_id=league.pk, changes={"rules": "snap"}, user=secretary)
    league.refresh_from_db()
    assert league.rules == LEEK["rules"]


def test_the_admins_forms_refuse_bad_rules_with_the_engines_message(league: League) -> None:
    league.rules = {"preset": "pub", "penalties": {"misplay": "flog 5"}}
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert refused.value.message_dict["rules"] == [engine_message(league.rules)]


@pytest.mark.parametrize(("name", "value", "words"), [
    ("forfeit", {"score": [4, 5]}, "must favour the side that turned up"),
    ("forfeit", {"score": [5]}, "score must be two whole numbers"),
    ("forfeit", {"loser_points": 0}, "must be an object with a score"),
    ("forfeit", {"score": [6, 0], "loser_points": -1}, "loser_points must be a whole number"),
    ("forfeit", {"score": [5, 4], "points": 2}, "unknown key 'points'"),
    ("match_format", "Leek League", "match format: 'Leek League' is not a key"),
    ("points_scheme", "", "points scheme: '' is not a key"),
    ("match_format", "darts", "match format: there is no match format 'darts'"),
    ("points_scheme", "leek-2", "points scheme: there is no points scheme 'leek-2'"),
    ("late_result_points", [3, -5], "late-result points: must be a list of whole numbers"),
    ("result_deadline_days", 0, "result deadline: must be a whole number of days, at least 1"),
    ("deadline", 7, "'deadline' is not a league setting"),
])
def test_other_settings_are_refused_with_a_reason(db: None, name: str, value: Any, words: str) -> None:
    with pytest.raises(SettingsInvalid, match=words.replace("[", r"\[")):
        league_create(name="Bad", slug="bad", settings={name: value}, user=None)


def test_a_second_league_of_the_same_name_is_refused(league: League, secretary: Any) -> None:
    with pytest.raises(Refused, match="already exists"):
        league_create(name="Leek & District", slug="leek-2", user=secretary)


def test_a_season_whose_minimum_squad_exceeds_its_maximum_is_refused(league: League, secretary: Any) -> None:
    with pytest.raises(Refused, match="at least 9 and at most 8 players is impossible"):
        season_create(league_id=league.pk, name="Summer", start=date(2027, 4, 5),
                      registration_deadline=date(2027, 3, 29), squad_min=9, squad_max=8, user=secretary, insist=True)


def test_a_season_with_no_minimum_squad_is_refused(league: League, secretary: Any) -> None:
    with pytest.raises(Refused, match="a squad needs at least 1 player"):
        season_create(league_id=league.pk, name="Summer", start=date(2027, 4, 5),
                      registration_deadline=date(2027, 3, 29), squad_min=0, user=secretary, insist=True)


# The audit log


def test_setting_up_a_league_is_audited_with_who_did_it(season: Any, secretary: Any) -> None:
    division_create(season_id=season.pk, name="Premier", overrides={"match_format": "plain"}, user=secretary)
    entries = list(AuditEntry.objects.order_by("id"))
    assert [(e.action, e.user, e.target_label) for e in entries] == [
        ("league.create", secretary, "Leek & District"),
        ("season.create", secretary, "Leek & District Winter 2026-27"),
        ("division.create", secretary, "Leek & District Winter 2026-27 Premier"),
    ]
    assert entries[0].data["settings"]["rules"] == LEEK["rules"]
    assert entries[2].data == {"overrides": {"match_format": "plain"}, "level": 1}


def test_a_settings_change_is_audited_with_the_old_and_new_values(league: League, secretary: Any) -> None:
    league_settings_change(league_id=league.pk, changes={"result_deadline_days": 3, "match_format": "leek"},
                           user=secretary)
    entry = AuditEntry.objects.order_by("-id").first()
    assert entry is not None
    assert (entry.action, entry.data) == ("league.settings.change", {"changes": {"result_deadline_days": [5, 3]}})


def test_a_change_that_changes_nothing_is_not_audited(league: League, secretary: Any) -> None:
    league_settings_change(league_id=league.pk, changes={"match_format": "leek"}, user=secretary)
    assert list(AuditEntry.objects.values_list("action", flat=True)) == ["league.create"]


@pytest.mark.parametrize(("name", "value"), [("rules", []), ("forfeit", {})])
def test_the_admins_forms_refuse_an_empty_override_that_is_not_inherit(season: Any, name: str, value: Any) -> None:
    division = Division(season=season, name="Premier", **{name: value})
    with pytest.raises(ValidationError) as refused:
        division.full_clean()
    assert list(refused.value.message_dict) == [name]


def test_an_empty_list_of_late_result_points_is_a_valid_override(season: Any) -> None:
    Division(season=season, name="Premier", late_result_points=[]).full_clean()


# Settings that do not go together

GENEROUS_FORFEIT = {"score": [5, 4], "loser_points": 1}


def test_a_forfeit_worth_more_than_a_defeat_is_refused_for_a_new_league(secretary: Any) -> None:
    with pytest.raises(SettingsInvalid, match="would give a side that forfeits 1 points, more than the Leek"):
        league_create(name="Generous", slug="generous", settings={"points_scheme": "leek", "forfeit": GENEROUS_FORFEIT},
                      user=secretary)
    assert not League.objects.filter(slug="generous").exists()


def test_a_division_override_that_clashes_with_the_leagues_scheme_is_refused(season: Any, secretary: Any) -> None:
    with pytest.raises(SettingsInvalid, match="forfeit: Premier would give"):
        division_create(season_id=season.pk, name="Premier", user=secretary, overrides={"forfeit": GENEROUS_FORFEIT})
    assert not Division.objects.exists()


def test_a_league_change_to_a_forfeit_worth_more_than_a_defeat_is_refused_and_undone(
    league: League, secretary: Any,
) -> None:
    with pytest.raises(SettingsInvalid, match="would give a side that forfeits 1 points"):
        league_settings_change(league_id=league.pk, changes={"forfeit": GENEROUS_FORFEIT}, user=secretary)
    assert League.objects.get().forfeit == LEEK["forfeit"]
    assert not AuditEntry.objects.filter(action="league.settings.change").exists()
