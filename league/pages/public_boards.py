"""A division page's player leaderboard: which statistic ranks the players
and the fewest games that qualify, chosen by the visitor in a small form
(`?order=fifteens&min_games=4`).

The default minimum is half the most games anyone in the division has
played, so the board fills up as the season goes on instead of being
topped by someone who won the one game they played.
"""
from typing import Any

from django import forms
from django.http import HttpRequest

from league.selectors.public import most_games_played
from league.selectors.standings import LEADERBOARDS, player_leaderboard

# The statistics a leaderboard can be ranked by, as the form offers them.
ORDER_LABELS = {
    "win_rate": "Win rate",
    "average_pegged": "Average pegged",
    "won": "Games won",
    "on_target": "Won on the target",
    "fifteens": "15s scored",
    "penalties": "Fewest penalties",
}
assert set(ORDER_LABELS) == set(LEADERBOARDS), "a leaderboard without words on the page"

# The most rows shown: enough for every regular in a division of a dozen teams.
ROWS = 25


class LeaderboardForm(forms.Form):
    order = forms.ChoiceField(label="Rank by", choices=list(ORDER_LABELS.items()), required=False)
    min_games = forms.IntegerField(label="Fewest games", min_value=0, max_value=999, required=False)


def default_min_games(most: int) -> int:
    """Half the most games played, rounded up; at least 1."""
    return max(1, (most + 1) // 2)


def leaderboard_context(request: HttpRequest, *, division_id: int) -> dict[str, Any]:
    most = most_games_played(division_id=division_id)
    form = LeaderboardForm(request.GET or None, initial={"order": "win_rate", "min_games": default_min_games(most)})
    choice = form.cleaned_data if form.is_bound and form.is_valid() else {}
    order = choice.get("order") or "win_rate"
    min_games = choice.get("min_games")
    if min_games is None:
        min_games = default_min_games(most)
    rows = player_leaderboard(division_id=division_id, min_games=min_games, order=order)
    return {"board_form": form, "board_rows": rows[:ROWS], "board_total": len(rows), "board_order": order,
            "board_order_label": ORDER_LABELS[order], "board_min_games": min_games, "board_most": most,
            "board_cut": len(rows) > ROWS}
