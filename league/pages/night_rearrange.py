"""The night page's part in moving a match: the state of the captains'
request to move it, and the forms the user may use about it, blank or as
sent when a service refused them (`rearrangement_actions` takes them)."""
from typing import Any

from django import forms
from django.http import HttpRequest
from django.utils import timezone

from league.pages.date_offer_forms import OfferForm, night_words
from league.selectors.night_page import NightPage
from league.selectors.rearrangements import rearrangement_state

KEY = "rearrange"  # the night page's name for these forms (`Bound.key`)
REASON = forms.Textarea(attrs={"rows": 2})


class ProposeForm(OfferForm):
    team = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(label="Why", max_length=2000, widget=REASON,
                             help_text="Such as: our pub is closed for a private party that night.")


class DeclineForm(forms.Form):
    reason = forms.CharField(label="Why none of these nights will do", max_length=2000, widget=REASON)


def rearrange_context(request: HttpRequest, found: NightPage, *, key: str = "", form: forms.Form | None = None,
                      problems: list[str] | None = None) -> dict[str, Any]:
    """The night page's part: the request's state, and the forms the user
    may use; the form named `key` (one of ours, refused) as it was sent."""
    state = rearrangement_state(fixture=found.fixture, user=request.user, today=timezone.localdate())
    context: dict[str, Any] = {"rearrange": state, "rearrange_problems": problems or []}
    if state.propose_teams:
        context["propose_forms"] = [
            (team, form if form is not None and key == f"{KEY}-{team.pk}"
             else ProposeForm(initial={"team": team.pk}, prefix=f"ask{team.pk}"))
            for team in state.propose_teams]
    if state.answer:
        context["decline_form"] = form if form is not None and key == f"{KEY}-decline" else DeclineForm()
        context["offered"] = [(day.isoformat(), night_words(day)) for day in state.dates]
    return context


def is_ours(key: str) -> bool:
    return key.startswith(KEY)
