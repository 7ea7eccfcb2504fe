"""The captain's card: the whole paper card keyed on one form, on a phone
(the team sheet, then every rubber's games), posted to the night's own
services through `match_card_enter`. The page's script checks each score
as it is typed (static/js/card.js); the services judge all of it, and a
refusal shows the card again as filled, the service's words beside the
rubber or the game they are about, with nothing saved. The form carries a
key (`done_once`), so a card sent twice is saved once."""
import re
from typing import Any

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from league.pages.form_keys import FormInvalid, cleaned, done_once
from league.pages.night import night_page_or_404, teams
from league.pages.night_card_forms import CardSheetForm
from league.refusals import NotPermitted, Refused
from league.selectors.night_page import NightPage, card_targets, sheet_choices
from league.services.match_cards import CardRefused, match_card_enter

RUBBER_NAMED = re.compile(r"^Rubber (\d+)\b")


@require_http_methods(["GET", "POST"])
def card(request: HttpRequest, fixture_id: int) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("night-page-card", args=[fixture_id]))
    found = night_page_or_404(request, fixture_id)
    if not found.actions.sheet:
        return render(request, "night/card_closed.html", {"fixture": found.fixture, "view": found.view}, status=403)
    form = card_form(found, request.POST if request.method == "POST" else None)
    problems: list[str] = []
    by_rubber: dict[int, list[str]] = {}
    if request.method == "POST":
        try:
            return done_once(request, lambda: _enter(request, found, form), lambda recorded: (
                f"{reverse('night-page', args=[found.fixture.pk])}#result",
                f"The card is saved: {recorded} game{'s' if recorded != 1 else ''} recorded."))
        except FormInvalid:
            pass  # the form's own errors are shown beside its fields
        except CardRefused as refused:
            problems, by_rubber = _placed(form, refused)
        except (Refused, NotPermitted) as refused:
            problems = [refused.message]
    return render(request, "night/card.html", {
        "fixture": found.fixture, "view": found.view, "form": form, "problems": problems,
        "rows": _rows(form, by_rubber)})


def card_form(found: NightPage, data: Any = None) -> CardSheetForm:
    return CardSheetForm(data, rubbers=found.view["rubbers"], teams=teams(found),
                         squads=sheet_choices(fixture=found.fixture, view=found.view),
                         targets=card_targets(fixture=found.fixture))


def _enter(request: HttpRequest, found: NightPage, form: CardSheetForm) -> int:
    # Checked in the write: the card's boxes are those of the night as it
    # stood before, and a resend finds its first answer before this.
    cleaned(form)
    changed = form.sheet_changed()
    if not changed and not form.games():
        raise Refused("Nothing is filled in: choose the players, or give a game's scores, then save the card.")
    return match_card_enter(fixture_id=found.fixture.pk, games=form.games(), user=request.user,
                            lineups=form.lineups() if changed else None,
                            conceded=form.conceded() if changed else None)


def _placed(form: CardSheetForm, refused: CardRefused) -> tuple[list[str], dict[int, list[str]]]:
    """Puts the refusal's words beside what they are about: a game's on its
    boxes; the sheet's by the rubber each names. Returns those for the top
    of the card and those for each rubber's players."""
    if refused.rubber is not None and f"r{refused.rubber}_g{refused.game}_home" in form.fields:
        form.add_error(f"r{refused.rubber}_g{refused.game}_home", refused.message)
        return [], {}
    by_rubber: dict[int, list[str]] = {}
    rest = []
    for problem in refused.problems:
        named = RUBBER_NAMED.match(problem)
        if named:
            by_rubber.setdefault(int(named.group(1)), []).append(problem)
        else:
            rest.append(problem)
    return rest, by_rubber


def _rows(form: CardSheetForm, rubber_problems: dict[int, list[str]]) -> list[dict[str, Any]]:
    return [{**row, "problems": rubber_problems.get(row["rubber"]["number"], [])} for row in form.card_rows()]
