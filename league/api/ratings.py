"""The API of player ratings (docs/ratings.md): a league's and a
division's leaderboard, and a player's public ratings with their history,
read-only. Players under their league's minimum of games are left out,
and names are as each player chose to show them, as on the public pages.
Also the league's handicap rule, which turns two ratings into a handicap
cup's start: anyone may read it, its secretaries change it."""
from decimal import Decimal
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS, NamedOutput
from league.api.schema import ErrorOutput
from league.models import League
from league.ratings import Rating
from league.ratings.handicap import MAX_MOST, MAX_PER_POINT, MAX_STEP
from league.selectors.public import player_get
from league.selectors.ratings import BoardLine, player_ratings, rating_board
from league.selectors.secretary import division_get, league_get
from league.selectors.shown_names import names_shown
from league.services.ratings import handicap_rule_set


class RatingOutput(serializers.Serializer[Any]):
    mu = serializers.FloatField(help_text="The rating: the best guess of the player's skill.")
    sigma = serializers.FloatField(help_text="Its uncertainty.")
    ordinal = serializers.FloatField(help_text="mu - 3 sigma: what the leaderboards rank by.")
    games = serializers.IntegerField(help_text="Games rated.")


class BoardLineOutput(serializers.Serializer[Any]):
    player = NamedOutput()
    rating = RatingOutput()


class HistoryPointOutput(serializers.Serializer[Any]):
    played_on = serializers.DateField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()


class PlayerRatingOutput(serializers.Serializer[Any]):
    league = NamedOutput()
    rating = RatingOutput()
    history = HistoryPointOutput(many=True, help_text="The rating after each game, oldest first.")


class LeagueRatingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: BoardLineOutput(many=True), 404: ErrorOutput},
                   summary="The league's player ratings, best first, players under its minimum of games left out")
    def get(self, request: Request, league_id: int) -> Response:
        return Response(_lines(rating_board(league=league_get(league_id=league_id)), request))


class DivisionRatingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: BoardLineOutput(many=True), 404: ErrorOutput},
                   summary="The league ratings of the players who played in the division, best first")
    def get(self, request: Request, division_id: int) -> Response:
        division = division_get(division_id=division_id)
        return Response(_lines(rating_board(league=division.season.league, division=division), request))


class PlayerRatingsApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlayerRatingOutput(many=True), 404: ErrorOutput},
                   summary="The player's ratings, a league each, with their history; only those public")
    def get(self, request: Request, player_id: int) -> Response:
        player = player_get(player_id=player_id)
        return Response(PlayerRatingOutput([{
            "league": {"id": found.league.pk, "name": found.league.name}, "rating": _rating(found.rating),
            "history": [{"played_on": p.played_on, "mu": p.mu, "sigma": p.sigma} for p in found.history],
        } for found in player_ratings(player_id=player.pk) if found.public], many=True).data)


class HandicapRuleSerializer(serializers.Serializer[Any]):
    class Meta:
        ref_name = "HandicapRule"

    per_point = serializers.FloatField(
        min_value=0, max_value=float(MAX_PER_POINT),
        help_text="Points of start per point of rating difference between the sides (mu; a pair's the "
                  "partners' average), kept to two decimal places. 0: no start.")
    step = serializers.IntegerField(min_value=1, max_value=MAX_STEP,
                                    help_text="The start is rounded to the nearest multiple of this (half up).")
    most = serializers.IntegerField(min_value=0, max_value=MAX_MOST,
                                    help_text="The most start given; never the game's target or more.")
    min_games = serializers.IntegerField(read_only=True, help_text="A side with a player under this many rated "
                                                                   "games gets no start and gives none.")


class HandicapRuleApi(APIView):
    @extend_schema(responses={200: HandicapRuleSerializer, 404: ErrorOutput},
                   summary="The league's handicap rule: how its handicap cups' starts follow from the ratings")
    def get(self, request: Request, league_id: int) -> Response:
        return Response(HandicapRuleSerializer(_rule(league_get(league_id=league_id))).data)

    @extend_schema(request=HandicapRuleSerializer, responses={200: HandicapRuleSerializer, **WRITE_ERRORS},
                   summary="Change the league's handicap rule (its secretaries); games started later follow it")
    def put(self, request: Request, league_id: int) -> Response:
        data = HandicapRuleSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        league = handicap_rule_set(league_id=league_id, per_point=Decimal(repr(given["per_point"])),
                                   step=given["step"], most=given["most"], user=request.user)
        return Response(HandicapRuleSerializer(_rule(league)).data)


def _rule(league: League) -> dict[str, Any]:
    return {"per_point": float(league.handicap_per_point), "step": league.handicap_step, "most": league.handicap_most,
            "min_games": league.rating_min_games}


def _lines(lines: list[BoardLine], request: Request) -> Any:
    """The board with its players named for the reader: the answer is
    made for each request, never shared."""
    names = names_shown((line.player for line in lines), request.user)
    return BoardLineOutput([{"player": {"id": line.player.pk, "name": names[line.player.pk]},
                             "rating": _rating(line.rating)} for line in lines], many=True).data


def _rating(rating: Rating) -> dict[str, Any]:
    return {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal, "games": rating.games}
