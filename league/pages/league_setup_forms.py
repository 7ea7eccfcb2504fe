"""The forms of a league's first set-up (`league.pages.secretary_league_setup`).
As the secretary's other forms, they check only what a form can; the
league's rules are the services' to keep. The season's form is the
secretary's own `SeasonForm`, the venue's `VenueForm`."""
from typing import Any

from django import forms
from django.utils.text import slugify

import scoring
from league.formats import FORMATS, SCHEMES
from league.models import Division, Venue
from league.pages.form_fields import OneLineField
from league.text_lines import ControlCharacters, one_line

# The longest names the models keep.
LEAGUE_NAME_MAX, DIVISION_NAME_MAX, SLUG_MAX = 200, 100, 60
PRESET_WORDS = {
    "pub": "Pub rules: 61 up, an exact finish",
    "pagat": "Pagat's rules: partners, a point for chipping out",
    "network": "Network rules: six tiles each, a double leads each hand",
    "jaques": "Jaques rules: drawing from the boneyard",
    "threes-and-fives": "Threes and Fives: spinners, 251 up",
}


class LeagueForm(forms.Form):
    name = OneLineField(max_length=LEAGUE_NAME_MAX, label="The league's name",
                        help_text="As it is known, such as Leek & District Fives and Threes League.")
    preset = forms.ChoiceField(label="Rule system", help_text="The rules every game is played by.")
    match_format = forms.ChoiceField(label="Match format", help_text="The games a match is made of.")
    points_scheme = forms.ChoiceField(label="Points scheme", help_text="What a match is worth in the table.")
    result_deadline_days = forms.IntegerField(label="Days to return a result", min_value=1, initial=7,
                                              help_text="How long the home team has to send in a result.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "preset", [(key, PRESET_WORDS.get(key, key)) for key in scoring.PRESETS])
        _choices(self, "match_format", [(key, found.name) for key, found in FORMATS.items()])
        _choices(self, "points_scheme", [(key, found.name) for key, found in SCHEMES.items()])

    def clean_name(self) -> str:
        name: str = self.cleaned_data["name"]
        if not slug_of(name):
            raise forms.ValidationError("write a name with letters or digits in it")
        return name

    def settings(self) -> dict[str, Any]:
        """The league's settings, for `league_create`; the rest take their defaults."""
        data = self.cleaned_data
        return {"rules": {"preset": data["preset"]}, "match_format": data["match_format"],
                "points_scheme": data["points_scheme"], "result_deadline_days": data["result_deadline_days"]}


def slug_of(name: str) -> str:
    """The league's address on the site, from its name: leek-district-league."""
    return slugify(name)[:SLUG_MAX].strip("-")


NO_DIVISION = "write at least one division's name"


class DivisionsForm(forms.Form):
    names = forms.CharField(
        label="Divisions, top first", widget=forms.Textarea(attrs={"rows": 4}),
        error_messages={"required": NO_DIVISION},
        help_text="One a line, the top division first, such as Premier, then Division One.")

    def clean_names(self) -> list[str]:
        names: list[str] = []
        for line in self.cleaned_data["names"].splitlines():
            try:
                name = one_line(line)
            except ControlCharacters as refused:
                raise forms.ValidationError(str(refused)) from None
            if not name:
                continue
            if len(name) > DIVISION_NAME_MAX:
                raise forms.ValidationError(f"“{name[:30]}…” is too long: at most {DIVISION_NAME_MAX} characters")
            if name.lower() in (seen.lower() for seen in names):
                raise forms.ValidationError(f"{name} is in the list twice: each division needs its own name")
            names.append(name)
        if not names:
            raise forms.ValidationError(NO_DIVISION)
        return names


class TeamEntryForm(forms.Form):
    name = OneLineField(max_length=200, label="Team's name", help_text="Such as Red Lion A.")
    venue = forms.TypedChoiceField(label="Home venue", coerce=int)
    division = forms.TypedChoiceField(label="Division", coerce=int)

    def __init__(self, *args: Any, venues: list[Venue], divisions: list[Division], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _choices(self, "venue", [("", "Choose a venue")] + [(v.pk, v.name) for v in venues])
        _choices(self, "division", [(d.pk, d.name) for d in divisions])


def _choices(form: forms.Form, name: str, choices: list[tuple[Any, str]]) -> None:
    field = form.fields[name]
    assert isinstance(field, forms.ChoiceField)
    field.choices = choices
