"""The forms of offering dates and picking one, shared by a cup tie's
captains (`cup_captains`) and a league match's rearrangement requests
(`rearrangement_actions`)."""
from datetime import date
from typing import Any

from django import forms

DATE_INPUT = {"type": "date"}


class OfferForm(forms.Form):
    """Up to three nights; the service says which it cannot take."""

    first = forms.DateField(label="First date", widget=forms.DateInput(attrs=DATE_INPUT))
    second = forms.DateField(label="Second date", required=False, widget=forms.DateInput(attrs=DATE_INPUT))
    third = forms.DateField(label="Third date", required=False, widget=forms.DateInput(attrs=DATE_INPUT))

    def dates(self) -> list[date]:
        given = [self.cleaned_data[name] for name in ("first", "second", "third")]
        return sorted({day for day in given if day is not None})

    def given(self) -> list[date]:
        """Every date filled in, as given: a date twice is the service's to refuse."""
        return [day for name in ("first", "second", "third") if (day := self.cleaned_data[name]) is not None]


class PickForm(forms.Form):
    """One of the dates offered (ISO dates, as the tie or request keeps them)."""

    def __init__(self, *args: Any, offered: list[str], label: str = "The date you pick", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["date"] = forms.TypedChoiceField(
            label=label, widget=forms.RadioSelect, coerce=date.fromisoformat,
            choices=[(day, night_words(date.fromisoformat(day))) for day in offered])


def night_words(day: date) -> str:
    """A night as the date forms offer it: "Thursday 4 March"."""
    return f"{day:%A} {day.day} {day:%B}"
