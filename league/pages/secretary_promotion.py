"""The league's promotion and relegation rule, and a division's place in
the league, on the secretary's settings pages (docs/organisation.md, "The
change-over")."""
from itertools import pairwise
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from league.models import Division, League
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.changeover import latest_divisions
from league.selectors.secretary import division_get, league_get
from league.services.promotion_rule import division_level_set, promotion_rule_change
from league.standings.promotion import VENUE_MOVE_RULES


class PromotionForm(forms.Form):
    promotion_places = forms.IntegerField(min_value=0, label="Teams up and down between two divisions",
                                          help_text="As many go down as come up.")
    playoff_when_level = forms.BooleanField(
        required=False, label="Settle a tie on a promotion or relegation line by a play-off",
        help_text="Level means equal on every tie-breaker but the team name; otherwise the table's order stands.")
    venue_move = forms.ChoiceField(choices=VENUE_MOVE_RULES, label="A team that moved venue during or since the season")

    def __init__(self, *args: Any, league: League, divisions: list[Division], **kwargs: Any) -> None:
        overrides = league.promotion_overrides or {}
        initial = {"promotion_places": league.promotion_places, "playoff_when_level": league.playoff_when_level,
                   "venue_move": league.venue_move}
        for place in range(1, len(divisions)):
            initial[f"pair_{place}"] = overrides.get(str(place))
        kwargs["initial"] = initial
        super().__init__(*args, **kwargs)
        self.pairs = []
        for place, (upper, lower) in enumerate(pairwise(divisions), start=1):
            self.fields[f"pair_{place}"] = forms.IntegerField(
                min_value=0, required=False, label=f"Between {upper.name} and {lower.name}",
                help_text="Empty: the number above.")
            self.pairs.append(f"pair_{place}")

    def overrides(self) -> dict[str, int]:
        return {name.removeprefix("pair_"): self.cleaned_data[name] for name in self.pairs
                if self.cleaned_data.get(name) is not None}


class LevelForm(forms.Form):
    level = forms.IntegerField(min_value=1, label="Place in the league", help_text="1 is the top division.")


@secretary_page
@require_http_methods(["GET", "POST"])
def promotion(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    divisions = latest_divisions(league_id=league.pk)
    form = PromotionForm(request.POST or None, league=league, divisions=divisions)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            promotion_rule_change(league_id=league.pk, places=data["promotion_places"], overrides=form.overrides(),
                                  playoff_when_level=data["playoff_when_level"], venue_move=data["venue_move"],
                                  user=request.user)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, "The promotion and relegation rule is saved.")
            return HttpResponseRedirect(reverse("secretary-league-settings", args=[league.pk]))
    return render(request, "secretary/promotion.html", {"league": league, "form": form, "divisions": divisions})


@secretary_page
@require_POST
def division_level(request: HttpRequest, division_id: int) -> HttpResponse:
    division = division_get(division_id=division_id)
    require_secretary(request, division.season.league)
    form = LevelForm(request.POST)
    if not form.is_valid():
        messages.error(request, "The place in the league is a whole number from 1, the top division.")
    else:
        try:
            division_level_set(division_id=division.pk, level=form.cleaned_data["level"], user=request.user)
        except REFUSALS as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, f"{division.name} is now number {form.cleaned_data['level']} in the league.")
    return HttpResponseRedirect(reverse("secretary-division-settings", args=[division.pk]))
