"""The secretary's ratings page: the league's minimum of games before a
player's rating is public, and a button to re-rate every player from the
first confirmed game (done by the worker; docs/ratings.md)."""
from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.secretary import league_get
from league.services.ratings import MAX_MIN_GAMES, rating_min_games_set, ratings_rebuild_request


class MinimumForm(forms.Form):
    rating_min_games = forms.IntegerField(
        label="Games before a rating is public", min_value=0, max_value=MAX_MIN_GAMES,
        help_text="Until then a player's rating shows on no public page and no leaderboard; 0: at once.")


@secretary_page
@require_http_methods(["GET", "POST"])
def ratings_page(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    form = MinimumForm(request.POST if request.POST.get("action") == "minimum" else None,
                       initial={"rating_min_games": league.rating_min_games})
    if request.method == "POST" and request.POST.get("action") == "rerate":
        ratings_rebuild_request(league_id=league.pk, user=request.user)
        messages.success(request, "Every rating will be worked out afresh in a minute or two.")
        return HttpResponseRedirect(request.path)
    if request.method == "POST" and form.is_valid():
        try:
            rating_min_games_set(league_id=league.pk, games=form.cleaned_data["rating_min_games"], user=request.user)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, "The minimum of games is saved.")
            return HttpResponseRedirect(request.path)
    return render(request, "secretary/ratings.html", {"league": league, "form": form})
