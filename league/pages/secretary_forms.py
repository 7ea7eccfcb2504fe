"""The forms of the secretary's pages. They check only what a form can
(a date is a date, a number a number) and turn the fields into the
arguments of a service; the league's rules are the services' to keep."""
from datetime import date, datetime
from typing import Any

from django import forms

from league.models import Fixture, Team
from league.pages.form_fields import OneLineField, form_field
from league.selectors.secretary import league_teams

WEEKDAYS = [(str(n), name) for n, name in enumerate(
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"])]
DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class SeasonForm(forms.Form):
    name = OneLineField(max_length=100, help_text="Such as Winter 2026-27.")
    start = forms.DateField(widget=DATE_INPUT, help_text="The first week of matches.")
    registration_deadline = forms.DateField(
        widget=DATE_INPUT, help_text="The last day captains may change their squads; after it, only a secretary.")
    squad_max = forms.IntegerField(label="Most players a squad may have", min_value=1, initial=12)
    squad_min = forms.IntegerField(label="Fewest players a squad must have", min_value=1, initial=8)
    insist = forms.BooleanField(label="Set it up even though its start has gone", required=False,
                                help_text="Only for a season already under way.")


class EntryForm(forms.Form):
    # The choices come with the form: the league's teams (see __init__).
    team: "forms.ModelChoiceField[Team]" = forms.ModelChoiceField(
        queryset=None, empty_label="Choose a team", help_text="Teams of the league not yet in a division this season.")

    def __init__(self, *args: Any, league_id: int, teams: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = form_field(self, "team", forms.ModelChoiceField)
        # Any team of the league is accepted, so that a team entered since
        # the page was drawn reaches the service and its reason; only the
        # teams still free are offered.
        field.queryset = league_teams(league_id=league_id)
        field.widget.choices = [("", field.empty_label)] + [(team.pk, team.name) for team in teams]


class DrawForm(forms.Form):
    start = forms.DateField(widget=DATE_INPUT, help_text="Matches start on the first match night on or after it.")
    weekday = forms.ChoiceField(label="Match night", choices=WEEKDAYS)
    skip_dates = forms.CharField(
        label="Nights with no matches", required=False, widget=forms.Textarea(attrs={"rows": 4}),
        help_text="One date a line, such as 2026-12-22 or 22/12/2026: Christmas, finals nights. Later weeks move on.")

    def clean_weekday(self) -> int:
        return int(self.cleaned_data["weekday"])

    def clean_skip_dates(self) -> list[date]:
        days = []
        for line in self.cleaned_data["skip_dates"].replace(",", "\n").splitlines():
            if line.strip():
                days.append(_day(line.strip()))
        return sorted(set(days))


class ChangeForm(forms.Form):
    """A change to a published fixture: a reason, and a new date or a
    winner where the change needs one."""

    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}),
                             help_text="The teams see it, and the audit log keeps it.")

    def __init__(self, *args: Any, fixture: Fixture, verb: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if verb == "rearrange":
            self.fields["new_date"] = forms.DateField(label="New date", widget=DATE_INPUT)
            self.fields["insist"] = forms.BooleanField(
                label="Move it even onto a night one of its teams already plays", required=False,
                help_text="Only when both teams have agreed to play twice that night.")
        if verb == "walkover":
            self.fields["winner"] = forms.TypedChoiceField(
                label="Awarded to", coerce=int, widget=forms.RadioSelect,
                choices=[(fixture.home_team_id, fixture.home_team), (fixture.away_team_id, fixture.away_team)])
        self.order_fields(["new_date", "winner", "reason", "insist"])


def _day(text: str) -> date:
    for pattern in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise forms.ValidationError(f"{text!r} is not a date: write it as 2026-12-22 or 22/12/2026")


def walkover_score_check(form: forms.Form) -> None:
    """A walkover's score is both sides' games or neither (inherited): the
    form's forfeit_won and forfeit_lost, each told when the other is missing."""
    won, lost = form.cleaned_data.get("forfeit_won"), form.cleaned_data.get("forfeit_lost")
    if (won is None) != (lost is None):
        form.add_error("forfeit_won" if won is None else "forfeit_lost",
                       "give both games of the walkover score, or neither")
