"""The secretary's home page: the leagues the user runs, each season with
its divisions and where their set-up stands. The workflows have modules of
their own: `secretary_setup` (seasons, divisions, teams) and
`secretary_fixtures` (drawing, publishing and changing fixtures)."""
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.pages.secretary_access import secretary_page
from league.selectors.secretary import leagues_run


@secretary_page
def home(request: HttpRequest) -> HttpResponse:
    leagues = leagues_run(user=request.user)
    if not leagues:
        raise PermissionDenied("the user runs no league")
    return render(request, "secretary/home.html", {"leagues": leagues})
