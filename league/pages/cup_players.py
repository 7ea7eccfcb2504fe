"""The players' part in a singles or pairs cup, from the competition's
page: an entrant with a login of their own starts their tie's next game on
the pad (`play`), and finds the game being played one tap away
(`play_actions`). The service decides who may (`league.services.cup_games`);
the page only spares people a button they could never use."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.authors import Author
from league.models import Competition, Game
from league.pages.secretary_access import REFUSALS, secretary_page
from league.selectors.cup_pages import CupView, tie_get
from league.services.cup_games import cup_game_start


def play_actions(view: CupView, *, user: Author) -> dict[int, dict[str, Any]]:
    """For each undecided tie `user` plays in (their own login, as an
    entrant or a partner): the game being played, if one is, to score."""
    uid = getattr(user, "pk", None)
    if uid is None or view.competition.kind == Competition.Kind.TEAM:
        return {}
    found: dict[int, dict[str, Any]] = {}
    for tie in (tie for shown in view.rounds for tie in shown.ties):
        if tie.tie is None or tie.bye or tie.tie.winner_id is not None or tie.home is None or tie.away is None:
            continue
        logins = {p.user_id for e in (tie.home, tie.away) for p in (e.player, e.partner) if p is not None}
        if uid in logins:
            playing = [g for g in tie.tie.games.all() if g.game_id is not None and not g.winner
                       and g.game is not None and g.game.status != Game.Status.WON]
            found[tie.tie.pk] = {"playing": playing[0] if playing else None}
    return found


@secretary_page
@require_POST
def play(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Starts the tie's next game and opens its pad."""
    tie = tie_get(tie_id=tie_id)
    try:
        game = cup_game_start(tie_id=tie.pk, user=request.user)
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
        return HttpResponseRedirect(reverse("public-cup", args=[tie.competition_id]) + f"#tie-{tie.pk}")
    return HttpResponseRedirect(reverse("game-pad", args=[game.game_id]))
