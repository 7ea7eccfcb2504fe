"""Starting next season from the last (docs/organisation.md, "The
change-over"): the secretary names the new season and sees, before
anything is written, each new division with its teams and how each moved,
the squads that will be carried, and the play-offs still to decide; any
team may be moved to another division or left out. Confirming writes it
all at once (`league.services.changeover`)."""
from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from league.models import Season, Team
from league.pages.form_fields import OneLineField
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.refusals import NeedsInsisting
from league.selectors.changeover import season_playoffs, teams_outside
from league.selectors.secretary import season_get
from league.services.changeover import (
    Changeover,
    NewSeason,
    changeover_proposal,
    playoff_arrange,
    season_changeover,
)

LEAVE_OUT, AWAIT = "out", "playoff"


class ChangeoverForm(forms.Form):
    name = OneLineField(max_length=100, help_text="Such as Winter 2027-28.")
    start = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    registration_deadline = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
                                            help_text="The last day squads may change without a secretary.")
    squad_max = forms.IntegerField(min_value=1, label="Most players a team may register")
    squad_min = forms.IntegerField(min_value=1, label="Fewest players a team must register")
    insist = forms.BooleanField(required=False, label="Start it anyway",
                                help_text="Though some of last season's fixtures are unplayed or unresolved.")

    def __init__(self, *args: Any, old: Season, proposal: Changeover, newcomers: list[Team], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.proposed: dict[int, str] = {}
        divisions = [(str(d.source.pk), d.source.name) for d in proposal.divisions]
        for place in proposal.divisions:
            for line in place.lines:
                pending = line.kind == "playoff"
                value = AWAIT if pending else str(place.source.pk)
                choices = ([(AWAIT, "Wait for the play-off")] if pending else []) + divisions + [
                    (LEAVE_OUT, "Leave out")]
                self._team(line.team, choices, value)
        for line in proposal.left_out:
            self._team(line.team, divisions + [(LEAVE_OUT, "Leave out")], LEAVE_OUT)
        for team in newcomers:
            self._team(team, [(LEAVE_OUT, "Leave out")] + divisions, LEAVE_OUT)

    def _team(self, team: Team, choices: list[tuple[str, str]], value: str) -> None:
        name = f"team_{team.pk}"
        self.fields[name] = forms.ChoiceField(label=team.name, choices=choices, initial=value, required=False)
        self.proposed[team.pk] = value

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, deadline = data.get("start"), data.get("registration_deadline")
        if start and deadline and deadline > start:
            self.add_error("registration_deadline", "the deadline must fall on or before the start")
        if data.get("squad_min") and data.get("squad_max") and data["squad_min"] > data["squad_max"]:
            self.add_error("squad_min", "more than the most a team may register")
        return data

    def new_season(self) -> NewSeason:
        data = self.cleaned_data
        return NewSeason(name=data["name"], start=data["start"], registration_deadline=data["registration_deadline"],
                         squad_max=data["squad_max"], squad_min=data["squad_min"])

    def placements(self) -> dict[int, int | None]:
        """The secretary's changes to the proposal only, so an unchanged
        team keeps its move's mark."""
        changed: dict[int, int | None] = {}
        for team_id, proposed in self.proposed.items():
            chosen = self.cleaned_data.get(f"team_{team_id}") or proposed
            if chosen not in (proposed, AWAIT):
                changed[team_id] = None if chosen == LEAVE_OUT else int(chosen)
        return changed

    def team_field(self, team: Team) -> forms.BoundField:
        return self[f"team_{team.pk}"]


class PlayoffForm(forms.Form):
    home = forms.IntegerField(widget=forms.HiddenInput)
    away = forms.IntegerField(widget=forms.HiddenInput)
    on = forms.DateField(label="Date", widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))


@secretary_page
@require_http_methods(["GET", "POST"])
def changeover(request: HttpRequest, season_id: int) -> HttpResponse:
    """GET: the proposal and the form; POST step=review: what confirming
    would write (a dry run); step=confirm: writes it."""
    old = season_get(season_id=season_id)
    require_secretary(request, old.league)
    proposal = changeover_proposal(season_id=old.pk, user=request.user)
    newcomers = teams_outside(season_id=old.pk, league_id=old.league_id)
    form = ChangeoverForm(request.POST or None, old=old, proposal=proposal, newcomers=newcomers,
                          initial=_initial(old))
    review, needs_insisting = None, False
    step = request.POST.get("step", "review")
    if request.method == "POST" and form.is_valid() and step != "edit":
        confirm = step == "confirm"
        try:
            outcome = season_changeover(season_id=old.pk, new=form.new_season(), user=request.user,
                                        placements=form.placements(), insist=form.cleaned_data["insist"],
                                        dry_run=not confirm)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
            needs_insisting = isinstance(refusal, NeedsInsisting)
        else:
            if confirm:
                messages.success(request, f"{form.cleaned_data['name']} is set up from {old.name}. It is not the "
                                          "current season yet: make it current when the league moves on to it.")
                return HttpResponseRedirect(reverse("secretary-home"))
            review = outcome
    lines = [{"place": place, "rows": [(line, form.team_field(line.team)) for line in place.lines]}
             for place in proposal.divisions]
    return render(request, "secretary/changeover.html", {
        "old": old, "form": form, "proposal": proposal, "lines": lines, "review": review,
        "left_out": [(line, form.team_field(line.team)) for line in proposal.left_out],
        "newcomers": [(team, form.team_field(team)) for team in newcomers],
        "playoffs": season_playoffs(season_id=old.pk), "needs_insisting": needs_insisting,
        "carried_count": sum(len(carried.lines) for carried in review.squads) if review else 0,
        "today": timezone.localdate()})


@secretary_page
@require_POST
def playoff(request: HttpRequest, season_id: int) -> HttpResponse:
    old = season_get(season_id=season_id)
    require_secretary(request, old.league)
    form = PlayoffForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give the play-off a date.")
    else:
        try:
            fixture = playoff_arrange(season_id=old.pk, home_team_id=form.cleaned_data["home"],
                                      away_team_id=form.cleaned_data["away"], on=form.cleaned_data["on"],
                                      user=request.user)
        except REFUSALS as refusal:
            messages.error(request, refusal.message)
        else:
            messages.success(request, f"The play-off {fixture} is arranged for {fixture.date:%-d %B %Y} and "
                                      "published; its confirmed result decides who goes which way.")
    return HttpResponseRedirect(reverse("secretary-season-changeover", args=[old.pk]))


def _initial(old: Season) -> dict[str, Any]:
    # A year on from the old season, as most leagues run.
    start = max(old.start + timedelta(days=364), timezone.localdate() + timedelta(days=7))
    return {"start": start, "registration_deadline": start - timedelta(days=7),
            "squad_max": old.squad_max, "squad_min": old.squad_min}
