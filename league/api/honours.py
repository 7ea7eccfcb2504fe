"""A league's honours, for everyone to read (docs/organisation.md, "The
roll of honour" and "Honours"): the roll of honour, each past season's
champions, runners-up, cup winners and players' awards, and the honours
of a match week. Players are named as anyone may see them
(`league.selectors.shown_names.name_public`), as on the honours page kept
in the spectators' cache, with the teams they played for."""
from datetime import date, timedelta
from typing import Any

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import NamedOutput
from league.api.query_params import QueryParams
from league.api.schema import ErrorOutput
from league.refusals import Refused
from league.selectors.honour_marks import Leaders
from league.selectors.honours import roll_of_honour
from league.selectors.seasons import season_current
from league.selectors.secretary import league_get
from league.selectors.week_honours import Maximum, WeekHonours, latest_week, week_honours

# The last Monday whose week ends by the last day a date can hold.
LAST_MONDAY = date.max - timedelta(days=date.max.weekday() + 7)


class HonouredOutput(serializers.Serializer[Any]):
    player = NamedOutput(help_text="The name as the player chose to show it: in full, as initials or \"A player\".")
    teams = NamedOutput(many=True, help_text="The teams they played for in the league's divisions; none for a "
                                             "player who played only in the cups.")


class HonourOutput(serializers.Serializer[Any]):
    players = HonouredOutput(many=True, help_text="The holders, level ones sharing it; the first six by name.")
    others = serializers.IntegerField(help_text="How many more share it, not named.")


class CountHonourOutput(HonourOutput):
    count = serializers.IntegerField(help_text="The figure: games won on 61, or plays making 15 that scored.")


class AverageHonourOutput(HonourOutput):
    average = serializers.FloatField(help_text="Points pegged a game.")
    played = serializers.IntegerField(help_text="Over this many games.")


class RiseHonourOutput(HonourOutput):
    rise = serializers.FloatField(help_text="How far the rating's leaderboard figure (mu - 3 sigma) rose in the "
                                            "season, to one decimal place.")


class HonoursDivisionOutput(serializers.Serializer[Any]):
    division = NamedOutput()
    champions = NamedOutput(many=True)
    runners_up = NamedOutput(many=True)


class HonoursCupOutput(serializers.Serializer[Any]):
    competition = NamedOutput()
    winner = serializers.CharField()
    runner_up = serializers.CharField()


class HonoursSeasonOutput(serializers.Serializer[Any]):
    season = NamedOutput()
    divisions = HonoursDivisionOutput(many=True)
    cups = HonoursCupOutput(many=True)
    most_61s = CountHonourOutput(allow_null=True, help_text="Most games won on exactly the target in the season's "
                                                            "divisions; null when nobody won one.")
    best_average = AverageHonourOutput(allow_null=True, help_text="Best average pegged over the season's minimum of "
                                                                  "games; null when nobody played that many.")
    most_improved = RiseHonourOutput(allow_null=True, help_text="Most improved rating (docs/ratings.md); null when "
                                                                "nobody qualified or no rating rose.")


class LeagueHonoursApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: HonoursSeasonOutput(many=True), 404: ErrorOutput},
                   summary="The league's roll of honour: every past season's champions, runners-up, cup winners "
                           "and players' awards")
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id=league_id)
        return Response(HonoursSeasonOutput([{
            "season": {"id": h.season.pk, "name": h.season.name},
            "divisions": [{"division": {"id": d.division.pk, "name": d.division.name},
                           "champions": [{"id": t.pk, "name": t.name} for t in d.champions],
                           "runners_up": [{"id": t.pk, "name": t.name} for t in d.runners_up]} for d in h.divisions],
            "cups": [{"competition": {"id": c.competition.pk, "name": c.competition.name}, "winner": c.winner,
                      "runner_up": c.runner_up} for c in h.cups],
            "most_61s": _count(h.most_61s),
            "best_average": _average(h.best_average),
            "most_improved": None if h.most_improved is None else {**_honour(h.most_improved),
                                                                   "rise": h.most_improved.rise},
        } for h in roll_of_honour(league=league)], many=True).data)


class MaximumOutput(serializers.Serializer[Any]):
    fixture = serializers.IntegerField(help_text="The match's fixture id.")
    played_on = serializers.DateField()
    winner = NamedOutput()
    loser = NamedOutput()
    score = serializers.CharField(help_text="Games won to none, such as 9-0.")


class WeekHonoursOutput(serializers.Serializer[Any]):
    monday = serializers.DateField(allow_null=True, help_text="The week's first day; null when the league's "
                                                              "current season has no counted result yet.")
    sunday = serializers.DateField(allow_null=True, help_text="The week's last day.")
    maximums = MaximumOutput(many=True, help_text="Matches the losers took no game of, in the order played.")
    most_61s = CountHonourOutput(allow_null=True)
    most_15s = CountHonourOutput(allow_null=True, help_text="Counted in games scored live only.")
    best_average = AverageHonourOutput(allow_null=True, help_text="The highest average pegged over the week's games.")


class WeekQuery(QueryParams):
    week = serializers.DateField(required=False)


class LeagueWeekHonoursApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter(
            "week", OpenApiTypes.DATE,
            description="The Monday the match week starts on (default: the latest week, up to today's, with a "
                        "counted result in the league's current season, as the league's page shows).")],
        responses={200: WeekHonoursOutput, 400: ErrorOutput, 404: ErrorOutput, 422: ErrorOutput},
        summary="The honours of a match week: maximums, most 61s, most 15s, highest average",
    )
    def get(self, request: Request, league_id: int) -> Response:
        league = league_get(league_id=league_id)
        query = WeekQuery(data=request.query_params)
        query.is_valid(raise_exception=True)
        monday: date | None = query.validated_data.get("week")
        if monday is None:
            season = season_current(league=league)
            monday = (latest_week(league_id=league.pk, season_id=season.pk, today=timezone.localdate())
                      if season is not None else None)
        elif monday.weekday() != 0:
            raise Refused(f"week is the Monday a match week starts on: {monday:%A %d %B %Y} is a {monday:%A}")
        elif monday > LAST_MONDAY:
            raise Refused("no match week starts so late")
        if monday is None:
            return Response(WeekHonoursOutput({"monday": None, "sunday": None, "maximums": [], "most_61s": None,
                                               "most_15s": None, "best_average": None}).data)
        return Response(_week(week_honours(league_id=league.pk, monday=monday)))


def _week(honours: WeekHonours) -> Any:
    return WeekHonoursOutput({"monday": honours.monday, "sunday": honours.sunday,
                              "maximums": [_maximum(maximum) for maximum in honours.maximums],
                              "most_61s": _count(honours.most_61s), "most_15s": _count(honours.most_15s),
                              "best_average": _average(honours.best_average)}).data


def _maximum(maximum: Maximum) -> dict[str, Any]:
    fixture = maximum.night.fixture
    home = {"id": fixture.home_team.pk, "name": fixture.home_team.name}
    away = {"id": fixture.away_team.pk, "name": fixture.away_team.name}
    won, lost = (home, away) if maximum.night.home_games else (away, home)
    return {"fixture": fixture.pk, "played_on": fixture.played_on, "winner": won, "loser": lost,
            "score": maximum.score}


def _honour(leaders: Leaders) -> dict[str, Any]:
    return {"players": [{"player": {"id": mark.player_id, "name": mark.name},
                         "teams": [{"id": team.pk, "name": team.name} for team in mark.teams]}
                        for mark in leaders.players],
            "others": leaders.others}


def _count(leaders: Leaders | None) -> dict[str, Any] | None:
    return None if leaders is None else {**_honour(leaders), "count": leaders.count}


def _average(leaders: Leaders | None) -> dict[str, Any] | None:
    return None if leaders is None else {**_honour(leaders), "average": leaders.average, "played": leaders.played}
