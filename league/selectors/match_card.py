"""A match night as the paper card records it, for export: one row a game,
with its rubber, the players of each side, the final scores and the
winner. Read from `night_view`, so a card game and a live one read alike
(a live game still being played shows its scores so far). The last
column notes a rubber that is unchecked (block dominoes, its result as the
card gave it), conceded by a side short of players, or played by a
substitute (who came on for whom). A walkover with no games is one row, at
the score recorded with it."""
from typing import Any

from league.selectors.csv_export import Cell, csv_text
from league.selectors.matches import night_view
from league.selectors.substitutes import night_substitutes

HEADER = ["Rubber", "Kind", "Game", "Home players", "Away players", "Home score", "Away score", "Winner",
          "Entered", "Live game", "Note"]


def match_card_csv(*, fixture_id: int) -> tuple[dict[str, Any], str]:
    """The night and its card as CSV text. Raises Fixture.DoesNotExist."""
    view = night_view(fixture_id=fixture_id)
    rows: list[list[Cell]] = []
    teams = {"home": view["home_team"]["name"], "away": view["away_team"]["name"]}
    substituted: dict[int, list[str]] = {}
    for made in night_substitutes(fixture_id=fixture_id)["substitutions"]:
        substituted.setdefault(made["rubber"], []).append(
            f"{made['on']['name']} on for {made['off']['name']} ({teams[made['side']]})")
    for rubber in view["rubbers"]:
        home = " & ".join(p["name"] for p in rubber["home"])
        away = " & ".join(p["name"] for p in rubber["away"])
        note = "; ".join(filter(None, [_note(rubber, teams), *substituted.get(rubber["number"], [])]))
        for game in rubber["games"]:
            winner = teams[game["winner"]] if game["winner"] else "in play"
            scores = ["" if score is None else score for score in game["scores"]]
            rows.append([rubber["number"], rubber["kind"], game["number"], home, away, *scores, winner,
                         "live" if game["source"] == "live" else "from the card", game["game"] or "", note])
    walkover = view["walkover"]
    if walkover is not None and not any(rubber["games"] for rubber in view["rubbers"]):
        # No games were played: the card is the walkover, at the score recorded with it.
        scores = walkover["score"] or ["", ""]
        rows.append(["", "", "", "", "", *scores, teams[walkover["winner"]], "walkover", "",
                     f"walkover: the match was awarded to {teams[walkover['winner']]}"])
    return view, csv_text(HEADER, rows)


def _note(rubber: dict[str, Any], teams: dict[str, str]) -> str:
    if rubber["conceded_by"]:
        return f"conceded by {teams[rubber['conceded_by']]}"
    return "unchecked (block dominoes): the result as the card gives it" if rubber["unchecked"] else ""
