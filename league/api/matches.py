"""Match nights: read a fixture's night; enter its team sheet; record its
games (live or from the card); submit, confirm, dispute, settle and
correct its result. Every write answers with the night as it now stands.

Who may do what is the services' business (league.services.teamsheets,
match_games, results): a refusal comes back as 403 (not this user) or 422
(not now, or not like this), with the service's words."""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS, NamedOutput
from league.api.idempotency import once_per_key
from league.api.schema import WRITE_ONCE_KEY, BodyRequiredSchema, ErrorOutput, text
from league.models import Fixture, MatchNight, Rubber, RubberGame
from league.refusals import TeamSheetInvalid
from league.selectors.matches import night_view
from league.services.match_games import rubber_game_card, rubber_game_remove, rubber_game_start
from league.services.results import match_confirm, match_dispute, match_resolve, match_result_correct, match_submit
from league.services.teamsheets import team_sheet_enter

REFUSALS = WRITE_ERRORS


class NightGameOutput(serializers.Serializer[Any]):
    number = serializers.IntegerField(help_text="The game's number within its rubber, from 1.")
    # Named like Field.source, which the stubs type as a string; the
    # serializer's metaclass takes declared fields off the class, so they never meet.
    source = serializers.ChoiceField(choices=RubberGame.Source.choices)  # type: ignore[assignment]
    game = serializers.IntegerField(allow_null=True, help_text="The live game's id; null for a game from the card.")
    scores = serializers.ListField(child=serializers.IntegerField(allow_null=True), min_length=2, max_length=2,
                                   help_text="Home, away: final once finished, the live scores while playing; "
                                             "both null for an unchecked rubber's game entered without scores.")
    winner = serializers.ChoiceField(choices=RubberGame.Side.choices, allow_null=True)
    playing = serializers.BooleanField(help_text="A live game still being played.")


class NightRubberOutput(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Rubber.Kind.choices)
    best_of = serializers.IntegerField()
    home = NamedOutput(many=True, help_text="The home players; empty until the team sheet is in.")
    away = NamedOutput(many=True, help_text="The away players; empty until the team sheet is in.")
    games = NightGameOutput(many=True)
    winner = serializers.ChoiceField(choices=RubberGame.Side.choices, allow_null=True,
                                     help_text="Null while the rubber is undecided.")
    unchecked = serializers.BooleanField(help_text="A rubber of block dominoes, which the rules engine does not "
                                                   "adjudicate: its result is entered from the card, never scored "
                                                   "live, and is not checked.")
    conceded_by = serializers.ChoiceField(choices=RubberGame.Side.choices, allow_null=True,
                                          help_text="The side that could not field players and conceded the "
                                                    "rubber (won by the other at the concede score); null if none.")


class NightFormatOutput(serializers.Serializer[Any]):
    key = serializers.CharField()
    name = serializers.CharField()
    pairs = serializers.ChoiceField(choices=["named", "drawn"],
                                    help_text="Pairs named on the team sheet, or drawn at random at the table.")


class NightWalkoverOutput(serializers.Serializer[Any]):
    winner = serializers.ChoiceField(choices=RubberGame.Side.choices)
    score = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2, allow_null=True,
                                  help_text="Home, away: the games the walkover was recorded as (6-0).")
    points = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2, allow_null=True,
                                   help_text="Home, away: the match points it was worth when awarded.")


class NightOutput(serializers.Serializer[Any]):
    """A fixture's night as `league.selectors.matches.night_view` reads it."""

    fixture = serializers.IntegerField()
    home_team = NamedOutput()
    away_team = NamedOutput()
    venue = serializers.CharField()
    date = serializers.DateField(help_text="The night the fixture is set for.")
    fixture_status = serializers.ChoiceField(choices=Fixture.Status.choices)
    format = NightFormatOutput()
    status = serializers.ChoiceField(choices=MatchNight.Status.choices)
    score = serializers.ListField(child=serializers.IntegerField(), min_length=2, max_length=2,
                                  help_text="Rubbers won so far, home and away; for a walkover, the score "
                                            "recorded with it.")
    result_due = serializers.DateField(help_text="The last day for the home captain to submit the result.")
    dispute_reason = serializers.CharField(allow_blank=True)
    resolution = serializers.CharField(allow_blank=True, help_text="The secretary's note settling a dispute.")
    pairs_seed = serializers.CharField(allow_blank=True, help_text=(
        "Where the pairs were drawn: the seed they were drawn with, for anyone to draw again "
        "(docs/formats.md); empty otherwise."))
    walkover = NightWalkoverOutput(allow_null=True, help_text=(
        "A fixture awarded as a walkover (or forfeited): who it went to, and the score and match points "
        "recorded with it; null otherwise."))
    rubbers = NightRubberOutput(many=True)


def _night(fixture_id: int, code: int = status.HTTP_200_OK) -> Response:
    return Response(NightOutput(night_view(fixture_id=fixture_id)).data, status=code)


class NightApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: NightOutput, 404: ErrorOutput}, summary="A fixture's match night")
    def get(self, request: Request, fixture_id: int) -> Response:
        return _night(fixture_id)


class LineupInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "LineupInput"

    home = serializers.ListField(child=serializers.IntegerField(), min_length=0, max_length=2)
    away = serializers.ListField(child=serializers.IntegerField(), min_length=0, max_length=2)
    conceded_by = serializers.ChoiceField(choices=RubberGame.Side.choices, required=False, allow_null=True,
                                          help_text="The side short of players that concedes this rubber, "
                                                    "naming nobody for it.")


class TeamSheetApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TeamSheetInput"

        rubbers = LineupInput(many=True, max_length=40)  # type: ignore[call-arg]  # ListSerializer takes it; the stubs do not say so

    @extend_schema(request=InputSerializer, responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Enter the team sheet (home captain)")
    @once_per_key
    def put(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rubbers = data.validated_data["rubbers"]
        lineups = [(r["home"], r["away"]) for r in rubbers]
        conceded = {number: r["conceded_by"] for number, r in enumerate(rubbers, start=1) if r.get("conceded_by")}
        try:
            team_sheet_enter(fixture_id=fixture_id, lineups=lineups, user=request.user, conceded=conceded)
        except TeamSheetInvalid as invalid:
            return Response({"error": invalid.message, "problems": invalid.problems},
                            status=status.HTTP_422_UNPROCESSABLE_ENTITY)
        return _night(fixture_id)


_SCORE = {"type": "integer", "minimum": -999, "maximum": 999}

# Either a live game or the card's two scores, never both: the serializer's
# validate() below, as the schema says it.
RUBBER_GAME_BODY = {
    "oneOf": [
        {"type": "object", "title": "Live", "required": ["live"], "additionalProperties": False,
         "properties": {"live": {"type": "boolean", "enum": [True]}}},
        {"type": "object", "title": "FromTheCard", "required": ["home_score", "away_score"],
         "additionalProperties": False,
         "properties": {"live": {"type": "boolean", "enum": [False]}, "home_score": _SCORE, "away_score": _SCORE,
                        "winner": {"type": "string", "enum": ["home", "away"]}}},
        {"type": "object", "title": "UncheckedResult", "required": ["winner"], "additionalProperties": False,
         "properties": {"live": {"type": "boolean", "enum": [False]},
                        "winner": {"type": "string", "enum": ["home", "away"]}}},
    ],
}


class RubberGamesApi(APIView):
    schema = BodyRequiredSchema()

    class InputSerializer(serializers.Serializer[Any]):
        """{"live": true} starts a live game; {"home_score": 61,
        "away_score": 40} records one from the card; {"winner": "home"},
        with the scores or without, records an unchecked rubber's game."""

        class Meta:
            ref_name = "RubberGameInput"

        live = serializers.BooleanField(required=False, default=False)
        home_score = serializers.IntegerField(required=False, min_value=-999, max_value=999)
        away_score = serializers.IntegerField(required=False, min_value=-999, max_value=999)
        winner = serializers.ChoiceField(choices=RubberGame.Side.choices, required=False)

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            scored = "home_score" in attrs and "away_score" in attrs
            carded = scored or "winner" in attrs
            if attrs["live"] == carded:
                raise serializers.ValidationError("send either live: true, or home_score and away_score "
                                                  "(or the winner of an unchecked rubber)")
            return attrs

    @extend_schema(request={"application/json": RUBBER_GAME_BODY}, responses={201: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Record a rubber's next game, live or from the card")
    @once_per_key
    def post(self, request: Request, fixture_id: int, rubber: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        if data.validated_data["live"]:
            rubber_game_start(fixture_id=fixture_id, rubber=rubber, user=request.user)
        else:
            given = data.validated_data
            rubber_game_card(fixture_id=fixture_id, rubber=rubber, home_score=given.get("home_score"),
                             away_score=given.get("away_score"), winner=given.get("winner"), user=request.user)
        return _night(fixture_id, status.HTTP_201_CREATED)

    @extend_schema(responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Take a rubber's newest game off the night")
    @once_per_key
    def delete(self, request: Request, fixture_id: int, rubber: int) -> Response:
        rubber_game_remove(fixture_id=fixture_id, rubber=rubber, user=request.user)
        return _night(fixture_id)


class SubmitApi(APIView):
    @extend_schema(request=None, responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Submit the result (home captain)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        match_submit(fixture_id=fixture_id, user=request.user)
        return _night(fixture_id)


class ConfirmApi(APIView):
    @extend_schema(request=None, responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Confirm the result (away captain)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        match_confirm(fixture_id=fixture_id, user=request.user)
        return _night(fixture_id)


class DisputeApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "DisputeInput"

        reason = text(lines=True, max_length=2000)

    @extend_schema(request=InputSerializer, responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Dispute the result (away captain)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match_dispute(fixture_id=fixture_id, reason=data.validated_data["reason"], user=request.user)
        return _night(fixture_id)


class ResolveApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "ResolveInput"

        decision = serializers.ChoiceField(choices=["uphold", "reopen"])
        note = text(lines=True, max_length=2000)

    @extend_schema(request=InputSerializer, responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Settle a dispute (secretary)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match_resolve(fixture_id=fixture_id, user=request.user, **data.validated_data)
        return _night(fixture_id)


class CorrectApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CorrectInput"

        rubber = serializers.IntegerField(min_value=1)
        game = serializers.IntegerField(min_value=1)
        home_score = serializers.IntegerField(min_value=-999, max_value=999)
        away_score = serializers.IntegerField(min_value=-999, max_value=999)
        reason = text(lines=True, max_length=2000)

    @extend_schema(request=InputSerializer, responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY], summary="Correct a game's score in a returned result (secretary)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        match_result_correct(fixture_id=fixture_id, user=request.user, **data.validated_data)
        return _night(fixture_id)
