"""The API of a league's walkover setting: the score a walkover or forfeit
is recorded at and the points of the side that gave it, or null, "as the
points scheme says" (each walkover scored by its division's points
scheme's own walkover, docs/organisation.md). Anyone may read it; its
secretaries change it."""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS
from league.api.schema import ErrorOutput
from league.competition_settings import SETTING_NAMES, forfeit_of, settings_resolve
from league.formats import FormatsError
from league.models import League
from league.models.audit_actions import AuditAction
from league.selectors.formats import scheme_for_key
from league.selectors.secretary import league_get
from league.services.league_options import league_walkover_set
from league.services.secretaries_first import secretaries_only


class WalkoverSerializer(serializers.Serializer[Any]):
    class Meta:
        ref_name = "WalkoverFigures"

    score = serializers.ListField(child=serializers.IntegerField(min_value=0), min_length=2, max_length=2,
                                  help_text="The games recorded, the side that turned up first, such as [6, 0].")
    loser_points = serializers.IntegerField(min_value=0, required=False,
                                            help_text="The points of the side that gave it; 0 if left out.")


class WalkoverRuleSerializer(serializers.Serializer[Any]):
    class Meta:
        ref_name = "WalkoverRule"

    forfeit = WalkoverSerializer(allow_null=True, help_text=(
        "The league's walkover score and points, or null: as the points scheme says (each walkover scored "
        "by the walkover of its division's points scheme, newest version, when it is awarded). A division "
        "with a walkover score of its own keeps it."))
    points_scheme = serializers.CharField(read_only=True, help_text="The league's points scheme's key.")
    scored_as = WalkoverSerializer(read_only=True, allow_null=True, help_text=(
        "What a walkover in a division following the league is recorded at now: the forfeit, or the "
        "league's points scheme's own walkover where the forfeit is null."))


class WalkoverRuleApi(APIView):
    @extend_schema(responses={200: WalkoverRuleSerializer, 404: ErrorOutput},
                   summary="The league's walkover setting: a score of its own, or as the points scheme says")
    def get(self, request: Request, league_id: int) -> Response:
        return Response(WalkoverRuleSerializer(_rule(league_get(league_id=league_id))).data)

    @extend_schema(request=WalkoverRuleSerializer, responses={200: WalkoverRuleSerializer, **WRITE_ERRORS},
                   summary="Change the league's walkover setting (its secretaries); null: as the points "
                           "scheme says. Walkovers already awarded keep their score")
    def put(self, request: Request, league_id: int) -> Response:
        secretaries_only(league_id=league_id, user=request.user, doing="can change its walkover setting",
                         action=AuditAction.LEAGUE_SETTINGS_CHANGE)
        data = WalkoverRuleSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        forfeit = data.validated_data["forfeit"]
        league = league_walkover_set(league_id=league_id, user=request.user,
                                     forfeit=None if forfeit is None else dict(forfeit))
        return Response(WalkoverRuleSerializer(_rule(league)).data)


def _rule(league: League) -> dict[str, Any]:
    try:
        scheme = scheme_for_key(league_id=league.pk, key=league.points_scheme)
    except FormatsError:
        scored_as = None
    else:
        walkover = forfeit_of(settings_resolve({n: getattr(league, n) for n in SETTING_NAMES}, {}), scheme)
        scored_as = {"score": list(walkover.score), "loser_points": walkover.loser_points}
    return {"forfeit": league.forfeit, "points_scheme": league.points_scheme, "scored_as": scored_as}
