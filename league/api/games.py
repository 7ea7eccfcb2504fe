"""Games: set one up, import one, read it (state, log, scoresheet, live)."""
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.schema import ErrorOutput, GameSetupInput, GameStateOutput
from league.selectors.games import game_entries, game_get, game_live_state, game_sheet
from league.selectors.state import game_state
from league.services.games import game_create, game_import


class GameCreateApi(APIView):
    class InputSerializer(GameSetupInput):
        class Meta:
            ref_name = "GameCreateInput"

        label = serializers.CharField(required=False, allow_blank=True, max_length=200)

    @extend_schema(
        request=InputSerializer,
        responses={201: GameStateOutput, 400: ErrorOutput, 401: ErrorOutput, 422: ErrorOutput},
        summary="Set up a game",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_create(**data.validated_data, created_by=request.user)
        return Response(game_state(game=game), status=status.HTTP_201_CREATED)


class GameImportApi(APIView):
    class InputSerializer(GameSetupInput):
        """A scoresheet (SCORESHEET.md); the engine checks the rest."""

        class Meta:
            ref_name = "ScoresheetInput"

        format = serializers.ChoiceField(choices=["fives-and-threes/1"], required=False)
        hands = serializers.ListField(child=serializers.DictField(), required=False)

    @extend_schema(
        request=InputSerializer,
        responses={201: GameStateOutput, 400: ErrorOutput, 401: ErrorOutput, 422: ErrorOutput},
        summary="Import a game from a scoresheet",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_import(sheet=dict(data.validated_data), imported_by=request.user)
        return Response(game_state(game=game), status=status.HTTP_201_CREATED)


class GameDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameStateOutput, 404: ErrorOutput}, summary="A game's state")
    def get(self, request: Request, game_id: int) -> Response:
        return Response(game_state(game=game_get(game_id=game_id)))


class GameLiveApi(APIView):
    """What a spectator's scoreboard polls: served from the cache the workers
    fill, so a busy match night does not read the database."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameStateOutput, 404: ErrorOutput}, summary="A game's live state")
    def get(self, request: Request, game_id: int) -> Response:
        return Response(game_live_state(game_id=game_id))


class GameSheetApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT, 404: ErrorOutput}, summary="A game as a scoresheet")
    def get(self, request: Request, game_id: int) -> Response:
        return Response(game_sheet(game=game_get(game_id=game_id)))


class GameLogApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "LogEntryOutput"

        seq = serializers.IntegerField()
        kind = serializers.CharField()
        hand = serializers.IntegerField()
        payload = serializers.JSONField()
        entered_by = serializers.CharField(source="entered_by.username", default=None)
        entered_at = serializers.DateTimeField()
        voids = serializers.IntegerField(source="voids.seq", default=None)
        voided_by = serializers.SerializerMethodField()

        def get_voided_by(self, row: Any) -> dict[str, Any] | None:
            undo = getattr(row, "voided_by", None)
            if undo is None:
                return None
            return {"seq": undo.seq, "by": getattr(undo.entered_by, "username", None), "at": undo.entered_at}

    @extend_schema(responses={200: OutputSerializer(many=True), 404: ErrorOutput}, summary="A game's move log")
    def get(self, request: Request, game_id: int) -> Response:
        rows = game_entries(game=game_get(game_id=game_id)).select_related("voids")
        return Response(self.OutputSerializer(rows, many=True).data)
