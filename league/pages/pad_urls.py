"""URLs of the pad pages (see league.pages.pad)."""
from django.urls import path

from league.pages.game_analysis import game_analysis_page
from league.pages.pad import board, pad, pad_next, service_worker

urlpatterns = [
    path("games/<num:game_id>/pad", pad, name="game-pad"),
    path("games/<num:game_id>/pad/next", pad_next, name="game-pad-next"),
    path("games/<num:game_id>/board", board, name="game-board"),
    path("games/<num:game_id>/analysis", game_analysis_page, name="game-analysis"),
    path("games/pad-sw.js", service_worker, name="pad-service-worker"),
]
