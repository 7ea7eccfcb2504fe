"""Captains asking to move a league match (league.services.rearrangements):
the fixture's request, asking, picking a night, declining, withdrawing;
and a league's requests for its secretaries. Every write is one call of
the service, which decides who may make it; a refusal by the league's
rules answers 422."""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS, FixtureOutput, NamedOutput
from league.api.idempotency import once_per_key
from league.api.schema import WRITE_ONCE_KEY, ErrorOutput
from league.api.text_fields import ManyLinesField
from league.api.who_first import WhoFirst
from league.models import RearrangeRequest
from league.selectors.access import secretary_refusal
from league.selectors.fixtures import fixture_detail
from league.selectors.rearrangements import fixture_request, league_requests
from league.selectors.secretary import league_get
from league.services.rearrangements import (
    rearrangement_decline,
    rearrangement_overrule,
    rearrangement_pick,
    rearrangement_propose,
    rearrangement_withdraw,
)


class RearrangementOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "RearrangementOutput"

    id = serializers.IntegerField()
    fixture = serializers.IntegerField(source="fixture_id")
    team = NamedOutput(help_text="The team asking to move the match.")
    dates = serializers.ListField(child=serializers.DateField(), source="offered",
                                  help_text="The nights offered, one to three.")
    reason = serializers.CharField()
    status = serializers.ChoiceField(choices=RearrangeRequest.Status.choices)
    chosen_date = serializers.DateField(allow_null=True, help_text="The night the match was moved to.")
    answer = serializers.CharField(help_text="Why it was declined, withdrawn or overruled; empty otherwise.")
    created_at = serializers.DateTimeField()
    answered_at = serializers.DateTimeField(allow_null=True)


class ProposeInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "RearrangementProposeInput"

    team = serializers.IntegerField(help_text="The id of the home or the away team: the one asking.")
    # Not limited here: the service refuses a wrong count (422), in its own words.
    dates = serializers.ListField(child=serializers.DateField(), max_length=10,
                                  help_text="One to three nights, each once, none gone by.")
    reason = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000)


class PickInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "RearrangementPickInput"

    date = serializers.DateField(help_text="One of the nights offered.")


class ReasonInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "RearrangementReasonInput"

    reason = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000)


class SettleInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "RearrangementSettleInput"

    step = serializers.ChoiceField(
        choices=[("date", "date"), ("postpone", "postpone"), ("close", "close")],
        help_text="`date`: the match is played on `date` (one of the nights offered accepts the request, any "
                  "other overrules it); `postpone`: it is taken off its night; `close`: it stays where it is.")
    date = serializers.DateField(required=False, allow_null=True, default=None,
                                 help_text="The night the match moves to, for `date`.")
    reason = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000,
                                   help_text="Why, for both teams: required.")
    insist = serializers.BooleanField(default=False,
                                      help_text="Move it even onto a night one of its teams already plays, "
                                                "or one gone by; refused otherwise.")


class RearrangementApi(APIView):
    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated(), WhoFirst()]

    @extend_schema(responses={200: RearrangementOutput, 404: ErrorOutput},
                   summary="The fixture's open request to move it, or else its latest")
    def get(self, request: Request, fixture_id: int) -> Response:
        fixture_detail(fixture_id=fixture_id)
        return Response(RearrangementOutput(fixture_request(fixture_id=fixture_id)).data)

    @extend_schema(request=ProposeInput, responses={201: RearrangementOutput, **WRITE_ERRORS},
                   summary="Ask to move the match to one of up to three nights (a captain of the asking team, "
                           "as the league allows)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = ProposeInput(data=request.data)
        data.is_valid(raise_exception=True)
        made = rearrangement_propose(fixture_id=fixture_id, team_id=data.validated_data["team"],
                                     dates=data.validated_data["dates"], reason=data.validated_data["reason"],
                                     user=request.user)
        return Response(RearrangementOutput(made).data, status=status.HTTP_201_CREATED)


class RearrangementPickApi(APIView):
    @extend_schema(request=PickInput, responses={200: FixtureOutput, **WRITE_ERRORS},
                   summary="Pick one of the nights offered: the match is moved to it (the other team's captain)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = PickInput(data=request.data)
        data.is_valid(raise_exception=True)
        fixture = rearrangement_pick(fixture_id=fixture_id, date=data.validated_data["date"], user=request.user)
        return Response(FixtureOutput(fixture_detail(fixture_id=fixture.pk)).data)


class RearrangementDeclineApi(APIView):
    @extend_schema(request=ReasonInput, responses={200: RearrangementOutput, **WRITE_ERRORS},
                   summary="Decline the request, saying why: the match stays on its night (the other team's captain)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = ReasonInput(data=request.data)
        data.is_valid(raise_exception=True)
        answered = rearrangement_decline(fixture_id=fixture_id, reason=data.validated_data["reason"],
                                         user=request.user)
        return Response(RearrangementOutput(answered).data)


class RearrangementWithdrawApi(APIView):
    @extend_schema(request=ReasonInput, responses={200: RearrangementOutput, **WRITE_ERRORS},
                   summary="Withdraw the request (a captain of the team that asked)")
    def post(self, request: Request, fixture_id: int) -> Response:
        data = ReasonInput(data=request.data)
        data.is_valid(raise_exception=True)
        answered = rearrangement_withdraw(fixture_id=fixture_id, reason=data.validated_data["reason"],
                                          user=request.user)
        return Response(RearrangementOutput(answered).data)


class RearrangementSettleApi(APIView):
    @extend_schema(request=SettleInput, responses={200: RearrangementOutput, **WRITE_ERRORS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Settle the open request: move the match, postpone it or close the request "
                           "(the league's secretaries)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        data = SettleInput(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        settled = rearrangement_overrule(fixture_id=fixture_id, step=given["step"], reason=given["reason"],
                                         date=given["date"], insist=given["insist"], user=request.user)
        return Response(RearrangementOutput(settled).data)


class LeagueRearrangementsApi(APIView):
    @extend_schema(responses={200: RearrangementOutput(many=True), 401: ErrorOutput, 403: ErrorOutput,
                              404: ErrorOutput},
                   summary="Every request to move a match in the league, open first (its secretaries)")
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id=league_id)
        refusal = secretary_refusal(league=league, user=request.user, doing="can list its requests to move matches")
        if refusal is not None:
            raise refusal
        return Response(RearrangementOutput(league_requests(league_id=league.pk), many=True).data)
