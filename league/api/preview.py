"""What the scorer's pad asks before it sends a move, answered by the engine
and never recorded: the table with every tile's options, and a dry run of
one move (so the pad can say what a wrong peg will cost before it is sent).

Both bodies are the engine's own values, handed on as they are: the
serializers here describe them for the schema (see league.api.schema on
why events are not serialized through a class)."""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.schema import ErrorOutput, EventOutput, GameStateOutput
from league.api.writes import MoveCreateApi
from league.selectors.games import game_get
from league.selectors.preview import game_table, move_preview
from league.selectors.seat_names import seats_for, with_seats


class OptionOutput(serializers.Serializer[Any]):
    """One way to lay a tile, as the engine's `Game.options` gives it."""

    end = serializers.CharField(allow_null=True, help_text="The end it would go on; null for the down.")
    ends = serializers.ListField(child=serializers.IntegerField(), help_text="The counted open ends after it.")
    total = serializers.IntegerField()
    award = serializers.IntegerField(help_text="What `total` scores.")
    bonus = serializers.IntegerField(help_text="The chip-out bonus.")
    bust = serializers.BooleanField(help_text="The target rules would void it.")
    worth = serializers.IntegerField(help_text="What the play would score.")


class TileOptionsOutput(serializers.Serializer[Any]):
    tile = serializers.CharField()
    played = serializers.BooleanField(help_text="Laid this hand, or misplayed by another seat: no options.")
    options = OptionOutput(many=True)
    ask_end = serializers.BooleanField(help_text="The scorer must say which end: the engine refuses it without one.")


class LaidOutput(serializers.Serializer[Any]):
    """A tile on the table, as it lies."""

    tile = serializers.CharField()
    seat = serializers.IntegerField()
    end = serializers.CharField(allow_null=True, help_text="The end it went on; null for the down.")
    faces = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2,
                                  help_text="Its pips, left to right as they lie.")
    double = serializers.BooleanField()


class GameOptionsApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "GameTableOutput"

        state = GameStateOutput()
        target = serializers.IntegerField()
        largest_peg = serializers.IntegerField(
            help_text="The most one play can score under the rules: a peg above it is pegged by no play "
                      "(an over-peg, penalised; the pad asks the scorer to confirm it).")
        layout = serializers.ChoiceField(choices=["line", "spinner", "spinners"])
        held = serializers.ListField(child=serializers.IntegerField(), help_text="How many tiles each seat holds.")
        boneyard = serializers.IntegerField(help_text="Tiles left to draw (0 without drawing).")
        line = LaidOutput(many=True, help_text="Along a line, left to right; on spinners, in the order played.")
        shown = serializers.BooleanField(help_text="The tiles of the hand just ended have been shown.")
        events = EventOutput(many=True, help_text="This hand's events.")
        tiles = TileOptionsOutput(many=True, help_text="All 28 tiles, in the engine's order.")

    @extend_schema(
        responses={200: OutputSerializer, 404: ErrorOutput},
        summary="The table, and where each tile would go and what it would score",
    )
    def get(self, request: Request, game_id: int) -> Response:
        game = game_get(game_id=game_id)
        table = game_table(game=game)
        seats = seats_for(game=game, user=request.user)
        return Response(self.OutputSerializer({**table, "state": with_seats(table["state"], seats)}).data)


class MovePreviewApi(APIView):
    # A dry run, open to anyone logged in: it writes nothing and tells only
    # what the game's public pages and its options already show.
    permission_classes = [IsAuthenticatedOrReadOnly]

    class InputSerializer(MoveCreateApi.InputSerializer):
        class Meta:
            ref_name = "MovePreviewInput"

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MovePreviewOutput"

        events = EventOutput(many=True, help_text="What the move would produce.")
        scores = serializers.ListField(child=serializers.IntegerField(), help_text="Every side's score after it.")
        status = serializers.ChoiceField(choices=["playing", "hand-ended", "won"],
                                         help_text="The game's status after it.")

    @extend_schema(
        request=InputSerializer,
        responses={200: OutputSerializer, 400: ErrorOutput, 401: ErrorOutput, 404: ErrorOutput, 422: ErrorOutput},
        summary="What a move would do, without recording it",
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        move = dict(data.validated_data)
        move.pop("seq", None)  # a dry run changes nothing, so nothing can be stale
        return Response(self.OutputSerializer(move_preview(game=game_get(game_id=game_id), move=move)).data)
