"""Who may see the secretary's pages: a logged-in secretary of the league
the page belongs to. Anyone else logged in gets the page saying so (403);
someone not logged in is sent to log in first."""
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from league.models import League
from league.refusals import NotPermitted, Refused
from league.selectors.access import secretary_refusal

View = Callable[..., HttpResponse]
# What a service may refuse with; its message is shown as it is.
REFUSALS = (Refused, NotPermitted)


def secretary_page(view: View) -> View:
    """Logs the user in first, answers 404 for a row that does not exist
    and the 403 page when `require_secretary` says no."""

    @login_required
    @wraps(view)
    def page(request: HttpRequest, **kwargs: Any) -> HttpResponse:
        try:
            return view(request, **kwargs)
        except ObjectDoesNotExist:
            raise Http404("no such page") from None
        except PermissionDenied:
            return render(request, "secretary/forbidden.html", status=403)

    return page


def require_secretary(request: HttpRequest, league: League) -> None:
    refusal = secretary_refusal(league=league, user=request.user, doing="may use this page")
    if refusal is not None:
        raise PermissionDenied(refusal.message)
