"""Squads: a team's players for a season, with what is wrong with the
squad; registering a player and withdrawing one.

Everyone may read. Registering and withdrawing are for the team's captain
and vice-captain and the league's secretaries, as `league.services.squads`
decides; its refusals come back as 403 (not theirs to change) or 422 (the
league's rules), with its message.
"""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS, NamedOutput
from league.api.names import PlayerNamedOutput
from league.api.schema import ErrorOutput
from league.selectors.squads import squad_get
from league.services.squads import squad_register, squad_withdraw


class SquadApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "SquadRegisterInput"

        player = serializers.IntegerField(help_text="The id of the player to register.")

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "SquadOutput"

        season = serializers.IntegerField(source="season.pk")
        team = NamedOutput()
        players = PlayerNamedOutput(many=True)
        problems = serializers.ListField(
            child=serializers.CharField(),
            help_text="What is wrong with the squad, in the secretary's words; empty when nothing is.",
        )

    class RegistrationOutput(serializers.Serializer[Any]):
        class Meta:
            ref_name = "SquadRegistrationOutput"

        season = serializers.IntegerField(source="season_id")
        team = serializers.IntegerField(source="team_id")
        player = PlayerNamedOutput()
        registered_at = serializers.DateTimeField()
        registered_by = serializers.CharField(source="registered_by.username", default=None)

    @extend_schema(responses={200: OutputSerializer, 404: ErrorOutput}, summary="A team's squad for a season")
    def get(self, request: Request, season_id: int, team_id: int) -> Response:
        squad = squad_get(season_id=season_id, team_id=team_id)
        return Response(self.OutputSerializer(squad, context={"request": request}).data)

    @extend_schema(request=InputSerializer, responses={201: RegistrationOutput, **WRITE_ERRORS},
                   summary="Register a player for the team this season (its captains, the league's secretaries)")
    def post(self, request: Request, season_id: int, team_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        registration = squad_register(season_id=season_id, team_id=team_id, player_id=data.validated_data["player"],
                                      user=request.user)
        return Response(self.RegistrationOutput(registration, context={"request": request}).data,
                        status=status.HTTP_201_CREATED)


class SquadPlayerApi(APIView):
    @extend_schema(request=None, responses={204: None, **WRITE_ERRORS},
                   summary="Withdraw a player from the team's squad (its captains, the league's secretaries)")
    def delete(self, request: Request, season_id: int, team_id: int, player_id: int) -> Response:
        squad_withdraw(season_id=season_id, team_id=team_id, player_id=player_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
