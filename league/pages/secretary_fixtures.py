"""Drawing a division's fixtures (or every division of a season at once),
reviewing the drafts, publishing them (after a confirmation), and changing a published fixture: postponing,
rearranging, awarding a walkover or voiding it, each with a reason and a
confirmation step before the service is called."""
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.authors import Author
from league.models import Division, Fixture
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_forms import ChangeForm, DrawForm
from league.refusals import VenuesFull
from league.selectors.secretary import (
    division_get,
    division_teams,
    fixture_get,
    fixture_review,
    fixture_weeks,
    fixtures_published,
    last_draw,
    season_get,
)
from league.services.fixtures import (
    fixture_postpone,
    fixture_rearrange,
    fixture_void,
    fixture_walkover,
    fixtures_generate,
    fixtures_publish,
)
from league.services.season_draws import season_fixtures_generate

# Each change: the page's heading, what its button says, what the change
# did (for the message after it), and the service call.
Call = Callable[[Fixture, dict[str, Any], Author], Fixture]
CHANGES: dict[str, tuple[str, str, str, Call]] = {
    "postpone": ("Postpone", "Postpone it", "postponed", lambda f, data, user: fixture_postpone(
        fixture_id=f.pk, reason=data["reason"], user=user)),
    "rearrange": ("Rearrange", "Move it", "rearranged", lambda f, data, user: fixture_rearrange(
        fixture_id=f.pk, new_date=data["new_date"], reason=data["reason"], user=user, insist=data["insist"])),
    "walkover": ("Award a walkover", "Award it", "awarded as a walkover", lambda f, data, user: fixture_walkover(
        fixture_id=f.pk, winner_team_id=data["winner"], reason=data["reason"], user=user)),
    "void": ("Void", "Void it", "voided", lambda f, data, user: fixture_void(
        fixture_id=f.pk, reason=data["reason"], user=user)),
}


@secretary_page
@require_http_methods(["GET", "POST"])
def fixtures(request: HttpRequest, division_id: int) -> HttpResponse:
    """The division's fixtures; a POST draws them (again) as drafts."""
    division = division_get(division_id=division_id)
    require_secretary(request, division.season.league)
    form = DrawForm(request.POST or None, initial=_draw_initial(division))
    later = None
    if request.method == "POST" and form.is_valid():
        try:
            drafts = fixtures_generate(division_id=division.pk, user=request.user, **form.cleaned_data)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
            later = _later_draw(refusal, form)
        else:
            messages.success(request, f"{len(drafts)} draft fixtures drawn. Check them, then publish.")
            return HttpResponseRedirect(reverse("secretary-fixtures", args=[division.pk]))
    return _fixtures_page(request, division, form=form, later=later)


@secretary_page
@require_http_methods(["GET", "POST"])
def season_fixtures(request: HttpRequest, season_id: int) -> HttpResponse:
    """Every unpublished division of the season drawn at once, from one
    start and weekday, round each other's nights at shared venues."""
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    form = DrawForm(request.POST or None, initial={"start": season.start, "weekday": "1"})
    if request.method == "POST" and form.is_valid():
        try:
            drawn = season_fixtures_generate(season_id=season.pk, user=request.user, **form.cleaned_data)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, "Draft fixtures drawn: " + ", ".join(
                f"{division.name} {count}" for division, count in drawn.items()) + ". Check each, then publish.")
            return HttpResponseRedirect(reverse("secretary-home") + f"#season-{season.pk}")
    return render(request, "secretary/season_fixtures.html", {"season": season, "form": form})


@secretary_page
@require_http_methods(["GET", "POST"])
def publish(request: HttpRequest, division_id: int) -> HttpResponse:
    """GET asks for confirmation; POST publishes every draft."""
    division = division_get(division_id=division_id)
    require_secretary(request, division.season.league)
    refusal_message = ""
    if request.method == "POST":
        try:
            count = fixtures_publish(division_id=division.pk, user=request.user)
        except REFUSALS as refusal:
            refusal_message = refusal.message
        else:
            messages.success(request, f"{count} fixtures published: the teams can see them now.")
            return HttpResponseRedirect(reverse("secretary-fixtures", args=[division.pk]))
    weeks = fixture_weeks(division_id=division.pk)
    context = {"division": division, "weeks": weeks, "refusal": refusal_message,
               "published": fixtures_published(division_id=division.pk),
               "count": sum(len(week.fixtures) for week in weeks),
               "review": fixture_review(weeks=weeks, teams=division_teams(division_id=division.pk),
                                         division=division)}
    return render(request, "secretary/publish.html", context)


@secretary_page
@require_http_methods(["GET", "POST"])
def fixture_change(request: HttpRequest, fixture_id: int, verb: str) -> HttpResponse:
    """The change's form; posted, its confirmation; confirmed, the change.
    "Go back" from the confirmation shows the form again as it was filled."""
    if verb not in CHANGES:
        raise Http404("no such change")
    fixture = fixture_get(fixture_id=fixture_id)
    require_secretary(request, fixture.division.season.league)
    form = ChangeForm(request.POST or None, fixture=fixture, verb=verb)
    step = request.POST.get("step", "review")
    confirming = False
    if request.method == "POST" and form.is_valid() and step != "edit":
        if step != "confirm":
            confirming = True
        else:
            try:
                changed = CHANGES[verb][3](fixture, form.cleaned_data, request.user)
            except REFUSALS as refusal:
                form.add_error(None, refusal.message)
            else:
                messages.success(request, f"{changed} is {CHANGES[verb][2]}.")
                if fixture.cup_tie is not None:  # a cup leg: back to its tie on the cup's page
                    return HttpResponseRedirect(reverse("secretary-cup", args=[fixture.cup_tie.competition_id])
                                                + f"#tie-{fixture.cup_tie_id}")
                return HttpResponseRedirect(reverse("secretary-fixtures", args=[fixture.division_id]))
    title, button, _, _ = CHANGES[verb]
    return render(request, "secretary/fixture_change.html", {
        "fixture": fixture, "verb": verb, "title": title, "button": button, "form": form,
        "confirming": confirming,
    })


def _later_draw(refusal: Exception, form: DrawForm) -> dict[str, Any] | None:
    """The same draw from the next start that fits, when a full venue
    refused this one: the page offers it as one button."""
    if not isinstance(refusal, VenuesFull) or refusal.next_start is None:
        return None
    data = form.cleaned_data
    return {"start": refusal.next_start, "weekday": data["weekday"],
            "skip_dates": ", ".join(day.isoformat() for day in data["skip_dates"])}


def _fixtures_page(request: HttpRequest, division: Division, *, form: DrawForm,
                   later: dict[str, Any] | None = None) -> HttpResponse:
    weeks = fixture_weeks(division_id=division.pk)
    teams = division_teams(division_id=division.pk)
    return render(request, "secretary/fixtures.html", {
        "division": division, "form": form, "weeks": weeks, "teams": teams, "later": later,
        "published": fixtures_published(division_id=division.pk),
        "review": fixture_review(weeks=weeks, teams=teams, division=division) if weeks else None,
    })


def _draw_initial(division: Division) -> dict[str, Any]:
    """The latest draw's choices, or the season's start, a Tuesday, no gaps."""
    previous = last_draw(division_id=division.pk)
    if previous is None:
        return {"start": division.season.start, "weekday": "1"}
    return {"start": previous["start"], "weekday": str(previous["weekday"]),
            "skip_dates": "\n".join(day.isoformat() for day in previous["skip_dates"])}
