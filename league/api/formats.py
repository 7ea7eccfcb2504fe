"""A league's own match formats and points schemes: list them, build one,
read one with its versions, and save a new version.

Everyone may read; building and changing are for the league's secretaries
(league.services.formats). The data is what docs/formats.md describes
(`league.formats.data`); data that cannot be played or scored is refused
with 422 and every problem, each saying where it is (`rubbers.2.best_of`).
"""
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league.api.fixtures import WRITE_ERRORS
from league.api.schema import ErrorOutput, text
from league.api.writes import StrictSerializer
from league.formats.data import MAX_BEST_OF, MAX_NAME, MAX_NUMBER, MAX_RUBBERS
from league.models import StoredFormat
from league.refusals import FormatInvalid
from league.selectors.formats import stored_format_get, stored_format_users, stored_formats, version_history
from league.selectors.secretary import league_or_404
from league.services.formats import CREATED_AS, VERSIONED_AS, WHAT, stored_format_change, stored_format_create
from league.services.secretaries_first import secretaries_only

Kind = StoredFormat.Kind
SLUG_PATTERN = r"^[a-z0-9][a-z0-9-]*$"


def _count(**kwargs: Any) -> serializers.IntegerField:
    return serializers.IntegerField(max_value=MAX_NUMBER, **kwargs)


class RubberData(StrictSerializer):
    class Meta:
        ref_name = "RubberData"

    kind = serializers.ChoiceField(choices=["singles", "pairs"])
    best_of = serializers.IntegerField(min_value=1, max_value=MAX_BEST_OF, required=False,
                                       help_text="An odd number of games: 1, 3, 5...")
    rules = serializers.DictField(required=False, help_text=(
        "Rule keys of the engine changed for this rubber's games (docs/scoresheet.md), such as "
        '{"target": 121, "hand_size": 9} or {"hand_size": {"4": 6}, "penalties": {"misplay": "deduct 10"}}.'))
    game = serializers.ChoiceField(choices=["fives-and-threes", "block"], required=False, help_text=(
        "fives-and-threes (the default), checked by the rules engine; or block: block dominoes, entered from "
        "the card by its result only and shown as unchecked. A block rubber changes no rules."))


class MatchFormatData(StrictSerializer):
    class Meta:
        ref_name = "MatchFormatData"

    key = serializers.CharField(read_only=True, help_text="own:<slug>, as a league or division names it.")
    name = text(max_length=MAX_NAME)
    # How many is the formats package's to check (422): the schema cannot say it of a list of objects.
    rubbers = RubberData(many=True, help_text=f"In playing order: at least 1, at most {MAX_RUBBERS}.")
    max_singles = _count(min_value=1, required=False, allow_null=True,
                         help_text="The most singles rubbers one player may play; null: no limit.")
    max_pairs = _count(min_value=1, required=False, allow_null=True,
                       help_text="The most pairs rubbers one player may play; null: no limit.")
    min_players = _count(min_value=1, required=False, help_text="The fewest different players a team fields.")
    pairs = serializers.ChoiceField(choices=["named", "drawn"], required=False,
                                    help_text="Pairs named on the team sheet, or drawn at random at the table.")
    substitutes = _count(min_value=0, required=False, help_text="Players a team may bring on, agreed before the start.")
    concede_score = _count(min_value=1, required=False, allow_null=True, help_text=(
        "The winner's score for each game of a rubber a short side concedes (the loser's is 0); "
        "null: the rubber's target, such as 61-0."))


class LosingBonusData(StrictSerializer):
    class Meta:
        ref_name = "LosingBonusData"

    points = _count(min_value=1)
    within = _count(min_value=1, help_text="For losing by this many games or fewer.")


class WalkoverData(StrictSerializer):
    class Meta:
        ref_name = "WalkoverData"

    score = serializers.ListField(child=_count(min_value=0), min_length=2, max_length=2,
                                  help_text="The score recorded, the winner's games first.")
    loser_points = _count(min_value=0, required=False, help_text="The points of the team that gave it.")


class PointsSchemeData(StrictSerializer):
    class Meta:
        ref_name = "PointsSchemeData"

    key = serializers.CharField(read_only=True, help_text="own:<slug>, as a league or division names it.")
    name = text(max_length=MAX_NAME)
    win = _count(min_value=0)
    draw = _count(min_value=0)
    loss = _count(min_value=0)
    per_game = _count(min_value=0, required=False, help_text="Points for each game (rubber) won.")
    losing_bonus = LosingBonusData(required=False, allow_null=True)
    walkover = WalkoverData(required=False)


class ProblemOutput(serializers.Serializer[Any]):
    where = serializers.CharField(help_text="The field: name, rubbers.2.best_of...; empty for the whole.")
    message = serializers.CharField()


class FormatRefusedOutput(serializers.Serializer[Any]):
    error = serializers.CharField()
    problems = ProblemOutput(many=True)


def _outputs(data_serializer: type[serializers.Serializer[Any]], prefix: str) -> type[serializers.Serializer[Any]]:
    """The output of a stored format or scheme, its versions' data typed."""

    class VersionOutput(serializers.Serializer[Any]):
        class Meta:
            ref_name = f"{prefix}VersionOutput"

        number = serializers.IntegerField(source="version.number")
        created_at = serializers.DateTimeField(source="version.created_at")
        created_by = serializers.CharField(source="version.created_by.username", default=None, allow_null=True)
        nights = serializers.IntegerField(help_text="The match nights that play or score under this version.")
        # Named like Serializer.data; the metaclass takes declared fields off the class.
        data = data_serializer(source="version.data")  # type: ignore[assignment]

    class StoredOutput(serializers.Serializer[Any]):
        class Meta:
            ref_name = f"{prefix}Output"

        key = serializers.CharField(help_text="own:<slug>, as a league or division names it.")
        slug = serializers.CharField()
        name = serializers.CharField()
        used_by = serializers.ListField(child=serializers.CharField(),
                                        help_text="The league and the divisions that name it.")
        versions = VersionOutput(many=True, help_text="Newest first.")

    return StoredOutput


FormatOutput = _outputs(MatchFormatData, "MatchFormat")
SchemeOutput = _outputs(PointsSchemeData, "PointsScheme")
REFUSALS = {**WRITE_ERRORS, 422: FormatRefusedOutput}


def _stored(stored: StoredFormat) -> dict[str, Any]:
    return {"key": stored.key, "slug": stored.slug, "name": stored.name,
            "used_by": stored_format_users(stored=stored), "versions": version_history(stored)}


def _refused(invalid: FormatInvalid) -> Response:
    return Response({"error": invalid.message, "problems": [{"where": w, "message": m} for w, m in invalid.problems]},
                    status=status.HTTP_422_UNPROCESSABLE_ENTITY)


def _create_input(shape: type[serializers.Serializer[Any]]) -> type[StrictSerializer]:
    class CreateInput(StrictSerializer):
        class Meta:
            ref_name = f"{shape.Meta.ref_name}CreateInput"  # type: ignore[attr-defined]

        slug = serializers.RegexField(SLUG_PATTERN, max_length=36,
                                      help_text="The key's short name: the league names it own:<slug>.")
        data = data_serializer_field(shape)  # type: ignore[assignment]  # a declared field, as above

    return CreateInput


def _version_input(shape: type[serializers.Serializer[Any]]) -> type[StrictSerializer]:
    class VersionInput(StrictSerializer):
        class Meta:
            ref_name = f"{shape.Meta.ref_name}VersionInput"  # type: ignore[attr-defined]

        data = data_serializer_field(shape)  # type: ignore[assignment]  # a declared field, as above

    return VersionInput


def data_serializer_field(shape: type[serializers.Serializer[Any]]) -> serializers.Serializer[Any]:
    return shape(help_text="The whole format or scheme, as docs/formats.md describes it.")


FORMAT_CREATE, FORMAT_VERSION = _create_input(MatchFormatData), _version_input(MatchFormatData)
SCHEME_CREATE, SCHEME_VERSION = _create_input(PointsSchemeData), _version_input(PointsSchemeData)


def _plain(value: Any) -> Any:
    """Validated data as plain dicts and lists, as the formats package reads it."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


class _StoredListApi(APIView):
    kind: str = Kind.FORMAT
    create_input: type[StrictSerializer] = FORMAT_CREATE
    output: type[serializers.Serializer[Any]] = FormatOutput

    def get(self, request: Request, league_id: int) -> Response:
        league_or_404(league_id=league_id)
        found = [_stored(s) for s in stored_formats(league_id=league_id) if s.kind == self.kind]
        return Response(self.output(found, many=True).data)

    def post(self, request: Request, league_id: int) -> Response:
        secretaries_only(league_id=league_id, user=request.user, doing=f"can build a {WHAT[self.kind]}",
                         action=CREATED_AS[self.kind])
        body = self.create_input(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            stored = stored_format_create(league_id=league_id, kind=self.kind, slug=body.validated_data["slug"],
                                          data=_plain(body.validated_data["data"]), user=request.user)
        except FormatInvalid as invalid:
            return _refused(invalid)
        return Response(self.output(_stored(stored)).data, status=status.HTTP_201_CREATED)


class _StoredDetailApi(APIView):
    kind: str = Kind.FORMAT
    output: type[serializers.Serializer[Any]] = FormatOutput

    def get(self, request: Request, league_id: int, slug: str) -> Response:
        stored = stored_format_get(league_id=league_id, key=f"own:{slug}", kind=self.kind)
        return Response(self.output(_stored(stored)).data)


class _StoredVersionsApi(APIView):
    kind: str = Kind.FORMAT
    version_input: type[StrictSerializer] = FORMAT_VERSION
    output: type[serializers.Serializer[Any]] = FormatOutput

    def post(self, request: Request, league_id: int, slug: str) -> Response:
        secretaries_only(league_id=league_id, user=request.user, doing=f"can change its {WHAT[self.kind]}s",
                         action=VERSIONED_AS[self.kind])
        body = self.version_input(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            stored_format_change(league_id=league_id, key=f"own:{slug}", kind=self.kind,
                                 data=_plain(body.validated_data["data"]), user=request.user)
        except FormatInvalid as invalid:
            return _refused(invalid)
        stored = stored_format_get(league_id=league_id, key=f"own:{slug}", kind=self.kind)
        return Response(self.output(_stored(stored)).data, status=status.HTTP_201_CREATED)




class FormatListApi(_StoredListApi):
    @extend_schema(responses={200: FormatOutput(many=True), 404: ErrorOutput},
                   summary="The league's own match formats, each with its versions")
    def get(self, request: Request, league_id: int) -> Response:
        return super().get(request, league_id)

    @extend_schema(request=FORMAT_CREATE, responses={201: FormatOutput, **REFUSALS},
                   summary="Build a match format of the league's own (its secretaries)")
    def post(self, request: Request, league_id: int) -> Response:
        return super().post(request, league_id)


class FormatDetailApi(_StoredDetailApi):
    @extend_schema(responses={200: FormatOutput, 404: ErrorOutput},
                   summary="One of the league's own match formats, with every version and where it is used")
    def get(self, request: Request, league_id: int, slug: str) -> Response:
        return super().get(request, league_id, slug)


class FormatVersionsApi(_StoredVersionsApi):
    @extend_schema(request=FORMAT_VERSION, responses={201: FormatOutput, **REFUSALS},
                   summary="Save a new version of the league's match format; nights already entered keep theirs")
    def post(self, request: Request, league_id: int, slug: str) -> Response:
        return super().post(request, league_id, slug)


class SchemeListApi(_StoredListApi):
    kind = Kind.SCHEME
    create_input = SCHEME_CREATE
    output = SchemeOutput

    @extend_schema(responses={200: SchemeOutput(many=True), 404: ErrorOutput},
                   summary="The league's own points schemes, each with its versions")
    def get(self, request: Request, league_id: int) -> Response:
        return super().get(request, league_id)

    @extend_schema(request=SCHEME_CREATE, responses={201: SchemeOutput, **REFUSALS},
                   summary="Build a points scheme of the league's own (its secretaries)")
    def post(self, request: Request, league_id: int) -> Response:
        return super().post(request, league_id)


class SchemeDetailApi(_StoredDetailApi):
    kind = Kind.SCHEME
    output = SchemeOutput

    @extend_schema(responses={200: SchemeOutput, 404: ErrorOutput},
                   summary="One of the league's own points schemes, with every version and where it is used")
    def get(self, request: Request, league_id: int, slug: str) -> Response:
        return super().get(request, league_id, slug)


class SchemeVersionsApi(_StoredVersionsApi):
    kind = Kind.SCHEME
    version_input = SCHEME_VERSION
    output = SchemeOutput

    @extend_schema(request=SCHEME_VERSION, responses={201: SchemeOutput, **REFUSALS},
                   summary="Save a new version of the league's points scheme; results already confirmed keep theirs")
    def post(self, request: Request, league_id: int, slug: str) -> Response:
        return super().post(request, league_id, slug)
