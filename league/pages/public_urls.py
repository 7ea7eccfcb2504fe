"""URLs of the public league pages (see league.pages.public and public_people)."""
from django.urls import path

from league.pages.public import division_page, division_print, league_home
from league.pages.public_people import player_page, team_page

urlpatterns = [
    path("leagues/<slug:slug>/", league_home, name="public-league"),
    path("divisions/<int:division_id>/", division_page, name="public-division"),
    path("divisions/<int:division_id>/print", division_print, name="public-division-print"),
    path("teams/<int:team_id>/", team_page, name="public-team"),
    path("players/<int:player_id>/", player_page, name="public-player"),
]
