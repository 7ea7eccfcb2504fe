"""Serializers that describe shared shapes of the API for the OpenAPI schema.
The bodies themselves are built by `league.selectors.state.game_state` and
the services: no logic lives here."""
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers


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
