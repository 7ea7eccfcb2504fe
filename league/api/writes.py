"""Writes to a live game: a move, the tiles shown after a hand, an undo.

Each answers {"events": [...], "state": {...}} (WriteOutput, UndoOutput), takes an Idempotency-Key
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

from league.api.idempotency import idempotency_key
from league.api.schema import IDEMPOTENCY_KEY, UNDO_RESPONSES, WRITE_RESPONSES, UndoOutput, WriteOutput, text
from league.api.text_fields import ONE_LINE_SAYING
from league.services.moves import move_record, move_undo, shown_record
from league.services.people_first import game_writers_only


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


# A move's fields as MoveCreateApi.InputSerializer declares them, in its
# order: ("int", lowest, highest), ("text", longest) or ("bool",).
MOVE_FIELDS: dict[str, tuple[Any, ...]] = {
    "seq": ("int", 0, None), "seat": ("int", 0, 3), "tile": ("text", 10), "end": ("text", 16),
    "peg": ("int", 0, None), "knock": ("bool",), "draw": ("int", 0, None), "misplay": ("text", 10),
    "penalty": ("text", 32), "move": ("int", 0, None),
}


def well_typed_move(data: Any) -> dict[str, Any] | None:
    """The move exactly as the input serializer would validate it, when the
    body is plainly valid: a JSON object of known fields, each already of
    its type (an integer in range, printable text without surrounding
    spaces within its length, a true boolean), with a seat. None for anything else, left
    to the serializer: it is a move's most costly step in Python, and almost
    every tablet's body passes this check. (A plain dict comes only from the
    JSON parser, which has already refused NULs and lone surrogates.)"""
    if type(data) is not dict or "seat" not in data:
        return None
    for name, value in data.items():
        kind = MOVE_FIELDS.get(name)
        if kind is None:
            return None
        if kind[0] == "int":
            if type(value) is not int or value < kind[1] or (kind[2] is not None and value > kind[2]):
                return None
        elif kind[0] == "text":
            # The serializer trims spaces, folds line breaks and other
            # separators into a space, refuses control characters and blank
            # text: printable text with no space to trim, not empty, is what
            # it would keep as is.
            if (type(value) is not str or not 0 < len(value) <= kind[1] or value != value.strip()
                    or not value.isprintable()):
                return None
        elif type(value) is not bool:
            return None
    return {name: data[name] for name in MOVE_FIELDS if name in data}


class MoveCreateApi(APIView):
    # Who is asking is checked in `post`, only where the body could be
    # found wrong: a well-typed move, almost every one, costs no more than
    # the service's own check, which comes before anything else it does.
    checks_writer_itself = True

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
        move = well_typed_move(request.data)
        if move is None:
            # Whatever the quick check does not vouch for, the serializer
            # judges: it accepts what it may coerce, and words every refusal,
            # to the game's scorers only.
            game_writers_only(game_id=game_id, user=request.user, owner=False, action=None)
            data = self.InputSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            move = dict(data.validated_data)
        seq = move.pop("seq", None)
        reply = move_record(game_id=game_id, move=move, user=request.user, key=idempotency_key(request), seq=seq)
        return Response(WriteOutput(reply).data, status=status.HTTP_201_CREATED)


# Each seat's tiles, by seat number (a game has at most four), and the seq.
SHOWN_BODY = {
    "type": "object",
    "properties": {
        "seq": {"type": "integer", "minimum": 0},
        **{str(seat): {"type": "array", "maxItems": 28,
                       "items": {"type": "string", "minLength": 1, "pattern": ONE_LINE_SAYING, "maxLength": 10}}
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
            key=idempotency_key(request),
            seq=data.validated_data.get("seq"),
        )
        return Response(WriteOutput(reply).data, status=status.HTTP_201_CREATED)


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
        reply = move_undo(game_id=game_id, user=request.user, key=idempotency_key(request),
                          seq=data.validated_data.get("seq"))
        return Response(UndoOutput(reply).data, status=status.HTTP_201_CREATED)
