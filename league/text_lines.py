"""The two kinds of text people write, one rule for the API and the pages
(league.api.text_fields, league.pages.form_fields), so that a name can
never carry a line break however it is sent.

A single line (names, slugs, usernames, seats): line breaks, tabs and the
other whitespace controls are folded, with the spaces around them, into
one space, as a browser's text box does with a pasted line break, and any
other control character is refused. A cup named "Cup\\r\\nBcc: x" is
stored, shown and mailed as "Cup Bcc: x", one harmless line.

Several lines (reasons and notes, from a textarea): line breaks are kept,
written as \\n whatever was sent, and tabs too; any other control
character is refused.

Pure Python: the API's serializer fields and the pages' form fields each
turn `ControlCharacters` into their own field error.
"""
import re

# The spaces DRF trims (str.isspace), spelled out because `\S` means
# something else in the ECMAScript regexes that clients of the schema use.
SPACES = r"\t\n\x0b\x0c\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
# Whitespace that breaks a line or a cell, with the spaces around it.
FOLDED = re.compile(r"\s*[\t\n\v\f\r\x1c-\x1f\x85\u2028\u2029]+\s*")
# The control characters each kind refuses (those it does not fold or keep).
ONE_LINE_REFUSED = r"\x00-\x08\x0e-\x1b\x7f-\x84\x86-\x9f"
MANY_LINES_REFUSED = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
CONTROL_REFUSED = "may not contain control characters"


class ControlCharacters(ValueError):
    """The text holds a control character its kind refuses."""


def taken_pattern(refused: str, say_something: bool) -> str:
    """Only characters the field takes; with `say_something`, at least one
    that is not a space."""
    if say_something:
        return f"^[^{refused}]*[^{refused}{SPACES}][^{refused}]*$"
    return f"^[^{refused}]*$"


def one_line(value: str, *, strip: bool = True) -> str:
    """The text on one line; raises ControlCharacters."""
    folded = FOLDED.sub(" ", value)
    return _checked(folded.strip() if strip else folded, ONE_LINE_REFUSED)


def many_lines(value: str) -> str:
    """The text with its line breaks written \\n; raises ControlCharacters."""
    return _checked(value.replace("\r\n", "\n").replace("\r", "\n"), MANY_LINES_REFUSED)


def _checked(value: str, refused: str) -> str:
    if re.search(f"[{refused}]", value):
        raise ControlCharacters(CONTROL_REFUSED)
    return value


def full_stop(sentence: str) -> str:
    """The sentence ended with one full stop: a name shown as initials
    ("Your name now shows as J. B.") already ends with one."""
    sentence = sentence.rstrip()
    return sentence if sentence.endswith((".", "!", "?")) else f"{sentence}."
