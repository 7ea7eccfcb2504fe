"""The secretary's pages for squads over a season: the league's squad
rules (transfers, fee, eligibility, withdrawals), a season's transfers
(the open requests to decide, those made, a direct transfer, the last day
for transfers), and withdrawing a team from its division, confirmed on a
page that says what will follow before anything is done."""
from datetime import date

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from league.models import League, TeamWithdrawal
from league.pages.form_fields import OneLineField
from league.pages.form_keys import FormInvalid, cleaned, done_once
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.clubs import team_get
from league.selectors.secretary import division_get, league_get, season_get
from league.selectors.transfers import approvals_missing, movable_players, season_teams, transfers_of
from league.selectors.withdrawals import withdrawal_preview
from league.services.squad_rules import SQUAD_RULES, squad_rules_change, transfer_deadline_set
from league.services.transfers import transfer_direct
from league.services.withdrawals import team_withdraw

DATE = forms.DateInput(attrs={"type": "date"})


class SquadRulesForm(forms.ModelForm[League]):
    class Meta:
        model = League
        fields = list(SQUAD_RULES)
        labels = {"transfers": "Transfers mid-season", "transfer_fee": "Transfer fee (£)",
                  "eligible_after_days": "Days before a new registration may play",
                  "withdrawal_first_half": "A withdrawal in the first half of the season: results",
                  "withdrawal_second_half": "A withdrawal in the second half of the season: results"}
        help_texts = {
            "eligible_after_days": "Days after registering (or joining by transfer) before a player may play; "
                                   "0: at once. A player carried over with their team, from its squad last "
                                   "season, does not wait.",
            "withdrawal_second_half": "A team withdrawing once half its division's match weeks are played. Either "
                                      "way its fixtures from the day it withdraws are void; one already played "
                                      "without a result is left to the overdue rule.",
        }


class DirectForm(forms.Form):
    player = forms.TypedChoiceField(label="Player", coerce=int, help_text="A player registered for another team.")
    to_team = forms.TypedChoiceField(label="Joins", coerce=int)
    note = OneLineField(label="Note", required=False, max_length=2000,
                           help_text="Such as: written request received; fee paid.")

    def __init__(self, *args: object, season_id: int, teams: list[tuple[int, str]], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.fields["player"].choices = [("", "Choose a player")] + [  # type: ignore[attr-defined]
            (r.player_id, f"{r.player.name} ({r.team.name})") for r in movable_players(season_id=season_id,
                                                                                        team_id=0)]
        self.fields["to_team"].choices = [("", "Choose a team")] + teams  # type: ignore[attr-defined]


class DeadlineForm(forms.Form):
    transfer_deadline = forms.DateField(label="Last day for transfers", required=False, widget=DATE,
                                        help_text="Empty: transfers until the season ends.")


class WithdrawForm(forms.Form):
    date = forms.DateField(label="Withdrew on", widget=DATE)
    reason = forms.CharField(label="Reason", max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
                             help_text="Shown to the teams whose fixtures are voided.")


@secretary_page
@require_http_methods(["GET", "POST"])
def squad_rules(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    form = SquadRulesForm(request.POST or None, instance=league)
    if request.method == "POST" and form.is_valid():
        try:
            squad_rules_change(league_id=league.pk, changes={n: form.cleaned_data[n] for n in SQUAD_RULES},
                               user=request.user)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, "The squad rules are saved.")
            return HttpResponseRedirect(request.path)
    return render(request, "secretary/squad_rules.html", {"league": league, "form": form})


@secretary_page
@require_http_methods(["GET", "POST"])
def season_transfers(request: HttpRequest, season_id: int) -> HttpResponse:
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    teams = [(team.pk, team.name) for team in season_teams(season_id=season.pk)]
    which = request.POST.get("form")
    direct = DirectForm(request.POST if which == "direct" else None, season_id=season.pk, teams=teams)
    deadline = DeadlineForm(request.POST if which == "deadline" else None,
                            initial={"transfer_deadline": season.transfer_deadline})
    if which == "direct":
        # Done once for the form's key; checked inside, as the player moved is no longer offered.
        try:
            return done_once(request, lambda: transfer_direct(
                season_id=season.pk, player_id=cleaned(direct)["player"], to_team_id=direct.cleaned_data["to_team"],
                note=direct.cleaned_data["note"], user=request.user),
                lambda done: (request.path, f"{done.player} now plays for {done.to_team}."))
        except FormInvalid:
            pass  # the form's own errors are shown beside its fields
        except REFUSALS as refusal:
            direct.add_error(None, refusal.message)
    if which == "deadline" and deadline.is_valid():
        transfer_deadline_set(season_id=season.pk, deadline=deadline.cleaned_data["transfer_deadline"],
                              user=request.user)
        messages.success(request, "The last day for transfers is saved.")
        return HttpResponseRedirect(request.path)
    transfers = list(transfers_of(season_id=season.pk))
    open_ = [(t, approvals_missing(t)) for t in transfers if t.status == "open"]
    return render(request, "secretary/transfers.html", {
        "season": season, "league": season.league, "open": open_, "decided": [t for t in transfers if t.status != "open"],
        "direct": direct, "deadline": deadline, "today": timezone.localdate()})


@secretary_page
@require_http_methods(["GET", "POST"])
def team_withdraw_page(request: HttpRequest, division_id: int, team_id: int) -> HttpResponse:
    """GET: the form, and what withdrawing would do; POST with
    step=confirm: withdraws."""
    division, team = division_get(division_id=division_id), team_get(team_id=team_id)
    require_secretary(request, division.season.league)
    form = WithdrawForm(request.POST or None, initial={"date": timezone.localdate()})
    preview = None
    if request.method == "POST" and form.is_valid():
        day: date = form.cleaned_data["date"]
        if request.POST.get("step") == "confirm":
            try:
                done = team_withdraw(division_id=division.pk, team_id=team.pk, date=day,
                                     reason=form.cleaned_data["reason"], user=request.user)
            except REFUSALS as refusal:
                form.add_error(None, refusal.message)
            else:
                expunged = done.results == TeamWithdrawal.Results.EXPUNGE
                messages.success(request, f"{team} has withdrawn: its results are "
                                          f"{'expunged' if expunged else 'kept'}, {done.fixtures_voided} "
                                          f"fixture{'s' if done.fixtures_voided != 1 else ''} voided.")
                return HttpResponseRedirect(reverse("secretary-division", args=[division.pk]))
        else:
            preview = withdrawal_preview(division_id=division.pk, team_id=team.pk, on=day)
    return render(request, "secretary/team_withdraw.html", {
        "division": division, "team": team, "form": form, "preview": preview})
