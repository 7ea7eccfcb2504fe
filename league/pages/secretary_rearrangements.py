"""Secretary › Rearrangements: every captains' request to move a match in
the league, open ones first, each with the secretary's ways to step in
(set a night, postpone the match, close the request), checked on the page
before anything changes; and each season's last night a match may be
moved to."""
from datetime import date
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from league.models import League, RearrangeRequest
from league.pages.date_offer_forms import DATE_INPUT, night_words
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.rearrangements import league_requests, league_seasons_listed
from league.selectors.secretary import league_get, season_get
from league.services.rearrangements import rearrangement_overrule, season_rearrange_by_set

STEPS = [("date", "Set the night"), ("postpone", "Postpone the match, with no night yet"),
         ("close", "Close the request: the match stays as it is")]


class SettleForm(forms.Form):
    step = forms.ChoiceField(label="What to do", choices=STEPS, widget=forms.RadioSelect, initial="date")
    night = forms.ChoiceField(label="A night offered", required=False)
    other = forms.DateField(label="Or another night", required=False, widget=forms.DateInput(attrs=DATE_INPUT))
    reason = forms.CharField(label="Note for both teams", max_length=2000, widget=forms.Textarea(attrs={"rows": 2}),
                             help_text="Kept with the request and in the audit log.")
    insist = forms.BooleanField(label="Move it even onto a night one of the teams already plays", required=False)

    def __init__(self, *args: Any, request: RearrangeRequest, **kwargs: Any) -> None:
        kwargs["prefix"] = f"settle{request.fixture_id}"
        super().__init__(*args, **kwargs)
        choices = [(day, night_words(date.fromisoformat(day))) for day in request.dates]
        self.fields["night"].choices = [("", "None: another night")] + choices  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        chosen = data.get("other") or (date.fromisoformat(data["night"]) if data.get("night") else None)
        if data.get("step") == "date" and chosen is None:
            self.add_error("other", "pick a night offered, or give another")
        data["date"] = chosen if data.get("step") == "date" else None
        return data

    def summary(self, request: RearrangeRequest) -> str:
        """What confirming will do, in a sentence."""
        data, fixture = self.cleaned_data, request.fixture
        if data["step"] == "date":
            offered = data["date"].isoformat() in request.dates
            return (f"{fixture} moves to {night_words(data['date'])} {data['date'].year}, and {request.team}'s "
                    f"request is {'accepted' if offered else 'overruled'}.")
        if data["step"] == "postpone":
            return f"{fixture} is postponed with no night yet, and {request.team}'s request is overruled."
        return f"{request.team}'s request is closed, and {fixture} stays as it is."


class LastNightForm(forms.Form):
    rearrange_by = forms.DateField(label="Last night a match may be moved to", required=False,
                                   widget=forms.DateInput(attrs=DATE_INPUT),
                                   help_text="Captains cannot offer a night after it; empty: no limit.")


@secretary_page
@require_GET
def requests_page(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    return _page(request, league)


@secretary_page
@require_POST
def settle(request: HttpRequest, league_id: int, fixture_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    found = next((r for r in league_requests(league_id=league.pk)
                  if r.fixture_id == fixture_id and r.status == RearrangeRequest.Status.OPEN), None)
    if found is None:
        messages.error(request, "That request has been answered already.")
        return HttpResponseRedirect(reverse("secretary-rearrangements", args=[league.pk]))
    form = SettleForm(request.POST, request=found)
    if not form.is_valid() or request.POST.get("confirm") != "yes":
        return _page(request, league, bound=(fixture_id, form, form.is_valid()))
    data = form.cleaned_data
    try:
        rearrangement_overrule(fixture_id=fixture_id, step=data["step"], reason=data["reason"], user=request.user,
                               date=data["date"], insist=data["insist"])
    except REFUSALS as refusal:
        form.add_error(None, refusal.message)
        return _page(request, league, bound=(fixture_id, form, False))
    messages.success(request, form.summary(found))
    return HttpResponseRedirect(reverse("secretary-rearrangements", args=[league.pk]))


@secretary_page
@require_POST
def last_night(request: HttpRequest, season_id: int) -> HttpResponse:
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    form = LastNightForm(request.POST, prefix=f"season{season.pk}")
    if not form.is_valid():
        messages.error(request, "Give the last night as a date, or leave it empty for no limit.")
    else:
        try:
            season_rearrange_by_set(season_id=season.pk, last=form.cleaned_data["rearrange_by"], user=request.user)
        except REFUSALS as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, f"{season.name}'s last night for moved matches is saved.")
    return HttpResponseRedirect(reverse("secretary-rearrangements", args=[season.league_id]) + "#seasons")


def _page(request: HttpRequest, league: League,
          bound: tuple[int, SettleForm, bool] | None = None) -> HttpResponse:
    """The page; `bound` is one request's form as sent, and whether it is
    ready to confirm."""
    rows: list[dict[str, Any]] = []
    for found in league_requests(league_id=league.pk):
        row: dict[str, Any] = {"request": found, "open": found.status == RearrangeRequest.Status.OPEN}
        if row["open"]:
            mine = bound is not None and bound[0] == found.fixture_id
            row["form"] = bound[1] if bound is not None and mine else SettleForm(request=found)
            row["reviewing"] = bound is not None and mine and bound[2]
            if row["reviewing"]:
                row["summary"] = row["form"].summary(found)
        rows.append(row)
    seasons = [{"season": season, "form": LastNightForm(initial={"rearrange_by": season.rearrange_by},
                                                         prefix=f"season{season.pk}")}
               for season in league_seasons_listed(league=league)]
    return render(request, "secretary/rearrangements.html", {
        "league": league, "open_rows": [r for r in rows if r["open"]],
        "answered_rows": [r for r in rows if not r["open"]], "seasons": seasons},
        status=200)
