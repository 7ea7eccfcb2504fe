"""Text a client writes through the API is either one line (a name) or
several (a reason): a name sent with CR/LF is stored on one line, as the
secretary's form would keep it, and no field can be declared without
saying which it is."""
from collections.abc import Iterator
from typing import Any

import pytest
from cupleague import a_cup_league, day
from drf_spectacular.generators import SchemaGenerator
from rest_framework import serializers

from league.api.text_fields import ManyLinesField, OneLineField
from league.models import Competition

pytestmark = pytest.mark.django_db

HEADER_INJECTION = "Cup\r\nBcc: victim@example.org"


def _request_bodies() -> Iterator[tuple[str, serializers.Serializer[Any]]]:
    """Every serializer the API reads a request body with, as the OpenAPI
    schema names them: a new write endpoint is found without a list here."""
    generator = SchemaGenerator()
    schema = generator.get_schema(request=None, public=True)
    components = {c.name: c.object for c in generator.registry._components.values() if c.type == "schemas"}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            body = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            ref = body.get("schema", {}).get("$ref", "")
            if ref:
                found = components[ref.rsplit("/", 1)[-1]]
                yield f"{method.upper()} {path}", found() if isinstance(found, type) else found


def _written_text(field: serializers.Field, where: str) -> Iterator[tuple[str, serializers.Field]]:
    """The text fields a client writes, nested and in lists included."""
    if field.read_only:
        return
    if isinstance(field, serializers.ListSerializer):
        yield from _written_text(field.child, f"{where}[]")
    elif isinstance(field, serializers.Serializer):
        for name, inner in field.fields.items():
            yield from _written_text(inner, f"{where}.{name}")
    elif isinstance(field, (serializers.ListField, serializers.DictField)):
        yield from _written_text(field.child, f"{where}[]")
    elif isinstance(field, serializers.CharField):
        yield where, field


def test_every_text_field_a_client_writes_says_whether_it_is_one_line_or_several() -> None:
    unsure = []
    for where, body in _request_bodies():
        for path, field in _written_text(body, where):
            if isinstance(field, (OneLineField, ManyLinesField)):
                continue
            if field.style.get("input_type") == "password":
                continue  # a password is taken exactly as typed
            if isinstance(field, serializers.RegexField):
                with pytest.raises(serializers.ValidationError):
                    field.run_validation("ab\r\ncd")  # its pattern keeps it to one line
                continue
            unsure.append(path)
    assert unsure == []


def test_a_cup_name_with_a_line_break_is_stored_on_one_line() -> None:
    cup = a_cup_league(4)
    body = {"name": HEADER_INJECTION, "draw_mode": "bracket", "seeded": True, "legs": 1,
            "finals_date": day(60).isoformat(), "finals_venue": cup.finals_venue.pk}
    answer = cup.desk().post(f"/api/seasons/{cup.season.pk}/cups", body, format="json")
    assert answer.status_code == 201 and answer.json()["name"] == "Cup Bcc: victim@example.org"
    assert Competition.objects.get(pk=answer.json()["id"]).name == "Cup Bcc: victim@example.org"


def test_a_name_with_another_control_character_is_refused_naming_the_field() -> None:
    cup = a_cup_league(4)
    body = {"name": "Cup\x07", "draw_mode": "bracket", "finals_date": day(60).isoformat(),
            "finals_venue": cup.finals_venue.pk}
    answer = cup.desk().post(f"/api/seasons/{cup.season.pk}/cups", body, format="json")
    assert answer.status_code == 400 and "name" in answer.json()["fields"]
    assert not Competition.objects.filter(season=cup.season).exists()


@pytest.mark.parametrize(("sent", "kept"), [
    ("Red Lion\r\n  A", "Red Lion A"), ("Red\tLion", "Red Lion"), ("Red\u2028Lion", "Red Lion"),
    ("  Red Lion  ", "Red Lion"),
])
def test_one_line_folds_line_breaks_and_tabs_into_a_space(sent: str, kept: str) -> None:
    assert OneLineField().run_validation(sent) == kept


def test_several_lines_keep_their_breaks_and_refuse_other_controls() -> None:
    assert ManyLinesField().run_validation("Rubber 9 was 61-59.\r\nAsk the Swan.") == "Rubber 9 was 61-59.\nAsk the Swan."
    with pytest.raises(serializers.ValidationError):
        ManyLinesField().run_validation("Rubber 9\x1b[2J")
