"""URLs of the secretary pages (see league.pages.secretary)."""
from django.urls import path

from league.pages import (
    secretary,
    secretary_fixtures,
    secretary_privacy,
    secretary_results,
    secretary_sanctions,
    secretary_setup,
)

urlpatterns = [
    path("", secretary.home, name="secretary-home"),
    path("leagues/<num:league_id>/seasons/new", secretary_setup.season_new, name="secretary-season-new"),
    path("seasons/<num:season_id>/divisions/new", secretary_setup.division_new, name="secretary-division-new"),
    path("divisions/<num:division_id>/", secretary_setup.division, name="secretary-division"),
    path("divisions/<num:division_id>/teams/add", secretary_setup.team_add, name="secretary-team-add"),
    path("divisions/<num:division_id>/teams/<num:team_id>/remove", secretary_setup.team_remove,
         name="secretary-team-remove"),
    path("divisions/<num:division_id>/fixtures/", secretary_fixtures.fixtures, name="secretary-fixtures"),
    path("divisions/<num:division_id>/fixtures/publish", secretary_fixtures.publish, name="secretary-publish"),
    path("fixtures/<num:fixture_id>/<slug:verb>", secretary_fixtures.fixture_change, name="secretary-fixture-change"),
    path("leagues/<num:league_id>/disputes", secretary_results.disputes_page, name="secretary-disputes"),
    path("disputes/<num:fixture_id>/settle", secretary_results.settle, name="secretary-dispute-settle"),
    path("disputes/<num:fixture_id>/correct", secretary_results.correct, name="secretary-dispute-correct"),
    path("leagues/<num:league_id>/results", secretary_results.results_page, name="secretary-results"),
    path("divisions/<num:division_id>/sanctions", secretary_sanctions.sanctions, name="secretary-sanctions"),
    path("sanctions/<num:sanction_id>/remove", secretary_sanctions.remove, name="secretary-sanction-remove"),
    path("players/<num:player_id>/erase", secretary_privacy.player_erase_page, name="secretary-player-erase"),
]
