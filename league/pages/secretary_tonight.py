"""The secretary's evening: every match of the league set for one night
(today unless another is asked for), with where each stands and a link to
its match night page, and the nights before and after one tap away."""
from datetime import date, timedelta

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from league.pages.secretary_access import require_secretary, secretary_page
from league.selectors.secretary import league_get
from league.selectors.tonight import nights_tonight


@secretary_page
@require_GET
def tonight(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    today = timezone.localdate()
    on, problem = _night_asked(request.GET.get("date", ""), today)
    matches = nights_tonight(league_id=league.pk, on=on, user=request.user, today=today)
    return render(request, "secretary/tonight.html", {
        "league": league, "on": on, "today": today, "matches": matches, "date_problem": problem,
        "before": on - timedelta(days=1), "after": on + timedelta(days=1)})


def _night_asked(value: str, today: date) -> tuple[date, str]:
    """The night in the address (YYYY-MM-DD), or today with why not."""
    if not value:
        return today, ""
    try:
        return date.fromisoformat(value), ""
    except ValueError:
        return today, f"{value!r} is not a date (such as {today.isoformat()}): showing today instead."
