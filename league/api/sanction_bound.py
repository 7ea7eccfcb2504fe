"""The API of a league's bound on one sanction: the most points one
sanction may take off a team, or null, none of the league's own (then the
most one match can give in the division, or the league's biggest
late-result deduction, whichever is more: league.services.sanctions).
Anyone may read it; its secretaries change it, as on the settings page."""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS
from league.api.schema import ErrorOutput
from league.models import League
from league.models.audit_actions import AuditAction
from league.selectors.secretary import league_get
from league.services.league_options import league_options_change
from league.services.secretaries_first import secretaries_only


class SanctionBoundSerializer(serializers.Serializer[Any]):
    class Meta:
        ref_name = "SanctionBound"

    sanction_max_points = serializers.IntegerField(
        allow_null=True, help_text="The most points one sanction may take off a team (1 or more), or null: none "
                                   "of the league's own, so the most one match can give in the division (a win "
                                   "with every rubber won) or the league's biggest late-result deduction, "
                                   "whichever is more. A sanction asking for more is refused.")


class SanctionBoundApi(APIView):
    @extend_schema(responses={200: SanctionBoundSerializer, 404: ErrorOutput},
                   summary="The league's bound on one sanction")
    def get(self, request: Request, league_id: int) -> Response:
        return Response(SanctionBoundSerializer(_bound(league_get(league_id=league_id))).data)

    @extend_schema(request=SanctionBoundSerializer, responses={200: SanctionBoundSerializer, **WRITE_ERRORS},
                   summary="Change the league's bound on one sanction (its secretaries); null: none of its own. "
                           "Sanctions already applied stay as they are")
    def put(self, request: Request, league_id: int) -> Response:
        secretaries_only(league_id=league_id, user=request.user, doing="can change its settings",
                         action=AuditAction.LEAGUE_SANCTION_MAX_POINTS)
        data = SanctionBoundSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        league = league_options_change(league_id=league_id, changes={}, hide_from_search=None, user=request.user,
                                       sanction_max_points=data.validated_data["sanction_max_points"])
        return Response(SanctionBoundSerializer(_bound(league)).data)


def _bound(league: League) -> dict[str, Any]:
    return {"sanction_max_points": league.sanction_max_points}
