"""Transfers between teams mid-season, and teams withdrawing from their
division.

Everyone may read. A transfer is asked for by the receiving team's
captains or a secretary, approved by those the league's rule names, and
made directly by a secretary (`league.services.transfers`); a withdrawal
is a secretary's (`league.services.withdrawals`). Refusals come back as
403 (not theirs to make) or 422 (the league's rules), with the service's
message.
"""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS, NamedOutput
from league.api.names import PlayerNamedOutput, reader
from league.api.schema import ErrorOutput
from league.api.text_fields import ManyLinesField
from league.models import TeamWithdrawal, TransferRequest
from league.selectors.shown_names import words_shown
from league.selectors.transfers import approvals_missing, season_transfers
from league.selectors.withdrawals import division_withdrawals
from league.services.transfers import (
    transfer_approve,
    transfer_direct,
    transfer_refuse,
    transfer_request,
    transfer_withdraw,
)
from league.services.withdrawals import team_withdraw


class TransferOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "TransferOutput"

    id = serializers.IntegerField()
    season = serializers.IntegerField(source="season_id")
    player = PlayerNamedOutput()
    from_team = NamedOutput()
    to_team = NamedOutput()
    fee = serializers.DecimalField(max_digits=7, decimal_places=2, help_text="Recorded, not collected.")
    status = serializers.ChoiceField(choices=TransferRequest.Status.choices)
    requested_at = serializers.DateTimeField()
    secretary_approved_at = serializers.DateTimeField(allow_null=True)
    from_captain_approved_at = serializers.DateTimeField(allow_null=True)
    to_captain_approved_at = serializers.DateTimeField(allow_null=True)
    waiting_for = serializers.SerializerMethodField(help_text="The approvals an open transfer still needs.")
    effective_on = serializers.DateField(allow_null=True, help_text="The day an approved transfer took effect.")
    note = serializers.SerializerMethodField(
        help_text="The words given with the request; the player in them named as the reader may see them.")

    def get_note(self, transfer: TransferRequest) -> str:
        return words_shown(transfer.note, [transfer.player], reader(self.context))

    def get_waiting_for(self, transfer: TransferRequest) -> list[str]:
        return approvals_missing(transfer) if transfer.status == TransferRequest.Status.OPEN else []


def _shown(transfers: Any, request: Request, *, many: bool = False) -> Any:
    """The transfer (or transfers), its player named for whoever asks."""
    return TransferOutput(transfers, many=many, context={"request": request}).data


class TransferInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "TransferInput"

    player = serializers.IntegerField(help_text="The id of a player registered for another team this season.")
    to_team = serializers.IntegerField(help_text="The id of the team the player joins.")
    note = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000)


class NoteInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "TransferNoteInput"

    note = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000)


class SeasonTransfersApi(APIView):
    @extend_schema(responses={200: TransferOutput(many=True), 404: ErrorOutput},
                   summary="The season's transfers, newest first")
    def get(self, request: Request, season_id: int) -> Response:
        return Response(_shown(season_transfers(season_id=season_id), request, many=True))

    @extend_schema(request=TransferInput, responses={201: TransferOutput, **WRITE_ERRORS},
                   summary="Ask for a transfer (the receiving team's captains, the league's secretaries)")
    def post(self, request: Request, season_id: int) -> Response:
        data = TransferInput(data=request.data)
        data.is_valid(raise_exception=True)
        transfer = transfer_request(season_id=season_id, player_id=data.validated_data["player"],
                                    to_team_id=data.validated_data["to_team"], note=data.validated_data["note"],
                                    user=request.user)
        return Response(_shown(transfer, request), status=status.HTTP_201_CREATED)


class TransferDirectApi(APIView):
    @extend_schema(request=TransferInput, responses={201: TransferOutput, **WRITE_ERRORS},
                   summary="Transfer a player at once, today (the league's secretaries)")
    def post(self, request: Request, season_id: int) -> Response:
        data = TransferInput(data=request.data)
        data.is_valid(raise_exception=True)
        transfer = transfer_direct(season_id=season_id, player_id=data.validated_data["player"],
                                   to_team_id=data.validated_data["to_team"], note=data.validated_data["note"],
                                   user=request.user)
        return Response(_shown(transfer, request), status=status.HTTP_201_CREATED)


class TransferApproveApi(APIView):
    @extend_schema(request=None, responses={200: TransferOutput, **WRITE_ERRORS},
                   summary="Approve a transfer (a secretary; each team's captain where the league asks them)")
    def post(self, request: Request, transfer_id: int) -> Response:
        return Response(_shown(transfer_approve(transfer_id=transfer_id, user=request.user), request))


class TransferRefuseApi(APIView):
    @extend_schema(request=NoteInput, responses={200: TransferOutput, **WRITE_ERRORS},
                   summary="Refuse a transfer (whoever may approve it)")
    def post(self, request: Request, transfer_id: int) -> Response:
        data = NoteInput(data=request.data)
        data.is_valid(raise_exception=True)
        transfer = transfer_refuse(transfer_id=transfer_id, note=data.validated_data["note"], user=request.user)
        return Response(_shown(transfer, request))


class TransferWithdrawApi(APIView):
    @extend_schema(request=None, responses={200: TransferOutput, **WRITE_ERRORS},
                   summary="Withdraw a transfer request (whoever asked, the league's secretaries)")
    def post(self, request: Request, transfer_id: int) -> Response:
        return Response(_shown(transfer_withdraw(transfer_id=transfer_id, user=request.user), request))


class WithdrawalOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "TeamWithdrawalOutput"

    id = serializers.IntegerField()
    division = serializers.IntegerField(source="division_id")
    team = NamedOutput()
    date = serializers.DateField()
    reason = serializers.CharField()
    first_half = serializers.BooleanField(help_text="Withdrew before half the match weeks were played.")
    results = serializers.ChoiceField(choices=TeamWithdrawal.Results.choices,
                                      help_text="expunge: left out of the table; stand: kept, at the bottom.")
    fixtures_voided = serializers.IntegerField()


class WithdrawalInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "TeamWithdrawalInput"

    team = serializers.IntegerField(help_text="The id of the team withdrawing.")
    date = serializers.DateField(help_text="The day it withdrew.")
    reason = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000)


class DivisionWithdrawalsApi(APIView):
    @extend_schema(responses={200: WithdrawalOutput(many=True), 404: ErrorOutput},
                   summary="The teams withdrawn from a division")
    def get(self, request: Request, division_id: int) -> Response:
        return Response(WithdrawalOutput(division_withdrawals(division_id=division_id), many=True).data)

    @extend_schema(request=WithdrawalInput, responses={201: WithdrawalOutput, **WRITE_ERRORS},
                   summary="Withdraw a team from its division: results expunged or standing as the league's "
                           "rule says, fixtures from the day on voided, those already played left to the overdue "
                           "rule (the league's secretaries)")
    def post(self, request: Request, division_id: int) -> Response:
        data = WithdrawalInput(data=request.data)
        data.is_valid(raise_exception=True)
        withdrawal = team_withdraw(division_id=division_id, team_id=data.validated_data["team"],
                                   date=data.validated_data["date"], reason=data.validated_data["reason"],
                                   user=request.user)
        return Response(WithdrawalOutput(withdrawal).data, status=status.HTTP_201_CREATED)
