"""A division's table (as JSON and as CSV) and its player leaderboard.

Everyone may read them. They are the rows the standings task stored
(`league.selectors.standings`): nothing is worked out on a request, and a
division whose table has not been built yet answers an empty list.
"""
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import NamedOutput
from league.api.query_params import QueryParams
from league.api.schema import ErrorOutput, WrittenMomentField
from league.selectors.competition import division_settings, division_with_season
from league.selectors.shown_names import names_shown
from league.selectors.standings import (
    LEADERBOARDS,
    player_leaderboard,
    position_label,
    table_csv,
    table_entries,
    table_rebuilt_at,
)


class TableRowOutput(serializers.Serializer[Any]):
    position = serializers.IntegerField()
    shared = serializers.BooleanField(help_text="The position is shared (shown as 2=).")
    # Named like Field.label (see NightGameOutput.source in league.api.matches).
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="The position as printed: 2, or 2= when shared.")
    team = NamedOutput()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    games_for = serializers.IntegerField()
    games_against = serializers.IntegerField()
    pegged_for = serializers.IntegerField()
    pegged_against = serializers.IntegerField()
    sanctions = serializers.IntegerField(help_text="League points deducted.")
    points = serializers.IntegerField()


class TableOutput(serializers.Serializer[Any]):
    division = NamedOutput()
    tie_breakers = serializers.ListField(child=serializers.CharField())
    rebuilt_at = WrittenMomentField(allow_null=True, help_text="When the table was last rebuilt, in UTC.")
    rows = TableRowOutput(many=True)


class PlayerOutput(serializers.Serializer[Any]):
    player = NamedOutput()
    team = NamedOutput()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    win_rate = serializers.FloatField()
    average_pegged = serializers.FloatField(help_text="Points pegged by the player's side, a game.")
    on_target = serializers.IntegerField(help_text="Games won on exactly the target.")
    played_live = serializers.IntegerField(help_text="Games scored live: 15s and penalties count these only.")
    fifteens = serializers.IntegerField()
    penalties = serializers.IntegerField(help_text="Penalties against.")


class LeaderboardQuery(QueryParams):
    min_games = serializers.IntegerField(min_value=0, default=0)
    order = serializers.ChoiceField(choices=list(LEADERBOARDS), default="win_rate")


class DivisionTableApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: TableOutput, 404: ErrorOutput}, summary="A division's table, best first")
    def get(self, request: Request, division_id: int) -> Response:
        division = division_with_season(division_id=division_id)
        entries = table_entries(division_id=division.pk)
        return Response(TableOutput({
            "division": {"id": division.pk, "name": division.name},
            "tie_breakers": list(division_settings(division_id=division.pk).tie_breakers),
            "rebuilt_at": table_rebuilt_at(entries),
            "rows": [{
                "position": e.position, "shared": e.shared, "label": position_label(e),
                "team": {"id": e.team_id, "name": e.team.name}, "played": e.played, "won": e.won,
                "drawn": e.drawn, "lost": e.lost, "games_for": e.games_for, "games_against": e.games_against,
                "pegged_for": e.pegged_for, "pegged_against": e.pegged_against, "sanctions": e.sanctions,
                "points": e.points,
            } for e in entries],
        }).data)


class DivisionTableCsvApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR), 404: ErrorOutput},
                   summary="A division's table as CSV")
    def get(self, request: Request, division_id: int) -> HttpResponse:
        division = division_with_season(division_id=division_id)
        response = HttpResponse(table_csv(division_id=division.pk), content_type="text/csv; charset=utf-8")
        name = f"{division.season.name} {division.name}".lower().replace(" ", "-")
        response["Content-Disposition"] = f'attachment; filename="{_safe(name)}-table.csv"'
        return response


class DivisionPlayersApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("min_games", int, description="Leave out players with fewer games (default 0)."),
            OpenApiParameter("order", str, enum=list(LEADERBOARDS), description="What ranks them (default win_rate)."),
        ],
        responses={200: PlayerOutput(many=True), 400: ErrorOutput, 404: ErrorOutput},
        summary="A division's player statistics as a leaderboard, best first",
    )
    def get(self, request: Request, division_id: int) -> Response:
        division = division_with_season(division_id=division_id)
        query = LeaderboardQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        rows = player_leaderboard(division_id=division.pk, **query.validated_data)
        # Made for each request, never shared: the reader's own names.
        names = names_shown((s.player for s in rows), request.user)
        return Response(PlayerOutput([{
            "player": {"id": s.player_id, "name": names[s.player_id]}, "team": {"id": s.team_id, "name": s.team.name},
            "played": s.played, "won": s.won, "win_rate": round(s.win_rate, 4),
            "average_pegged": round(s.average_pegged, 2), "on_target": s.on_target,
            "played_live": s.played_live, "fifteens": s.fifteens, "penalties": s.penalties,
        } for s in rows], many=True).data)


def _safe(name: str) -> str:
    return "".join(c for c in name if c.isalnum() or c in "-_") or "division"
