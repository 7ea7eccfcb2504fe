"""Entering a team sheet whose pairs are drawn at the table: the singles
named, and each side's players for the pairs, drawn from a seed the answer
gives back (league.services.pairs_draw). Who may do it, and every check of
the sheet, are the team sheet service's; a refusal comes back as 403 or
422 with its words, and a sheet that breaks the format with every problem."""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.idempotency import once_per_key
from league.api.matches import REFUSALS, LineupInput, NightOutput
from league.api.schema import WRITE_ONCE_KEY, text
from league.refusals import TeamSheetInvalid
from league.selectors.matches import night_view, singles_numbers
from league.services.pairs_draw import team_sheet_draw


def _singles_conceded(fixture_id: int, singles: list[dict[str, Any]]) -> dict[int, str]:
    """The singles a side concedes, by rubber number: the n-th singles given
    is the format's n-th singles rubber."""
    conceding = [(at, r["conceded_by"]) for at, r in enumerate(singles) if r.get("conceded_by")]
    if not conceding:
        return {}
    numbers = singles_numbers(fixture_id=fixture_id)
    return {numbers[at] if at < len(numbers) else len(numbers) + at + 1: side for at, side in conceding}


class PairsDrawApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "PairsDrawInput"

        singles = LineupInput(many=True, max_length=40,  # type: ignore[call-arg]  # ListSerializer takes it
                              help_text="Each singles rubber's players, in the format's order; a side short "
                                        "of players names nobody for one and gives its conceded_by.")
        home = serializers.ListField(child=serializers.IntegerField(), max_length=40,
                                     help_text="The home players for the pairs, in any order: twice the pairs "
                                               "rubbers, or fewer (an even number) for a short side, whose pairs "
                                               "fill the first pairs rubbers and which concedes the rest.")
        away = serializers.ListField(child=serializers.IntegerField(), max_length=40,
                                     help_text="The away players for the pairs, as for home.")
        seed = text(max_length=64, required=False,
                    help_text="A seed drawn at the table; left out, a new random one.")

    @extend_schema(request=InputSerializer, responses={200: NightOutput, **REFUSALS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Enter the team sheet with its pairs drawn at random (home captain)")
    @once_per_key
    def post(self, request: Request, fixture_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        body = data.validated_data
        try:
            team_sheet_draw(fixture_id=fixture_id, singles=[(r["home"], r["away"]) for r in body["singles"]],
                            home=body["home"], away=body["away"], seed=body.get("seed"), user=request.user,
                            conceded=_singles_conceded(fixture_id, body["singles"]))
        except TeamSheetInvalid as invalid:
            return Response({"error": invalid.message, "problems": invalid.problems},
                            status=status.HTTP_422_UNPROCESSABLE_ENTITY)
        return Response(NightOutput(night_view(fixture_id=fixture_id)).data)
