"""The two kinds of text a client may write, as serializer fields, so that
every field of a body says which it is. The rule itself (what is folded,
kept or refused) is league.text_lines, shared with the pages' forms.

Each field also carries a pattern of the characters it takes, so the
OpenAPI schema says what it refuses.
"""
from collections.abc import Callable
from typing import Any

from django.core.validators import RegexValidator
from rest_framework import serializers

from league.text_lines import (
    CONTROL_REFUSED,
    MANY_LINES_REFUSED,
    ONE_LINE_REFUSED,
    ControlCharacters,
    many_lines,
    one_line,
    taken_pattern,
)

# A one-line text that must say something, for a schema written by hand.
ONE_LINE_SAYING = taken_pattern(ONE_LINE_REFUSED, say_something=True)


class _Text(serializers.CharField):
    refused = ""

    def __init__(self, *, say_something: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        message = "may not be blank or contain control characters" if say_something else CONTROL_REFUSED
        self.validators.append(RegexValidator(taken_pattern(self.refused, say_something), message))

    @staticmethod
    def _checked(write: Callable[[str], str], value: str) -> str:
        """`write(value)`, a refusal of control characters as the field's error."""
        try:
            return write(value)
        except ControlCharacters as refused:
            raise serializers.ValidationError(str(refused)) from None


class OneLineField(_Text):
    """Text on one line: line breaks folded into a space, other control
    characters refused with a 400 naming the field."""

    refused = ONE_LINE_REFUSED

    def to_internal_value(self, data: Any) -> str:
        return self._checked(lambda text: one_line(text, strip=self.trim_whitespace), super().to_internal_value(data))


class ManyLinesField(_Text):
    """Text that may run over lines (a reason, a note): \\r\\n and \\r are
    stored as \\n; control characters other than those and tab refused."""

    refused = MANY_LINES_REFUSED

    def to_internal_value(self, data: Any) -> str:
        return self._checked(many_lines, super().to_internal_value(data))
