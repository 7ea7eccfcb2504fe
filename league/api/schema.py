"""Serializers of shared shapes of the API, which describe them for the
OpenAPI schema and shape the answers that pass through them. The bodies
themselves are built by `league.selectors.state.game_state` and the
services.

An engine's event (scoring.events) carries only the fields of its type, a
scoresheet only the fields that apply: AsGivenOutput answers the fields a
body has, in its order (a game's state keeps its own order so), where a
plain serializer would add the missing nullable ones (an event's `end`,
`peg`) as nulls, changing the format docs/scoresheet.md fixes."""
from datetime import datetime
from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.utils.encoders import JSONEncoder

from league.api.text_fields import ManyLinesField, OneLineField
from scoring.rules import OFFENCES


def text(*, lines: bool = False, **kwargs: Any) -> serializers.CharField:
    """Text that must say something: at least one character that is not a
    space. The schema says so (minLength, pattern) as well as the check:
    DRF trims the spaces, then refuses what is left blank. One line unless
    `lines` (league.api.text_fields)."""
    kind = ManyLinesField if lines else OneLineField
    return kind(min_length=1, say_something=True, **kwargs)


class GameSetupInput(serializers.Serializer[Any]):
    """The scoresheet's header: who sits where, under which rules."""

    class Meta:
        ref_name = "GameSetupInput"

    rules = serializers.JSONField(required=False, allow_null=True, help_text="A preset name or an object.")
    seats = serializers.ListField(child=text(max_length=100), min_length=2, max_length=4)
    partners = serializers.BooleanField(required=False)
    start = serializers.ListField(child=serializers.IntegerField(min_value=0), required=False, allow_null=True)


class AsGivenOutput(serializers.Serializer[Any]):
    # Answers only the fields the body has, in the body's order. (A comment,
    # not a docstring: the schema would show it for every subclass.)

    def to_representation(self, instance: Any) -> dict[str, Any]:
        shown = super().to_representation(instance)
        return {name: shown[name] for name in instance if name in shown}


class WrittenMomentField(serializers.DateTimeField):
    """A moment as the API's JSON encoder writes it: in its own time zone
    (UTC, as read from the database), UTC as Z. A plain DateTimeField would
    turn it to the local time (an hour ahead in a London summer)."""

    def to_representation(self, value: Any) -> Any:
        return JSONEncoder().default(value) if isinstance(value, datetime) else value


class GameStateOutput(AsGivenOutput):
    id = serializers.IntegerField()
    rules = serializers.JSONField(help_text="As the game was set up: a preset name or an object of rule keys.")
    seats = serializers.ListField(child=serializers.CharField())
    sides = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    scores = serializers.ListField(child=serializers.IntegerField())
    winner = serializers.IntegerField(allow_null=True, help_text="The winning side, or null.")
    status = serializers.ChoiceField(choices=["playing", "hand-ended", "won"])
    hand = serializers.IntegerField(help_text="The current hand, counting from 0.")
    turn = serializers.IntegerField(allow_null=True, help_text="The seat to move; null when any seat may lead.")
    ends = serializers.ListField(child=serializers.IntegerField(), help_text="Pip values of the open ends.")
    seq = serializers.IntegerField(help_text="Grows with every change; send it back with a write.")


class PenaltyOutput(serializers.Serializer[Any]):
    offence = serializers.ChoiceField(choices=OFFENCES)
    side = serializers.IntegerField(help_text="The side whose score it changed.")
    points = serializers.IntegerField(help_text="Negative for a pegging back, positive for points pegged on.")


class AwardOutput(serializers.Serializer[Any]):
    side = serializers.IntegerField()
    points = serializers.IntegerField()
    reason = serializers.ChoiceField(choices=["block", "domino"])


class FalseKnockOutput(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    move = serializers.IntegerField(help_text="The knock's move number in the hand.")
    tiles = serializers.ListField(child=serializers.CharField(), help_text="The shown tiles that fitted.")


class EventOutput(AsGivenOutput):
    """One event as `python -m scoring check` reports it (docs/scoresheet.md):
    every event has `hand`, `type`, `penalties` and `scores`; the other
    fields belong to some types only."""

    hand = serializers.IntegerField()
    type = serializers.ChoiceField(choices=["play", "knock", "draw", "misplay", "ruling", "hand-end"])
    move = serializers.IntegerField(required=False, help_text="The move's number in its hand (not on hand-end).")
    seat = serializers.IntegerField(required=False, help_text="Not on hand-end.")
    side = serializers.IntegerField(required=False, help_text="Not on hand-end.")
    tile = serializers.CharField(required=False, help_text="play and misplay.")
    end = serializers.CharField(required=False, allow_null=True,
                                help_text="play: the end used, null for the down.")
    ends = serializers.ListField(child=serializers.IntegerField(), required=False,
                                 help_text="play: the counted contribution of each open end after it.")
    total = serializers.IntegerField(required=False, help_text="play: the sum of `ends`.")
    award = serializers.IntegerField(required=False, help_text="play: what `total` scores.")
    bonus = serializers.IntegerField(required=False, help_text="play: the chip-out bonus.")
    bust = serializers.BooleanField(required=False, help_text="play: the target rules voided it.")
    worth = serializers.IntegerField(required=False, help_text="play: what it is worth after the target rules.")
    peg = serializers.IntegerField(required=False, allow_null=True,
                                   help_text="play: what the player pegged, null when not given.")
    verdict = serializers.ChoiceField(choices=["correct", "under", "over", "unchecked"], required=False,
                                      help_text="play: the peg against the worth.")
    points = serializers.IntegerField(required=False, help_text="play: what the side is credited after the peg check.")
    count = serializers.IntegerField(required=False, help_text="draw: the tiles taken from the boneyard.")
    offence = serializers.ChoiceField(choices=OFFENCES, required=False, help_text="ruling.")
    ended = serializers.ChoiceField(choices=["chip-out", "block", "won", "open"], required=False,
                                    help_text="hand-end: how the hand ended.")
    false_knocks = FalseKnockOutput(many=True, required=False, help_text="hand-end.")
    awards = AwardOutput(many=True, required=False, help_text="hand-end: block or domino awards.")
    penalties = PenaltyOutput(many=True)
    scores = serializers.ListField(child=serializers.IntegerField(),
                                   help_text="Every side's score after the event, penalties included.")


class WriteOutput(serializers.Serializer[Any]):
    events = EventOutput(many=True)
    state = GameStateOutput()


class VoidEventOutput(serializers.Serializer[Any]):
    """What an undo produces: the move it took back."""

    type = serializers.ChoiceField(choices=["void"])
    seq = serializers.IntegerField(help_text="The log row voided.")
    hand = serializers.IntegerField()
    move = serializers.JSONField(help_text="The voided move, as docs/scoresheet.md writes it.")


class UndoOutput(serializers.Serializer[Any]):
    events = VoidEventOutput(many=True)
    state = GameStateOutput()


class ErrorOutput(serializers.Serializer[Any]):
    error = serializers.CharField()


class ConflictOutput(serializers.Serializer[Any]):
    error = serializers.CharField()
    state = GameStateOutput()


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Per game: a retry with a key already answered gets the same answer and records nothing.",
)

WRITE_ONCE_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Per user, at most 200 characters: a retry with a key already answered gets the first answer "
                "(its status and body) and changes nothing; the same key with another URL or body is refused "
                "(422).",
)

WRITE_RESPONSES = {
    201: WriteOutput,
    400: ErrorOutput,
    401: ErrorOutput,
    403: ErrorOutput,
    404: ErrorOutput,
    409: ConflictOutput,
    413: ErrorOutput,
    422: ErrorOutput,
}

UNDO_RESPONSES = {**WRITE_RESPONSES, 201: UndoOutput}


class BodyRequiredSchema(AutoSchema):
    """The schema of a view that refuses a request without a body, where
    the body is described by a raw schema (a oneOf of shapes), which
    drf-spectacular never marks as required."""

    def _get_request_body(self, direction: str = "request") -> Any:
        body = super()._get_request_body(direction)  # type: ignore[no-untyped-call]  # drf-spectacular has no types
        if body:
            body["required"] = True
        return body
