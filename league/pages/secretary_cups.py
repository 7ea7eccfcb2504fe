"""The secretary's page of a cup and its forms: its settings and handicap,
its entries and seeds, the draw (checked before it is made; its seed shown
afterwards so anyone can make it again) and each round's date window. A new
cup is set up in `secretary_cup_new`; a tie's date, result and games are
settled in `secretary_cup_ties`. The services keep the cup's rules
(`league.services.cups`, `cup_ties`); refusals are shown in their words.
Every form's write is done once for its key (league.pages.form_keys)."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from league.competition_kinds import kind_rules
from league.models import Competition, CupDraw, CupEntry, CupGame
from league.pages.form_keys import FormInvalid, cleaned, done_once, done_once_or_refused
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_cup_forms import (
    CupEntryForm,
    CupSettingsForm,
    HandicapForm,
    PlayerEntryForm,
    SeedsForm,
    WindowForm,
)
from league.refusals import Refused
from league.selectors.clubs import league_players, league_venues
from league.selectors.cup_groups import group_tables
from league.selectors.cup_pages import (
    CupView,
    DrawPreview,
    competition_draws,
    competition_entries,
    competition_get,
    cup_view,
    draw_preview,
    games_waiting,
    teams_to_enter_cup,
    tie_rule_words,
)
from league.services.cup_settings import cup_handicap_set, cup_settings_change
from league.services.cup_ties import tie_window_set
from league.services.cups import (
    cup_draw,
    cup_enter,
    cup_entry_seed,
    cup_withdraw,
)


@secretary_page
def competition(request: HttpRequest, competition_id: int) -> HttpResponse:
    found = secretary_competition(request, competition_id)
    return _competition_page(request, found)


@secretary_page
@require_POST
def handicap(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Makes a singles or pairs cup a handicap cup, or level."""
    found = secretary_competition(request, competition_id)
    form = HandicapForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a handicap cup or level games.")
        return back_to(found, "handicap-heading")
    handicap = form.cleaned_data["handicap"]
    return done_once_or_refused(
        request, cup_at(found, "handicap-heading"),
        lambda: cup_handicap_set(competition_id=found.pk, handicap=handicap, user=request.user),
        lambda _: f"{found.name} is {'a handicap cup' if handicap else 'played level'}: "
                  "games started from now on follow it.")


@secretary_page
@require_POST
def settings(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Changes the cup's name, entries' closing date and limit, finals
    night, and (a pairs cup) whether a pair is of one team."""
    found = secretary_competition(request, competition_id)
    form = CupSettingsForm(request.POST, competition=found, venues=league_venues(league_id=found.season.league_id))
    if form.is_valid():
        changes = form.changes()
        try:
            return done_once(request, lambda: cup_settings_change(competition_id=found.pk, changes=changes,
                                                                  user=request.user),
                             lambda _: (cup_at(found, "settings-heading"), f"{found.name}'s settings are saved."
                                        if changes else "Nothing was changed."))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return _competition_page(request, competition_get(competition_id=found.pk), settings_form=form)


@secretary_page
@require_POST
def entry_add(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Enters a team, or in a singles or pairs cup a player or a pair."""
    found = secretary_competition(request, competition_id)
    form = _entry_form(found, data=request.POST)
    try:
        return done_once(request, lambda: _enter(request, found, form), lambda entry: (
            cup_at(found, "entries-heading"), f"{entry.name} is entered in {found.name}."))
    except FormInvalid:
        pass  # the form's own errors are shown beside it
    except REFUSALS as refusal:
        form.add_error(None, refusal.message)
    return _competition_page(request, found, entry_form=form)


def _enter(request: HttpRequest, found: Competition, form: CupEntryForm | PlayerEntryForm) -> CupEntry:
    # Checked in the write: a team entered is no longer one the form offers.
    data = cleaned(form)
    if isinstance(form, CupEntryForm):
        return cup_enter(competition_id=found.pk, team_id=data["team"].pk, seed=data["seed"], user=request.user)
    partner = data.get("partner")
    return cup_enter(competition_id=found.pk, player_id=data["player"].pk,
                     partner_id=partner.pk if partner else None, seed=data["seed"], user=request.user)


@secretary_page
@require_http_methods(["GET", "POST"])
def entry_withdraw(request: HttpRequest, competition_id: int, entry_id: int) -> HttpResponse:
    found = secretary_competition(request, competition_id)
    entry = next((e for e in competition_entries(competition_id=found.pk) if e.pk == entry_id), None)
    problem = ""
    if request.method == "POST":
        try:
            return done_once(request, lambda: _withdraw(request, entry), lambda name: (
                cup_at(found, "entries-heading"), f"{name} is withdrawn from {found.name}."))
        except FormInvalid:
            return back_to(found, "entries-heading")
        except REFUSALS as refusal:
            problem = refusal.message
    if entry is None or entry.withdrawn:
        return back_to(found, "entries-heading")
    return render(request, "secretary/cup_withdraw.html", {"competition": found, "entry": entry,
                                                           "problem": problem})


def _withdraw(request: HttpRequest, entry: CupEntry | None) -> str:
    # Checked in the write: a resend finds the entry withdrawn, and its first answer.
    if entry is None or entry.withdrawn:
        raise FormInvalid
    cup_withdraw(entry_id=entry.pk, user=request.user)
    return entry.name


@secretary_page
@require_POST
def seeds(request: HttpRequest, competition_id: int) -> HttpResponse:
    found = secretary_competition(request, competition_id)
    entries = [e for e in competition_entries(competition_id=found.pk) if not e.withdrawn]
    form = SeedsForm(request.POST, entries=entries)
    if form.is_valid():
        try:
            return done_once(request, lambda: _seed(request, entries, form.seeds()),
                             lambda _: (cup_at(found, "entries-heading"), "The seeds are saved."))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return _competition_page(request, found, seeds_form=form)


def _seed(request: HttpRequest, entries: list[CupEntry], seeds: dict[int, int | None]) -> None:
    for entry in entries:
        if seeds[entry.pk] != entry.seed:
            cup_entry_seed(entry_id=entry.pk, seed=seeds[entry.pk], user=request.user)


@secretary_page
@require_http_methods(["GET", "POST"])
def draw(request: HttpRequest, competition_id: int) -> HttpResponse:
    """GET: what the draw will be (which round, who is in it, how many
    byes, seeded or at random); POST: make it."""
    found = secretary_competition(request, competition_id)
    preview = draw_preview(competition=found)
    problem = preview.problem
    if request.method == "POST":
        seed_text = request.POST.get("seed", "").strip()
        if seed_text and not seed_text.isdigit():
            problem = "a seed is a whole number, such as 20261201; leave it empty for a fresh one"
        else:
            try:
                return done_once(request, lambda: _draw(request, found, preview, seed_text), lambda made: (
                    cup_at(found, "draws-heading"), f"{preview.title} is made "
                    f"({'seeded' if made.seed is None else f'drawn at random from seed {made.seed}'})."))
            except REFUSALS as refusal:
                problem = refusal.message
    return render(request, "secretary/cup_draw.html", {"competition": found, "preview": preview,
                                                       "problem": problem})


def _draw(request: HttpRequest, found: Competition, preview: DrawPreview, seed_text: str) -> CupDraw:
    # Checked in the write: once made, the preview is of the next round, and a resend finds its first answer.
    if preview.problem:
        raise Refused(preview.problem)
    return cup_draw(competition_id=found.pk, user=request.user, round=preview.round,
                    seed=int(seed_text) if seed_text else None)


@secretary_page
@require_POST
def window(request: HttpRequest, competition_id: int, round: int) -> HttpResponse:
    found = secretary_competition(request, competition_id)
    form = WindowForm(request.POST, prefix=f"window{round}")
    if not form.is_valid():
        messages.error(request, "; ".join(str(e) for errors in form.errors.values() for e in errors))
        return back_to(found, f"round-{round}")
    start, end = form.cleaned_data["start"], form.cleaned_data["end"]
    return done_once_or_refused(
        request, cup_at(found, f"round-{round}"),
        lambda: tie_window_set(competition_id=found.pk, round=round, start=start, end=end, user=request.user),
        lambda _: f"Round {round}'s ties are to be played between {start:%d %B} and {end:%d %B}.")


def secretary_competition(request: HttpRequest, competition_id: int) -> Competition:
    """The cup, for one of its league's secretaries (shared with `secretary_cup_ties`)."""
    found = competition_get(competition_id=competition_id)
    require_secretary(request, found.season.league)
    return found


def _competition_page(request: HttpRequest, found: Competition, **forms: Any) -> HttpResponse:
    view = cup_view(competition=found)
    active = [e for e in view.entries if not e.withdrawn]
    context: dict[str, Any] = {
        "competition": found, "kind_rules": kind_rules(found.kind), "view": view, "active": active,
        "entry_form": forms.get("entry_form") or _entry_form(found, data=None),
        "seeds_form": forms.get("seeds_form") or SeedsForm(entries=active),
        "draws": competition_draws(competition_id=found.pk),
        "preview": draw_preview(competition=found),
        "groups": group_tables(competition_id=found.pk),
        "tie_rules": tie_rule_words(found),
        "handicap_form": HandicapForm(initial={"handicap": "yes" if found.handicap else "no"}),
        "settings_form": forms.get("settings_form") or CupSettingsForm(
            competition=found, venues=league_venues(league_id=found.season.league_id)),
        "waiting": _waiting(view, games_waiting(competition_id=found.pk)),
    }
    return render(request, "secretary/cup.html", context)


def _entry_form(found: Competition, *, data: Any) -> CupEntryForm | PlayerEntryForm:
    rules = kind_rules(found.kind)
    if rules.by_team:
        return CupEntryForm(data, teams=teams_to_enter_cup(competition=found))
    return PlayerEntryForm(data, players=league_players(league_id=found.season.league_id), pairs=rules.partners)


def _waiting(view: CupView, waiting: dict[int, CupGame]) -> list[dict[str, Any]]:
    """The ties' scores entered by a player and not yet counting, the
    disputed first: each with its tie as the rounds show it."""
    ties = {shown.tie.pk: shown for r in [*view.groups, *view.rounds] for shown in r.ties if shown.tie is not None}
    lines = [{"game": game, "tie": ties[tie_id]} for tie_id, game in waiting.items() if tie_id in ties]
    return sorted(lines, key=lambda line: (line["game"].state != CupGame.State.DISPUTED, line["game"].entered_at))


def back_to(found: Competition, anchor: str) -> HttpResponse:
    """Back to the cup's page at `anchor` (shared with `secretary_cup_ties`)."""
    return HttpResponseRedirect(cup_at(found, anchor))


def cup_at(found: Competition, anchor: str) -> str:
    return reverse("secretary-cup", args=[found.pk]) + f"#{anchor}"
