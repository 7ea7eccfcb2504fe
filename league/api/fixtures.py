"""A division's fixtures: reading them, entering teams, drawing and
publishing the fixtures, and changing a published one.

Everyone may read, but a draft is shown only to its league's secretaries
until it is published: until then it may still be drawn again. Every write
is one call of `league.services.fixtures`, which decides who may make it.
"""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.names import reader
from league.api.schema import ErrorOutput
from league.api.text_fields import ManyLinesField
from league.models import Fixture
from league.selectors.access import is_secretary
from league.selectors.competition import division_with_season, team_get
from league.selectors.fixtures import division_fixtures, fixture_detail, team_fixtures
from league.selectors.shown_names import fixture_reason_shown
from league.services.fixtures import (
    division_team_add,
    fixture_forfeit,
    fixture_postpone,
    fixture_rearrange,
    fixture_void,
    fixture_walkover,
    fixtures_generate,
    fixtures_publish,
)
from league.services.season_draws import season_fixtures_generate

Status = Fixture.Status

# What a refused write answers: 400 for a body that is not valid, 413 for
# one over the size limit, then the service's refusals.
WRITE_ERRORS = {400: ErrorOutput, 401: ErrorOutput, 403: ErrorOutput, 404: ErrorOutput, 413: ErrorOutput,
                422: ErrorOutput}


class NamedOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "NamedOutput"

    id = serializers.IntegerField()
    name = serializers.CharField()


class FixtureOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "FixtureOutput"

    id = serializers.IntegerField()
    division = serializers.IntegerField(source="division_id")
    week = serializers.IntegerField()
    date = serializers.DateField(help_text="The night the fixture was drawn for.")
    played_on = serializers.DateField(help_text="The night it is set for: the new date once rearranged.")
    home_team = NamedOutput()
    away_team = NamedOutput()
    venue = NamedOutput()
    status = serializers.ChoiceField(choices=Status.choices)
    rearranged_to = serializers.DateField(allow_null=True)
    walkover_winner = serializers.IntegerField(source="walkover_winner_id", allow_null=True,
                                               help_text="The id of the team awarded a walkover.")
    reason = serializers.SerializerMethodField(
        help_text="Why it was last postponed, rearranged, awarded or voided; the players in it named as the reader "
                  "may see them.")
    revision = serializers.IntegerField(help_text="Counts its changes since publication.")
    cup_tie = serializers.IntegerField(source="cup_tie_id", allow_null=True,
                                       help_text="The cup tie it is a leg of (/api/cups/...); null for a league match.")
    leg = serializers.IntegerField(allow_null=True, help_text="A cup tie's leg: 1, 2, then replays or a decider.")

    def get_reason(self, fixture: Fixture) -> str:
        return fixture_reason_shown(fixture, reader(self.context))


def _fixtures(fixtures: list[Fixture], request: Request) -> Any:
    return FixtureOutput(fixtures, many=True, context={"request": request}).data


def _shown_to(user: Any, fixtures: list[Fixture], *, league_id: int) -> list[Fixture]:
    """Drafts are the secretary's until published: left out for anyone else."""
    if is_secretary(league=league_id, user=user):
        return fixtures
    return [fixture for fixture in fixtures if fixture.status != Status.DRAFT]


class DivisionFixturesApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: FixtureOutput(many=True), 404: ErrorOutput},
                   summary="A division's fixtures, by week (drafts only for its league's secretaries)")
    def get(self, request: Request, division_id: int) -> Response:
        division = division_with_season(division_id=division_id)
        fixtures = division_fixtures(division_id=division.pk)
        return Response(_fixtures(_shown_to(request.user, fixtures, league_id=division.season.league_id), request))


class FixtureDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: FixtureOutput, 404: ErrorOutput}, summary="A fixture")
    def get(self, request: Request, fixture_id: int) -> Response:
        fixture = fixture_detail(fixture_id=fixture_id)
        if not _shown_to(request.user, [fixture], league_id=fixture.division.season.league_id):
            raise exceptions.NotFound()
        return Response(FixtureOutput(fixture, context={"request": request}).data)


class TeamFixturesApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: FixtureOutput(many=True), 404: ErrorOutput},
                   summary="A team's published fixtures, home and away, by the date each is set for")
    def get(self, request: Request, team_id: int) -> Response:
        team = team_get(team_id=team_id)
        return Response(_fixtures(team_fixtures(team_id=team.pk), request))


class DivisionTeamAddApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "DivisionTeamInput"

        team = serializers.IntegerField(help_text="The id of a team of the division's league.")

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "DivisionEntryOutput"

        division = serializers.IntegerField(source="division_id")
        team = NamedOutput()
        entered_at = serializers.DateTimeField()

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer, **WRITE_ERRORS},
                   summary="Enter a team in the division (its league's secretaries)")
    def post(self, request: Request, division_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = division_team_add(division_id=division_id, team_id=data.validated_data["team"], user=request.user)
        return Response(self.OutputSerializer(entry).data, status=status.HTTP_201_CREATED)


class FixturesGenerateApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "FixturesGenerateInput"

        start = serializers.DateField(help_text="The first match night is the first `weekday` from this date.")
        weekday = serializers.IntegerField(min_value=0, max_value=6, help_text="Monday 0 to Sunday 6.")
        skip_dates = serializers.ListField(child=serializers.DateField(), required=False, default=list,
                                           help_text="Nights with no matches (Christmas, a cup round).")

    @extend_schema(request=InputSerializer, responses={201: FixtureOutput(many=True), **WRITE_ERRORS},
                   summary="Draw the division's fixtures as drafts, replacing earlier drafts (its league's secretaries)")
    def post(self, request: Request, division_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fixtures_generate(division_id=division_id, **data.validated_data, user=request.user)
        return Response(_fixtures(division_fixtures(division_id=division_id), request), status=status.HTTP_201_CREATED)


class SeasonFixturesGenerateApi(APIView):
    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "SeasonFixturesGenerateOutput"

        division = serializers.IntegerField(source="pk")
        name = serializers.CharField()
        fixtures = serializers.IntegerField(help_text="How many draft fixtures were drawn.")

    @extend_schema(request=FixturesGenerateApi.InputSerializer, responses={201: OutputSerializer(many=True),
                                                                          **WRITE_ERRORS},
                   summary="Draw every unpublished division of the season at once, round each other's nights at "
                           "shared venues (its league's secretaries); all or none")
    def post(self, request: Request, season_id: int) -> Response:
        data = FixturesGenerateApi.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        drawn = season_fixtures_generate(season_id=season_id, **data.validated_data, user=request.user)
        rows = [{"pk": division.pk, "name": division.name, "fixtures": count} for division, count in drawn.items()]
        return Response(self.OutputSerializer(rows, many=True).data, status=status.HTTP_201_CREATED)


class FixturesPublishApi(APIView):
    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "FixturesPublishOutput"

        published = serializers.IntegerField(help_text="How many fixtures were published.")

    @extend_schema(request=None, responses={200: OutputSerializer, **WRITE_ERRORS},
                   summary="Publish the division's draft fixtures (its league's secretaries)")
    def post(self, request: Request, division_id: int) -> Response:
        published = fixtures_publish(division_id=division_id, user=request.user)
        return Response(self.OutputSerializer({"published": published}).data)


class ReasonInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "FixtureChangeInput"

    # Not required here: the service refuses a change without a reason, in
    # its own words.
    reason = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000)


class FixturePostponeApi(APIView):
    @extend_schema(request=ReasonInput, responses={200: FixtureOutput, **WRITE_ERRORS},
                   summary="Postpone a fixture, with no new date yet (its league's secretaries)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = ReasonInput(data=request.data)
        data.is_valid(raise_exception=True)
        fixture = fixture_postpone(fixture_id=fixture_id, reason=data.validated_data["reason"], user=request.user)
        return Response(FixtureOutput(fixture, context={"request": request}).data)


class FixtureRearrangeApi(APIView):
    class InputSerializer(ReasonInput):
        class Meta:
            ref_name = "FixtureRearrangeInput"

        date = serializers.DateField(help_text="The new date: today or later.")
        insist = serializers.BooleanField(
            default=False, help_text="Move it even onto a night one of its teams already plays, "
                                     "which is refused otherwise.")

    @extend_schema(request=InputSerializer, responses={200: FixtureOutput, **WRITE_ERRORS},
                   summary="Move a fixture to a new date (its league's secretaries)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fixture = fixture_rearrange(fixture_id=fixture_id, new_date=data.validated_data["date"],
                                    reason=data.validated_data["reason"], user=request.user,
                                    insist=data.validated_data["insist"])
        return Response(FixtureOutput(fixture, context={"request": request}).data)


class FixtureWalkoverApi(APIView):
    class InputSerializer(ReasonInput):
        class Meta:
            ref_name = "FixtureWalkoverInput"

        winner = serializers.IntegerField(help_text="The id of the home or the away team.")

    @extend_schema(request=InputSerializer, responses={200: FixtureOutput, **WRITE_ERRORS},
                   summary="Award a fixture as a walkover (its league's secretaries)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fixture = fixture_walkover(fixture_id=fixture_id, winner_team_id=data.validated_data["winner"],
                                   reason=data.validated_data["reason"], user=request.user)
        return Response(FixtureOutput(fixture, context={"request": request}).data)


class FixtureForfeitApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "FixtureForfeitInput"

        team = serializers.IntegerField(help_text="The id of the team that cannot raise its players.")
        reason = ManyLinesField(required=False, allow_blank=True, max_length=2000, default="",
                                       help_text="Why; left empty, it says the team could not raise its players.")

    @extend_schema(request=InputSerializer, responses={200: FixtureOutput, **WRITE_ERRORS},
                   summary="Forfeit a fixture a team cannot raise the players for: a walkover to the other "
                           "(that team's captain, or its league's secretaries)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fixture = fixture_forfeit(fixture_id=fixture_id, team_id=data.validated_data["team"],
                                  reason=data.validated_data["reason"], user=request.user)
        return Response(FixtureOutput(fixture, context={"request": request}).data)


class FixtureVoidApi(APIView):
    @extend_schema(request=ReasonInput, responses={200: FixtureOutput, **WRITE_ERRORS},
                   summary="Void a fixture: it will not be played and counts for nothing (its league's secretaries)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = ReasonInput(data=request.data)
        data.is_valid(raise_exception=True)
        fixture = fixture_void(fixture_id=fixture_id, reason=data.validated_data["reason"], user=request.user)
        return Response(FixtureOutput(fixture, context={"request": request}).data)
