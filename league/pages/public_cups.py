"""The public cup pages: a competition's bracket (every round's ties with
their dates, legs, scores, byes and walkovers; rounds side by side on a
wide screen, one under another on a phone, and on one sheet of A4 when
printed), the league's roll of winners, and the finals night on the pub's
TV, every match of the night on one screen.

The TV page is kept current by static/js/night.js, the match night page's
own script: it fetches this page's live part (`finals_live`), rendered from
the same template as the page, when the push stream of the league's cup
pages (`/push/cups/{league id}`) says their version is new, or polls it
where the stream does not answer, as it does a match night's.
The captains' (and a singles or pairs cup's players') date forms on the
bracket post to `league.pages.cup_captains`.
"""
from datetime import date
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from league.models import Competition, CupGame, CupTie, League
from league.pages.cup_captains import date_actions, player_to_enter, teams_to_enter
from league.pages.cup_players import play_actions
from league.pages.public_lines import fixture_line
from league.pages.robots import hidden_by, render_for
from league.pages.spectator_cache import spectator_cached
from league.selectors.cup_games import cup_game_outcome, tie_games_loaded
from league.selectors.cup_groups import group_tables
from league.selectors.cup_pages import (
    RoundView,
    TieView,
    competition_draws,
    competition_get,
    cup_view,
    entry_name,
    finals_night,
    games_waiting,
    roll_of_winners,
    round_names,
    tie_rule_words,
)
from league.selectors.matches import night_view
from league.selectors.page_versions import league_keys
from league.selectors.public import division_settings_of, league_by_slug

# What each leg of a tie is called, by its number; later ones are replays.
LEG_NAMES = {1: "First leg", 2: "Second leg"}


def cup_keys(competition_id: int) -> list[str]:
    """A cup page shows its league's cups and the live scores of their games."""
    return league_keys("competition", competition_id, cups=True)


@spectator_cached(cup_keys)
@require_GET
def competition_page(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = _competition_or_404(competition_id)
    view = cup_view(competition=competition)
    deadline = division_settings_of(competition.division).result_deadline_days
    waiting = games_waiting(competition_id=competition.pk)
    actions = date_actions(view, user=request.user, waiting=waiting)
    plays = play_actions(view, user=request.user, waiting=waiting)
    rounds = [_round(r, competition, deadline) for r in view.rounds]
    group_matches = [_round(g, competition, deadline) for g in view.groups]
    for item in (item for shown in [*group_matches, *rounds] for item in shown["ties"]):
        tie = item["view"].tie
        item["act"] = actions.get(tie.pk) if tie is not None else None
        item["play"] = plays.get(tie.pk) if tie is not None else None
        item["games"] = _tie_games(tie, waiting.get(tie.pk)) if tie is not None else []
    context = {
        "competition": competition, "season": competition.season, "league": competition.season.league,
        "tie_rules": tie_rule_words(competition), "view": view, "rounds": rounds, "entrants": [e for e in view.entries if not e.withdrawn],
        "to_enter": teams_to_enter(view, user=request.user),
        "player_entry": player_to_enter(view, user=request.user),
        "draws": competition_draws(competition_id=competition.pk) if rounds or group_matches else [],
        "group_matches": group_matches, "groups": group_tables(competition_id=competition.pk),
    }
    return render_for(request, "public/cup.html", context, hidden=hidden_by(competition.season.league))


@spectator_cached(lambda slug: league_keys("slug", slug))
@require_GET
def roll_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Every finished competition's winner and runner-up, newest season first."""
    try:
        league = league_by_slug(slug=slug)
    except League.DoesNotExist:
        raise Http404("no such league") from None
    context = {"league": league, "lines": roll_of_winners(league_id=league.pk)}
    return render_for(request, "public/cup_roll.html", context, hidden=hidden_by(league))


@spectator_cached(cup_keys)
@require_GET
def finals_page(request: HttpRequest, competition_id: int) -> HttpResponse:
    competition = _competition_or_404(competition_id)
    context = _finals_context(competition)
    return render_for(request, "public/cup_finals.html", context, hidden=hidden_by(competition.season.league))


# A TV fetches this when told of a change, or every few seconds: the public's
# copy is revalidated each time (a 304 when nothing changed), a logged-in
# reader's never kept.
@spectator_cached(cup_keys)
@never_cache
@require_GET
def finals_live(request: HttpRequest, competition_id: int) -> HttpResponse:
    """The finals page's matches alone, for the page's script."""
    return render(request, "public/cup_finals_live.html", _finals_context(_competition_or_404(competition_id)))


def _competition_or_404(competition_id: int) -> Competition:
    try:
        return competition_get(competition_id=competition_id)
    except Competition.DoesNotExist:
        raise Http404("no such competition") from None


def _round(shown: RoundView, competition: Competition, deadline: int) -> dict[str, Any]:
    today = timezone.localdate()
    return {"round": shown, "ties": [_tie(tie, competition, today, deadline) for tie in shown.ties]}


def _tie(tie: TieView, competition: Competition, today: date, deadline: int) -> dict[str, Any]:
    legs = [{"fixture": f, "name": leg_name(competition, f.leg or 1),
             "line": fixture_line(f, today=today, deadline_days=deadline)} for f in tie.legs]
    return {"view": tie, "legs": legs}


def leg_name(competition: Competition, leg: int) -> str:
    """First leg, Second leg, Replay or Decider; empty for a one-leg tie's match."""
    if leg > competition.legs:
        return "Decider" if competition.level == Competition.Level.DECIDER else "Replay"
    return "" if competition.legs == 1 else LEG_NAMES[leg]


def _tie_games(tie: CupTie, waiting: CupGame | None = None) -> list[dict[str, Any]]:
    """A singles or pairs tie's games as the finals board shows them: the
    score as it stands (a live game's from its game, kept up to date by
    every move), for a live game its own board, and the start scores it
    was given (a handicap cup's), home first."""
    shown = []
    for cup_game in sorted([*tie_games_loaded(tie=tie), *([waiting] if waiting else [])], key=lambda g: g.number):
        outcome = cup_game_outcome(cup_game)
        game = cup_game.game
        if outcome is not None:
            home, away = outcome.home_score, outcome.away_score
        elif game is None:  # a card's score, submitted or disputed: not counting yet
            home, away = cup_game.home_score, cup_game.away_score
        else:
            assert game is not None
            scores = game.scores if isinstance(game.scores, list) and len(game.scores) >= 2 else [0, 0]
            home, away = scores[0], scores[1]
        start = game.start if game is not None and isinstance(game.start, list) else None
        waits: dict[str, str] = {CupGame.State.SUBMITTED: "to be confirmed", CupGame.State.DISPUTED: "disputed"}
        shown.append({"number": cup_game.number, "score": f"{home}–{away}",
                      "playing": outcome is None and game is not None, "waiting": waits.get(cup_game.state, ""),
                      "game_id": cup_game.game_id, "start": start})
    return shown


def _said(view: dict[str, Any]) -> str:
    home, away = view["home_team"]["name"], view["away_team"]["name"]
    return f"{home} {view['score'][0]}, {away} {view['score'][1]}"


def _finals_context(competition: Competition) -> dict[str, Any]:
    night = finals_night(competition=competition)
    if night is None:
        raise Http404("the competition has no finals night")
    names = round_names(competition_ids=[c.pk for c in night.competitions])
    boards: list[dict[str, Any]] = []
    for fixture in night.fixtures:
        assert fixture.cup_tie is not None
        boards.append({"fixture": fixture, "view": night_view(fixture_id=fixture.pk),
                       "stage": names.get((fixture.cup_tie.competition_id, fixture.cup_tie.round), "")})
    games: list[dict[str, Any]] = [{"tie": tie, "stage": names.get((tie.competition_id, tie.round), ""),
                                    "home": entry_name(tie.home), "away": entry_name(tie.away),
                                    "games": _tie_games(tie)}
                                   for tie in night.ties]
    # What night.js reads out when it changes: every match's and game's score.
    score = "; ".join([*(_said(board["view"]) for board in boards),
                       *(f"{g['home']} v {g['away']} {' '.join(x['score'] for x in g['games'])}".strip()
                         for g in games)])
    return {"competition": competition, "league": competition.season.league, "night": night, "boards": boards,
            "games": games, "score": score}

