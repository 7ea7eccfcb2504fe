"""Writing iCalendar (RFC 5545) text: a calendar of events, all-day or
starting at a time, enough for a team's fixtures feed. Pure Python, no
Django. A timed event is written in UTC (the `Z` form), which every
calendar reads without the time zone's own definition in the file.

Terms: a *content line* is one `NAME;PARAMS:value` line. RFC 5545 wants
lines of at most 75 octets (UTF-8 bytes, not characters), longer ones
*folded* by breaking them and starting each continuation with a space;
CRLF line endings; and backslash, semicolon, comma and newline in text
values escaped.

>>> from datetime import date, datetime, timezone
>>> text = calendar_text([Event(uid="1@x", day=date(2026, 9, 1), summary="A v B")],
...                      name="A", stamp=datetime(2026, 8, 1, tzinfo=timezone.utc))
>>> "DTSTART;VALUE=DATE:20260901" in text.split("\\r\\n")
True
"""
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone

PRODID = "-//Fives and Threes league//Fixtures//EN"
LIMIT = 75  # octets a line, CRLF not counted


@dataclass(frozen=True)
class Event:
    """One event: all day on `day`, or from `start` (a time-zone-aware
    datetime) for `length`. `status` is TENTATIVE, CONFIRMED or CANCELLED."""

    uid: str
    day: date
    summary: str
    location: str = ""
    description: str = ""
    status: str = "CONFIRMED"
    sequence: int = 0
    start: datetime | None = None
    length: timedelta = timedelta(hours=3)


def calendar_text(events: Iterable[Event], *, name: str, stamp: datetime) -> str:
    """The whole calendar; `stamp` (when it was made) is every DTSTAMP."""
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{PRODID}", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
             f"X-WR-CALNAME:{escape(name)}"]
    for event in events:
        lines += _event_lines(event, stamp=stamp)
    lines.append("END:VCALENDAR")
    return "".join(fold(line) + "\r\n" for line in lines)


def _event_lines(event: Event, *, stamp: datetime) -> list[str]:
    lines = [
        "BEGIN:VEVENT",
        f"UID:{escape(event.uid)}",
        f"DTSTAMP:{stamp.astimezone(timezone.utc):%Y%m%dT%H%M%SZ}",
        *_times(event),
        f"SUMMARY:{escape(event.summary)}",
        f"STATUS:{event.status}",
        f"SEQUENCE:{event.sequence}",
        # A match night is not a day off: show the time as free.
        "TRANSP:TRANSPARENT",
    ]
    if event.location:
        lines.append(f"LOCATION:{escape(event.location)}")
    if event.description:
        lines.append(f"DESCRIPTION:{escape(event.description)}")
    lines.append("END:VEVENT")
    return lines


def _times(event: Event) -> list[str]:
    if event.start is None:
        # An all-day event ends (exclusively) the next day.
        return [f"DTSTART;VALUE=DATE:{event.day:%Y%m%d}",
                f"DTEND;VALUE=DATE:{event.day + timedelta(days=1):%Y%m%d}"]
    start = event.start.astimezone(timezone.utc)
    return [f"DTSTART:{start:%Y%m%dT%H%M%SZ}", f"DTEND:{start + event.length:%Y%m%dT%H%M%SZ}"]


def escape(text: str) -> str:
    r"""A TEXT value escaped: backslash, semicolon, comma and newlines.

    >>> escape("Red Lion; Crown, and\nBell\\")
    'Red Lion\\; Crown\\, and\\nBell\\\\'
    """
    text = text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
    return text.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\n")


def fold(line: str) -> str:
    """The line broken into pieces of at most 75 octets, each continuation
    starting with a space (which counts); never inside a UTF-8 character.

    >>> [len(part) for part in fold("X" * 160).split("\\r\\n")]
    [75, 75, 12]
    """
    parts: list[str] = []
    current, size = "", 0
    for char in line:
        width = len(char.encode("utf-8"))
        if size + width > LIMIT:
            parts.append(current)
            current, size = " ", 1
        current += char
        size += width
    parts.append(current)
    return "\r\n".join(parts)
