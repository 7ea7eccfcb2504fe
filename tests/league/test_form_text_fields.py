"""Names stay on one line when they come through the pages' forms too.

A browser's text box folds a pasted line break, but a form can be posted
by hand: every single-line text field of every form of the pages is a
OneLineField (league.pages.form_fields), which keeps the rule the API
keeps (league.text_lines), so a cup named "Cup\\r\\nBcc: x" is stored,
shown and mailed on one line."""
import importlib
import inspect
import pkgutil
from collections.abc import Iterator

from cup_pages_data import Cup, a_cup
from django import forms
from django.test import Client

import league.pages
from league.models import Competition
from league.pages.form_fields import OneLineField

# Text fields that are not a single line of free text, with why.
NOT_ONE_LINE = {
    forms.Textarea: "a textarea: its lines are meant",
    forms.PasswordInput: "a password: kept exactly as typed, and never shown or sent anywhere",
}
# Django's fields whose own check takes no whitespace at all.
NO_WHITESPACE = (forms.EmailField, forms.SlugField)


def form_classes() -> Iterator[type[forms.BaseForm]]:
    """Every form class defined in a module of league.pages."""
    for found in pkgutil.walk_packages(league.pages.__path__, "league.pages."):
        module = importlib.import_module(found.name)
        for _, value in inspect.getmembers(module, inspect.isclass):
            if issubclass(value, forms.BaseForm) and value.__module__ == module.__name__:
                yield value


def free_text_not_on_one_line(form: type[forms.BaseForm]) -> list[str]:
    return [f"{form.__module__}.{form.__name__}.{name}" for name, field in form.base_fields.items()
            if isinstance(field, forms.CharField) and not isinstance(field, (OneLineField, *NO_WHITESPACE))
            and type(field.widget) not in NOT_ONE_LINE]


def test_every_single_line_text_box_of_the_pages_keeps_its_text_on_one_line() -> None:
    classes = list(form_classes())
    assert len(classes) > 40  # the walk reached the forms
    unfolded = [name for form in classes for name in free_text_not_on_one_line(form)]
    assert unfolded == []


def test_a_cup_named_with_a_line_break_by_a_secretarys_form_is_stored_on_one_line(db: None) -> None:
    cup: Cup = a_cup()
    secretary = Client()
    secretary.force_login(cup.secretary)
    response = secretary.post(f"/secretary/seasons/{cup.season.pk}/cups/new", {
        "kind": "team", "structure": "knockout", "draw_mode": "rounds", "seeded": "drawn", "legs": "1",
        "tie_break": "games,points", "level": "replay", "name": "Plate\r\nBcc: victim@example.org"})
    assert response.status_code == 302
    assert Competition.objects.filter(name="Plate Bcc: victim@example.org").exists()


def test_a_control_character_in_a_name_is_refused_on_the_form(db: None) -> None:
    cup: Cup = a_cup()
    secretary = Client()
    secretary.force_login(cup.secretary)
    response = secretary.post(f"/secretary/seasons/{cup.season.pk}/cups/new", {
        "kind": "team", "structure": "knockout", "draw_mode": "rounds", "seeded": "drawn", "legs": "1",
        "tie_break": "games,points", "level": "replay", "name": "Plate\x07"})
    assert response.status_code == 200
    assert "may not contain control characters" in response.content.decode()
    assert not Competition.objects.filter(name__startswith="Plate").exists()
