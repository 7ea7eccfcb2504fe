"""The players' part in a singles or pairs cup, from the competition's
page: an entrant with a login of their own starts their tie's next game on
the pad (`play`), and finds the game being played one tap away
(`play_actions`); or enters a game played on paper from the card
(`submit`), which a player of the other side confirms or disputes
(`confirm`, `dispute`). The service decides who may (`league.services.cup_games`);
the page only spares people a button they could never use."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.authors import Author
from league.competition_kinds import kind_rules
from league.models import CupGame, Game
from league.pages.form_keys import done_once, done_once_or_refused
from league.pages.secretary_access import REFUSALS, secretary_page
from league.pages.secretary_cup_forms import TieCardForm
from league.selectors.cup_games import tie_games_loaded
from league.selectors.cup_pages import CupView, tie_get
from league.services.cup_game_results import cup_game_confirm, cup_game_dispute, cup_game_submit
from league.services.cup_games import cup_game_start


def play_actions(view: CupView, *, user: Author, waiting: dict[int, CupGame]) -> dict[int, dict[str, Any]]:
    """For each undecided tie `user` plays in (their own login, as an
    entrant or a partner): the game being played, if one is, to score;
    else the score waiting on the other side (`waiting`, and whether
    `user` is the one to `answer` it), or nothing waiting (start a game or
    enter one from the card)."""
    uid = getattr(user, "pk", None)
    if uid is None or not kind_rules(view.competition.kind).plays_games:
        return {}
    found: dict[int, dict[str, Any]] = {}
    for tie in (tie for shown in view.rounds for tie in shown.ties):
        if tie.tie is None or tie.bye or tie.tie.winner_id is not None or tie.home is None or tie.away is None:
            continue
        if uid in tie.home.login_ids | tie.away.login_ids:
            playing = [g for g in tie_games_loaded(tie=tie.tie) if g.game_id is not None and not g.winner
                       and g.game is not None and g.game.status != Game.Status.WON]
            held = waiting.get(tie.tie.pk)
            answer = (held is not None and held.state == CupGame.State.SUBMITTED
                      and not {held.entered_by_id, uid} <= tie.home.login_ids
                      and not {held.entered_by_id, uid} <= tie.away.login_ids)
            found[tie.tie.pk] = {"playing": playing[0] if playing else None, "waiting": held, "answer": answer}
    return found



@secretary_page
@require_POST
def play(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Starts the tie's next game and opens its pad. Like every form here,
    done once for the form's key (league.pages.form_keys): a double tap
    opens the one game's pad."""
    tie = tie_get(tie_id=tie_id)
    try:
        return done_once(request, lambda: cup_game_start(tie_id=tie.pk, user=request.user),
                         lambda game: (reverse("game-pad", args=[game.game_id]), ""))
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
        return HttpResponseRedirect(_back(tie.competition_id, tie.pk))


@secretary_page
@require_POST
def submit(request: HttpRequest, tie_id: int) -> HttpResponse:
    """A player enters the tie's next game from the card, for the other
    side to confirm."""
    tie = tie_get(tie_id=tie_id)
    form = TieCardForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Give both final scores from the card.")
        return HttpResponseRedirect(_back(tie.competition_id, tie.pk))
    return done_once_or_refused(
        request, _back(tie.competition_id, tie.pk),
        lambda: cup_game_submit(tie_id=tie.pk, home_score=form.cleaned_data["home_score"],
                                away_score=form.cleaned_data["away_score"], user=request.user),
        lambda game: f"Game {game.number} entered as {game.home_score}-{game.away_score}: "
                     "it counts once the other side confirms it.")


@secretary_page
@require_POST
def confirm(request: HttpRequest, tie_id: int) -> HttpResponse:
    tie = tie_get(tie_id=tie_id)
    return done_once_or_refused(request, _back(tie.competition_id, tie.pk),
                                lambda: cup_game_confirm(tie_id=tie.pk, user=request.user),
                                lambda game: f"Game {game.number} confirmed: {game.home_score}-{game.away_score}.")


@secretary_page
@require_POST
def dispute(request: HttpRequest, tie_id: int) -> HttpResponse:
    tie = tie_get(tie_id=tie_id)
    return done_once_or_refused(
        request, _back(tie.competition_id, tie.pk),
        lambda: cup_game_dispute(tie_id=tie.pk, reason=request.POST.get("reason", ""), user=request.user),
        lambda game: f"Game {game.number}'s score is disputed: a league secretary resolves it.")


def _back(competition_id: int, tie_id: int) -> str:
    return reverse("public-cup", args=[competition_id]) + f"#tie-{tie_id}"
