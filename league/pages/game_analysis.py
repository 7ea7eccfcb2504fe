"""The scoring chances of a live game, move by move, and a player's figures
over their live games (docs/analysis.md).

The game's page lists every move with its verdict, penalties and the chance
it left; static/js/analysis.js steps through them one at a time (keyboard
and buttons) and draws the line as the pad does. Without the script every
move is shown. `?move=N` or `#move-N` points at move N (counted from 1 over
the whole game), so an appeal can cite one."""
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from league.models import Player
from league.pages.robots import hidden_by, render_for
from league.pages.spectator_cache import spectator_cached
from league.selectors.analysis import game_analysis, player_chances
from league.selectors.games import game_or_404
from league.selectors.pad_links import game_night_link
from league.selectors.page_versions import ANY_LEAGUE, game_key, player_key
from league.selectors.public import player_get, player_registrations
from league.selectors.seat_names import seats_for
from scoring.analysis import Analysis, Chance, Step


@spectator_cached(lambda game_id: [game_key(game_id)], params=("move",))
@require_GET
def game_analysis_page(request: HttpRequest, game_id: int) -> HttpResponse:
    game = game_or_404(game_id=game_id)
    # Names as the reader may see them: a match's players as they chose to
    # be shown, unless the reader scores the game.
    analysis = game_analysis(game=game).copy()
    analysis["seats"] = seats_for(game=game, user=request.user)
    steps = [step_view(step, analysis) for step in analysis["steps"]]
    chosen = _chosen(request.GET.get("move"), len(steps))
    names = side_names(analysis)
    figures = [{**row, "name": analysis["seats"][row["seat"]]} for row in analysis["figures"]]
    return render(request, "pad/analysis.html", {
        "game": game, "night": game_night_link(game=game), "steps": steps, "chosen": chosen,
        "figures": figures, "target": analysis["target"], "side_names": names, "noindex": True,
        "lines": [step["line"] for step in analysis["steps"]],
    })


@spectator_cached(lambda player_id: [player_key(player_id), ANY_LEAGUE])
@require_GET
def player_chances_page(request: HttpRequest, player_id: int) -> HttpResponse:
    try:
        player = player_get(player_id=player_id)
    except Player.DoesNotExist:
        raise Http404("no such player") from None
    registrations = player_registrations(player_id=player.pk)
    return render_for(request, "public/chances.html", {
        "player": player, "registrations": registrations, "rows": player_chances(player_id=player.pk),
    }, hidden=hidden_by(*(r.season.league for r in registrations)))


def side_names(analysis: Analysis) -> list[str]:
    seats = analysis["seats"]
    return [" & ".join(seats[seat] for seat in side) for side in analysis["sides"]]


def step_view(step: Step, analysis: Analysis) -> dict[str, Any]:
    """One move as the page writes it."""
    event = step["event"]
    names = side_names(analysis)
    view: dict[str, Any] = {
        "number": step["index"] + 1, "hand": step["hand"] + 1, "move": step["move"] + 1,
        "player": analysis["seats"][step["seat"]], "did": did_text(step),
        "scores": ", ".join(f"{name} {score}" for name, score in zip(names, step["scores"], strict=True)),
        "penalties": [penalty_text(p, names) for p in event["penalties"]],
        "line": " ".join(f"[{a}|{b}]" for a, b in (laid["faces"] for laid in step["line"])),
        "step": step, "chance": chance_text(step), "known": ", ".join(step["known"]),
        "hand_end": hand_end_lines(step, names, analysis["seats"]),
    }
    if event["type"] == "play":
        view["count"] = f"{'+'.join(str(e) for e in event['ends'])} = {event['total']}"
        view["worth"] = event["worth"]
        view["peg"] = "not pegged" if event["peg"] is None else f"pegged {event['peg']}"
        view["verdict"] = event["verdict"]
        view["bust"] = event["bust"]
    return view


def did_text(step: Step) -> str:
    event = step["event"]
    if event["type"] == "play":
        return f"{event['tile']} {'down' if event['end'] is None else 'on ' + event['end']}"
    if event["type"] == "misplay":
        return f"misplays {event['tile']}"
    if event["type"] == "ruling":
        return f"ruling: {event['offence']}"
    if event["type"] == "draw":
        return f"draws {event['count']}"
    return "knocks"


def chance_text(step: Step) -> str:
    best = step["best"]
    if best is None:
        return "No choice to judge: no tile known to have been held fitted." if step["type"] == "knock" else ""
    where = _chance_where(best)
    if step["found"]:
        return f"Best scoring play found ({best['worth']} points)."
    return f"The best was {where}: {best['worth']} points, {step['left']} left on the table."


def _chance_where(best: Chance) -> str:
    where = "down" if best["end"] is None else f"on {best['end']}"
    return f"{best['tile']} {where} (ends {best['total']})"


def penalty_text(penalty: Any, names: list[str]) -> str:
    return f"Penalty, {penalty['offence']}: {names[penalty['side']]} {penalty['points']:+d}"


def hand_end_lines(step: Step, names: list[str], seats: list[str]) -> list[str]:
    end = step["hand_end"]
    if end is None:
        return []
    lines = [f"Hand {end['hand'] + 1} ends: {end['ended']}."]
    lines += [f"False knock by {seats[k['seat']]} at move {k['move'] + 1} of the hand, "
              f"holding {', '.join(k['tiles'])}." for k in end["false_knocks"]]
    lines += [f"Award: {names[a['side']]} +{a['points']} ({a['reason']})." for a in end["awards"]]
    lines += [penalty_text(p, names) + "." for p in end["penalties"]]
    lines.append("Scores: " + ", ".join(f"{n} {s}" for n, s in zip(names, end["scores"], strict=True)) + ".")
    return lines


def _chosen(raw: str | None, count: int) -> int | None:
    """The move `?move=N` points at, if it is one of the game's."""
    if raw is None or not raw.isdigit():
        return None
    number = int(raw)
    return number if 1 <= number <= count else None
