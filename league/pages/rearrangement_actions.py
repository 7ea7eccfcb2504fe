"""Captains asking to move a match, from its match night page (and, for
picking a date, from "My matches" on the front page): each form posts here
and calls one service of `league.services.rearrangements`. A refusal shows
the night page again with the service's words beside the form as it was
filled; a success goes back where the form was."""
from collections.abc import Callable
from typing import TypeVar

from django import forms
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme

from league.pages.date_offer_forms import PickForm, night_words
from league.pages.form_keys import FormInvalid, cleaned, done_once
from league.pages.night import Bound, render_night
from league.pages.night_actions import REFUSALS, night_action, problems_of
from league.pages.night_rearrange import KEY, DeclineForm, ProposeForm
from league.selectors.night_page import NightPage
from league.selectors.rearrangements import RearrangeState, rearrangement_state
from league.services.rearrangements import (
    rearrangement_decline,
    rearrangement_pick,
    rearrangement_propose,
    rearrangement_withdraw,
)

T = TypeVar("T")

def _refused(request: HttpRequest, found: NightPage, key: str, form: forms.Form | None,
             problems: list[str]) -> HttpResponse:
    return render_night(request, found.fixture.pk, Bound(key, form, problems))


def _done(request: HttpRequest, found: NightPage, write: Callable[[], T], message: Callable[[T], str]) -> HttpResponse:
    """Does the write once for the form's key (league.pages.form_keys) and
    goes back where the form was, saying what was done."""
    return done_once(request, write, lambda done: (_back(request, found), message(done)))


def _back(request: HttpRequest, found: NightPage) -> str:
    back = request.POST.get("next", "")
    if back and url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                                require_https=request.is_secure()):
        return back
    return f"{reverse('night-page', args=[found.fixture.pk])}#{KEY}"


@night_action
def propose(request: HttpRequest, found: NightPage) -> HttpResponse:
    team = request.POST.get("team", "")
    form = ProposeForm(request.POST, prefix=f"ask{team}" if team.isdigit() else None)
    key = f"{KEY}-{team}"
    if not form.is_valid():
        return _refused(request, found, key, form, ["Give at least one date, each as a day of the month, "
                                                    "and say why."])
    try:
        return _done(request, found, lambda: rearrangement_propose(
            fixture_id=found.fixture.pk, team_id=form.cleaned_data["team"], dates=form.given(),
            reason=form.cleaned_data["reason"], user=request.user),
            lambda _: "Your request is sent: the other captain picks one of your dates or declines.")
    except REFUSALS as refusal:
        return _refused(request, found, key, form, problems_of(refusal))


@night_action
def pick(request: HttpRequest, found: NightPage) -> HttpResponse:
    state = _state(request, found)
    offered = state.open.dates if state.open else []
    form = PickForm(request.POST, offered=offered)
    try:
        # Checked in the write: once picked, the request is closed and offers
        # no dates, and a resend finds its first answer.
        return _done(request, found, lambda: rearrangement_pick(fixture_id=found.fixture.pk,
                                                                date=cleaned(form)["date"], user=request.user),
                     lambda fixture: f"{fixture} is moved to {night_words(fixture.played_on)}.")
    except FormInvalid:
        return _refused(request, found, f"{KEY}-pick", None, ["Pick one of the dates offered."])
    except REFUSALS as refusal:
        return _refused(request, found, f"{KEY}-pick", None, problems_of(refusal))


@night_action
def decline(request: HttpRequest, found: NightPage) -> HttpResponse:
    form = DeclineForm(request.POST)
    if not form.is_valid():
        return _refused(request, found, f"{KEY}-decline", form, ["Say why none of the dates will do."])
    try:
        return _done(request, found, lambda: rearrangement_decline(
            fixture_id=found.fixture.pk, reason=form.cleaned_data["reason"], user=request.user),
            lambda _: "The request is declined: the match stays on its night.")
    except REFUSALS as refusal:
        return _refused(request, found, f"{KEY}-decline", form, problems_of(refusal))


@night_action
def withdraw(request: HttpRequest, found: NightPage) -> HttpResponse:
    try:
        return _done(request, found, lambda: rearrangement_withdraw(fixture_id=found.fixture.pk, user=request.user),
                     lambda _: "Your request is withdrawn: the match stays on its night.")
    except REFUSALS as refusal:
        return _refused(request, found, f"{KEY}-withdraw", None, problems_of(refusal))


def _state(request: HttpRequest, found: NightPage) -> RearrangeState:
    return rearrangement_state(fixture=found.fixture, user=request.user, today=timezone.localdate())
