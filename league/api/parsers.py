"""The API's JSON parser: DRF's, refusing with a 400 what would otherwise
escape it as a 500 or reach the database as text it cannot store.

- JSON nested deeper than Python's recursion limit raises RecursionError
  inside the json module, which DRF does not catch; and JSON nested a
  little less deep would recurse as deeply again in the serializers and
  the engine. No body of this API is more than a few levels deep (a
  scoresheet: sheet, hands, a hand, moves, a move, a tile list), so
  anything deeper than `MAX_DEPTH` is refused.
- A lone surrogate (`"\\ud800"`) is valid JSON but not text: it cannot be
  encoded as UTF-8, so a field echoing it in an error, or a database
  storing it, fails; nor can PostgreSQL store a NUL character (`"\\u0000"`)
  in text or JSON. Both are refused, naming where they were.
"""
from collections.abc import Mapping
from typing import IO, Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 20

Path = tuple[str | int, ...]


class SafeJSONParser(JSONParser):
    def parse(self, stream: IO[Any], media_type: str | None = None,
              parser_context: Mapping[str, Any] | None = None) -> dict[str, Any]:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError(f"the JSON is nested too deeply: at most {MAX_DEPTH} levels") from None
        problem = json_problem(data)
        if problem is not None:
            raise ParseError(problem)
        return data


def json_problem(data: Any) -> str | None:
    """What makes parsed JSON unfit for the API, naming where, or None.
    Walks the value with a stack, not by recursion, so depth cannot hurt it."""
    stack: list[tuple[Any, Path]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            return f"the JSON is nested too deeply at {_where(path)}: at most {MAX_DEPTH} levels"
        if isinstance(value, dict):
            for key, item in value.items():
                if not _is_text(key):
                    return f"a field name in {_where(path)} is not valid text (a lone surrogate or a NUL)"
                stack.append((item, (*path, key)))
        elif isinstance(value, list):
            stack.extend((item, (*path, index)) for index, item in enumerate(value))
        elif isinstance(value, str) and not _is_text(value):
            return f"{_where(path)} is not valid text (a lone surrogate or a NUL)"
    return None


def _is_text(value: str) -> bool:
    if "\x00" in value:
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _where(path: Path) -> str:
    """hands[0].moves[3].tile; "the body" for the top level."""
    if not path:
        return "the body"
    text = ""
    for step in path:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else str(step))
    return text
