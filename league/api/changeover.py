"""The change-over (docs/organisation.md, "The change-over").

Starting next season is one call of `league.services.changeover`, for the
league's secretaries: with `dry_run` it answers what confirming would write
(200) and writes nothing; without, it writes it (201). Its refusals (a
name taken, a play-off pending, fixtures unplayed unless `insist`) answer
422. The order of a season's divisions, which the change-over reads, is
here too: a PUT of every division's place (absolute, so sending it again
changes nothing more). The roll of honour is in league.api.honours.
"""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS, NamedOutput
from league.api.schema import ErrorOutput
from league.api.text_fields import OneLineField
from league.refusals import Refused
from league.selectors.secretary import season_get, season_league_divisions
from league.services.changeover import KIND_WORDS, Changeover, NewSeason, TeamLine, season_changeover
from league.services.division_places import division_order_set

ID_MAX = 2**31 - 1
SMALL_MAX = 32767  # a squad limit's column


class PlacementInput(serializers.Serializer[Any]):
    team = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    division = serializers.IntegerField(
        min_value=1, max_value=ID_MAX, allow_null=True,
        help_text="The old season's division whose copy the team joins; null leaves the team out.")


class ChangeoverInput(serializers.Serializer[Any]):
    # Blank passes here: the service refuses it in its own words (422).
    name = OneLineField(max_length=100, allow_blank=True)
    start = serializers.DateField()
    registration_deadline = serializers.DateField()
    squad_max = serializers.IntegerField(min_value=1, max_value=SMALL_MAX, required=False,
                                         help_text="Left out: the old season's.")
    squad_min = serializers.IntegerField(min_value=1, max_value=SMALL_MAX, required=False,
                                         help_text="Left out: the old season's.")
    placements = PlacementInput(many=True, required=False, default=list,
                                help_text="Changes to the proposal, team by team.")
    insist = serializers.BooleanField(default=False,
                                      help_text="Start though the old season has fixtures unplayed or unresolved.")
    dry_run = serializers.BooleanField(default=False, help_text="Answer what would be written, and write nothing.")


class TeamMoveOutput(serializers.Serializer[Any]):
    team = NamedOutput()
    move = serializers.ChoiceField(choices=list(KIND_WORDS))
    came_from = serializers.CharField(help_text="The team's division last season; empty for a team new to them.")


class NewDivisionOutput(serializers.Serializer[Any]):
    name = serializers.CharField()
    level = serializers.IntegerField()
    copies = NamedOutput(help_text="The old season's division it copies.")
    teams = TeamMoveOutput(many=True)


class SquadLineOutput(serializers.Serializer[Any]):
    name = serializers.CharField()
    registered = serializers.BooleanField()
    refusal = serializers.CharField(allow_null=True)


class CarriedOutput(serializers.Serializer[Any]):
    team = NamedOutput()
    players = SquadLineOutput(many=True)


class ChangeoverOutput(serializers.Serializer[Any]):
    season = NamedOutput(allow_null=True, help_text="The new season; null after a dry run.")
    divisions = NewDivisionOutput(many=True)
    left_out = TeamMoveOutput(many=True)
    squads = CarriedOutput(many=True)


class SeasonChangeoverApi(APIView):
    @extend_schema(request=ChangeoverInput, responses={200: ChangeoverOutput, 201: ChangeoverOutput, **WRITE_ERRORS},
                   summary="Start the next season from this one: divisions, promotion and relegation, squads "
                           "(its league's secretaries)")
    def post(self, request: Request, season_id: int) -> Response:
        data = ChangeoverInput(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        new = NewSeason(name=given["name"], start=given["start"], registration_deadline=given["registration_deadline"],
                        squad_max=given.get("squad_max"), squad_min=given.get("squad_min"))
        placements = {p["team"]: p["division"] for p in given["placements"]}
        outcome = season_changeover(season_id=season_id, new=new, user=request.user, placements=placements,
                                    insist=given["insist"], dry_run=given["dry_run"])
        return Response(_outcome(outcome, dry_run=given["dry_run"]),
                        status=status.HTTP_200_OK if given["dry_run"] else status.HTTP_201_CREATED)


def _outcome(outcome: Changeover, *, dry_run: bool) -> Any:
    season = outcome.season
    return ChangeoverOutput({
        "season": None if dry_run or season is None else {"id": season.pk, "name": season.name},
        "divisions": [{"name": d.source.name, "level": d.source.level,
                       "copies": {"id": d.source.pk, "name": d.source.name},
                       "teams": [_line(line) for line in d.lines]} for d in outcome.divisions],
        "left_out": [_line(line) for line in outcome.left_out],
        "squads": [{"team": {"id": s.team.pk, "name": s.team.name},
                    "players": [{"name": line.name, "registered": line.registered, "refusal": line.refusal}
                                for line in s.lines]} for s in outcome.squads],
    }).data


def _line(line: TeamLine) -> dict[str, Any]:
    return {"team": {"id": line.team.pk, "name": line.team.name}, "move": line.kind, "came_from": line.came_from}


class DivisionPlaceInput(serializers.Serializer[Any]):
    division = serializers.IntegerField(min_value=1, max_value=ID_MAX)
    level = serializers.IntegerField(min_value=1, max_value=999, help_text="Its place, 1 the top.")


class DivisionOrderInput(serializers.Serializer[Any]):
    divisions = DivisionPlaceInput(many=True, help_text="Every league division of the season, each with its "
                                                        "place; no two may share one, and none is listed twice.")


class DivisionPlaceOutput(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    level = serializers.IntegerField(help_text="Its place in the season, 1 the top.")


class DivisionOrderOutput(serializers.Serializer[Any]):
    divisions = DivisionPlaceOutput(many=True, help_text="Top first.")
    order_unchecked = serializers.BooleanField(
        help_text="The order was put right automatically (divisions shared a place) and awaits a secretary's "
                  "check: a PUT confirms it.")


class SeasonDivisionsApi(APIView):
    @extend_schema(responses={200: DivisionOrderOutput, 404: ErrorOutput}, summary="A season's league divisions, top first")
    def get(self, request: Request, season_id: int) -> Response:
        return Response(_order(season_id))

    @extend_schema(request=DivisionOrderInput, responses={200: DivisionOrderOutput, **WRITE_ERRORS},
                   summary="Set the order of a season's divisions, every one's place at once (its league's "
                           "secretaries)")
    def put(self, request: Request, season_id: int) -> Response:
        data = DivisionOrderInput(data=request.data)
        data.is_valid(raise_exception=True)
        places = data.validated_data["divisions"]
        levels = {place["division"]: place["level"] for place in places}
        if len(levels) < len(places):
            # Well formed, as the schema says, but not an order: refused as the
            # league's rules are (422), not as a malformed body (400).
            raise Refused("a division is listed twice: give each division one place")
        division_order_set(season_id=season_id, levels=levels, user=request.user)
        return Response(_order(season_id))


def _order(season_id: int) -> Any:
    season = season_get(season_id=season_id)
    return DivisionOrderOutput({"divisions": [{"id": d.pk, "name": d.name, "level": d.level}
                                              for d in season_league_divisions(season_id=season.pk)],
                                "order_unchecked": season.division_order_unchecked}).data
