"""The form for a new division: its name, its place in the season, and
the settings it plays by, each a field of its own ("the league's" until
changed), as on a division's settings page (`secretary_settings_forms`)."""
from typing import Any

from django import forms

from league.models import League
from league.pages.form_fields import OneLineField
from league.pages.secretary_settings_forms import SettingsForm


class DivisionForm(SettingsForm):
    """A new division; a setting left at the league's inherits it."""

    name = OneLineField(max_length=100, help_text="Such as Premier or Division One.")
    place = forms.IntegerField(
        label="Place in the season", required=False, min_value=1, max_value=999,
        help_text="1 is the top division. Empty: below the last.")

    field_order = ["name", "place"]

    def __init__(self, *args: Any, league: League, next_place: int = 1, **kwargs: Any) -> None:
        super().__init__(*args, league=league, inherits=True, **kwargs)
        self.fields["place"].help_text = f"1 is the top division. Empty: number {next_place}, below the last."
        self.fields["place"].widget.attrs["placeholder"] = next_place

    def overrides(self) -> dict[str, Any]:
        """The settings the division sets itself, for `division_create`."""
        return {name: value for name, value in self.settings().items() if value is not None}

    def setting_fields(self) -> list[forms.BoundField]:
        return [field for field in self if field.name not in ("name", "place")]
