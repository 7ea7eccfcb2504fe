"""A match night as the paper card records it, for export: one row a game,
with its rubber, the players of each side, the final scores and the
winner. Read from `night_view`, so a card game and a live one read alike
(a live game still being played shows its scores so far)."""
import csv
import io
from typing import Any

from league.selectors.matches import night_view

HEADER = ["Rubber", "Kind", "Game", "Home players", "Away players", "Home score", "Away score", "Winner",
          "Entered", "Live game"]


def match_card_csv(*, fixture_id: int) -> tuple[dict[str, Any], str]:
    """The night and its card as CSV text. Raises Fixture.DoesNotExist."""
    view = night_view(fixture_id=fixture_id)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(HEADER)
    teams = {"home": view["home_team"]["name"], "away": view["away_team"]["name"]}
    for rubber in view["rubbers"]:
        home = " & ".join(p["name"] for p in rubber["home"])
        away = " & ".join(p["name"] for p in rubber["away"])
        for game in rubber["games"]:
            winner = teams[game["winner"]] if game["winner"] else "in play"
            writer.writerow([rubber["number"], rubber["kind"], game["number"], home, away, *game["scores"], winner,
                             "live" if game["source"] == "live" else "from the card", game["game"] or ""])
    return view, out.getvalue()
