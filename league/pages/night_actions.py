"""The match night's workflow from its page: each form posts here and calls
one service. A refusal shows the night page again with the service's words
beside the form as it was filled; a success goes back to the page (or, for
a game started live, to the scorer's pad). Removing a game, submitting,
confirming and settling ask first, on a confirmation page
(`night_confirm`); nothing here answers a GET."""
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from league.models import Fixture, RubberGame
from league.pages.form_keys import Done, FormInvalid, cleaned, done_once
from league.pages.night import (
    Bound,
    card_form,
    draw_form,
    night_page_or_404,
    render_night,
    sheet_form,
    substitutes_form,
    substitution_form,
    teams,
)
from league.pages.night_confirm import confirm_page, forfeit_lines, remove_lines, result_lines, settle_lines
from league.pages.night_forms import DisputeForm, ForfeitForm, SettleForm, SubstitutionForm
from league.refusals import NotPermitted, Refused, TeamSheetInvalid
from league.selectors.night_page import NightPage
from league.selectors.substitutes import night_substitutes
from league.services.fixtures import fixture_forfeit
from league.services.match_games import rubber_game_card, rubber_game_remove, rubber_game_start
from league.services.pairs_draw import team_sheet_draw
from league.services.results import (
    match_confirm,
    match_dispute,
    match_resolve,
    match_submit,
    match_submit_problems,
)
from league.services.substitutes import substitute_on, substitutes_name
from league.services.teamsheets import team_sheet_enter

View = Callable[..., HttpResponse]
# What a service may refuse with; its message is shown as it is.
REFUSALS = (Refused, NotPermitted)


def night_action(view: View) -> View:
    """POST only; someone not logged in is sent to log in and back to the
    page (a POST cannot be replayed after logging in)."""

    @require_POST
    @wraps(view)
    def action(request: HttpRequest, fixture_id: int, **kwargs: Any) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(reverse("night-page", args=[fixture_id]))
        return view(request, night_page_or_404(request, fixture_id), **kwargs)

    return action


def problems_of(refusal: Refused | NotPermitted) -> list[str]:
    return refusal.problems if isinstance(refusal, TeamSheetInvalid) else [refusal.message]


def back(found: NightPage, done: str, anchor: str) -> Done:
    """Back to the night's page at `anchor`, saying what was done."""
    return f"{reverse('night-page', args=[found.fixture.pk])}#{anchor}", done


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get("step") == "confirm"


@night_action
def sheet(request: HttpRequest, found: NightPage) -> HttpResponse:
    form = sheet_form(found, request.POST)
    problems: list[str] = []
    if form.is_valid():
        try:
            return done_once(request, lambda: team_sheet_enter(
                fixture_id=found.fixture.pk, lineups=form.lineups(), user=request.user, conceded=form.conceded()),
                lambda _: back(found, "The team sheet is entered.", "sheet"))
        except REFUSALS as refusal:
            problems = problems_of(refusal)
    return render_night(request, found.fixture.pk, Bound("sheet", form, problems))


@night_action
def sheet_draw(request: HttpRequest, found: NightPage) -> HttpResponse:
    """The singles named and each side's players for the pairs: the pairs
    are drawn (from the seed given, or a new one) and the sheet entered."""
    form = draw_form(found, request.POST)
    problems: list[str] = []
    if form.is_valid():
        try:
            return done_once(request, lambda: team_sheet_draw(
                fixture_id=found.fixture.pk, singles=form.singles_lineups(), home=form.players("home"),
                away=form.players("away"), seed=form.cleaned_data["seed"] or None, user=request.user,
                conceded=form.conceded()),
                lambda night: back(found, f"The pairs are drawn with the seed {night.pairs_seed} "
                                          f"and the team sheet is entered.", "sheet"))
        except REFUSALS as refusal:
            problems = problems_of(refusal)
    return render_night(request, found.fixture.pk, Bound("sheet", form, problems))


@night_action
def game_live(request: HttpRequest, found: NightPage, rubber: int) -> HttpResponse:
    _rubber_or_404(found, rubber)
    try:
        return done_once(request, lambda: rubber_game_start(fixture_id=found.fixture.pk, rubber=rubber,
                                                            user=request.user),
                         lambda started: (reverse("game-pad", args=[started.game_id]), ""))
    except REFUSALS as refusal:
        return render_night(request, found.fixture.pk, Bound(f"rubber-{rubber}", None, problems_of(refusal)))


@night_action
def game_card(request: HttpRequest, found: NightPage, rubber: int) -> HttpResponse:
    _rubber_or_404(found, rubber)
    form = card_form(found, rubber, request.POST)
    problems: list[str] = []
    if form.is_valid():
        try:
            return done_once(request, lambda: rubber_game_card(fixture_id=found.fixture.pk, rubber=rubber,
                                                               user=request.user, **form.cleaned_data),
                             lambda game: back(found, f"Rubber {rubber}, game {game.number}: "
                                                      f"{_card_result(found, game)} is recorded.", f"record-{rubber}"))
        except REFUSALS as refusal:
            problems = problems_of(refusal)
    return render_night(request, found.fixture.pk, Bound(f"rubber-{rubber}", form, problems))


@night_action
def game_remove(request: HttpRequest, found: NightPage, rubber: int) -> HttpResponse:
    view = _rubber_or_404(found, rubber)
    if not confirmed(request):
        return confirm_page(request, found, title=f"Take a game off rubber {rubber}",
                            lines=remove_lines(view), button="Yes: take it off")
    try:
        return done_once(request, lambda: rubber_game_remove(fixture_id=found.fixture.pk, rubber=rubber,
                                                             user=request.user),
                         lambda _: back(found, f"Rubber {rubber}'s newest game is taken off.", f"record-{rubber}"))
    except REFUSALS as refusal:
        return render_night(request, found.fixture.pk, Bound(f"rubber-{rubber}", None, problems_of(refusal)))


@night_action
def submit(request: HttpRequest, found: NightPage) -> HttpResponse:
    # A night with a rubber undecided (or no team sheet) has nothing to
    # confirm: what is not done is shown at once, and no "Yes" is offered.
    if not confirmed(request):
        problems = match_submit_problems(fixture_id=found.fixture.pk)
        if problems:
            return render_night(request, found.fixture.pk, Bound("result", None, problems))
        return confirm_page(request, found, title="Submit the result", lines=result_lines(found, "submit"),
                            button="Yes: submit it")
    try:
        return done_once(request, lambda: match_submit(fixture_id=found.fixture.pk, user=request.user),
                         lambda _: back(found, "The result is submitted.", "result"))
    except REFUSALS as refusal:
        return render_night(request, found.fixture.pk, Bound("result", None, problems_of(refusal)))


@night_action
def confirm(request: HttpRequest, found: NightPage) -> HttpResponse:
    if not confirmed(request):
        return confirm_page(request, found, title="Confirm the result", lines=result_lines(found, "confirm"),
                            button="Yes: confirm it")
    try:
        return done_once(request, lambda: match_confirm(fixture_id=found.fixture.pk, user=request.user),
                         lambda _: back(found, "The result is confirmed.", "result"))
    except REFUSALS as refusal:
        return render_night(request, found.fixture.pk, Bound("result", None, problems_of(refusal)))


@night_action
def dispute(request: HttpRequest, found: NightPage) -> HttpResponse:
    form = DisputeForm(request.POST)
    problems: list[str] = []
    if form.is_valid():
        try:
            return done_once(request, lambda: match_dispute(fixture_id=found.fixture.pk,
                                                            reason=form.cleaned_data["reason"], user=request.user),
                             lambda _: back(found, "The result is disputed: a league secretary settles it.", "result"))
        except REFUSALS as refusal:
            problems = problems_of(refusal)
    return render_night(request, found.fixture.pk, Bound("dispute", form, problems))


@night_action
def settle(request: HttpRequest, found: NightPage) -> HttpResponse:
    """The ruling's form; posted, its confirmation; confirmed, the ruling.
    "Go back" from the confirmation shows the form again as it was filled."""
    form = SettleForm(request.POST)
    problems: list[str] = []
    step = request.POST.get("step", "review")
    if form.is_valid() and step == "review":
        return confirm_page(request, found, title="Settle the dispute", lines=settle_lines(found, form),
                            button="Yes: settle it", form=form)
    if form.is_valid() and step == "confirm":
        try:
            return done_once(request, lambda: match_resolve(fixture_id=found.fixture.pk, user=request.user,
                                                            **form.cleaned_data),
                             lambda _: back(found, "The dispute is settled.", "result"))
        except REFUSALS as refusal:
            problems = problems_of(refusal)
    return render_night(request, found.fixture.pk, Bound("settle", form, problems))


@night_action
def forfeit(request: HttpRequest, found: NightPage) -> HttpResponse:
    """A side that cannot raise the players the format needs forfeits: a
    walkover to the other side, after a confirmation."""
    team_id = _team_or_404(found, request.POST.get("team", ""))
    name, other = _sides(found, team_id)
    if not confirmed(request):
        _may_forfeit_or_404(found, team_id)
        if request.POST.get("step") == "edit":
            return HttpResponseRedirect(f"{reverse('night-page', args=[found.fixture.pk])}#forfeit")
        return confirm_page(request, found, title=f"Forfeit: {name} cannot raise a team",
                            lines=forfeit_lines(found, name, other),
                            button=f"Yes: {name} forfeits", form=ForfeitForm({"team": team_id}))
    try:
        return done_once(request, lambda: _forfeit(request, found, team_id),
                         lambda _: back(found, f"{name} forfeited: the match is a walkover to {other}.", "night"))
    except REFUSALS as refusal:
        return render_night(request, found.fixture.pk, Bound("forfeit", None, problems_of(refusal)))


def _forfeit(request: HttpRequest, found: NightPage, team_id: int) -> Fixture:
    # Checked in the write: once forfeited, the night is closed and no team
    # may forfeit, and a resend finds its first answer.
    _may_forfeit_or_404(found, team_id)
    return fixture_forfeit(fixture_id=found.fixture.pk, team_id=team_id, reason="", user=request.user)


def _may_forfeit_or_404(found: NightPage, team_id: int) -> None:
    if team_id not in dict(found.actions.forfeit):
        raise Http404("no team the user may forfeit for")


def _sides(found: NightPage, team_id: int) -> tuple[str, str]:
    """The team's name, then the other side's."""
    home, away = teams(found)
    return (home, away) if team_id == found.fixture.home_team_id else (away, home)


@night_action
def substitutes(request: HttpRequest, found: NightPage) -> HttpResponse:
    """A team's substitutes named (or named again) before the first game."""
    team_id = _team_or_404(found, request.POST.get("team", ""))
    form = substitutes_form(found, team_id, request.POST)
    problems: list[str] = []
    if form.is_valid():
        try:
            return done_once(request, lambda: substitutes_name(
                fixture_id=found.fixture.pk, team_id=team_id, player_ids=form.cleaned_data["players"],
                user=request.user), lambda _: back(found, "The substitutes are named.", f"substitutes-{team_id}"))
        except REFUSALS as refusal:
            problems = problems_of(refusal)
    return render_night(request, found.fixture.pk, Bound(f"subs-{team_id}", form, problems))


@night_action
def substitution(request: HttpRequest, found: NightPage) -> HttpResponse:
    """A named substitute brought on in a rubber not yet started."""
    team_id = _team_or_404(found, request.POST.get("team", ""))
    form = substitution_form(found, team_id, night_substitutes(fixture_id=found.fixture.pk), request.POST)
    problems: list[str] = []
    try:
        return done_once(request, lambda: _substitute_on(request, found, form),
                         lambda rubber: back(found, f"The substitute is on in rubber {rubber}.",
                                             f"substitutes-{team_id}"))
    except FormInvalid:
        pass  # the form's own errors are shown beside it
    except REFUSALS as refusal:
        problems = problems_of(refusal)
    return render_night(request, found.fixture.pk, Bound(f"sub-on-{team_id}", form, problems))


def _substitute_on(request: HttpRequest, found: NightPage, form: SubstitutionForm) -> int:
    """Brings the substitute on; the rubber's number."""
    # Checked in the write: the player gone off is no longer offered for a
    # rubber they played only, and a resend finds its first answer.
    data = cleaned(form)
    substitute_on(fixture_id=found.fixture.pk, rubber=data["rubber"], off=data["off"], on=data["on"],
                  user=request.user)
    rubber: int = data["rubber"]
    return rubber


def _team_or_404(found: NightPage, value: str) -> int:
    """The team the form is for: one of the night's two."""
    team_id = int(value) if value.isdigit() else 0
    if team_id not in (found.fixture.home_team_id, found.fixture.away_team_id):
        raise Http404("no such team in this match")
    return team_id


def _card_result(found: NightPage, game: RubberGame) -> str:
    if game.home_score is not None:
        return f"{game.home_score}\u2013{game.away_score}"
    return f"won by {found.view['home_team' if game.winner == 'home' else 'away_team']['name']}"


def _rubber_or_404(found: NightPage, number: int) -> dict[str, Any]:
    rubbers: list[dict[str, Any]] = found.view["rubbers"]
    for rubber in rubbers:
        if rubber["number"] == number:
            return rubber
    raise Http404(f"the match has no rubber {number}")
