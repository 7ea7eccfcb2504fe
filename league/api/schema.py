"""Serializers that describe shared shapes of the API for the OpenAPI schema.
The bodies themselves are built by `league.selectors.state.game_state` and
the services: no logic lives here."""
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers


class GameSetupInput(serializers.Serializer):
    """The scoresheet's header: who sits where, under which rules."""

    class Meta:
        ref_name = "GameSetupInput"

    rules = serializers.JSONField(required=False, allow_null=True, help_text="A preset name or an object.")
    seats = serializers.ListField(child=serializers.CharField(max_length=100), min_length=2, max_length=4)
    partners = serializers.BooleanField(required=False)
    start = serializers.ListField(child=serializers.IntegerField(min_value=0), required=False, allow_null=True)


class GameStateOutput(serializers.Serializer):
    id = serializers.IntegerField()
    rules = serializers.JSONField()
    seats = serializers.ListField(child=serializers.CharField())
    sides = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    scores = serializers.ListField(child=serializers.IntegerField())
    winner = serializers.IntegerField(allow_null=True, help_text="The winning side, or null.")
    status = serializers.ChoiceField(choices=["playing", "hand-ended", "won"])
    hand = serializers.IntegerField(help_text="The current hand, counting from 0.")
    turn = serializers.IntegerField(allow_null=True, help_text="The seat to move; null when any seat may lead.")
    ends = serializers.ListField(child=serializers.IntegerField(), help_text="Pip values of the open ends.")
    seq = serializers.IntegerField(help_text="Grows with every change; send it back with a write.")


class WriteOutput(serializers.Serializer):
    events = serializers.ListField(child=serializers.DictField(), help_text="As `python -m scoring check` reports.")
    state = GameStateOutput()


class ErrorOutput(serializers.Serializer):
    error = serializers.CharField()


class ConflictOutput(serializers.Serializer):
    error = serializers.CharField()
    state = GameStateOutput()


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Per game: a retry with a key already answered gets the same answer and records nothing.",
)

WRITE_RESPONSES = {
    201: WriteOutput,
    400: ErrorOutput,
    401: ErrorOutput,
    404: ErrorOutput,
    409: ConflictOutput,
    422: ErrorOutput,
}
