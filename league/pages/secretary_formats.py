"""The format builder: a league's own match formats and points schemes,
listed; built, from nothing or from a preset; and changed, each save a new
version, with the history of versions and where each is used. The league
or a division then picks one on its settings page."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league import formats
from league.models import League, StoredFormat
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_format_forms import (
    FORMAT_FIELDS,
    GAMES,
    KINDS,
    SCHEME_FIELDS,
    TARGETS,
    FormatForm,
    RubberRow,
    SchemeForm,
    format_initial,
    problems_placed,
    rows_of,
    rows_posted,
    rows_rearranged,
    rubbers_data,
    scheme_initial,
)
from league.refusals import FormatInvalid
from league.selectors.formats import (
    format_for_key,
    key_choices,
    newest_version,
    scheme_for_key,
    stored_format_get,
    stored_format_users,
    stored_formats,
    version_format,
    version_history,
    version_scheme,
)
from league.selectors.secretary import league_get
from league.services.formats import stored_format_change, stored_format_create

Kind = StoredFormat.Kind


@secretary_page
@require_http_methods(["GET"])
def formats_page(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    own = stored_formats(league_id=league.pk)

    def rows(kind: str) -> list[dict[str, Any]]:
        return [{"stored": s, "used_by": stored_format_users(stored=s), "versions": newest_version(s).number}
                for s in own if s.kind == kind]

    return render(request, "secretary/formats.html", {
        "league": league,
        "formats": rows(Kind.FORMAT),
        "schemes": rows(Kind.SCHEME),
        "format_starts": key_choices(league_id=league.pk, kind=Kind.FORMAT),
        "scheme_starts": key_choices(league_id=league.pk, kind=Kind.SCHEME),
    })


@secretary_page
@require_http_methods(["GET", "POST"])
def format_edit(request: HttpRequest, league_id: int, slug: str | None = None) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    stored = stored_format_get(league_id=league.pk, key=f"own:{slug}", kind=Kind.FORMAT) if slug else None
    if request.method == "POST":
        form = FormatForm(request.POST, creating=stored is None)
        rows = rows_posted(request.POST)
        action = request.POST.get("action", "save")
        if action != "save":
            # Rearranging checks nothing yet: the boxes come back as typed, without errors.
            typed = FormatForm(initial={name: request.POST.get(name, "") for name in form.fields},
                               creating=stored is None)
            return _format_page(request, league, stored, typed, rows_rearranged(rows, action))
        rubbers = rubbers_data(rows)
        if form.is_valid() and rubbers is not None:
            saved = _format_save(request, league, stored, form, rows, form.data_with(rubbers))
            if saved is not None:
                return saved
        return _format_page(request, league, stored, form, rows)
    start = newest_version(stored) if stored is not None else None
    fmt = version_format(start) if start is not None else _starting_format(league, request.GET.get("from", ""))
    form = FormatForm(initial=format_initial(fmt), creating=stored is None)
    return _format_page(request, league, stored, form, rows_of(fmt))


@secretary_page
@require_http_methods(["GET", "POST"])
def scheme_edit(request: HttpRequest, league_id: int, slug: str | None = None) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    stored = stored_format_get(league_id=league.pk, key=f"own:{slug}", kind=Kind.SCHEME) if slug else None
    if request.method == "POST":
        form = SchemeForm(request.POST, creating=stored is None)
        if form.is_valid():
            saved = _save(request, league, stored, Kind.SCHEME, form.cleaned_data.get("slug", ""), form.scheme_data())
            if isinstance(saved, FormatInvalid):
                problems_placed(form, [], saved.problems, SCHEME_FIELDS)
            else:
                return saved
        return _scheme_page(request, league, stored, form)
    if stored is not None:
        scheme = version_scheme(newest_version(stored))
    else:
        scheme = _starting_scheme(league, request.GET.get("from", ""))
    return _scheme_page(request, league, stored, SchemeForm(initial=scheme_initial(scheme), creating=stored is None))


def _format_save(request: HttpRequest, league: League, stored: StoredFormat | None, form: FormatForm,
                 rows: list[RubberRow], data: dict[str, Any]) -> HttpResponse | None:
    saved = _save(request, league, stored, Kind.FORMAT, form.cleaned_data.get("slug", ""), data)
    if isinstance(saved, FormatInvalid):
        problems_placed(form, rows, saved.problems, FORMAT_FIELDS)
        return None
    return saved


def _save(request: HttpRequest, league: League, stored: StoredFormat | None, kind: str, slug: str,
          data: dict[str, Any]) -> HttpResponse | FormatInvalid:
    """Creates or versions it; the redirect to its page, or the refusal
    naming the problems for the form to place."""
    try:
        if stored is None:
            stored = stored_format_create(league_id=league.pk, kind=kind, slug=slug, data=data, user=request.user)
            messages.success(request, f"{stored.name} is saved as {stored.key}, version 1. Pick it in the league's "
                                      f"or a division's settings to play it.")
        else:
            before = newest_version(stored).number
            version = stored_format_change(league_id=league.pk, key=stored.key, kind=kind, data=data,
                                           user=request.user)
            messages.success(request, f"Saved as version {version.number}: match nights from now on play it; "
                                      f"nights already under way keep theirs." if version.number != before
                             else f"Nothing changed: still version {version.number}.")
    except FormatInvalid as invalid:
        return invalid
    except REFUSALS as refusal:
        return FormatInvalid([("", refusal.message)])
    name = "secretary-format-edit" if kind == Kind.FORMAT else "secretary-scheme-edit"
    return HttpResponseRedirect(reverse(name, args=[league.pk, stored.slug]))


def _format_page(request: HttpRequest, league: League, stored: StoredFormat | None, form: FormatForm,
                 rows: list[RubberRow]) -> HttpResponse:
    return render(request, "secretary/format_edit.html", {
        **_history(stored), "league": league, "stored": stored, "form": form, "rows": rows,
        "kinds": KINDS, "games": GAMES, "targets": TARGETS, "can_add": len(rows) < formats.data.MAX_RUBBERS,
    }, status=400 if form.errors or any(row.errors for row in rows) else 200)


def _scheme_page(request: HttpRequest, league: League, stored: StoredFormat | None,
                 form: SchemeForm) -> HttpResponse:
    return render(request, "secretary/scheme_edit.html", {
        **_history(stored), "league": league, "stored": stored, "form": form,
    }, status=400 if form.errors else 200)


def _history(stored: StoredFormat | None) -> dict[str, Any]:
    if stored is None:
        return {"history": [], "used_by": []}
    return {"history": version_history(stored), "used_by": stored_format_users(stored=stored)}


def _starting_format(league: League, key: str) -> formats.MatchFormat:
    """The format a new one starts from: the one `key` names, or one singles rubber."""
    try:
        return format_for_key(league_id=league.pk, key=key) if key else _blank_format()
    except formats.FormatsError:
        return _blank_format()


def _blank_format() -> formats.MatchFormat:
    return formats.MatchFormat("new", "New format", (formats.Rubber("singles"),))


def _starting_scheme(league: League, key: str) -> formats.PointsScheme:
    try:
        return scheme_for_key(league_id=league.pk, key=key) if key else _blank_scheme()
    except formats.FormatsError:
        return _blank_scheme()


def _blank_scheme() -> formats.PointsScheme:
    return formats.PointsScheme("new", "New points scheme", win=2, draw=1, loss=0)
