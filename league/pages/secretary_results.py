"""Results a secretary chases and settles: the league's disputed results,
each with its ruling's form (asked again before it acts) and a form to
correct a game's score first; and the results overdue or waiting for the
away captain's confirmation."""
from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from league.models import Fixture, League
from league.pages.form_fields import form_field
from league.pages.night_forms import RULINGS, SettleForm, score_field
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.selectors.secretary import Dispute, GameLine, awaiting_confirmation, disputes, fixture_get, league_get
from league.selectors.secretary import overdue as overdue_results
from league.services.results import match_resolve, match_result_correct


class CorrectionForm(forms.Form):
    """One game's score put right, saying why. The game is picked from the
    result's own games; the scores are the service's to judge."""

    game = forms.ChoiceField(label="Game")
    home_score = score_field()
    away_score = score_field()
    reason = forms.CharField(label="Why it is corrected", max_length=2000, widget=forms.Textarea(attrs={"rows": 2}),
                             help_text="The audit log keeps it with the score before and after.")

    def __init__(self, data: Mapping[str, Any] | None = None, *, dispute: Dispute) -> None:
        super().__init__(data, prefix=f"correct{dispute.fixture.pk}")
        form_field(self, "game", forms.ChoiceField).choices = [("", "Choose a game")] + [
            (f"{line.rubber}.{line.game}", _game_label(line)) for line in dispute.games]
        self.fields["home_score"].label = f"{dispute.fixture.home_team} score"
        self.fields["away_score"].label = f"{dispute.fixture.away_team} score"

    def arguments(self) -> dict[str, Any]:
        """The cleaned fields as `match_result_correct` takes them."""
        data = self.cleaned_data
        rubber, game = (int(part) for part in data["game"].split("."))
        return {"rubber": rubber, "game": game, "home_score": data["home_score"],
                "away_score": data["away_score"], "reason": data["reason"]}


class RulingForm(SettleForm):
    """The night page's ruling, its note asked for before the service is."""

    note = forms.CharField(label="Note for both teams", max_length=2000, widget=forms.Textarea(attrs={"rows": 3}),
                           help_text="Shown on the match night page beside the dispute.")


@secretary_page
@require_GET
def disputes_page(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    return _disputes(request, league)


@secretary_page
@require_POST
def settle(request: HttpRequest, fixture_id: int) -> HttpResponse:
    """The ruling posted: asks again, then `match_resolve`. "Go back" from
    the question shows the disputes again with the ruling as it was filled."""
    fixture = fixture_get(fixture_id=fixture_id)
    league = fixture.division.season.league
    require_secretary(request, league)
    form = RulingForm(request.POST, prefix=f"settle{fixture.pk}")
    step = request.POST.get("step", "review")
    refusal = ""
    if form.is_valid() and step == "review":
        dispute = _dispute_of(league, fixture)
        if dispute is None:
            refusal = f"the result of {fixture} is no longer disputed: there is nothing to settle"
        else:
            return render(request, "secretary/dispute_settle.html", {
                "dispute": dispute, "form": form, "ruling": RULINGS[form.cleaned_data["decision"]]})
    if form.is_valid() and step == "confirm":
        try:
            match_resolve(fixture_id=fixture.pk, user=request.user, **form.cleaned_data)
        except REFUSALS as refused:
            refusal = refused.message
        else:
            done = "upheld: the result is confirmed" if form.cleaned_data["decision"] == "uphold" else (
                "reopened: the home captain corrects the games and submits again")
            messages.success(request, f"The dispute over {fixture} is settled, {done}.")
            return HttpResponseRedirect(reverse("secretary-disputes", args=[league.pk]))
    return _disputes(request, league, fixture=fixture, settle_form=form, refusal=refusal)


@secretary_page
@require_POST
def correct(request: HttpRequest, fixture_id: int) -> HttpResponse:
    """A game's score corrected with `match_result_correct`; the dispute
    stays open for the ruling."""
    fixture = fixture_get(fixture_id=fixture_id)
    league = fixture.division.season.league
    require_secretary(request, league)
    dispute = _dispute_of(league, fixture)
    if dispute is None:
        messages.error(request, f"The result of {fixture} is no longer disputed: correct it from the API.")
        return HttpResponseRedirect(reverse("secretary-disputes", args=[league.pk]))
    form = CorrectionForm(request.POST, dispute=dispute)
    refusal = ""
    if form.is_valid():
        given = form.arguments()
        try:
            night = match_result_correct(fixture_id=fixture.pk, user=request.user, **given)
        except REFUSALS as refused:
            refusal = refused.message
        else:
            messages.success(request, (
                f"{fixture}: rubber {given['rubber']}, game {given['game']} is now {given['home_score']}\u2013"
                f"{given['away_score']}; the result stands at {night.home_games}\u2013{night.away_games}. "
                f"Settle the dispute when the games are right."))
            return HttpResponseRedirect(f"{reverse('secretary-disputes', args=[league.pk])}#dispute-{fixture.pk}")
    return _disputes(request, league, fixture=fixture, correct_form=form, refusal=refusal)


@secretary_page
@require_GET
def results_page(request: HttpRequest, league_id: int) -> HttpResponse:
    league = league_get(league_id=league_id)
    require_secretary(request, league)
    return render(request, "secretary/results.html", {
        "league": league, "overdue": overdue_results(league_id=league.pk),
        "awaiting": awaiting_confirmation(league_id=league.pk)})


def _disputes(request: HttpRequest, league: League, *, fixture: Fixture | None = None,
              settle_form: RulingForm | None = None, correct_form: CorrectionForm | None = None,
              refusal: str = "") -> HttpResponse:
    """The disputes page, each dispute with blank forms except the one
    sent back (`fixture`'s), shown as it was filled beside the refusal.
    A refusal about a dispute no longer listed is shown at the top."""
    rows: list[dict[str, Any]] = []
    for dispute in disputes(league_id=league.pk):
        mine = fixture is not None and dispute.fixture.pk == fixture.pk
        rows.append({
            "dispute": dispute,
            "settle": settle_form if mine and settle_form else RulingForm(prefix=f"settle{dispute.fixture.pk}"),
            "correct": correct_form if mine and correct_form else CorrectionForm(dispute=dispute),
            "settle_refusal": refusal if mine and settle_form else "",
            "correct_refusal": refusal if mine and correct_form else "",
        })
    listed = any(row["dispute"].fixture.pk == getattr(fixture, "pk", None) for row in rows)
    return render(request, "secretary/disputes.html", {
        "league": league, "rows": rows, "stray_refusal": refusal if refusal and not listed else ""})


def _dispute_of(league: League, fixture: Fixture) -> Dispute | None:
    return next((d for d in disputes(league_id=league.pk) if d.fixture.pk == fixture.pk), None)


def _game_label(line: GameLine) -> str:
    # An unchecked rubber's game may have been entered with its winner only.
    scores = "result only" if line.home_score is None else f"{line.home_score}\u2013{line.away_score}"
    return f"Rubber {line.rubber}, game {line.game} ({scores})"
