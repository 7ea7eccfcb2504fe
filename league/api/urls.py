from django.urls import path

from league.api.auth import TokenApi, WhoAmIApi
from league.api.games import GameCreateApi, GameDetailApi, GameImportApi, GameLiveApi, GameLogApi, GameSheetApi
from league.api.writes import MoveCreateApi, ShownApi, UndoApi

urlpatterns = [
    path("auth/token", TokenApi.as_view(), name="auth-token"),
    path("auth/whoami", WhoAmIApi.as_view(), name="auth-whoami"),
    path("games", GameCreateApi.as_view(), name="game-create"),
    path("games/import", GameImportApi.as_view(), name="game-import"),
    path("games/<int:game_id>", GameDetailApi.as_view(), name="game-detail"),
    path("games/<int:game_id>/live", GameLiveApi.as_view(), name="game-live"),
    path("games/<int:game_id>/sheet", GameSheetApi.as_view(), name="game-sheet"),
    path("games/<int:game_id>/log", GameLogApi.as_view(), name="game-log"),
    path("games/<int:game_id>/moves", MoveCreateApi.as_view(), name="game-moves"),
    path("games/<int:game_id>/hands/<int:hand>/shown", ShownApi.as_view(), name="game-shown"),
    path("games/<int:game_id>/undo", UndoApi.as_view(), name="game-undo"),
]
