"""A past season's players' awards on the roll of honour: most 61s and the
best average over at least SEASON_AVERAGE_MIN_GAMES games, from the stored
player statistics of the league's divisions, added up across a transfer."""
from datetime import timedelta
from typing import Any

import pytest
from changeover_data import ended_league
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from league.models import Division, Player, PlayerStats, Season
from league.selectors.honour_marks import Leaders
from league.selectors.honours import SEASON_AVERAGE_MIN_GAMES, roll_of_honour

pytestmark = pytest.mark.django_db
MIN = SEASON_AVERAGE_MIN_GAMES

# (player, team, division, played, pegged, games won on 61)
STATS = [
    ("Ann Archer", "P1", "Premier", MIN, 55 * MIN, 4),
    ("Bob Brown", "P2", "Premier", MIN - 1, 61 * (MIN - 1), 9),  # 9 wins on 61, too few games for the average
    ("Cat Cole", "F1", "First", MIN + 2, 50 * (MIN + 2), 6),
    ("Cat Cole", "S3", "Second", 3, 60 * 3, 3),  # moved by transfer: her 61s add up to 9, level with Bob's
    ("Dan Dare", "S1", "Second", MIN, 55 * MIN, 2),  # level with Ann on average and games
    ("Eve Evans", "S2", "Knockout Cup", 40, 61 * 40, 40),  # a cup's games count for no award
]


def named(leaders: Leaders | None) -> list[str]:
    assert leaders is not None
    return [f"{mark.name} ({mark.team})" for mark in leaders.players]


def a_past_season(secretary: Any) -> Any:
    ended = ended_league(secretary)
    cup = Division.objects.create(season=ended.season, name="Knockout Cup", is_cup=True)
    divisions = {d.name: d for d in [*ended.divisions, cup]}
    players: dict[str, Player] = {}
    for name, team, division, played, pegged, on_target in STATS:
        player = players.setdefault(name, Player.objects.create(name=name))
        PlayerStats.objects.create(season=ended.season, division=divisions[division], player=player,
                                   team=ended.teams[team], played=played, won=on_target, pegged=pegged,
                                   on_target=on_target, played_live=0, fifteens=0, penalties=0,
                                   rebuilt_at=timezone.now())
    today = timezone.localdate()
    Season.objects.create(league=ended.league, name="Winter 2026-27", start=today - timedelta(days=10),
                          registration_deadline=today - timedelta(days=17))
    return ended


@pytest.mark.parametrize(("award", "expected"), [
    ("most_61s", (9, ["Bob Brown (P2)", "Cat Cole (F1, S3)"])),
    ("best_average", (55.0, MIN, ["Ann Archer (P1)", "Dan Dare (S1)"])),
])
def test_a_past_seasons_awards_are_the_known_answers(secretary: Any, award: str, expected: Any) -> None:
    ended = a_past_season(secretary)
    [season] = roll_of_honour(league=ended.league)
    got = getattr(season, award)
    if award == "best_average":
        assert (got.average, got.played, named(got)) == expected
    else:
        assert (got.count, named(got)) == expected


def test_the_roll_of_honour_page_shows_the_awards(client: Client, secretary: Any) -> None:
    ended = a_past_season(secretary)
    html = client.get(reverse("public-honours", args=[ended.league.slug])).content.decode()
    assert "Players' awards" in html and "Most 61s" in html and "Best average" in html
    assert "Cat Cole" in html and "Dan Dare" in html and "Eve Evans" not in html
    assert f"needs {MIN} games" in html


def test_a_season_without_player_statistics_has_no_awards(secretary: Any) -> None:
    ended = ended_league(secretary)
    today = timezone.localdate()
    Season.objects.create(league=ended.league, name="Winter 2026-27", start=today - timedelta(days=10),
                          registration_deadline=today - timedelta(days=17))
    [season] = roll_of_honour(league=ended.league)
    assert season.most_61s is None and season.best_average is None
