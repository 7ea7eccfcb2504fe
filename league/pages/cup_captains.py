"""The captains' part in a cup, from the competition's page: entering
their team while entries are open (`teams_to_enter`, `enter`), or, in a
singles or pairs cup, a registered player entering themself (with the
partner they name) (`player_to_enter`, `enter`); and
arranging a tie: the home captain offers up to three dates inside the
round's window, the away captain picks one of them, which puts the match in
the fixtures; in a singles or pairs cup the home player (or either
partner) offers and the away player picks, which dates the tie. The
services decide (`league.services.cups`, `cup_ties`, `game_tie_dates`);
the page only spares people forms they could never use (`date_actions`)."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.authors import Author
from league.competition_kinds import Dating, kind_rules
from league.models import Competition, CupGame, CupTie, Fixture, MatchNight, Team
from league.pages.date_offer_forms import OfferForm, PickForm
from league.pages.form_keys import FormInvalid, cleaned, done_once_or_refused
from league.pages.public_lines import night_of
from league.pages.secretary_access import secretary_page
from league.selectors.access import is_captain
from league.selectors.cup_games import tie_games_loaded
from league.selectors.cup_pages import (
    CupView,
    TieView,
    competition_get,
    players_registered,
    teams_captained,
    tie_get,
)
from league.selectors.shown_names import entry_name_shown
from league.services.cups import cup_enter
from league.services.game_tie_dates import cup_tie_date_pick, cup_tie_dates_offer

OFFER = "offer"
PICK = "pick"


def date_actions(view: CupView, *, user: Author,
                 waiting: dict[int, CupGame] | None = None) -> dict[int, dict[str, Any]]:
    """For each tie whose next leg is still to be arranged and whose side
    at home (or away) in it the user captains: what they may do now (offer
    or pick) and the blank form. In a singles or pairs cup, the ties the
    user plays in; `waiting` is the games entered and not yet counting."""
    if user is None or not user.is_authenticated:
        return {}
    return DATE_ACTIONS[kind_rules(view.competition.kind).dating](view, user=user, waiting=waiting or {})


def _leg_date_actions(view: CupView, *, user: Author, waiting: dict[int, CupGame]) -> dict[int, dict[str, Any]]:
    """A team cup's: the ties whose next leg the user's team is at home
    in (to offer) or away in, with dates offered (to pick)."""
    actions: dict[int, dict[str, Any]] = {}
    for tie in (tie for shown in [*view.groups, *view.rounds] for tie in shown.ties):
        found = tie.tie
        if found is None or found.bye or found.winner_id is not None or any(map(_pending, tie.legs)):
            continue
        sides = next_sides(tie)
        if sides is None:
            continue
        home, away = sides
        if is_captain(team=home, user=user):
            actions[found.pk] = {"action": OFFER, "form": OfferForm(prefix=f"offer{found.pk}"),
                                 "picks": f"{away.name}'s captain picks one"}
        elif found.offered_dates and is_captain(team=away, user=user):
            actions[found.pk] = {"action": PICK, "offers": f"{home.name} offer these nights",
                                 "form": PickForm(offered=found.offered_dates, prefix=f"pick{found.pk}")}
    return actions


def _tie_date_actions(view: CupView, *, user: Author, waiting: dict[int, CupGame]) -> dict[int, dict[str, Any]]:
    """A singles or pairs cup's: the ties the user plays in (their own
    login, as entrant or partner) not yet decided, begun, or set for the
    finals night: the home side offers, the away side picks."""
    competition, uid = view.competition, getattr(user, "pk", None)
    actions: dict[int, dict[str, Any]] = {}
    for tie in (tie for shown in view.rounds for tie in shown.ties):
        found = tie.tie
        if (found is None or found.bye or found.winner_id is not None or tie.home is None or tie.away is None
                or (competition.finals_date is not None and found.date == competition.finals_date)
                or tie_games_loaded(tie=found) or found.pk in waiting):
            continue
        if uid in tie.home.login_ids:
            actions[found.pk] = {"action": OFFER, "form": OfferForm(prefix=f"offer{found.pk}"),
                                 "picks": f"{tie.away_name} {'pick' if tie.away.partner_id else 'picks'} one"}
        elif found.offered_dates and uid in tie.away.login_ids:
            offers = f"{tie.home_name} {'offer' if tie.home.partner_id else 'offers'} these dates"
            actions[found.pk] = {"action": PICK, "offers": offers,
                                 "form": PickForm(offered=found.offered_dates, prefix=f"pick{found.pk}")}
    return actions


# How the user arranges a tie, by how the cup's ties are dated.
DATE_ACTIONS = {Dating.LEGS: _leg_date_actions, Dating.TIE: _tie_date_actions}


def next_sides(tie: TieView) -> tuple[Team, Team] | None:
    """The teams at home and away in the tie's next leg: the first at the
    tie's home side, each later one at the side away in the leg before;
    None until both sides are known (or in a singles or pairs cup)."""
    if tie.home is None or tie.away is None or tie.home.team is None or tie.away.team is None:
        return None
    played = [leg for leg in tie.legs if leg.status != Fixture.Status.VOID]
    if played and played[-1].home_team_id == tie.home.team.pk:
        return tie.away.team, tie.home.team
    return tie.home.team, tie.away.team


def _pending(leg: Fixture) -> bool:
    """Arranged and still to count: neither confirmed, awarded nor voided."""
    if leg.status in (Fixture.Status.WALKOVER, Fixture.Status.VOID):
        return False
    night = night_of(leg)
    return night is None or night.status != MatchNight.Status.CONFIRMED


def teams_to_enter(view: CupView, *, user: Author) -> list[Team]:
    """The teams the user captains that could still enter the team cup."""
    competition = view.competition
    if (user is None or not user.is_authenticated or not kind_rules(competition.kind).by_team
            or competition.status != Competition.Status.ENTRY):
        return []
    entered = {entry.team_id for entry in view.entries if not entry.withdrawn}
    return [team for team in teams_captained(league_id=competition.season.league_id, user_id=user.pk)
            if team.pk not in entered]


def player_to_enter(view: CupView, *, user: Author) -> dict[str, Any] | None:
    """In a singles or pairs cup open for entries: the user's own player,
    registered this season and not entered yet, and for a pairs cup the
    registered players they may name as partner (those not entered)."""
    competition = view.competition
    rules = kind_rules(competition.kind)
    if (user is None or not user.is_authenticated or rules.by_team
            or competition.status != Competition.Status.ENTRY):
        return None
    registered = players_registered(season_id=competition.season_id)
    mine = next((player for player in registered if player.user_id == user.pk), None)
    entered = {p for entry in view.entries if not entry.withdrawn for p in (entry.player_id, entry.partner_id)}
    if mine is None or mine.pk in entered:
        return None
    partners = [p for p in registered if p.pk != mine.pk and p.pk not in entered] if rules.partners else []
    return {"player": mine, "partners": partners, "pairs": rules.partners}


@secretary_page
@require_POST
def enter(request: HttpRequest, competition_id: int) -> HttpResponse:
    """A captain enters their team, or a player themself (and the partner
    they name): the service checks they may. Done once for the form's key
    (league.pages.form_keys), as are the date forms below."""
    competition = competition_get(competition_id=competition_id)
    back = reverse("public-cup", args=[competition.pk])
    if not kind_rules(competition.kind).by_team:
        return _enter_player(request, competition, back)
    team_id = request.POST.get("team", "")
    if not team_id.isdigit():
        messages.error(request, "Choose the team to enter.")
        return HttpResponseRedirect(back)
    return done_once_or_refused(
        request, back, lambda: cup_enter(competition_id=competition.pk, team_id=int(team_id), user=request.user),
        lambda entry: f"{entry.name} is entered in {competition.name}.")


def _enter_player(request: HttpRequest, competition: Competition, back: str) -> HttpResponse:
    player_id, partner_id = request.POST.get("player", ""), request.POST.get("partner", "")
    if not player_id.isdigit() or (kind_rules(competition.kind).partners and not partner_id.isdigit()):
        messages.error(request, "Choose your partner." if player_id.isdigit() else "Choose the player to enter.")
        return HttpResponseRedirect(back)
    return done_once_or_refused(
        request, back, lambda: cup_enter(competition_id=competition.pk, player_id=int(player_id),
                                         partner_id=int(partner_id) if partner_id.isdigit() else None,
                                         user=request.user),
        # The partner named as the player entering may see them.
        lambda entry: (f"{entry_name_shown(entry, request.user)} {'are' if entry.partner_id else 'is'} "
                       f"entered in {competition.name}."))


@secretary_page
@require_POST
def offer(request: HttpRequest, tie_id: int) -> HttpResponse:
    tie = tie_get(tie_id=tie_id)
    form = OfferForm(request.POST, prefix=f"offer{tie.pk}")
    if not form.is_valid():
        messages.error(request, "Give at least one date, each as a day of the month.")
        return HttpResponseRedirect(_back(tie))
    said = f"Dates offered: {kind_rules(tie.competition.kind).picker} picks one."
    return done_once_or_refused(request, _back(tie),
                                lambda: cup_tie_dates_offer(tie_id=tie.pk, dates=form.dates(), user=request.user),
                                lambda _: said)


@secretary_page
@require_POST
def pick(request: HttpRequest, tie_id: int) -> HttpResponse:
    tie = tie_get(tie_id=tie_id)
    form = PickForm(request.POST, offered=tie.offered_dates, prefix=f"pick{tie.pk}")
    try:
        return done_once_or_refused(
            request, _back(tie), lambda: cup_tie_date_pick(tie_id=tie.pk, date=cleaned(form)["date"],
                                                           user=request.user),
            lambda _: (f"{entry_name_shown(tie.home, request.user)} v {entry_name_shown(tie.away, request.user)} "
                       f"is on {form.cleaned_data['date']:%A %d %B}."))
    except FormInvalid:
        messages.error(request, "Pick one of the dates offered.")
        return HttpResponseRedirect(_back(tie))


def _back(tie: CupTie) -> str:
    return reverse("public-cup", args=[tie.competition_id]) + f"#tie-{tie.pk}"
