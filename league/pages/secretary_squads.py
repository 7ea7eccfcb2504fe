"""Squads on the secretary's pages: a team's squad for a season, players
registered one at a time or as a list (pasted, one name a line, or a CSV
file with a header), and a new season's squads carried over from the last.

A list, or a carry-over, is checked first: the review shows what the
squad rules make of each name (new, already a player, refused and why),
by running the registration and rolling it back
(`league.services.squad_lists`); only the confirmation registers."""
import csv
import io

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.clubs import team_get
from league.selectors.secretary import season_get
from league.selectors.squads import registration_closed, squad_check, squad_players
from league.selectors.transfers import team_transfers
from league.services.squad_lists import SquadLine, squad_names_register, squads_carry_over
from league.services.squads import squad_withdraw

MAX_UPLOAD = 200_000  # bytes: a squad list is a few hundred at most


class NamesForm(forms.Form):
    names = forms.CharField(label="Names, one a line", required=False, widget=forms.Textarea(attrs={"rows": 8}),
                            help_text="As the league should know them, such as Jo Bloggs.")
    upload = forms.FileField(label="Or a CSV file", required=False,
                             help_text="With a header row; the names are read from its name column (or its first).")
    late_ok = forms.BooleanField(label="Register after the registration deadline", required=False,
                                 help_text="The rules let a secretary change a squad once registration has closed.")

    def __init__(self, *args: object, late: bool, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        if not late:
            del self.fields["late_ok"]

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        upload = data.get("upload")
        lines = [line for line in str(data.get("names") or "").splitlines() if line.strip()]
        if upload:
            lines += _csv_names(upload)
        if not lines and not self.errors:
            raise forms.ValidationError("give at least one name: paste them, or choose a CSV file")
        data["lines"] = lines
        return data


class LateForm(forms.Form):
    late_ok = forms.BooleanField(label="Register after the registration deadline", required=False)


@secretary_page
@require_http_methods(["GET", "POST"])
def squad(request: HttpRequest, season_id: int, team_id: int) -> HttpResponse:
    """The squad; a POST of names reviews them (step=review) or registers
    them (step=confirm)."""
    season, team = season_get(season_id=season_id), team_get(team_id=team_id)
    require_secretary(request, season.league)
    late = registration_closed(season=season)
    form = NamesForm(request.POST or None, request.FILES or None, late=late)
    review: list[SquadLine] | None = None
    if request.method == "POST" and form.is_valid():
        names, late_ok = form.cleaned_data["lines"], bool(form.cleaned_data.get("late_ok"))
        confirm = request.POST.get("step") == "confirm"
        try:
            lines = squad_names_register(season_id=season.pk, team_id=team.pk, names=names, user=request.user,
                                         late_ok=late_ok, dry_run=not confirm)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            if confirm:
                _report(request, lines, team=str(team))
                return HttpResponseRedirect(reverse("secretary-squad", args=[season.pk, team.pk]))
            review = lines
    context = {
        "season": season, "team": team, "players": squad_players(season_id=season.pk, team_id=team.pk),
        "problems": squad_check(season_id=season.pk, team_id=team.pk), "late": late, "form": form,
        "review": review, "names_text": "\n".join(form.cleaned_data["lines"]) if review is not None else "",
        "late_ok": bool(review is not None and form.cleaned_data.get("late_ok")),
        "registering": sum(1 for line in review or [] if line.registered),
        "transfers": team_transfers(season_id=season.pk, team_id=team.pk),
    }
    return render(request, "secretary/squad.html", context)


@secretary_page
@require_POST
def squad_withdraw_page(request: HttpRequest, season_id: int, team_id: int, player_id: int) -> HttpResponse:
    season, team = season_get(season_id=season_id), team_get(team_id=team_id)
    require_secretary(request, season.league)
    try:
        squad_withdraw(season_id=season.pk, team_id=team.pk, player_id=player_id, user=request.user)
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, f"The player is out of {team}'s squad for {season.name}.")
    return HttpResponseRedirect(reverse("secretary-squad", args=[season.pk, team.pk]))


@secretary_page
@require_http_methods(["GET", "POST"])
def carry_over(request: HttpRequest, season_id: int) -> HttpResponse:
    """GET: what carrying last season's squads over would do; POST: does it."""
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    late = registration_closed(season=season)
    form = LateForm(request.POST or request.GET or None)
    late_ok = bool(form.is_valid() and form.cleaned_data["late_ok"])
    confirm = request.method == "POST"
    earlier, squads = squads_carry_over(season_id=season.pk, user=request.user, late_ok=late_ok,
                                        dry_run=not confirm)
    if confirm:
        lines = [line for carried in squads for line in carried.lines]
        _report(request, lines, team=f"{len(squads)} team{'s' if len(squads) != 1 else ''}")
        return HttpResponseRedirect(reverse("secretary-home"))
    return render(request, "secretary/carry_over.html", {
        "season": season, "earlier": earlier, "squads": squads, "late": late, "late_ok": late_ok,
        "registering": sum(1 for carried in squads for line in carried.lines if line.registered)})


def _report(request: HttpRequest, lines: list[SquadLine], *, team: str) -> None:
    done = [line for line in lines if line.registered]
    new = sum(1 for line in done if line.new)
    messages.success(request, f"{len(done)} player{'s' if len(done) != 1 else ''} registered for {team}"
                              f"{f', {new} of them new to the league' if new else ''}.")
    for line in lines:
        if not line.registered:
            messages.warning(request, f"{line.name}: {line.refusal}")


def _csv_names(upload: object) -> list[str]:
    """The names of an uploaded CSV: its `name` column (any case), else its first."""
    raw = upload.read(MAX_UPLOAD + 1)  # type: ignore[attr-defined]
    if len(raw) > MAX_UPLOAD:
        raise forms.ValidationError("the file is too big for a squad list")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise forms.ValidationError("the file is not text: save it as CSV (UTF-8)") from None
    rows = list(csv.reader(io.StringIO(text)))
    if not rows:
        return []
    header = [cell.strip().lower() for cell in rows[0]]
    column = header.index("name") if "name" in header else 0
    return [row[column] for row in rows[1:] if len(row) > column and row[column].strip()]
