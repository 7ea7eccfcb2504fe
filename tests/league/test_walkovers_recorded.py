"""A walkover counts at what it was worth when it was awarded: a new
version of the points scheme or a changed forfeit setting afterwards never
moves it in the table, while a walkover awarded after the change takes the
new figures. Walkovers awarded before the figures were kept are given them
by the migration, as the table scored them then."""
from datetime import timedelta

import pytest
from matchnights import Night, a_match_night

from league.models import Fixture, TableEntry
from league.services.competition import league_settings_change
from league.services.fixtures import fixture_forfeit, fixture_walkover
from league.services.formats import stored_format_change, stored_format_create
from league.services.standings import division_standings_rebuild


def scheme(win: int) -> dict[str, object]:
    return {"name": f"{win} for a win", "win": win, "draw": 1, "loss": 0, "per_game": 1,
            "walkover": {"score": [2, 1], "loser_points": 0}}


@pytest.fixture
def night(db: None) -> Night:
    night = a_match_night("plain", forfeit={"score": [2, 1]})
    stored_format_create(league_id=night.league.pk, kind="scheme", slug="three", data=scheme(3), user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"points_scheme": "own:three"}, user=night.secretary)
    return night


def table(night: Night) -> dict[str, tuple[int, int, int, int]]:
    """Each team's played, games for, games against and points."""
    division_standings_rebuild(division_id=night.division.pk)
    return {e.team.name: (e.played, e.games_for, e.games_against, e.points)
            for e in TableEntry.objects.filter(division=night.division).select_related("team")}


def return_fixture(night: Night) -> Fixture:
    return Fixture.objects.create(
        division=night.division, week=2, date=night.fixture.date + timedelta(days=7), home_team=night.away,
        away_team=night.home, venue=night.away.home_venue, status=Fixture.Status.PUBLISHED)


def change_scheme_and_forfeit(night: Night) -> None:
    stored_format_change(league_id=night.league.pk, key="own:three", kind="scheme", data=scheme(5),
                         user=night.secretary)
    league_settings_change(league_id=night.league.pk, changes={"forfeit": {"score": [4, 0]}}, user=night.secretary)


def test_a_forfeit_stays_at_its_points_when_the_scheme_and_forfeit_setting_change(night: Night) -> None:
    fixture_forfeit(fixture_id=night.fixture.pk, team_id=night.away.pk, reason="", user=night.away_captain)
    before = table(night)
    # 3 for the win and 1 a game at the 2-1 the forfeit setting recorded.
    assert before == {night.home.name: (1, 2, 1, 5), night.away.name: (1, 1, 2, 0)}
    change_scheme_and_forfeit(night)
    assert table(night) == before


def test_a_walkover_awarded_after_the_change_takes_the_new_figures(night: Night) -> None:
    fixture_walkover(fixture_id=night.fixture.pk, winner_team_id=night.home.pk, reason="Crown did not turn up",
                     user=night.secretary)
    change_scheme_and_forfeit(night)
    later = return_fixture(night)
    fixture_walkover(fixture_id=later.pk, winner_team_id=night.home.pk, reason="Crown did not turn up again",
                     user=night.secretary)
    # The first at 2-1 and 3 + 2; the second at 4-0 and 5 + 4.
    assert table(night) == {night.home.name: (2, 6, 1, 14), night.away.name: (2, 1, 6, 0)}
    stored = Fixture.objects.get(pk=later.pk)
    assert (stored.walkover_home_games, stored.walkover_away_games) == (0, 4)
    assert (stored.walkover_home_points, stored.walkover_away_points) == (0, 9)


def test_walkovers_awarded_before_the_figures_were_kept_are_given_them_by_the_migration(night: Night) -> None:
    from importlib import import_module

    from django.apps import apps
    fixture_forfeit(fixture_id=night.fixture.pk, team_id=night.away.pk, reason="", user=night.away_captain)
    Fixture.objects.update(walkover_home_games=None, walkover_away_games=None, walkover_home_points=None,
                           walkover_away_points=None)
    import_module("league.migrations.0031_walkover_recorded_figures").walkovers_recorded(apps, None)
    stored = Fixture.objects.get(pk=night.fixture.pk)
    assert (stored.walkover_home_games, stored.walkover_away_games, stored.walkover_home_points,
            stored.walkover_away_points) == (2, 1, 5, 0)
    change_scheme_and_forfeit(night)
    assert table(night) == {night.home.name: (1, 2, 1, 5), night.away.name: (1, 1, 2, 0)}


def test_the_night_page_card_and_fixture_list_show_the_walkover_at_its_recorded_score(db: None) -> None:
    from forms import browser, text
    from tablets import tablet_for
    night = a_match_night("solihull", league_name="Solihull League", forfeit={"score": [6, 0], "loser_points": 0})
    fixture_forfeit(fixture_id=night.fixture.pk, team_id=night.away.pk, reason="", user=night.away_captain)
    client = browser()
    page = text(client.get(f"/fixtures/{night.fixture.pk}/night"))
    assert f"Walkover to {night.home.name}, recorded as 6–0: 2 points to 0 in the table" in page
    card = text(client.get(f"/fixtures/{night.fixture.pk}/night/card.csv")).splitlines()
    assert card[1] == f",,,,,6,0,{night.home.name},walkover,,walkover: the match was awarded to {night.home.name}"
    body = tablet_for(night.home_captain).get(f"/api/fixtures/{night.fixture.pk}/night").json()
    assert (body["score"], body["walkover"]) == ([6, 0], {"winner": "home", "score": [6, 0], "points": [2, 0]})
    division = text(client.get(f"/divisions/{night.division.pk}/"))
    assert "6–0" in division and f"walkover to {night.home.name}" in division
