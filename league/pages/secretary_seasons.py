"""A league's seasons on the secretary's pages: making one current (the
season the public pages open on) and deleting one created by mistake.
Each page first says what will change, then asks to confirm."""
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.public import current_season
from league.selectors.seasons import season_contents
from league.selectors.secretary import season_get
from league.services.seasons import season_delete, season_make_current


@secretary_page
@require_http_methods(["GET", "POST"])
def make_current(request: HttpRequest, season_id: int) -> HttpResponse:
    """GET: which season the league's pages open on now, and which they
    will; POST: makes the season current."""
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    problem = ""
    if request.method == "POST":
        try:
            season_make_current(season_id=season.pk, user=request.user)
        except REFUSALS as refusal:
            problem = refusal.message
        else:
            messages.success(request, f"{season.name} is the current season: {season.league}'s pages open on it.")
            return HttpResponseRedirect(reverse("secretary-home"))
    return render(request, "secretary/season_current.html", {
        "season": season, "current": current_season(season.league), "problem": problem})


@secretary_page
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, season_id: int) -> HttpResponse:
    """GET: what deleting the season takes with it, or why it may not be
    deleted; POST: deletes it."""
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    problem = ""
    if request.method == "POST":
        try:
            name = season_delete(season_id=season.pk, user=request.user)
        except REFUSALS as refusal:
            problem = refusal.message
        else:
            messages.success(request, f"{name} is deleted.")
            return HttpResponseRedirect(reverse("secretary-home"))
    return render(request, "secretary/season_delete.html", {
        "season": season, "contents": season_contents(season_id=season.pk), "problem": problem})
