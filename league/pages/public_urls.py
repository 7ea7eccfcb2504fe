"""URLs of the public league pages (see league.pages.home, public and public_people)."""
from django.urls import path

from league.pages.home import home
from league.pages.public import division_page, division_print, league_home
from league.pages.privacy import data_download
from league.pages.public_people import player_page, team_fixtures_ics, team_page

urlpatterns = [
    path("", home, name="home"),
    path("leagues/<slug:slug>/", league_home, name="public-league"),
    path("leagues/<slug:slug>/seasons/<num:season_id>/", league_home, name="public-league-season"),
    path("divisions/<num:division_id>/", division_page, name="public-division"),
    path("divisions/<num:division_id>/print", division_print, name="public-division-print"),
    path("teams/<num:team_id>/", team_page, name="public-team"),
    path("teams/<num:team_id>/seasons/<num:season_id>/", team_page, name="public-team-season"),
    path("teams/<num:team_id>/fixtures.ics", team_fixtures_ics, name="team-fixtures-ics"),
    path("players/<num:player_id>/", player_page, name="public-player"),
    path("players/<num:player_id>/data.json", data_download, name="player-data"),
]
