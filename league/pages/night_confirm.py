"""The confirmation step of the night's final or destructive changes: a
page saying what is about to happen, whose "Yes" posts the change again
with `step=confirm`. Nothing is written until then."""
from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league.pages.night_forms import RULINGS, SettleForm
from league.selectors.night_page import NightPage

# (what, what it is): the lines of the summary the confirmation shows.
Lines = list[tuple[str, str]]


def confirm_page(request: HttpRequest, found: NightPage, *, title: str, lines: Lines, button: str,
                 form: forms.Form | None = None) -> HttpResponse:
    """With a form, its values go along hidden and "Go back" shows it
    again as filled; without, "Go back" is a link to the page."""
    return render(request, "night/confirm.html", {
        "fixture": found.fixture, "view": found.view, "title": title, "lines": lines, "button": button,
        "url": request.path, "form": form,
    })


def score_line(view: dict[str, Any]) -> str:
    home, away = view["score"]
    return f"{view['home_team']['name']} {home}\u2013{away} {view['away_team']['name']}"


def result_lines(found: NightPage, doing: str) -> Lines:
    view = found.view
    if doing == "submit":
        after = (f"{view['away_team']['name']}'s captain then confirms or disputes it; "
                 f"its games can no longer be changed from this page.")
    else:
        after = "It then counts in the division's table; only a league secretary can change it."
    return [("Result", score_line(view)), ("After this", after)]


def remove_lines(rubber: dict[str, Any]) -> Lines:
    if not rubber["games"]:
        return [("Game", f"Rubber {rubber['number']} has no game to take off.")]
    game = rubber["games"][-1]
    scores = ("result only" if game["scores"][0] is None
              else "\u2013".join(str(score) for score in game["scores"]))
    if game["source"] == "live":
        what = f"game {game['number']}, scored live ({scores}{' so far' if game['playing'] else ''})"
        after = "The game's moves are kept, but it no longer counts for the match."
    else:
        what = f"game {game['number']}, {scores} from the card"
        after = "The rubber's next game can then be entered in its place."
    return [("Game", f"Rubber {rubber['number']}, {what}"), ("After this", after)]


def forfeit_lines(found: NightPage, team: str, other: str) -> Lines:
    return [("Forfeit", f"{team} cannot raise the players {found.view['format']['name']} needs."),
            ("After this", f"The match is a walkover to {other}, scored as the league scores a forfeit; "
                           f"no games are played and the team sheet no longer counts. A walkover is final.")]


def settle_lines(found: NightPage, form: SettleForm) -> Lines:
    view = found.view
    ruling = RULINGS[form.cleaned_data["decision"]]
    return [("Result", score_line(view)), ("Disputed because", view["dispute_reason"]),
            ("Ruling", ruling), ("Note for both teams", form.cleaned_data["note"])]
