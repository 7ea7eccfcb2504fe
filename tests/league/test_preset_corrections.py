"""A corrected preset plays from the next night on: Guisborough's pairs,
once named on the sheet, are now drawn by the captains at the table, and a
night whose sheet was entered under the old version keeps its named pairs."""
from dataclasses import replace
from datetime import timedelta

import pytest
from matchnights import Night, a_match_night

from league import formats
from league.models import Fixture, MatchNight, StoredFormat
from league.selectors.formats import version_history
from league.selectors.matches import night_view
from league.services.pairs_draw import team_sheet_draw
from league.services.teamsheets import team_sheet_enter


@pytest.fixture
def night(db: None) -> Night:
    return a_match_night("guisborough", league_name="Guisborough League")


def test_guisboroughs_pairs_are_drawn_by_the_captains() -> None:
    fmt = formats.format_get("guisborough")
    assert (fmt.pairs, fmt.counts(), fmt.players_needed()) == ("drawn", {"singles": 0, "pairs": 3}, 6)


def test_a_night_started_under_the_old_guisborough_keeps_its_named_pairs(
    night: Night, monkeypatch: pytest.MonkeyPatch,
) -> None:
    named = replace(formats.format_get("guisborough"), pairs="named")
    with monkeypatch.context() as before_the_correction:
        before_the_correction.setitem(formats.FORMATS, "guisborough", named)
        team_sheet_enter(fixture_id=night.fixture.pk, user=night.home_captain, lineups=night.lineups(["pairs"] * 3))

    view = night_view(fixture_id=night.fixture.pk)
    assert view["format"]["pairs"] == "named" and view["pairs_seed"] == ""
    first = night.home_players[0], night.home_players[1]
    assert [p["name"] for p in view["rubbers"][0]["home"]] == [p.public_name for p in first]
    # The sheet may still be entered again as named, under the version it started with.
    team_sheet_enter(fixture_id=night.fixture.pk, user=night.home_captain,
                     lineups=list(reversed(night.lineups(["pairs"] * 3))))
    assert night_view(fixture_id=night.fixture.pk)["format"]["pairs"] == "named"

    later = Fixture.objects.create(
        division=night.division, week=2, date=night.fixture.date + timedelta(days=7), home_team=night.away,
        away_team=night.home, venue=night.away.home_venue, status=Fixture.Status.PUBLISHED)
    assert night_view(fixture_id=later.pk)["format"]["pairs"] == "drawn"
    team_sheet_draw(fixture_id=later.pk, singles=[], home=[p.pk for p in night.away_players[:6]],
                    away=[p.pk for p in night.home_players[:6]], user=night.away_captain, seed="table")
    assert night_view(fixture_id=later.pk)["pairs_seed"] == "table"

    preset = StoredFormat.objects.get(league__isnull=True, slug="guisborough")
    assert [(use.version.number, use.version.data["pairs"], use.nights) for use in version_history(preset)] == [
        (2, "drawn", 1), (1, "named", 1)]
    assert MatchNight.objects.get(fixture=night.fixture).format_version.number == 1
