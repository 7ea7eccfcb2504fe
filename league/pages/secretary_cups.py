"""The secretary's cup pages: creating a competition (its rules and, as its
own division's settings, how its matches are played), its entries and
seeds, the draw (checked before it is made; its seed shown afterwards so
anyone can make it again), each round's date window and a tie's date when
the captains cannot agree. The services keep the cup's rules
(`league.services.cups`, `cup_ties`); refusals are shown in their words.
Every form's write is done once for its key (league.pages.form_keys)."""
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST

from league.models import Competition, CupDraw, CupEntry, CupGame, CupTie
from league.pages.form_keys import Done, FormInvalid, Said, cleaned, done_once, done_once_or_refused
from league.pages.secretary_access import REFUSALS, require_secretary, secretary_page
from league.pages.secretary_cup_forms import (
    CompetitionForm,
    CupEntryForm,
    CupSettingsForm,
    HandicapForm,
    PlayerEntryForm,
    SeedsForm,
    TieCardForm,
    TieDateForm,
    TieWinnerForm,
    WindowForm,
)
from league.selectors.clubs import league_players, league_venues
from league.selectors.cup_pages import (
    competition_draws,
    competition_entries,
    competition_get,
    CupView,
    cup_view,
    draw_preview,
    DrawPreview,
    games_waiting,
    teams_to_enter_cup,
    tie_get,
    tie_rule_words,
)
from league.refusals import Refused
from league.selectors.secretary import season_get
from league.services.competition import division_settings_change
from league.selectors.cup_groups import group_tables
from league.services.cup_game_results import cup_game_resolve
from league.services.cup_games import cup_game_card, cup_game_start, game_tie_date_set
from league.services.cup_ties import tie_date_set, tie_window_set, tie_winner_set
from league.services.cups import (
    competition_create,
    cup_draw,
    cup_enter,
    cup_entry_seed,
    cup_withdraw,
)
from league.services.cup_settings import cup_handicap_set, cup_settings_change


@secretary_page
@require_http_methods(["GET", "POST"])
def competition_new(request: HttpRequest, season_id: int) -> HttpResponse:
    season = season_get(season_id=season_id)
    require_secretary(request, season.league)
    form = CompetitionForm(request.POST or None, league=season.league,
                           venues=league_venues(league_id=season.league_id))
    if request.method == "POST" and form.is_valid():
        overrides = form.overrides()
        try:
            return done_once(request, lambda: _competition_create(request, season.pk, form.cup(), overrides),
                             _set_up)
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return render(request, "secretary/cup_new.html", {"season": season, "form": form})


def _competition_create(request: HttpRequest, season_id: int, cup: dict[str, Any],
                        overrides: dict[str, Any]) -> tuple[Competition, str]:
    """The new cup, and its other match settings, kept by its division; a
    refusal of those (its words returned) leaves the cup standing."""
    competition = competition_create(season_id=season_id, match_format=overrides.pop("match_format", None),
                                     user=request.user, **cup)
    if overrides:
        try:
            division_settings_change(division_id=competition.division_id, changes=overrides, user=request.user)
        except REFUSALS as refusal:
            return competition, refusal.message
    return competition, ""


def _set_up(made: tuple[Competition, str]) -> Done:
    """On to its entries; or, its settings refused, to its settings page
    warning why: the cup stands, but its settings are still to be made."""
    competition, problem = made
    if problem:
        return (reverse("secretary-division-settings", args=[competition.division_id]),
                Said(f"{competition.name} is set up, but not its match settings: {problem}", "warning"))
    return reverse("secretary-cup", args=[competition.pk]), f"{competition.name} is set up: now take its entries."


@secretary_page
def competition(request: HttpRequest, competition_id: int) -> HttpResponse:
    found = _competition(request, competition_id)
    return _competition_page(request, found)


@secretary_page
@require_POST
def handicap(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Makes a singles or pairs cup a handicap cup, or level."""
    found = _competition(request, competition_id)
    form = HandicapForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose a handicap cup or level games.")
        return _back(found, "handicap-heading")
    handicap = form.cleaned_data["handicap"]
    return done_once_or_refused(
        request, _to(found, "handicap-heading"),
        lambda: cup_handicap_set(competition_id=found.pk, handicap=handicap, user=request.user),
        lambda _: f"{found.name} is {'a handicap cup' if handicap else 'played level'}: "
                  "games started from now on follow it.")


@secretary_page
@require_POST
def settings(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Changes the cup's name, entries' closing date and limit, finals
    night, and (a pairs cup) whether a pair is of one team."""
    found = _competition(request, competition_id)
    form = CupSettingsForm(request.POST, competition=found, venues=league_venues(league_id=found.season.league_id))
    if form.is_valid():
        changes = form.changes()
        try:
            return done_once(request, lambda: cup_settings_change(competition_id=found.pk, changes=changes,
                                                                  user=request.user),
                             lambda _: (_to(found, "settings-heading"), f"{found.name}'s settings are saved."
                                        if changes else "Nothing was changed."))
        except REFUSALS as refusal:
            form.add_error(None, refusal.message)
    return _competition_page(request, competition_get(competition_id=found.pk), settings_form=form)


@secretary_page
@require_POST
def entry_add(request: HttpRequest, competition_id: int) -> HttpResponse:
    """Enters a team, or in a singles or pairs cup a player or a pair."""
    found = _competition(request, competition_id)
    form = _entry_form(found, data=request.POST)
    try:
        return done_once(request, lambda: _enter(request, found, form),
                         lambda entry: (_to(found, "entries-heading"), f"{entry.name} is entered in {found.name}."))
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
    found = _competition(request, competition_id)
    entry = next((e for e in competition_entries(competition_id=found.pk) if e.pk == entry_id), None)
    problem = ""
    if request.method == "POST":
        try:
            return done_once(request, lambda: _withdraw(request, entry),
                             lambda name: (_to(found, "entries-heading"), f"{name} is withdrawn from {found.name}."))
        except FormInvalid:
            return _back(found, "entries-heading")
        except REFUSALS as refusal:
            problem = refusal.message
    if entry is None or entry.withdrawn:
        return _back(found, "entries-heading")
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
    found = _competition(request, competition_id)
    entries = [e for e in competition_entries(competition_id=found.pk) if not e.withdrawn]
    form = SeedsForm(request.POST, entries=entries)
    if form.is_valid():
        try:
            return done_once(request, lambda: _seed(request, entries, form.seeds()),
                             lambda _: (_to(found, "entries-heading"), "The seeds are saved."))
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
    found = _competition(request, competition_id)
    preview = draw_preview(competition=found)
    problem = preview.problem
    if request.method == "POST":
        seed_text = request.POST.get("seed", "").strip()
        if seed_text and not seed_text.isdigit():
            problem = "a seed is a whole number, such as 20261201; leave it empty for a fresh one"
        else:
            try:
                return done_once(request, lambda: _draw(request, found, preview, seed_text), lambda made: (
                    _to(found, "draws-heading"), f"{preview.title} is made "
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
    found = _competition(request, competition_id)
    form = WindowForm(request.POST, prefix=f"window{round}")
    if not form.is_valid():
        messages.error(request, "; ".join(str(e) for errors in form.errors.values() for e in errors))
        return _back(found, f"round-{round}")
    start, end = form.cleaned_data["start"], form.cleaned_data["end"]
    return done_once_or_refused(
        request, _to(found, f"round-{round}"),
        lambda: tie_window_set(competition_id=found.pk, round=round, start=start, end=end, user=request.user),
        lambda _: f"Round {round}'s ties are to be played between {start:%d %B} and {end:%d %B}.")


@secretary_page
@require_POST
def tie_date(request: HttpRequest, tie_id: int) -> HttpResponse:
    tie = tie_get(tie_id=tie_id)
    found = _competition(request, tie.competition_id)
    form = TieDateForm(request.POST, prefix=f"tie{tie.pk}")
    if not form.is_valid():
        messages.error(request, "Give the tie's date.")
        return _back(found, f"tie-{tie.pk}")
    day = form.cleaned_data["date"]
    set_date = tie_date_set if found.kind == Competition.Kind.TEAM else game_tie_date_set
    return done_once_or_refused(request, _to(found, f"tie-{tie.pk}"),
                                lambda: set_date(tie_id=tie.pk, date=day, user=request.user),
                                lambda _: f"{tie.home} v {tie.away} is set for {day:%A %d %B}.")


def _competition(request: HttpRequest, competition_id: int) -> Competition:
    found = competition_get(competition_id=competition_id)
    require_secretary(request, found.season.league)
    return found


def _competition_page(request: HttpRequest, found: Competition, **forms: Any) -> HttpResponse:
    view = cup_view(competition=found)
    active = [e for e in view.entries if not e.withdrawn]
    context: dict[str, Any] = {
        "competition": found, "view": view, "active": active,
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
    if found.kind == Competition.Kind.TEAM:
        return CupEntryForm(data, teams=teams_to_enter_cup(competition=found))
    return PlayerEntryForm(data, players=league_players(league_id=found.season.league_id),
                           pairs=found.kind == Competition.Kind.PAIRS)


@secretary_page
@require_POST
def tie_winner(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Records who won a singles or pairs tie, played as one game."""
    tie = tie_get(tie_id=tie_id)
    found = _competition(request, tie.competition_id)
    sides = [(entry.pk, entry.name) for entry in (tie.home, tie.away) if entry is not None]
    form = TieWinnerForm(request.POST, sides=sides, prefix=f"won{tie.pk}")
    if not form.is_valid():
        messages.error(request, "Choose the winner and say how the tie was won.")
        return _back(found, f"tie-{tie.pk}")
    winner, reason = form.cleaned_data["winner"], form.cleaned_data["reason"]
    return done_once_or_refused(
        request, _to(found, f"tie-{tie.pk}"),
        lambda: tie_winner_set(tie_id=tie.pk, winner_entry_id=winner, reason=reason, user=request.user),
        lambda _: f"{dict(sides)[winner]} goes through.")


@secretary_page
@require_POST
def tie_card(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Enters a singles or pairs tie's next game from the card."""
    tie = tie_get(tie_id=tie_id)
    found = _competition(request, tie.competition_id)
    form = TieCardForm(request.POST, prefix=f"card{tie.pk}")
    if not form.is_valid():
        messages.error(request, "Give both final scores from the card.")
        return _back(found, f"tie-{tie.pk}")
    home, away = form.cleaned_data["home_score"], form.cleaned_data["away_score"]
    return done_once_or_refused(
        request, _to(found, f"tie-{tie.pk}"),
        lambda: cup_game_card(tie_id=tie.pk, home_score=home, away_score=away, user=request.user),
        lambda game: f"{tie.home} v {tie.away}: game {game.number} entered, {game.home_score}-{game.away_score}.")


@secretary_page
@require_POST
def tie_resolve(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Resolves a singles or pairs tie's disputed game: the dispute upheld
    (the score struck), or the game's scores corrected from the card."""
    tie = tie_get(tie_id=tie_id)
    found = _competition(request, tie.competition_id)
    upheld = request.POST.get("uphold") == "yes"
    form = TieCardForm(request.POST, prefix=f"resolve{tie.pk}")
    if not upheld and not form.is_valid():
        messages.error(request, "Give both final scores from the card, or uphold the dispute.")
        return _back(found, "disputes-heading")
    home = None if upheld else form.cleaned_data["home_score"]
    away = None if upheld else form.cleaned_data["away_score"]
    try:
        return done_once(request, lambda: cup_game_resolve(tie_id=tie.pk, user=request.user, home_score=home,
                                                           away_score=away),
                         lambda game: (_to(found, f"tie-{tie.pk}"), _resolved(tie, game)))
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
        return _back(found, "disputes-heading")


def _resolved(tie: CupTie, game: CupGame | None) -> str:
    if game is None:
        return f"{tie.home} v {tie.away}: the dispute is upheld and the score struck; the game is entered again."
    return f"{tie.home} v {tie.away}: game {game.number} counts as {game.home_score}-{game.away_score}."


@secretary_page
@require_POST
def tie_game_start(request: HttpRequest, tie_id: int) -> HttpResponse:
    """Starts a singles or pairs tie's next game live, and opens its pad."""
    tie = tie_get(tie_id=tie_id)
    found = _competition(request, tie.competition_id)
    try:
        return done_once(request, lambda: cup_game_start(tie_id=tie.pk, user=request.user),
                         lambda game: (reverse("game-pad", args=[game.game_id]), ""))
    except REFUSALS as refusal:
        messages.error(request, refusal.message)
        return _back(found, f"tie-{tie.pk}")


def _waiting(view: CupView, waiting: dict[int, CupGame]) -> list[dict[str, Any]]:
    """The ties' scores entered by a player and not yet counting, the
    disputed first: each with its tie as the rounds show it."""
    ties = {shown.tie.pk: shown for r in [*view.groups, *view.rounds] for shown in r.ties if shown.tie is not None}
    lines = [{"game": game, "tie": ties[tie_id]} for tie_id, game in waiting.items() if tie_id in ties]
    return sorted(lines, key=lambda line: (line["game"].state != CupGame.State.DISPUTED, line["game"].entered_at))


def _back(found: Competition, anchor: str) -> HttpResponse:
    return HttpResponseRedirect(_to(found, anchor))


def _to(found: Competition, anchor: str) -> str:
    return reverse("secretary-cup", args=[found.pk]) + f"#{anchor}"
