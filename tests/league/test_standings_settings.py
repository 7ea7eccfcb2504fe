"""The tie-breakers setting: a league's list, overridden per division like
every other setting, checked before it is stored."""
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from leagues import a_season

from league.models import Division
from league.refusals import SettingsInvalid
from league.selectors.competition import division_settings
from league.services.competition import division_settings_change, league_settings_change

DEFAULT = ("points", "games_difference", "games_won", "head_to_head", "pegged_difference", "name")


@pytest.fixture
def division(league: Any) -> Division:
    return Division.objects.create(season=a_season(league), name="Premier")


def test_a_division_orders_its_table_by_the_leagues_tie_breakers_unless_it_sets_its_own(
    division: Division, secretary: Any,
) -> None:
    assert division_settings(division_id=division.pk).tie_breakers == DEFAULT
    league_settings_change(league_id=division.season.league_id, changes={"tie_breakers": ["points", "games_won"]},
                           user=secretary)
    assert division_settings(division_id=division.pk).tie_breakers == ("points", "games_won")
    division_settings_change(division_id=division.pk, changes={"tie_breakers": ["points", "head_to_head", "name"]},
                             user=secretary)
    assert division_settings(division_id=division.pk).tie_breakers == ("points", "head_to_head", "name")
    division_settings_change(division_id=division.pk, changes={"tie_breakers": None}, user=secretary)
    assert division_settings(division_id=division.pk).tie_breakers == ("points", "games_won")


@pytest.mark.parametrize(("value", "words"), [
    (["points", "goals"], "unknown tie-breaker 'goals'"),
    (["name", "points"], "comes after 'name'"),
    (["points", "points"], "listed twice"),
    (["name"], "at least one tie-breaker other than 'name'"),
    ("points", "a list of keys"),
    (7, "must be a list of keys"),
])
def test_a_tie_breaker_list_no_table_could_be_ordered_by_is_refused(
    division: Division, secretary: Any, value: Any, words: str,
) -> None:
    with pytest.raises(SettingsInvalid, match=words):
        league_settings_change(league_id=division.season.league_id, changes={"tie_breakers": value}, user=secretary)
    with pytest.raises(ValidationError, match=words):
        Division(season=division.season, name="Second", tie_breakers=value).full_clean()
