"""The secretary's home page: the leagues the user runs, each season with
its divisions and where their set-up stands, and any league whose first
set-up is not finished, to carry on. The workflows have modules of their
own: `secretary_league_setup` (a new league, step by step),
`secretary_setup` (seasons, divisions, teams) and `secretary_fixtures`
(drawing, publishing and changing fixtures)."""
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse

from league.pages.secretary_access import secretary_page
from league.selectors.league_setup import leagues_being_set_up, may_start_a_league
from league.selectors.secretary import leagues_run


@secretary_page
def home(request: HttpRequest) -> HttpResponse:
    leagues = leagues_run(user=request.user)
    if not leagues:
        if may_start_a_league(request.user):
            # The site's administrator, with no league yet: on to set one up.
            return HttpResponseRedirect(reverse("secretary-setup"))
        raise PermissionDenied("the user runs no league")
    return render(request, "secretary/home.html", {
        "leagues": leagues, "unfinished": leagues_being_set_up(user=request.user),
        "may_start": may_start_a_league(request.user)})
