"""The order of a season's divisions on the secretary's pages: a place
for each, 1 the top, which the change-over's promotion and relegation go
by (docs/organisation.md, "The order of the divisions"). Saving the order,
changed or not, confirms it where it was put right automatically."""
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.models import Division
from league.pages.form_keys import done_once
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.secretary import season_get, season_league_divisions
from league.services.division_places import division_order_set


class OrderForm(forms.Form):
    """A number for each division: its place, 1 the top."""

    def __init__(self, *args: Any, divisions: list[Division], **kwargs: Any) -> None:
        kwargs.setdefault("initial", {f"place_{d.pk}": d.level for d in divisions})
        super().__init__(*args, **kwargs)
        self.divisions = divisions
        for division in divisions:
            self.fields[f"place_{division.pk}"] = forms.IntegerField(
                label=division.name, min_value=1, max_value=999,
                help_text="1 is the top division; promotion goes up towards it.")

    def clean(self) -> dict[str, Any]:
        super().clean()
        seen: dict[int, str] = {}
        for division in self.divisions:
            place = self.cleaned_data.get(f"place_{division.pk}")
            if place is None:
                continue
            if place in seen:
                self.add_error(f"place_{division.pk}", f"{seen[place]} is number {place} too: give each "
                                                       "division a place of its own")
            else:
                seen[place] = division.name
        return self.cleaned_data

    def levels(self) -> dict[int, int]:
        return {d.pk: self.cleaned_data[f"place_{d.pk}"] for d in self.divisions}


@secretary_page
@require_http_methods(["GET", "POST"])
def division_order(request: HttpRequest, season_id: int) -> HttpResponse:
    """GET: the season's divisions top first, each with its number; POST:
    saves the numbers (and so confirms the order)."""
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    divisions = season_league_divisions(season_id=season.pk)
    form = OrderForm(request.POST or None, divisions=divisions)
    if request.method == "POST" and form.is_valid():
        levels = form.levels()
        try:
            return done_once(request, lambda: division_order_set(season_id=season.pk, levels=levels,
                                                                 user=request.user),
                             lambda _: (reverse("secretary-season-divisions", args=[season.pk]),
                                        f"The order of {season.name}'s divisions is saved."))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return render(request, "secretary/division_order.html", {"season": season, "form": form})
