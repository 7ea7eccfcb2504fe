"""A league's settings and a division's overrides, as forms of choices
(`secretary_settings_forms`), each change checked on a review page that
lists every setting changing, from what to what, before it is saved."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from league.competition_settings import SETTING_NAMES
from league.formats import FormatsError, PointsScheme
from league.models import Division, League
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_settings_forms import HANDICAP, LABELS, MOVING, SettingsForm, shown
from league.selectors.formats import key_choices, scheme_for_key
from league.selectors.secretary import division_get, league_get
from league.services.league_options import division_options_change, league_options_change


@secretary_page
@require_http_methods(["GET", "POST"])
def league_settings(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    return _settings_page(request, league=league, division=None)


@secretary_page
@require_http_methods(["GET", "POST"])
def division_settings(request: HttpRequest, division_id: int) -> HttpResponse:
    division = division_get(division_id=division_id)
    require_secretary(request, division.season.league)
    return _settings_page(request, league=division.season.league, division=division)


def _settings_page(request: HttpRequest, *, league: League, division: Division | None) -> HttpResponse:
    """Posted with step=review (the default), the changes to check; with
    step=confirm, saved; with step=edit, the form again as it was filled."""
    form = SettingsForm(request.POST or None, league=league, division=division)
    step = request.POST.get("step", "review")
    changes = None
    if request.method == "POST" and form.is_valid() and step != "edit":
        changes = form.changes()
        if step == "confirm":
            try:
                _save(request, form, league=league, division=division)
            except REFUSALS as refusal:
                form.add_error(None, refusal.message)
                changes = None
            else:
                messages.success(request, "The settings are saved." if changes else "Nothing changed.")
                return HttpResponseRedirect(request.path)
    # The league's own formats and schemes are shown by name and key.
    names = {key: name.removesuffix(" (own)") for kind in ("format", "scheme")
             for key, name in key_choices(league_id=league.pk, kind=kind)}
    # A league's walkover "as the points scheme says" is shown with the
    # scheme's walkover, before and after the change.
    schemes = _schemes(league, form, changes) if division is None else (None, None)
    rows = [{"label": LABELS[name], "before": shown(name, before, names=names, scheme=schemes[0]),
             "after": shown(name, after, names=names, scheme=schemes[1])}
            for name, (before, after) in (changes or {}).items()]
    if changes and "points_scheme" in changes and "forfeit" not in changes and division is None \
            and league.forfeit is None and schemes[0] is not None:
        rows.append({"label": LABELS["forfeit"], "before": shown("forfeit", None, scheme=schemes[0]),
                     "after": shown("forfeit", None, scheme=schemes[1])})
    return render(request, "secretary/settings.html", {
        "league": league, "division": division, "form": form, "reviewing": changes is not None, "rows": rows})


def _schemes(league: League, form: SettingsForm,
             changes: dict[str, Any] | None) -> tuple[PointsScheme | None, PointsScheme | None]:
    """The league's points scheme before and after the changes."""
    if not changes or "forfeit" not in changes and "points_scheme" not in changes:
        return None, None
    after_key = changes["points_scheme"][1] if "points_scheme" in changes else league.points_scheme
    try:
        return (scheme_for_key(league_id=league.pk, key=league.points_scheme),
                scheme_for_key(league_id=league.pk, key=after_key))
    except FormatsError:
        return None, None


def _save(request: HttpRequest, form: SettingsForm, *, league: League, division: Division | None) -> None:
    changes = {name: after for name, (_, after) in form.changes().items() if name in SETTING_NAMES}
    if division is None:
        hide = form.cleaned_data["hide_from_search"]
        moving = {name: form.cleaned_data[name] for name in MOVING}
        handicap = {name: form.cleaned_data[name] for name in HANDICAP}
        league_options_change(league_id=league.pk, changes=changes, hide_from_search=hide, user=request.user,
                              overdue_warning_days=form.cleaned_data["overdue_warning_days"], moving=moving,
                              handicap=handicap, sanction_max_points=form.cleaned_data["sanction_max_points"])
    else:
        division_options_change(division_id=division.pk, league=league, changes=changes, user=request.user)


