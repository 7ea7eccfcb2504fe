"""Cups: a season's competitions, their entries, draws and ties.

Everyone may read. Every write is one call of `league.services.cups` or
`league.services.cup_ties`, which decide who may make it: a secretary
creates and draws a cup and sets its rounds' dates; a captain enters their
team, the home side's captain offers dates and the away side's picks one
(in a singles or pairs cup, the home and away players do,
`league.services.game_tie_dates`).
A tie's legs are ordinary fixtures: their match nights are played through
the fixtures' own endpoints (/api/fixtures/<id>/night/...).
"""
from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cups.tables import STANDINGS
from cups.ties import MEASURES
from league.api.fixtures import WRITE_ERRORS, FixtureOutput
from league.api.idempotency import once_per_key
from league.api.names import reader
from league.api.schema import WRITE_ONCE_KEY, ErrorOutput, text
from league.api.text_fields import ManyLinesField
from league.api.who_first import WhoFirst
from league.authors import Author
from league.models import Competition, CupEntry, CupGame, CupTie, Fixture, MatchNight, RubberGame
from league.refusals import Refused
from league.selectors.cup_groups import group_tables
from league.selectors.cups import (
    competition_entries,
    competition_get,
    competition_ties,
    competition_view,
    competitions_of_season,
    season_get,
    tie_get,
    tie_view,
)
from league.selectors.fixtures import fixture_detail
from league.selectors.shown_names import entry_name_shown, entry_names_shown
from league.services.cup_game_results import cup_game_confirm, cup_game_dispute, cup_game_resolve, cup_game_submit
from league.services.cup_games import cup_game_card, cup_game_start, game_tie_date_set
from league.services.cup_settings import cup_handicap_set, cup_settings_change
from league.services.cup_ties import tie_date_set, tie_window_set, tie_winner_set
from league.services.cups import (
    competition_create,
    cup_draw,
    cup_enter,
    cup_entry_seed,
    cup_withdraw,
)
from league.services.game_tie_dates import cup_tie_date_pick, cup_tie_dates_offer

SEED_MAX = 2**31 - 1


class GroupRulesOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupGroupRulesOutput"

    win = serializers.IntegerField(help_text="Table points for a match won.")
    draw = serializers.IntegerField()
    loss = serializers.IntegerField()
    order = serializers.ListField(child=serializers.ChoiceField(choices=list(STANDINGS)),
                                  help_text="The measures that rank a group's table, in turn.")


class GroupStageSettingsOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupGroupStageSettingsOutput"

    count = serializers.IntegerField(allow_null=True, help_text="How many groups; null: by size.")
    size = serializers.IntegerField(allow_null=True, help_text="The most entries a group takes; null: by count.")
    top = serializers.IntegerField(help_text="How many go through from each group.")
    best_of_next = serializers.IntegerField(help_text="How many of the best placed next go through as well.")
    rules = GroupRulesOutput()


class CompetitionOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupOutput"

    id = serializers.IntegerField()
    season = serializers.IntegerField(source="season_id")
    division = serializers.IntegerField(source="division_id", help_text="The cup's own division: its fixtures.")
    name = serializers.CharField()
    slug = serializers.CharField()
    kind = serializers.ChoiceField(choices=Competition.Kind.choices)
    structure = serializers.ChoiceField(choices=Competition.Structure.choices)
    draw_mode = serializers.ChoiceField(choices=Competition.DrawMode.choices)
    seeded = serializers.BooleanField()
    legs = serializers.IntegerField()
    tie_break = serializers.ListField(child=serializers.ChoiceField(choices=list(MEASURES)))
    level = serializers.ChoiceField(choices=Competition.Level.choices)
    entry_closes = serializers.DateField(allow_null=True)
    max_entries = serializers.IntegerField(allow_null=True)
    finals_date = serializers.DateField(allow_null=True)
    finals_venue = serializers.IntegerField(source="finals_venue_id", allow_null=True)
    group_stage = serializers.SerializerMethodField()
    status = serializers.ChoiceField(choices=Competition.Status.choices)
    handicap = serializers.BooleanField(help_text="A handicap cup: the lower rated side starts each game ahead, "
                                                  "by the league's handicap rule.")
    pairs_one_team = serializers.BooleanField(help_text="A pairs cup whose two players are of one team, both "
                                                        "registered to it this season.")

    @extend_schema_field(GroupStageSettingsOutput(allow_null=True, help_text="A group stage's settings with "
                                                                             "their defaults; null: a knockout."))
    def get_group_stage(self, competition: Competition) -> dict[str, Any] | None:
        return dict(competition.group_stage) if competition.group_stage else None


class SideOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupSideOutput"

    entry = serializers.IntegerField()
    team = serializers.IntegerField(allow_null=True)
    name = serializers.CharField(help_text="A team's name; a player's, or a pair's, as the reader may see them.")


class LegOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupLegOutput"

    leg = serializers.IntegerField(help_text="1, 2; replays and a decider numbered on.")
    fixture = serializers.IntegerField(help_text="The fixture: its match night is played as any other.")
    date = serializers.DateField()
    home_team = serializers.IntegerField()
    away_team = serializers.IntegerField()
    venue = serializers.CharField()
    status = serializers.ChoiceField(choices=Fixture.Status.choices)
    night_status = serializers.ChoiceField(choices=MatchNight.Status.choices)
    score = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                  help_text="Games won, home first, once the result is confirmed.")
    walkover_winner = serializers.IntegerField(allow_null=True)


class CupGameOutput(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["live", "card"], help_text="Scored live, or from the card.")
    game = serializers.IntegerField(allow_null=True, help_text="The live game, scored through /api/games/{id}.")
    home_score = serializers.IntegerField(allow_null=True)
    away_score = serializers.IntegerField(allow_null=True)
    winner = serializers.ChoiceField(choices=RubberGame.Side.choices, allow_null=True,
                                     help_text="Null while a live game is being played, or while a score from "
                                               "the card waits to be confirmed.")
    state = serializers.ChoiceField(choices=CupGame.State.choices,
                                    help_text="counts; submitted (a player's score from the card, for the other "
                                              "side to confirm or dispute); disputed (for a secretary to resolve).")
    dispute_reason = serializers.CharField(help_text="Why the other side disputed the score; empty if not.")
    start = serializers.ListField(child=serializers.IntegerField(), allow_null=True,
                                  help_text="The scores a live game started on, home first: a handicap cup's start "
                                            "for the lower rated side. Null: 0-0.")


class TieOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupTieOutput"

    id = serializers.IntegerField()
    group = serializers.CharField(allow_blank=True, help_text="A group match's group (A, B...); empty in the knockout.")
    round = serializers.IntegerField(help_text="The knockout's round, or a group match's round of its group.")
    number = serializers.IntegerField()
    bye = serializers.BooleanField()
    home = SideOutput(allow_null=True)
    away = SideOutput(allow_null=True, help_text="Null for a bye, or while the tie feeding it is undecided.")
    winner = SideOutput(allow_null=True)
    decided_reason = serializers.CharField(
        allow_blank=True, help_text="How the tie was decided, its sides named as the reader may see them: a player "
                                    "in full for themself and their league's secretaries, else as they chose.")
    window_start = serializers.DateField(allow_null=True)
    window_end = serializers.DateField(allow_null=True)
    offered_dates = serializers.ListField(
        child=serializers.DateField(),
        help_text="The dates the next leg's home side (a singles or pairs tie's home player or pair) offers, "
                  "for the away side to pick.")
    date = serializers.DateField(allow_null=True, help_text="The date last picked or set.")
    legs = LegOutput(many=True)
    games = CupGameOutput(many=True, help_text="A singles or pairs tie's games.")


class RoundOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupRoundOutput"

    round = serializers.IntegerField()
    name = serializers.CharField(help_text="Round 1, Quarter-finals, Semi-finals, Final.")
    ties = TieOutput(many=True)


class GroupRowOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupGroupRowOutput"

    position = serializers.IntegerField()
    entrant = serializers.IntegerField(help_text="The entry.")
    name = serializers.CharField()
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    games_for = serializers.IntegerField()
    games_against = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    games_difference = serializers.IntegerField()
    points_difference = serializers.IntegerField()
    score = serializers.IntegerField(help_text="Table points.")
    through = serializers.BooleanField(help_text="Through to the knockout (once every group match counts).")


class GroupOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupGroupOutput"

    name = serializers.CharField()
    rows = GroupRowOutput(many=True)
    level = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                  help_text="Neighbouring entries level on every measure, placed by the draw.")
    matches = TieOutput(many=True)


class GroupStageOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupGroupStageOutput"

    settings = GroupStageSettingsOutput()
    open_matches = serializers.IntegerField(help_text="Group matches still to count.")
    finished = serializers.BooleanField()
    groups = GroupOutput(many=True)


class CompetitionDetailOutput(CompetitionOutput):
    # The rounds and the group stage are built by the selectors beside the
    # cup, and given as the context's "rounds" and "groups".

    class Meta:
        ref_name = "CupDetailOutput"

    rounds = serializers.SerializerMethodField()
    groups = serializers.SerializerMethodField()

    @extend_schema_field(RoundOutput(many=True, help_text="The knockout's rounds."))
    def get_rounds(self, competition: Competition) -> Any:
        return RoundOutput(self.context["rounds"], many=True).data

    @extend_schema_field(GroupStageOutput(allow_null=True, help_text="The group stage, once drawn; null otherwise."))
    def get_groups(self, competition: Competition) -> Any:
        groups = self.context["groups"]
        return None if groups is None else GroupStageOutput(groups).data


class EntryOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupEntryOutput"

    id = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id", allow_null=True)
    player = serializers.IntegerField(source="player_id", allow_null=True)
    partner = serializers.IntegerField(source="partner_id", allow_null=True)
    name = serializers.SerializerMethodField(
        help_text="A team's name; a player's or a pair's in full for the players and their league's secretaries, "
                  "for anyone else as each player chose to show it.")
    seed = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.BooleanField()

    def get_name(self, entry: CupEntry) -> str:
        # A list is named in one go (`entry_names_shown`, given as "names");
        # one entry alone as the request's reader may see it.
        names: dict[int, str] = self.context.get("names", {})
        if entry.pk in names:
            return names[entry.pk]
        return entry_name_shown(entry, reader(self.context))


class DrawOutput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupDrawOutput"

    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["bracket", "round", "groups"])
    round = serializers.IntegerField(allow_null=True, help_text="Null for a whole bracket.")
    seed = serializers.IntegerField(allow_null=True, help_text="The random seed it was drawn from; null when seeded.")
    made_at = serializers.DateTimeField()


def _detail(competition_id: int, user: Author) -> Any:
    return CompetitionDetailOutput(competition_get(competition_id=competition_id), context={
        "rounds": competition_view(competition_id=competition_id, user=user)["rounds"],
        "groups": group_tables(competition_id=competition_id, user=user),
    }).data


class SeasonCupsApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupInput"

        name = text(max_length=100)
        kind = serializers.ChoiceField(choices=Competition.Kind.choices, default=Competition.Kind.TEAM)
        draw_mode = serializers.ChoiceField(choices=Competition.DrawMode.choices,
                                            default=Competition.DrawMode.ROUNDS)
        seeded = serializers.BooleanField(default=False)
        legs = serializers.ChoiceField(choices=[1, 2], default=1)
        tie_break = serializers.ListField(child=serializers.ChoiceField(choices=list(MEASURES)), max_length=4,
                                          default=["games", "points"])
        level = serializers.ChoiceField(choices=Competition.Level.choices, default=Competition.Level.REPLAY)
        entry_closes = serializers.DateField(required=False, allow_null=True, default=None)
        max_entries = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=2,
                                               max_value=1024)
        finals_date = serializers.DateField(required=False, allow_null=True, default=None)
        finals_venue = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
        match_format = text(required=False, allow_null=True, default=None, max_length=40,
                            help_text="A match format's key; null: the league's.")
        structure = serializers.ChoiceField(choices=Competition.Structure.choices,
                                            default=Competition.Structure.KNOCKOUT)
        group_stage = serializers.DictField(
            required=False, allow_null=True, default=None,
            help_text="With structure groups: count (groups) or size (at most, per group), top (through from "
                      "each, 2), best_of_next (the best placed next also through, 0), rules: win, draw, loss "
                      "(table points, 2 1 0) and order (score, wins, games_difference, games_for, "
                      "points_difference, points_for).")
        handicap = serializers.BooleanField(
            default=False, help_text="A singles or pairs cup whose lower rated side starts each game ahead, by the "
                                     "league's handicap rule (GET /api/leagues/{id}/handicap-rule).")
        pairs_one_team = serializers.BooleanField(
            default=False, help_text="A pairs cup only: both players of a pair from one team, registered to it "
                                     "this season (a captain-and-secretary competition); that team's captain may "
                                     "enter them.")

    @extend_schema(responses={200: CompetitionOutput(many=True), 404: ErrorOutput}, summary="A season's cups")
    def get(self, request: Request, season_id: int) -> Response:
        season_get(season_id=season_id)
        return Response(CompetitionOutput(competitions_of_season(season_id=season_id), many=True).data)

    @extend_schema(request=InputSerializer, responses={201: CompetitionOutput, **WRITE_ERRORS},
                   summary="Create a cup of the season, with its own division (its league's secretaries)")
    def post(self, request: Request, season_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = dict(data.validated_data)
        competition = competition_create(season_id=season_id, finals_venue_id=given.pop("finals_venue"), **given,
                                         user=request.user)
        return Response(CompetitionOutput(competition).data, status=status.HTTP_201_CREATED)


class CupApi(APIView):
    class SettingsInput(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupSettingsInput"

        name = text(required=False, max_length=100)
        entry_closes = serializers.DateField(required=False, allow_null=True,
                                             help_text="Until the draw; null: open until the draw.")
        max_entries = serializers.IntegerField(required=False, allow_null=True, min_value=2, max_value=1024,
                                               help_text="Until the draw, never below the entries in; null: no "
                                                         "limit.")
        finals_date = serializers.DateField(required=False, allow_null=True,
                                            help_text="With finals_venue, or both null; not once a game of the "
                                                      "old finals night is played.")
        finals_venue = serializers.IntegerField(required=False, allow_null=True, min_value=1)
        pairs_one_team = serializers.BooleanField(required=False, help_text="A pairs cup, until the draw.")

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated(), WhoFirst()]

    @extend_schema(responses={200: CompetitionDetailOutput, 404: ErrorOutput},
                   summary="A cup, round by round: its ties, their legs (fixtures) and winners")
    def get(self, request: Request, competition_id: int) -> Response:
        return Response(_detail(competition_id, request.user))

    @extend_schema(request=SettingsInput, responses={200: CompetitionOutput, **WRITE_ERRORS},
                   summary="Change a cup's settings: only the fields given (its league's secretaries)")
    def patch(self, request: Request, competition_id: int) -> Response:
        data = self.SettingsInput(data=request.data)
        data.is_valid(raise_exception=True)
        given = dict(data.validated_data)
        if "finals_venue" in given:
            given["finals_venue_id"] = given.pop("finals_venue")
        competition = cup_settings_change(competition_id=competition_id, changes=given, user=request.user)
        return Response(CompetitionOutput(competition).data)


class CupHandicapApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupHandicapInput"

        handicap = serializers.BooleanField(help_text="true: a handicap cup; false: every game starts at 0-0.")

    @extend_schema(request=InputSerializer, responses={200: CompetitionOutput, **WRITE_ERRORS},
                   summary="Make a singles or pairs cup a handicap cup, or level, for the games started from now "
                           "on (its league's secretaries)")
    def post(self, request: Request, competition_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        competition = cup_handicap_set(competition_id=competition_id, handicap=data.validated_data["handicap"],
                                       user=request.user)
        return Response(CompetitionOutput(competition).data)


class CupEntriesApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupEntryInput"

        team = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
        player = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
        partner = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
        seed = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                        max_value=1024, help_text="1 is the top seed (secretaries only).")

    @extend_schema(responses={200: EntryOutput(many=True), 404: ErrorOutput},
                   summary="A cup's entries, withdrawn ones too, in the order they came in")
    def get(self, request: Request, competition_id: int) -> Response:
        competition_get(competition_id=competition_id)
        entries = competition_entries(competition_id=competition_id)
        names = entry_names_shown(entries, request.user)
        return Response(EntryOutput(entries, many=True, context={"request": request, "names": names}).data)

    @extend_schema(request=InputSerializer, responses={201: EntryOutput, **WRITE_ERRORS},
                   summary="Enter a team (its captains), a player or a pair (the players) in a cup")
    def post(self, request: Request, competition_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        entry = cup_enter(competition_id=competition_id, team_id=given["team"], player_id=given["player"],
                          partner_id=given["partner"], seed=given["seed"], user=request.user)
        return Response(EntryOutput(entry, context={"request": request}).data, status=status.HTTP_201_CREATED)


class CupWithdrawApi(APIView):
    @extend_schema(request=None, responses={200: EntryOutput, **WRITE_ERRORS},
                   summary="Withdraw an entry; after the draw it concedes its tie (whoever could enter it, or a secretary)")
    def post(self, request: Request, entry_id: int) -> Response:
        entry = cup_withdraw(entry_id=entry_id, user=request.user)
        return Response(EntryOutput(entry, context={"request": request}).data)


class CupSeedApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupSeedInput"

        seed = serializers.IntegerField(allow_null=True, min_value=1, max_value=1024,
                                        help_text="1 is the top seed; null: unseeded.")

    @extend_schema(request=InputSerializer, responses={200: EntryOutput, **WRITE_ERRORS},
                   summary="Seed an entry before the draw (its league's secretaries)")
    def post(self, request: Request, entry_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = cup_entry_seed(entry_id=entry_id, seed=data.validated_data["seed"], user=request.user)
        return Response(EntryOutput(entry, context={"request": request}).data)


class CupDrawApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupDrawInput"

        seed = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=0,
                                        max_value=SEED_MAX,
                                        help_text="Draw from this seed; empty: a new one (an open cup only).")
        round = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1,
                                         max_value=32, help_text="The round to draw; empty: the next.")

    @extend_schema(request=InputSerializer, responses={201: DrawOutput, **WRITE_ERRORS},
                   summary="Draw the cup's bracket, or its next round (its league's secretaries)")
    def post(self, request: Request, competition_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        made = cup_draw(competition_id=competition_id, seed=data.validated_data["seed"],
                        round=data.validated_data["round"], user=request.user)
        return Response(DrawOutput(made).data, status=status.HTTP_201_CREATED)


class CupTiesApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: TieOutput(many=True), 404: ErrorOutput},
                   summary="A cup's ties, round by round, with their legs' fixtures")
    def get(self, request: Request, competition_id: int) -> Response:
        competition_get(competition_id=competition_id)
        ties = competition_ties(competition_id=competition_id)
        return Response(TieOutput([tie_view(tie, user=request.user) for tie in ties], many=True).data)


class CupWindowApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupWindowInput"

        start = serializers.DateField()
        end = serializers.DateField()

    class OutputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupWindowOutput"

        ties = serializers.IntegerField(help_text="How many ties of the round now have the window.")

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer, **WRITE_ERRORS},
                   summary="Set the window of dates for a cup round (its league's secretaries)")
    def post(self, request: Request, competition_id: int, round: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ties = tie_window_set(competition_id=competition_id, round=round, start=data.validated_data["start"],
                              end=data.validated_data["end"], user=request.user)
        return Response(self.OutputSerializer({"ties": ties}).data)


def _tie(tie_id: int, user: Author) -> Any:
    return TieOutput(tie_view(tie_get(tie_id=tie_id), user=user)).data


class TieOfferApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupOfferInput"

        dates = serializers.ListField(child=serializers.DateField(), min_length=1, max_length=3)

    @extend_schema(request=InputSerializer, responses={200: TieOutput, **WRITE_ERRORS},
                   summary="Offer up to three dates for a tie's next leg (the home side's captains), or for a "
                           "singles or pairs tie's game (the home player or pair)")
    def post(self, request: Request, tie_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tie = cup_tie_dates_offer(tie_id=tie_id, dates=data.validated_data["dates"], user=request.user)
        return Response(_tie(tie.pk, request.user))


class DateInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupDateInput"

    date = serializers.DateField()


class TiePickApi(APIView):
    @extend_schema(request=DateInput, responses={
        201: OpenApiResponse(FixtureOutput, description="A team tie: its leg's fixture, published."),
        200: OpenApiResponse(TieOutput, description="A singles or pairs tie: the tie, dated."),
        **WRITE_ERRORS},
        summary="Pick one of the dates offered: a team tie's leg is published as a fixture (the away side's "
                "captains); a singles or pairs tie is dated (the away player or pair)")
    def post(self, request: Request, tie_id: int) -> Response:
        data = DateInput(data=request.data)
        data.is_valid(raise_exception=True)
        picked = cup_tie_date_pick(tie_id=tie_id, date=data.validated_data["date"], user=request.user)
        if isinstance(picked, CupTie):
            return Response(_tie(picked.pk, request.user))
        return Response(FixtureOutput(fixture_detail(fixture_id=picked.pk)).data, status=status.HTTP_201_CREATED)


class TieDateApi(APIView):
    @extend_schema(request=DateInput, responses={201: FixtureOutput, **WRITE_ERRORS},
                   summary="Set the date of a tie's next leg: its fixture is published (its league's secretaries)")
    def post(self, request: Request, tie_id: int) -> Response:
        data = DateInput(data=request.data)
        data.is_valid(raise_exception=True)
        fixture = tie_date_set(tie_id=tie_id, date=data.validated_data["date"], user=request.user)
        return Response(FixtureOutput(fixture_detail(fixture_id=fixture.pk)).data, status=status.HTTP_201_CREATED)


class TieGameDateApi(APIView):
    @extend_schema(request=DateInput, responses={200: TieOutput, **WRITE_ERRORS},
                   summary="Set the date of a singles or pairs tie's game (its league's secretaries)")
    def post(self, request: Request, tie_id: int) -> Response:
        data = DateInput(data=request.data)
        data.is_valid(raise_exception=True)
        tie = game_tie_date_set(tie_id=tie_id, date=data.validated_data["date"], user=request.user)
        return Response(_tie(tie.pk, request.user))


class TieGamesApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupGameInput"

        live = serializers.BooleanField(required=False, default=False,
                                        help_text="Start the next game live, to be scored on the pad.")
        home_score = serializers.IntegerField(required=False, min_value=-999, max_value=999)
        away_score = serializers.IntegerField(required=False, min_value=-999, max_value=999)

    @extend_schema(request=InputSerializer, responses={201: TieOutput, **WRITE_ERRORS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Play a singles or pairs tie's next game: live (its players or the league's "
                           "secretaries), or its final scores from the card (the secretaries)")
    @once_per_key
    def post(self, request: Request, tie_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if given["live"] == ("home_score" in given and "away_score" in given):
            # Each field is optional alone, so the schema allows the body: the
            # choice between them is a refusal (422), as the schema says.
            raise Refused("send either live: true, or home_score and away_score")
        if given["live"]:
            cup_game_start(tie_id=tie_id, user=request.user)
        else:
            cup_game_card(tie_id=tie_id, home_score=given["home_score"], away_score=given["away_score"],
                          user=request.user)
        return Response(_tie(tie_id, request.user), status=status.HTTP_201_CREATED)


class TieWinnerApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupWinnerInput"

        winner = serializers.IntegerField(min_value=1, help_text="The entry that went through.")
        reason = ManyLinesField(required=False, default="", allow_blank=True, max_length=2000)

    @extend_schema(request=InputSerializer, responses={200: TieOutput, **WRITE_ERRORS},
                   summary="Record who won a singles or pairs tie (its league's secretaries)")
    def post(self, request: Request, tie_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        tie = tie_winner_set(tie_id=tie_id, winner_entry_id=data.validated_data["winner"],
                             reason=data.validated_data["reason"], user=request.user)
        return Response(_tie(tie.pk, request.user))


class ScoresInput(serializers.Serializer[Any]):
    class Meta:
        ref_name = "CupGameScoresInput"

    home_score = serializers.IntegerField(min_value=-999, max_value=999)
    away_score = serializers.IntegerField(min_value=-999, max_value=999)


class TieGameSubmitApi(APIView):
    @extend_schema(request=ScoresInput, responses={201: TieOutput, **WRITE_ERRORS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Submit a singles or pairs tie's next game's final scores from the card, for the other "
                           "side to confirm (the tie's players)")
    @once_per_key
    def post(self, request: Request, tie_id: int) -> Response:
        data = ScoresInput(data=request.data)
        data.is_valid(raise_exception=True)
        cup_game_submit(tie_id=tie_id, home_score=data.validated_data["home_score"],
                        away_score=data.validated_data["away_score"], user=request.user)
        return Response(_tie(tie_id, request.user), status=status.HTTP_201_CREATED)


class TieGameConfirmApi(APIView):
    @extend_schema(request=None, responses={200: TieOutput, **WRITE_ERRORS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Confirm the score the other side submitted: it counts (a player of the other side)")
    @once_per_key
    def post(self, request: Request, tie_id: int) -> Response:
        cup_game_confirm(tie_id=tie_id, user=request.user)
        return Response(_tie(tie_id, request.user))


class TieGameDisputeApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupGameDisputeInput"

        reason = ManyLinesField(allow_blank=True, max_length=2000, help_text="Why the score is wrong.")

    @extend_schema(request=InputSerializer, responses={200: TieOutput, **WRITE_ERRORS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Dispute the score the other side submitted, saying why (a player of the other side)")
    @once_per_key
    def post(self, request: Request, tie_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        cup_game_dispute(tie_id=tie_id, reason=data.validated_data["reason"], user=request.user)
        return Response(_tie(tie_id, request.user))


class TieGameResolveApi(APIView):
    class InputSerializer(serializers.Serializer[Any]):
        class Meta:
            ref_name = "CupGameResolveInput"

        uphold = serializers.BooleanField(required=False, default=False,
                                          help_text="Uphold the dispute: the submitted score is struck.")
        home_score = serializers.IntegerField(required=False, min_value=-999, max_value=999)
        away_score = serializers.IntegerField(required=False, min_value=-999, max_value=999)

    @extend_schema(request=InputSerializer, responses={200: TieOutput, **WRITE_ERRORS},
                   parameters=[WRITE_ONCE_KEY],
                   summary="Resolve a disputed game: uphold the dispute, or correct its scores, which then count "
                           "(its league's secretaries)")
    @once_per_key
    def post(self, request: Request, tie_id: int) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        given = data.validated_data
        if given["uphold"] == ("home_score" in given and "away_score" in given):
            raise Refused("send either uphold: true, or home_score and away_score")
        cup_game_resolve(tie_id=tie_id, home_score=given.get("home_score"), away_score=given.get("away_score"),
                         user=request.user)
        return Response(_tie(tie_id, request.user))
