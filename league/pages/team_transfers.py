"""A team's transfers, for its captains: asking for a player to join
from another team, and approving, refusing or withdrawing the requests the
team is part of, as the league's rule asks of each captain. The action
buttons serve the secretary's transfers page too. The services decide
(`league.services.transfers`); the page offers each user only the buttons
that are theirs."""
from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods, require_POST

from league.models import Season, Team, TransferRequest
from league.pages.form_fields import OneLineField
from league.pages.secretary_access import REFUSALS
from league.selectors.access import is_captain, is_secretary
from league.selectors.clubs import team_get
from league.selectors.secretary import season_get
from league.selectors.shown_names import name_shown, names_shown
from league.selectors.transfers import approvals_missing, approver_roles, movable_players, team_transfers, transfer_get
from league.services.transfers import transfer_approve, transfer_refuse, transfer_request, transfer_withdraw

ACTIONS = ("approve", "refuse", "withdraw")
# The actions that end a request for good, asked again before they are done.
CONFIRMED = ("refuse", "withdraw")


class AskForm(forms.Form):
    player = forms.TypedChoiceField(label="Player to bring in", coerce=int,
                                    help_text="A player registered for another team this season.")
    note = OneLineField(label="Note", required=False, max_length=2000,
                           help_text="Such as why, or that the written request is on its way.")


@login_required
@require_http_methods(["GET", "POST"])
def team_transfers_page(request: HttpRequest, team_id: int, season_id: int) -> HttpResponse:
    try:
        team, season = team_get(team_id=team_id), season_get(season_id=season_id)
    except (Team.DoesNotExist, Season.DoesNotExist):
        raise Http404("no such team") from None
    if team.league_id != season.league_id:
        raise Http404("no such team")
    if not (is_captain(team=team, user=request.user) or is_secretary(league=season.league, user=request.user)):
        return render(request, "secretary/forbidden.html", status=403)
    form = AskForm(request.POST or None)
    movable = movable_players(season_id=season.pk, team_id=team.pk)
    # Another team's players, named as this captain may see them.
    shown = names_shown([r.player for r in movable], request.user)
    form.fields["player"].choices = [("", "Choose a player")] + [  # type: ignore[attr-defined]
        (r.player_id, f"{shown[r.player_id]} ({r.team.name})")
        for r in sorted(movable, key=lambda r: (r.team.name, shown[r.player_id].lower(), r.pk))]
    if request.method == "POST" and form.is_valid():
        try:
            transfer_request(season_id=season.pk, player_id=form.cleaned_data["player"], to_team_id=team.pk,
                             note=form.cleaned_data["note"], user=request.user)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
        else:
            messages.success(request, "The transfer is asked for: it waits for the approvals the league's rule "
                                      "needs.")
            return HttpResponseRedirect(request.path)
    transfers = team_transfers(season_id=season.pk, team_id=team.pk)
    rows = [{"transfer": t, "waiting": approvals_missing(t),
             "mine": bool(set(approver_roles(t, request.user)) & set(approvals_missing(t))),
             "asked": t.requested_by_id == request.user.pk} for t in transfers.open]
    return render(request, "public/team_transfers.html", {
        "team": team, "season": season, "league": season.league, "form": form, "rows": rows,
        "transfers": transfers, "allowed": season.league.transfers != "none"})


@login_required
@require_POST
def transfer_action(request: HttpRequest, transfer_id: int, verb: str) -> HttpResponse:
    """Approve, refuse or withdraw a transfer, then back to the page asked
    for (`next`, on this site) or the secretary's transfers page. Refusing
    and withdrawing cannot be undone: they are asked again on a page that
    says what follows (`step=confirm` does it)."""
    try:
        transfer = transfer_get(transfer_id=transfer_id)
    except TransferRequest.DoesNotExist:
        raise Http404("no such transfer") from None
    if verb not in ACTIONS:
        raise Http404("no such transfer")
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
        back = reverse("secretary-transfers", args=[transfer.season_id])
    if verb in CONFIRMED and request.POST.get("step") != "confirm":
        return render(request, "public/transfer_confirm.html", {
            "transfer": transfer, "verb": verb, "back": back, "note": request.POST.get("note", "")[:2000]})
    try:
        if verb == "refuse":
            done = transfer_refuse(transfer_id=transfer.pk, note=request.POST.get("note", "")[:2000],
                                   user=request.user)
        elif verb == "approve":
            done = transfer_approve(transfer_id=transfer.pk, user=request.user)
        else:
            done = transfer_withdraw(transfer_id=transfer.pk, user=request.user)
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, f"The transfer of {name_shown(done.player, request.user)} to {done.to_team} is "
                                  f"{'approved, waiting for more' if done.status == 'open' else done.status}.")
    return HttpResponseRedirect(back or "/")
