"""Games: set one up, import one, read it (state, log, scoresheet, live),
name who besides its creator may score it."""
import hashlib
import json
from typing import Any

from django.utils.http import parse_etags
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS
from league.api.schema import AsGivenOutput, ErrorOutput, GameSetupInput, GameStateOutput, text
from league.api.text_fields import OneLineField
from league.api.writes import StrictSerializer
from league.selectors.access import game_scorer_logins
from league.selectors.games import game_get, game_live_state, game_log, game_sheet
from league.selectors.seat_names import seats_for, with_seats
from league.selectors.shown_names import login_shown
from league.selectors.state import game_state
from league.services.games import game_create, game_import, game_scorer_add, game_scorer_remove


class GameCreateApi(APIView):
    class InputSerializer(StrictSerializer, GameSetupInput):
        class Meta:
            ref_name = "GameCreateInput"

        label = OneLineField(required=False, allow_blank=True, max_length=200)  # type: ignore[assignment]  # the stubs take a field named label for Field.label

    @extend_schema(
        request=InputSerializer,
        responses={201: GameStateOutput, 400: ErrorOutput, 401: ErrorOutput, 413: ErrorOutput, 422: ErrorOutput},
        summary="Set up a game",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_create(**data.validated_data, created_by=request.user)
        return Response(GameStateOutput(game_state(game=game)).data, status=status.HTTP_201_CREATED)


class ScoresheetHandInput(StrictSerializer):
    """A hand of a scoresheet: its shape here, its moves by the engine."""

    class Meta:
        ref_name = "ScoresheetHandInput"

    leader = serializers.IntegerField(required=False, min_value=0, max_value=3)
    moves = serializers.ListField(child=serializers.DictField(), help_text="The moves, as docs/scoresheet.md writes them.")
    shown = serializers.DictField(child=serializers.ListField(child=text(max_length=10), max_length=28),
                                  required=False, help_text="Each seat's tiles left when the hand ended.")


class GameImportApi(APIView):
    class InputSerializer(StrictSerializer, GameSetupInput):
        """A scoresheet (docs/scoresheet.md); the engine checks the rest."""

        class Meta:
            ref_name = "ScoresheetInput"

        format = serializers.ChoiceField(choices=["fives-and-threes/1"], required=False)
        hands = ScoresheetHandInput(many=True, required=False)

    @extend_schema(
        request=InputSerializer,
        responses={201: GameStateOutput, 400: ErrorOutput, 401: ErrorOutput, 413: ErrorOutput, 422: ErrorOutput},
        summary="Import a game from a scoresheet",
    )
    def post(self, request: Request) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = game_import(sheet=dict(data.validated_data), imported_by=request.user)
        return Response(GameStateOutput(game_state(game=game)).data, status=status.HTTP_201_CREATED)


class GameDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameStateOutput, 404: ErrorOutput}, summary="A game's state")
    def get(self, request: Request, game_id: int) -> Response:
        game = game_get(game_id=game_id)
        return Response(GameStateOutput(with_seats(game_state(game=game), seats_for(game=game, user=request.user))).data)


class GameLiveApi(APIView):
    """What a spectator's scoreboard polls: served from the cache the workers
    fill, so a busy match night does not read the database. Its ETag is a
    digest of the state as answered, so a board asking again with
    If-None-Match is answered 304 until the state (a move, a name hidden)
    changes, as the spectators' pages are."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameStateOutput, 304: None, 404: ErrorOutput}, summary="A game's live state")
    def get(self, request: Request, game_id: int) -> Response:
        data = GameStateOutput(game_live_state(game_id=game_id)).data
        etag = _etag(data, request.accepted_renderer.format)
        # Revalidated on every use: a board polls, and a 304 costs no body.
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if etag in parse_etags(request.headers.get("If-None-Match", "")):
            return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
        return Response(data, headers=headers)


def _etag(data: Any, form: str) -> str:
    """A weak ETag of the answer: the state and the form it is given in
    (JSON, or the browsable API's page)."""
    body = json.dumps([form, data], sort_keys=True, separators=(",", ":"), default=str)
    return f'W/"{hashlib.sha256(body.encode()).hexdigest()[:32]}"'


class ScoresheetHandOutput(AsGivenOutput):
    leader = serializers.IntegerField(required=False, help_text="The seat that put the down, when the engine knows it.")
    moves = serializers.ListField(
        child=serializers.DictField(),
        help_text="The moves in the order made, each as docs/scoresheet.md writes it: a play (tile, end, peg), "
                  "a knock, a draw, a misplay or a ruling (penalty), each naming its seat.",
    )
    shown = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False,
                                  help_text="The tiles each seat still held when the hand ended, by seat number.")


class GameSheetApi(APIView):
    """The game as a scoresheet (docs/scoresheet.md, version 1), handed on as the
    engine writes it: a field that does not apply is left out, not null."""

    permission_classes = [AllowAny]

    class OutputSerializer(AsGivenOutput):
        class Meta:
            ref_name = "ScoresheetOutput"

        format = serializers.ChoiceField(choices=["fives-and-threes/1"])
        rules = serializers.DictField(help_text="The rules as set up: a preset and the rule keys it overrides.")
        seats = serializers.ListField(child=serializers.CharField(), help_text="The players, clockwise.")
        partners = serializers.BooleanField(required=False, help_text="Present (true) only for a game of pairs.")
        start = serializers.ListField(child=serializers.IntegerField(), required=False,
                                      help_text="Each side's score before the first hand; present only when not all 0.")
        hands = ScoresheetHandOutput(many=True)

    @extend_schema(responses={200: OutputSerializer, 404: ErrorOutput}, summary="A game as a scoresheet")
    def get(self, request: Request, game_id: int) -> Response:
        game = game_get(game_id=game_id)
        sheet = with_seats(game_sheet(game=game), seats_for(game=game, user=request.user))
        return Response(self.OutputSerializer(sheet).data)


class VoidedByOutput(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    by = serializers.CharField(allow_null=True, help_text="Who entered the undo.")
    at = serializers.DateTimeField()


class GameLogApi(APIView):
    permission_classes = [AllowAny]

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "LogEntryOutput"

        seq = serializers.IntegerField()
        kind = serializers.ChoiceField(choices=["move", "shown", "undo"])
        hand = serializers.IntegerField()
        payload = serializers.JSONField(help_text="A move, or the tiles shown, as docs/scoresheet.md writes them; "
                                                  "null for an undo.")
        entered_by = serializers.SerializerMethodField(
            help_text="Who entered it: a username, or a player's name as the player chose to show it.")
        entered_at = serializers.DateTimeField()
        voids = serializers.IntegerField(source="voids.seq", default=None, allow_null=True,
                                         help_text="An undo: the seq of the row it voided.")
        voided_by = serializers.SerializerMethodField()

        def get_entered_by(self, row: Any) -> str | None:
            return login_shown(row.entered_by, self.context["request"].user)

        @extend_schema_field(VoidedByOutput(allow_null=True, help_text="The undo that voided this row, or null."))
        def get_voided_by(self, row: Any) -> dict[str, Any] | None:
            undo = getattr(row, "voided_by", None)
            if undo is None:
                return None
            return {"seq": undo.seq, "by": login_shown(undo.entered_by, self.context["request"].user),
                    "at": undo.entered_at}

    @extend_schema(responses={200: OutputSerializer(many=True), 404: ErrorOutput}, summary="A game's move log")
    def get(self, request: Request, game_id: int) -> Response:
        rows = game_log(game=game_get(game_id=game_id))
        return Response(self.OutputSerializer(rows, many=True, context={"request": request}).data)


class GameScorersOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "GameScorersOutput"

    scorers = serializers.ListField(child=serializers.CharField(),
                                    help_text="Those the creator named, besides the creator, by username (a "
                                              "player's login by the player's name as they chose to show it).")


class GameScorersApi(APIView):
    """Who besides its creator may score a game outside a match: anyone
    reads the list; the creator adds and removes names."""

    # Naming scorers is the creator's: checked before the body (league.api.who_first).
    game_owner_write = True

    class InputSerializer(StrictSerializer):
        class Meta:
            ref_name = "GameScorerInput"

        username = text(max_length=150, help_text="The username of the scorer to name.")

    @extend_schema(responses={200: GameScorersOutput, 404: ErrorOutput}, summary="A game's named scorers")
    def get(self, request: Request, game_id: int) -> Response:
        logins = game_scorer_logins(game=game_get(game_id=game_id))
        return Response(GameScorersOutput({"scorers": [login_shown(login, request.user) for login in logins]}).data)

    @extend_schema(request=InputSerializer, responses={201: GameScorersOutput, **WRITE_ERRORS},
                   summary="Name a scorer of the game (its creator)")
    def post(self, request: Request, game_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        names = game_scorer_add(game_id=game_id, username=data.validated_data["username"], user=request.user)
        return Response(GameScorersOutput({"scorers": names}).data, status=status.HTTP_201_CREATED)


class GameScorerApi(APIView):
    game_owner_write = True

    @extend_schema(request=None, responses={200: GameScorersOutput, **WRITE_ERRORS},
                   summary="Take a scorer off the game (its creator)")
    def delete(self, request: Request, game_id: int, username: str) -> Response:
        names = game_scorer_remove(game_id=game_id, username=username, user=request.user)
        return Response(GameScorersOutput({"scorers": names}).data)
