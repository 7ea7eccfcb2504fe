"""What the scorer's pad asks before it sends a move, answered by the engine
and never recorded: the table with every tile's options, and a dry run of
one move (so the pad can say what a wrong peg will cost before it is sent)."""
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.schema import ErrorOutput
from league.api.writes import MoveCreateApi
from league.selectors.games import game_get
from league.selectors.preview import game_table, move_preview


class GameOptionsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: OpenApiTypes.OBJECT, 404: ErrorOutput},
        summary="The table, and where each tile would go and what it would score",
    )
    def get(self, request: Request, game_id: int) -> Response:
        return Response(game_table(game=game_get(game_id=game_id)))


class MovePreviewApi(APIView):
    class InputSerializer(MoveCreateApi.InputSerializer):
        class Meta:
            ref_name = "MovePreviewInput"

    @extend_schema(
        request=InputSerializer,
        responses={200: OpenApiTypes.OBJECT, 400: ErrorOutput, 401: ErrorOutput, 404: ErrorOutput, 422: ErrorOutput},
        summary="What a move would do, without recording it",
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        move = dict(data.validated_data)
        move.pop("seq", None)  # a dry run changes nothing, so nothing can be stale
        return Response(move_preview(game=game_get(game_id=game_id), move=move))
