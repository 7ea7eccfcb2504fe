"""URLs of the public league pages (see league.pages.home, public and public_people)."""
from django.urls import path

from league.pages import cup_captains, cup_players, public_cups, public_ratings, team_transfers
from league.pages.game_analysis import player_chances_page
from league.pages.home import home
from league.pages.privacy import data_download
from league.pages.public import division_page, division_print, league_home
from league.pages.public_honours import honours_page
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
    path("teams/<num:team_id>/seasons/<num:season_id>/transfers", team_transfers.team_transfers_page,
         name="team-transfers"),
    path("transfers/<num:transfer_id>/<slug:verb>", team_transfers.transfer_action, name="transfer-action"),
    path("players/<num:player_id>/", player_page, name="public-player"),
    path("players/<num:player_id>/chances", player_chances_page, name="public-player-chances"),
    path("players/<num:player_id>/data.json", data_download, name="player-data"),
    # Cups (docs/cups.md): a competition's draw, its finals night on a TV, the roll of winners.
    path("cups/<num:competition_id>/", public_cups.competition_page, name="public-cup"),
    path("cups/<num:competition_id>/finals", public_cups.finals_page, name="public-cup-finals"),
    path("cups/<num:competition_id>/finals/live", public_cups.finals_live, name="public-cup-finals-live"),
    path("leagues/<slug:slug>/cups/winners", public_cups.roll_page, name="public-cup-roll"),
    path("leagues/<slug:slug>/honours", honours_page, name="public-honours"),
    path("leagues/<slug:slug>/ratings", public_ratings.league_ratings, name="public-league-ratings"),
    path("divisions/<num:division_id>/ratings", public_ratings.division_ratings, name="public-division-ratings"),
    path("cups/<num:competition_id>/enter", cup_captains.enter, name="public-cup-enter"),
    path("cup-ties/<num:tie_id>/offer", cup_captains.offer, name="cup-tie-offer"),
    path("cup-ties/<num:tie_id>/pick", cup_captains.pick, name="cup-tie-pick"),
    path("cup-ties/<num:tie_id>/play", cup_players.play, name="cup-tie-play"),
    path("cup-ties/<num:tie_id>/submit", cup_players.submit, name="cup-tie-submit"),
    path("cup-ties/<num:tie_id>/confirm", cup_players.confirm, name="cup-tie-confirm"),
    path("cup-ties/<num:tie_id>/dispute", cup_players.dispute, name="cup-tie-dispute"),
]
