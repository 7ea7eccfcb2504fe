"""Writes to a live game: a move, the tiles shown after a hand, an undo.

Each answers {"events": [...], "state": {...}}, takes an Idempotency-Key
header and an optional `seq` in the body (see `league.services.log` for the
order in which they are checked)."""
from collections.abc import Mapping
from typing import Any

from drf_spectacular.extensions import OpenApiSerializerExtension
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.schema import IDEMPOTENCY_KEY, NOT_BLANK, UNDO_RESPONSES, WRITE_RESPONSES, text
from league.services.moves import move_record, move_undo, shown_record

KEY_MAX_LENGTH = 200


def _key(request: Request) -> str:
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > KEY_MAX_LENGTH:
        raise serializers.ValidationError({"Idempotency-Key": f"at most {KEY_MAX_LENGTH} characters"})
    return key


class StrictSerializer(serializers.Serializer[Any]):
    """Refuses fields it does not know rather than silently dropping them:
    a move with a misspelt field would otherwise be scored as another move.
    Checked on the data itself, so it holds nested (a scoresheet's hands)
    as well as at the top."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, Mapping):
            unknown = set(data) - set(self.fields)
            if unknown:
                raise serializers.ValidationError({name: ["unknown field"] for name in sorted(map(str, unknown))})
        return super().to_internal_value(data)


class StrictSerializerSchema(OpenApiSerializerExtension):  # type: ignore[no-untyped-call]
    """The schema says what StrictSerializer does: no other fields."""

    target_class = StrictSerializer
    match_subclasses = True

    def map_serializer(self, auto_schema: Any, direction: Any) -> Any:
        schema = auto_schema._map_serializer(self.target, direction, bypass_extensions=True)
        return {**schema, "additionalProperties": False}


class MoveCreateApi(APIView):
    class InputSerializer(StrictSerializer):
        class Meta:
            ref_name = "MoveInput"

        seq = serializers.IntegerField(min_value=0, required=False)
        seat = serializers.IntegerField(min_value=0, max_value=3)
        tile = text(required=False, max_length=10)
        end = text(required=False, max_length=16)
        peg = serializers.IntegerField(required=False, min_value=0)
        knock = serializers.BooleanField(required=False)
        draw = serializers.IntegerField(required=False, min_value=0)
        misplay = text(required=False, max_length=10)
        penalty = text(required=False, max_length=32)
        move = serializers.IntegerField(required=False, min_value=0)

    @extend_schema(
        request=InputSerializer, responses=WRITE_RESPONSES, parameters=[IDEMPOTENCY_KEY], summary="Record a move"
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        move = dict(data.validated_data)
        seq = move.pop("seq", None)
        reply = move_record(game_id=game_id, move=move, user=request.user, key=_key(request), seq=seq)
        return Response(reply, status=status.HTTP_201_CREATED)


# Each seat's tiles, by seat number (a game has at most four), and the seq.
SHOWN_BODY = {
    "type": "object",
    "properties": {
        "seq": {"type": "integer", "minimum": 0},
        **{str(seat): {"type": "array", "maxItems": 28,
                       "items": {"type": "string", "minLength": 1, "pattern": NOT_BLANK, "maxLength": 10}}
           for seat in range(4)},
    },
    "additionalProperties": False,
}


class ShownApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        """{"0": ["6-5", ...], "1": [...], "seq": 12}: each seat's tiles."""
        class Meta:
            ref_name = "ShownInput"


        seq = serializers.IntegerField(min_value=0, required=False)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            tiles = serializers.ListField(child=text(max_length=10), max_length=28)
            shown = {}
            for name, value in self.initial_data.items():
                if name == "seq":
                    continue
                if not (isinstance(name, str) and name.isdigit()):
                    raise serializers.ValidationError({name: "a seat number"})
                shown[name] = tiles.run_validation(value)
            return {**attrs, "shown": shown}

    @extend_schema(
        request={"application/json": SHOWN_BODY},
        responses=WRITE_RESPONSES,
        parameters=[IDEMPOTENCY_KEY],
        summary="Record the tiles shown when a hand ended",
    )
    def post(self, request: Request, game_id: int, hand: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        reply = shown_record(
            game_id=game_id,
            hand=hand,
            shown=data.validated_data["shown"],
            user=request.user,
            key=_key(request),
            seq=data.validated_data.get("seq"),
        )
        return Response(reply, status=status.HTTP_201_CREATED)


class UndoApi(APIView):
    class InputSerializer(StrictSerializer):
        class Meta:
            ref_name = "UndoInput"

        seq = serializers.IntegerField(min_value=0, required=False)

    @extend_schema(
        request=InputSerializer, responses=UNDO_RESPONSES, parameters=[IDEMPOTENCY_KEY], summary="Void the last move"
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        reply = move_undo(game_id=game_id, user=request.user, key=_key(request), seq=data.validated_data.get("seq"))
        return Response(reply, status=status.HTTP_201_CREATED)
