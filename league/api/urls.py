from django.urls import path

from league.api.auth import TokenApi, WhoAmIApi
from league.api.fixtures import (
    DivisionFixturesApi,
    DivisionTeamAddApi,
    FixtureDetailApi,
    FixturePostponeApi,
    FixtureRearrangeApi,
    FixturesGenerateApi,
    FixturesPublishApi,
    FixtureForfeitApi,
    FixtureVoidApi,
    FixtureWalkoverApi,
    TeamFixturesApi,
)
from league.api.games import (
    GameCreateApi,
    GameDetailApi,
    GameImportApi,
    GameLiveApi,
    GameLogApi,
    GameScorerApi,
    GameScorersApi,
    GameSheetApi,
)
from league.api.matches import (
    ConfirmApi,
    CorrectApi,
    DisputeApi,
    NightApi,
    ResolveApi,
    RubberGamesApi,
    SubmitApi,
    TeamSheetApi,
)
from league.api.preview import GameOptionsApi, MovePreviewApi
from league.api.squads import SquadApi, SquadPlayerApi
from league.api.standings import DivisionPlayersApi, DivisionTableApi, DivisionTableCsvApi
from league.api.writes import MoveCreateApi, ShownApi, UndoApi

urlpatterns = [
    path("auth/token", TokenApi.as_view(), name="auth-token"),
    path("auth/whoami", WhoAmIApi.as_view(), name="auth-whoami"),
    path("games", GameCreateApi.as_view(), name="game-create"),
    path("games/import", GameImportApi.as_view(), name="game-import"),
    path("games/<num:game_id>", GameDetailApi.as_view(), name="game-detail"),
    path("games/<num:game_id>/live", GameLiveApi.as_view(), name="game-live"),
    path("games/<num:game_id>/sheet", GameSheetApi.as_view(), name="game-sheet"),
    path("games/<num:game_id>/log", GameLogApi.as_view(), name="game-log"),
    path("games/<num:game_id>/moves", MoveCreateApi.as_view(), name="game-moves"),
    path("games/<num:game_id>/hands/<num:hand>/shown", ShownApi.as_view(), name="game-shown"),
    path("games/<num:game_id>/undo", UndoApi.as_view(), name="game-undo"),
    path("games/<num:game_id>/scorers", GameScorersApi.as_view(), name="game-scorers"),
    path("games/<num:game_id>/scorers/<str:username>", GameScorerApi.as_view(), name="game-scorer"),
    path("games/<num:game_id>/options", GameOptionsApi.as_view(), name="game-options"),
    path("games/<num:game_id>/preview", MovePreviewApi.as_view(), name="game-preview"),
    path("divisions/<num:division_id>/fixtures", DivisionFixturesApi.as_view(), name="division-fixtures"),
    path("divisions/<num:division_id>/teams", DivisionTeamAddApi.as_view(), name="division-teams"),
    path("divisions/<num:division_id>/fixtures/generate", FixturesGenerateApi.as_view(), name="fixtures-generate"),
    path("divisions/<num:division_id>/fixtures/publish", FixturesPublishApi.as_view(), name="fixtures-publish"),
    path("divisions/<num:division_id>/table", DivisionTableApi.as_view(), name="division-table"),
    path("divisions/<num:division_id>/table.csv", DivisionTableCsvApi.as_view(), name="division-table-csv"),
    path("divisions/<num:division_id>/players", DivisionPlayersApi.as_view(), name="division-players"),
    path("fixtures/<num:fixture_id>", FixtureDetailApi.as_view(), name="fixture-detail"),
    path("fixtures/<num:fixture_id>/postpone", FixturePostponeApi.as_view(), name="fixture-postpone"),
    path("fixtures/<num:fixture_id>/rearrange", FixtureRearrangeApi.as_view(), name="fixture-rearrange"),
    path("fixtures/<num:fixture_id>/walkover", FixtureWalkoverApi.as_view(), name="fixture-walkover"),
    path("fixtures/<num:fixture_id>/void", FixtureVoidApi.as_view(), name="fixture-void"),
    path("fixtures/<num:fixture_id>/forfeit", FixtureForfeitApi.as_view(), name="fixture-forfeit"),
    path("teams/<num:team_id>/fixtures", TeamFixturesApi.as_view(), name="team-fixtures"),
    path("seasons/<num:season_id>/teams/<num:team_id>/squad", SquadApi.as_view(), name="squad"),
    path("seasons/<num:season_id>/teams/<num:team_id>/squad/<num:player_id>", SquadPlayerApi.as_view(),
         name="squad-player"),
    path("fixtures/<num:fixture_id>/night", NightApi.as_view(), name="night"),
    path("fixtures/<num:fixture_id>/night/sheet", TeamSheetApi.as_view(), name="night-sheet"),
    path("fixtures/<num:fixture_id>/night/rubbers/<num:rubber>/games", RubberGamesApi.as_view(),
         name="night-rubber-games"),
    path("fixtures/<num:fixture_id>/night/submit", SubmitApi.as_view(), name="night-submit"),
    path("fixtures/<num:fixture_id>/night/confirm", ConfirmApi.as_view(), name="night-confirm"),
    path("fixtures/<num:fixture_id>/night/dispute", DisputeApi.as_view(), name="night-dispute"),
    path("fixtures/<num:fixture_id>/night/resolve", ResolveApi.as_view(), name="night-resolve"),
    path("fixtures/<num:fixture_id>/night/correct", CorrectApi.as_view(), name="night-correct"),
]
