"""A cup tie settled from the secretary's pages: its date when the captains
cannot agree, and in a singles or pairs cup its winner, its games from the
card, a disputed game resolved, or its next game started live. Each goes
back to the tie on the cup's page (`secretary_cups`), done once for the
form's key (league.pages.form_keys)."""
from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.competition_kinds import Dating, kind_rules
from league.models import CupGame, CupTie, Fixture
from league.pages.form_keys import done_once, done_once_or_refused
from league.pages.secretary_access import REFUSALS, secretary_page
from league.pages.secretary_cup_forms import TieCardForm, TieDateForm, TieWinnerForm
from league.pages.secretary_cups import back_to, cup_at, secretary_competition
from league.selectors.cup_pages import tie_get
from league.services.cup_game_results import cup_game_resolve
from league.services.cup_games import cup_game_card, cup_game_start, game_tie_date_set
from league.services.cup_ties import tie_date_set, tie_winner_set

# How a secretary dates a tie, by how the cup's ties are dated: its next leg
# arranged as a fixture, or the tie itself.
SET_DATE: dict[Dating, Callable[..., Fixture | CupTie]] = {Dating.LEGS: tie_date_set, Dating.TIE: game_tie_date_set}


@secretary_page
@require_POST
def tie_date(request: HttpRequest, tie_id: int) -> HttpResponse:
    tie = tie_get(tie_id=tie_id)
    found = secretary_competition(request, tie.competition_id)
    form = TieDateForm(request.POST, prefix=f"tie{tie.pk}")
    if not form.is_valid():
        messages.error(request, "Give the tie's date.")
        return back_to(found, f"tie-{tie.pk}")
    day = form.cleaned_data["date"]
    set_date = SET_DATE[kind_rules(found.kind).dating]
    return done_once_or_refused(request, cup_at(found, f"tie-{tie.pk}"),
                                lambda: set_date(tie_id=tie.pk, date=day, user=request.user),
                                lambda _: f"{tie.home} v {tie.away} is set for {day:%A %d %B}.")


@secretary_page
@require_POST
def tie_winner(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Records who won a singles or pairs tie, played as one game."""
    tie = tie_get(tie_id=tie_id)
    found = secretary_competition(request, tie.competition_id)
    sides = [(entry.pk, entry.name) for entry in (tie.home, tie.away) if entry is not None]
    form = TieWinnerForm(request.POST, sides=sides, prefix=f"won{tie.pk}")
    if not form.is_valid():
        messages.error(request, "Choose the winner and say how the tie was won.")
        return back_to(found, f"tie-{tie.pk}")
    winner, reason = form.cleaned_data["winner"], form.cleaned_data["reason"]
    return done_once_or_refused(
        request, cup_at(found, f"tie-{tie.pk}"),
        lambda: tie_winner_set(tie_id=tie.pk, winner_entry_id=winner, reason=reason, user=request.user),
        lambda _: f"{dict(sides)[winner]} goes through.")


@secretary_page
@require_POST
def tie_card(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Enters a singles or pairs tie's next game from the card."""
    tie = tie_get(tie_id=tie_id)
    found = secretary_competition(request, tie.competition_id)
    form = TieCardForm(request.POST, prefix=f"card{tie.pk}")
    if not form.is_valid():
        messages.error(request, "Give both final scores from the card.")
        return back_to(found, f"tie-{tie.pk}")
    home, away = form.cleaned_data["home_score"], form.cleaned_data["away_score"]
    return done_once_or_refused(
        request, cup_at(found, f"tie-{tie.pk}"),
        lambda: cup_game_card(tie_id=tie.pk, home_score=home, away_score=away, user=request.user),
        lambda game: f"{tie.home} v {tie.away}: game {game.number} entered, {game.home_score}-{game.away_score}.")


@secretary_page
@require_POST
def tie_resolve(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Resolves a singles or pairs tie's disputed game: the dispute upheld
    (the score struck), or the game's scores corrected from the card."""
    tie = tie_get(tie_id=tie_id)
    found = secretary_competition(request, tie.competition_id)
    upheld = request.POST.get("uphold") == "yes"
    form = TieCardForm(request.POST, prefix=f"resolve{tie.pk}")
    if not upheld and not form.is_valid():
        messages.error(request, "Give both final scores from the card, or uphold the dispute.")
        return back_to(found, "disputes-heading")
    home = None if upheld else form.cleaned_data["home_score"]
    away = None if upheld else form.cleaned_data["away_score"]
    try:
        return done_once(request, lambda: cup_game_resolve(tie_id=tie.pk, user=request.user, home_score=home,
                                                           away_score=away),
                         lambda game: (cup_at(found, f"tie-{tie.pk}"), _resolved(tie, game)))
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
        return back_to(found, "disputes-heading")


def _resolved(tie: CupTie, game: CupGame | None) -> str:
    if game is None:
        return f"{tie.home} v {tie.away}: the dispute is upheld and the score struck; the game is entered again."
    return f"{tie.home} v {tie.away}: game {game.number} counts as {game.home_score}-{game.away_score}."


@secretary_page
@require_POST
def tie_game_start(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Starts a singles or pairs tie's next game live, and opens its pad."""
    tie = tie_get(tie_id=tie_id)
    found = secretary_competition(request, tie.competition_id)
    try:
        return done_once(request, lambda: cup_game_start(tie_id=tie.pk, user=request.user),
                         lambda game: (reverse("game-pad", args=[game.game_id]), ""))
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
        return back_to(found, f"tie-{tie.pk}")
