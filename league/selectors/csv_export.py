"""Every CSV the service writes goes through `csv_text`, which keeps a
spreadsheet from running what a user typed.

Spreadsheets read a cell starting with =, +, -, @ (or a tab or carriage
return before one) as a formula, so a team renamed
`=HYPERLINK("http://evil.example","Cock Inn")` would be a live link in the
secretary's copy of the table. Such a text cell is written with a single
quote in front, which spreadsheets show as plain text and which anyone
reading the file can see. Cells that are numbers (an int or a float: a
goal difference of -3) are written as they are and stay numbers; a name
that merely looks like a negative number is text and is quoted.
"""
import csv
import io
from collections.abc import Iterable

RISKY_STARTS = ("=", "+", "-", "@", "\t", "\r")

Cell = str | int | float | None


def safe_cell(value: Cell) -> Cell:
    """The value as written: text a spreadsheet would run, quoted."""
    if isinstance(value, str) and value.startswith(RISKY_STARTS):
        return "'" + value
    return value


def csv_text(header: list[str], rows: Iterable[Iterable[Cell]]) -> str:
    """The header and rows as CSV text (CRLF line ends, as RFC 4180 asks)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    writer.writerows([safe_cell(cell) for cell in row] for row in rows)
    return out.getvalue()
