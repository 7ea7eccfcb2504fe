"""A match night's substitutes: each captain names theirs before the match
starts, and a named substitute takes over a rubber not yet started
(league.services.substitutes). A refusal comes back as 403 or 422 with
its words; a success answers with the night's substitutes as they stand."""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.idempotency import once_per_key
from league.api.matches import REFUSALS
from league.api.schema import WRITE_ONCE_KEY, ErrorOutput
from league.api.who_first import WhoFirst
from league.models import RubberGame
from league.selectors.substitutes import night_substitutes
from league.services.substitutes import substitute_on, substitutes_name


class PlayerOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "SubstitutePlayer"

    id = serializers.IntegerField()
    name = serializers.CharField()


class SubstitutionOutput(serializers.Serializer[Any]):
    rubber = serializers.IntegerField(help_text="The rubber's number.")
    side = serializers.ChoiceField(choices=RubberGame.Side.choices)
    off = PlayerOutput(help_text="The player named in the rubber, replaced.")
    on = PlayerOutput(help_text="The substitute who took over.")


class SubstitutesOutput(serializers.Serializer[Any]):
    home = PlayerOutput(many=True, help_text="The home team's named substitutes.")
    away = PlayerOutput(many=True, help_text="The away team's named substitutes.")
    substitutions = SubstitutionOutput(many=True)


class SubstitutesApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "SubstitutesInput"

        team = serializers.IntegerField(help_text="The team naming its substitutes: home or away.")
        players = serializers.ListField(child=serializers.IntegerField(), max_length=20,
                                        help_text="Its substitutes, replacing any named before; empty for none.")

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated(), WhoFirst()]

    @extend_schema(responses={200: SubstitutesOutput, 404: ErrorOutput},
                   summary="A match night's substitutes and substitutions")
    def get(self, request: Request, fixture_id: int) -> Response:
        return Response(SubstitutesOutput(night_substitutes(fixture_id=fixture_id)).data)

    @extend_schema(request=InputSerializer, responses={200: SubstitutesOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Name a team's substitutes before the match starts (its captain)")
    @once_per_key
    def put(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        body = data.validated_data
        substitutes_name(fixture_id=fixture_id, team_id=body["team"], player_ids=body["players"], user=request.user)
        return Response(SubstitutesOutput(night_substitutes(fixture_id=fixture_id)).data)


class SubstitutionApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "SubstitutionInput"

        rubber = serializers.IntegerField(min_value=1, help_text="The rubber, not yet started.")
        off = serializers.IntegerField(help_text="The player named in it who is replaced.")
        on = serializers.IntegerField(help_text="The named substitute who takes over.")

    @extend_schema(request=InputSerializer, responses={201: SubstitutesOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Bring a named substitute on in a rubber not yet started (that side's captain)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        body = data.validated_data
        substitute_on(fixture_id=fixture_id, rubber=body["rubber"], off=body["off"], on=body["on"], user=request.user)
        return Response(SubstitutesOutput(night_substitutes(fixture_id=fixture_id)).data, status=201)
