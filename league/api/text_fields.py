"""The two kinds of text a client may write, so that every field says
which it is and a name can never carry a line break.

A single line (names, slugs, usernames, seats): line breaks, tabs and the
other whitespace controls are folded into one space, as a browser's text
box does with a pasted line break, and any other control character is
refused. A cup named "Cup\\r\\nBcc: victim@example.org" is stored, shown
and mailed as "Cup Bcc: victim@example.org", one harmless line.

Several lines (reasons and notes, from a textarea): line breaks are kept,
written as \\n whatever the client sent, and tabs too; any other control
character is refused.

Each field also carries a pattern of the characters it takes, so the
OpenAPI schema says what it refuses.
"""
import re
from typing import Any

from django.core.validators import RegexValidator
from rest_framework import serializers

# The spaces DRF trims (str.isspace), spelled out because `\S` means
# something else in the ECMAScript regexes that clients of the schema use.
SPACES = r"\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
# Whitespace that breaks a line or a cell, with the spaces around it.
FOLDED = re.compile(r"\s*[\t\n\v\f\r\x1c-\x1f\x85\u2028\u2029]+\s*")
# The control characters each kind refuses (those it does not fold or keep).
ONE_LINE_REFUSED = r"\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f"
MANY_LINES_REFUSED = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
CONTROL_REFUSED = "may not contain control characters"


def taken_pattern(refused: str, say_something: bool) -> str:
    """Only characters the field takes; with `say_something`, at least one
    that is not a space."""
    if say_something:
        return f"^[^{refused}]*[^{refused}{SPACES}][^{refused}]*$"
    return f"^[^{refused}]*$"


# A one-line text that must say something, for a schema written by hand.
ONE_LINE_SAYING = taken_pattern(ONE_LINE_REFUSED, say_something=True)


class _Text(serializers.CharField):
    refused = ""

    def __init__(self, *, say_something: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        message = "may not be blank or contain control characters" if say_something else CONTROL_REFUSED
        self.validators.append(RegexValidator(taken_pattern(self.refused, say_something), message))

    def _checked(self, value: str) -> str:
        if re.search(f"[{self.refused}]", value):
            raise serializers.ValidationError(CONTROL_REFUSED)
        return value


class OneLineField(_Text):
    """Text on one line: line breaks folded into a space, other control
    characters refused with a 400 naming the field."""

    refused = ONE_LINE_REFUSED

    def to_internal_value(self, data: Any) -> str:
        value = FOLDED.sub(" ", super().to_internal_value(data))
        return self._checked(value.strip() if self.trim_whitespace else value)


class ManyLinesField(_Text):
    """Text that may run over lines (a reason, a note): \\r\\n and \\r are
    stored as \\n; control characters other than those and tab refused."""

    refused = MANY_LINES_REFUSED

    def to_internal_value(self, data: Any) -> str:
        return self._checked(super().to_internal_value(data).replace("\r\n", "\n").replace("\r", "\n"))
