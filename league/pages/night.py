"""The match night page: a fixture's night for anyone to follow (the teams,
the status of the result, the score so far, each rubber's players and
games), kept current by static/js/night.js polling the scoreboard part of
it; and, for the people who may act, the forms of the night's workflow,
which post to `league.pages.night_actions`."""
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from league.models import Fixture
from league.pages.night_forms import (
    CardForm,
    DisputeForm,
    DrawSheetForm,
    SettleForm,
    SubstitutesForm,
    SubstitutionForm,
    TeamSheetForm,
    UncheckedCardForm,
)
from league.pages.night_rearrange import is_ours, rearrange_context
from league.pages.robots import hidden_by, render_for
from league.pages.spectator_cache import spectator_cached
from league.selectors.eligibility import RETURNED, card_eligibility_notes
from league.selectors.match_card import match_card_csv
from league.selectors.night_page import NightPage, night_page, rubber_states, sheet_choices
from league.selectors.page_versions import fixture_key
from league.selectors.substitutes import night_substitutes


@dataclass
class Bound:
    """A form sent back to the page: what was filled in, and why the
    service refused it. `key` names the form: sheet, rubber-3, result,
    dispute or settle."""

    key: str
    form: forms.Form | None = None
    problems: list[str] = field(default_factory=list)


@spectator_cached(lambda fixture_id: [fixture_key(fixture_id)])
@require_GET
def page(request: HttpRequest, fixture_id: int) -> HttpResponse:
    return render_night(request, fixture_id)


# A TV polls this every few seconds: the public's copy is revalidated each
# time (a 304 when nothing changed), a logged-in reader's never kept.
@spectator_cached(lambda fixture_id: [fixture_key(fixture_id)])
@never_cache
@require_GET
def live(request: HttpRequest, fixture_id: int) -> HttpResponse:
    """The scoreboard part of the page alone, for the page's script."""
    found = night_page_or_404(request, fixture_id)
    return render(request, "night/live.html", live_context(found))


def render_night(request: HttpRequest, fixture_id: int, bound: Bound | None = None) -> HttpResponse:
    """The page, with `bound` (a refused form) in place of its blank form."""
    found = night_page_or_404(request, fixture_id)
    context = {**live_context(found), "actions": found.actions, "other_night": _other_night(found),
               "substitutes": night_substitutes(fixture_id=fixture_id)}
    ours = bound is not None and is_ours(bound.key)
    context.update(_forms(found, None if ours else bound))
    context.update(rearrange_context(request, found, key=bound.key, form=bound.form, problems=bound.problems)
                   if bound is not None and ours else rearrange_context(request, found))
    context["substitute_teams"] = _substitute_forms(found, context["substitutes"], bound)
    if found.view["status"] in RETURNED:
        # A card the sheet's checks never saw (entered before them, or a
        # registration changed since) says where it breaks the rules.
        context["eligibility_notes"] = card_eligibility_notes(fixture_id=fixture_id)
    return render_for(request, "night/page.html", context, hidden=hidden_by(found.fixture.division.season.league))


def _other_night(found: NightPage) -> date | None:
    """Today, when the match is set for another night and the user may
    record it: a scorer who opened the wrong match is told before scoring
    it (a match played on another night is still recorded, on its own page)."""
    today = timezone.localdate()
    acting = found.actions.sheet or found.actions.record
    return today if acting and found.fixture.played_on != today else None


def live_context(found: NightPage) -> dict[str, Any]:
    return {"fixture": found.fixture, "view": found.view, "due": date.fromisoformat(found.view["result_due"])}


def teams(found: NightPage) -> tuple[str, str]:
    return found.view["home_team"]["name"], found.view["away_team"]["name"]


def sheet_form(found: NightPage, data: Any = None) -> TeamSheetForm:
    return TeamSheetForm(data, rubbers=found.view["rubbers"], teams=teams(found),
                         squads=sheet_choices(fixture=found.fixture, view=found.view))


def draw_form(found: NightPage, data: Any = None) -> DrawSheetForm:
    """The sheet of a format whose pairs are drawn: singles named, pairs drawn."""
    return DrawSheetForm(data, rubbers=found.view["rubbers"], teams=teams(found),
                         squads=sheet_choices(fixture=found.fixture, view=found.view))


def pairs_drawn(found: NightPage) -> bool:
    return bool(found.view["format"]["pairs"] == "drawn")


def card_form(found: NightPage, rubber: int, data: Any = None) -> CardForm | UncheckedCardForm:
    """The card's scores; for an unchecked rubber, its winner and the scores if any."""
    unchecked = any(r["number"] == rubber and r["unchecked"] for r in found.view["rubbers"])
    return (UncheckedCardForm if unchecked else CardForm)(data, teams=teams(found), prefix=f"card{rubber}")


def _forms(found: NightPage, bound: Bound | None) -> dict[str, Any]:
    """Each form the user may use: blank, or as sent when it was refused.
    A refusal whose form the page no longer offers (the night moved on, or
    the form was never the user's) is shown at the top instead."""
    shown: set[str] = set()

    def pick(key: str, blank: Any) -> tuple[Any, list[str]]:
        shown.add(key)
        if bound is not None and bound.key == key:
            return bound.form or blank, bound.problems
        return blank, []

    actions = found.actions
    context: dict[str, Any] = {}
    if actions.sheet:
        blank = draw_form(found) if pairs_drawn(found) else sheet_form(found)
        context["sheet_form"], context["sheet_problems"] = pick("sheet", blank)
        context["result_problems"] = pick("result", None)[1]
    if actions.record:
        context["record_rows"] = []
        for state, rubber in zip(rubber_states(found.view), found.view["rubbers"], strict=True):
            card, problems = pick(f"rubber-{state.number}", card_form(found, state.number))
            context["record_rows"].append({"state": state, "rubber": rubber, "card": card, "problems": problems})
    if actions.sign:
        context["result_problems"] = pick("result", None)[1]
        context["dispute_form"], context["dispute_problems"] = pick("dispute", DisputeForm())
    if actions.settle:
        context["settle_form"], context["settle_problems"] = pick("settle", SettleForm())
    if actions.forfeit:
        context["forfeit_problems"] = pick("forfeit", None)[1]
    if bound is not None and bound.key not in shown and not _substitute_key(found, bound.key):
        context["stray_problems"] = bound.problems
    return context


def substitutes_form(found: NightPage, team_id: int, data: Any = None,
                     named: dict[str, Any] | None = None) -> SubstitutesForm:
    side = "home" if team_id == found.fixture.home_team_id else "away"
    squad = sheet_choices(fixture=found.fixture, view=found.view)[0 if side == "home" else 1]
    return SubstitutesForm(data, squad=squad, allowed=found.view["format"]["substitutes"],
                           initial={"players": [p["id"] for p in named[side]]} if named else None,
                           prefix=f"subs{team_id}")


def substitution_form(found: NightPage, team_id: int, named: dict[str, Any], data: Any = None) -> SubstitutionForm:
    """The rubbers not yet started, the team's players in them, and its named substitutes."""
    side = "home" if team_id == found.fixture.home_team_id else "away"
    open_rubbers = [r for r in found.view["rubbers"] if r[side] and not r["games"]]
    playing = {p["id"]: p["name"] for r in open_rubbers for p in r[side]}
    return SubstitutionForm(data, rubbers=[r["number"] for r in open_rubbers], playing=list(playing.items()),
                            substitutes=[(p["id"], p["name"]) for p in named[side]],
                            prefix=f"sub{team_id}")


def _substitute_key(found: NightPage, key: str) -> bool:
    """Whether `key` names a substitutes form the page shows (with its refusal)."""
    return bool(found.view["format"]["substitutes"]) and any(
        key in (f"subs-{team_id}", f"sub-on-{team_id}") for team_id, _ in found.actions.forfeit)


def _substitute_forms(found: NightPage, named: dict[str, Any], bound: Bound | None) -> list[dict[str, Any]]:
    """For each team the user may act for (its captain, or a secretary) in a
    format with substitutes: naming them, then bringing one on."""
    if not found.view["format"]["substitutes"]:
        return []
    teams = []
    for team_id, name in found.actions.forfeit:
        row: dict[str, Any] = {"id": team_id, "name": name, "names_problems": [], "on_problems": []}
        row["names_form"] = substitutes_form(found, team_id, named=named)
        row["on_form"] = substitution_form(found, team_id, named)
        if bound is not None and bound.key == f"subs-{team_id}":
            row["names_form"], row["names_problems"] = bound.form or row["names_form"], bound.problems
        if bound is not None and bound.key == f"sub-on-{team_id}":
            row["on_form"], row["on_problems"] = bound.form or row["on_form"], bound.problems
        teams.append(row)
    return teams


@require_GET
def card_csv(request: HttpRequest, fixture_id: int) -> HttpResponse:
    """The night's games as the paper card records them, as CSV."""
    night_page_or_404(request, fixture_id)  # drafts stay the secretaries'
    view, text = match_card_csv(fixture_id=fixture_id)
    response = HttpResponse(text.encode("utf-8"), content_type="text/csv; charset=utf-8")
    name = f"{view['date']} {view['home_team']['name']} v {view['away_team']['name']}"
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)
    response["Content-Disposition"] = f'attachment; filename="{safe}.csv"'
    return response


def night_page_or_404(request: HttpRequest, fixture_id: int) -> NightPage:
    try:
        return night_page(fixture_id=fixture_id, user=request.user)
    except Fixture.DoesNotExist:
        raise Http404("no such match night") from None
