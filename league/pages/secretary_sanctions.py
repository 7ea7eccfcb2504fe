"""A division's sanctions: the points taken off its teams and why, a form
to apply one (`sanction_apply`), and removing one, with a reason and a
confirmation step, to give its points back (`sanction_remove`)."""
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.models import Division, Fixture, Sanction, Team
from league.pages.form_keys import Done, FormInvalid, cleaned, done_once
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.late_results import LateTerms, late_result_terms
from league.selectors.matches import result_due
from league.selectors.secretary import (
    division_fixture,
    division_fixtures_out,
    division_get,
    division_sanctions,
    division_teams,
    sanction_get,
)
from league.services.sanctions import sanction_apply, sanction_check, sanction_most_points, sanction_remove


class SanctionForm(forms.Form):
    """The team and fixture are offered from the division, but any id is
    passed on, so that the service, not the form, says what is wrong."""

    team = forms.IntegerField(widget=forms.Select)
    points = forms.IntegerField(label="Points deducted", widget=forms.NumberInput(attrs={"min": 1}))
    reason = forms.CharField(max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
                             help_text="What the team did. It is kept with the sanction and in the audit log.")
    fixture = forms.IntegerField(label="For the fixture", required=False, widget=forms.Select,
                                 help_text="A sanction for one match, such as a result returned late.")
    # Set when the form starts from the league's rule for a late result (the
    # results page's link): the sanction is then that fixture's late-result one.
    late_result = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args: Any, teams: list[Team], fixtures: list[Fixture], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].widget.choices = [("", "Choose a team")] + [(t.pk, t.name) for t in teams]
        self.fields["fixture"].widget.choices = [("", "None: not for one match")] + [
            (f.pk, f"Week {f.week}, {f.played_on:%-d %b}: {f}") for f in fixtures]

    def arguments(self) -> dict[str, Any]:
        """The cleaned fields as `sanction_apply` takes them."""
        data = self.cleaned_data
        return {"team_id": data["team"], "points": data["points"], "reason": data["reason"],
                "fixture_id": data["fixture"], "late_result": data["late_result"]}


class RemoveForm(forms.Form):
    reason = forms.CharField(label="Why it is removed", max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
                             help_text="The audit log keeps it.")


@secretary_page
@require_http_methods(["GET", "POST"])
def sanctions(request: HttpRequest, division_id: int) -> HttpResponse:
    """The division's sanctions; a POST reviews one (what it takes off, the
    most the league allows), and a confirmed POST applies it. A GET may
    name the team and fixture to start from, and with `late` the points
    and reason of the league's rule for a late result (the results page
    links so)."""
    division = division_get(division_id=division_id)
    require_secretary(request, division.season.league)
    initial, late = _initial(division, request.GET.dict())
    form = _sanction_form(division, data=request.POST or None, initial=initial)
    step = request.POST.get("step", "review")
    confirming = False
    if request.method == "POST" and form.is_valid() and step != "edit":
        try:
            if step != "confirm":
                problem = sanction_check(division_id=division.pk, **form.arguments())
                if problem is not None:
                    raise problem
                confirming = True
            else:
                # Done once per confirmation form: a double tap on "Yes"
                # takes the points off once.
                return done_once(request, lambda: sanction_apply(division_id=division.pk, user=request.user,
                                                                 **form.arguments()),
                                 lambda applied: (reverse("secretary-sanctions", args=[division.pk]),
                                                  f"{applied.team} lose {applied.points} point"
                                                  f"{'s' if applied.points != 1 else ''} in {division.name}."))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return render(request, "secretary/sanctions.html", {
        "division": division, "sanctions": division_sanctions(division_id=division.pk), "form": form,
        "confirming": confirming, "most": sanction_most_points(division=division),
        "chosen": _chosen(form) if confirming else None, "late": late})


@secretary_page
@require_http_methods(["GET", "POST"])
def remove(request: HttpRequest, sanction_id: int) -> HttpResponse:
    """The reason's form; posted, its confirmation; confirmed, the removal,
    done once for the confirmation's key (league.pages.form_keys): sent
    again, it finds the first sending's answer, though the sanction is gone.
    "Go back" from the confirmation shows the form again as it was filled."""
    form = RemoveForm(request.POST or None)
    step = request.POST.get("step", "review")
    if request.method == "POST" and step == "confirm":
        try:
            return done_once(request, lambda: _removed(request, sanction_id, form), _removed_said)
        except FormInvalid:
            pass
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    sanction = sanction_get(sanction_id=sanction_id)
    require_secretary(request, sanction.division.season.league)
    confirming = request.method == "POST" and step == "review" and form.is_valid()
    return render(request, "secretary/sanction_remove.html", {
        "sanction": sanction, "form": form, "confirming": confirming})


def _removed(request: HttpRequest, sanction_id: int, form: RemoveForm) -> Sanction:
    """Removes the sanction, looked up inside the keyed write: the sanction
    as it was, for the message."""
    sanction = sanction_get(sanction_id=sanction_id)
    require_secretary(request, sanction.division.season.league)
    sanction_remove(sanction_id=sanction.pk, reason=cleaned(form)["reason"], user=request.user)
    return sanction


def _removed_said(sanction: Sanction) -> Done:
    return (reverse("secretary-sanctions", args=[sanction.division_id]),
            f"The sanction is removed: {sanction.team} have their {sanction.points} "
            f"point{'s' if sanction.points != 1 else ''} back.")


def _initial(division: Division, asked: dict[str, str]) -> tuple[dict[str, Any], LateTerms | None]:
    """The form's first values from the address; with `late` and one of the
    division's fixtures, the home team, points and reason the league's rule
    gives its result returned late, and those terms."""
    fixture_id = asked.get("fixture", "")
    if "late" not in asked or not fixture_id.isdigit():
        return asked, None
    fixture = division_fixture(division_id=division.pk, fixture_id=int(fixture_id))
    if fixture is None:
        return asked, None
    terms = late_result_terms(fixture=fixture, due=result_due(fixture))
    return {**asked, "team": fixture.home_team_id, "points": terms.points or None, "reason": terms.reason,
            "late_result": True}, terms


def _sanction_form(division: Division, *, data: Any, initial: dict[str, Any]) -> SanctionForm:
    form = SanctionForm(data, initial=initial, teams=division_teams(division_id=division.pk),
                        fixtures=division_fixtures_out(division_id=division.pk))
    # The browser says so at once; the service refuses more all the same.
    most = sanction_most_points(division=division)
    form.fields["points"].widget.attrs["max"] = most
    form.fields["points"].help_text = f"At most {most} in {division.name}."
    return form


def _chosen(form: SanctionForm) -> dict[str, Any]:
    """The team and fixture the confirmation names, by the names offered."""
    data = form.cleaned_data
    teams = dict(form.fields["team"].widget.choices)
    fixtures = dict(form.fields["fixture"].widget.choices)
    return {"team": teams.get(data["team"], data["team"]), "points": data["points"], "reason": data["reason"],
            "fixture": fixtures.get(data["fixture"]) if data["fixture"] else None}
