"""A player's rating history chart on a phone (390 by 844): drawn on the
server as an SVG, it fits the screen's width, shows the rating with its
uncertainty, and the page scrolls no way but down."""
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from league.models import League, Player, RatingSnapshot
from league.ratings import Game, position_of, replay

pytestmark = pytest.mark.browser


@pytest.fixture
def rated(transactional_db: None) -> Player:
    """A player with 30 games rated against one steady opponent."""
    league = League.objects.create(name="Chart League", slug="chart", rating_min_games=20)
    player, rival = Player.objects.create(name="Jo Bloggs"), Player.objects.create(name="Al Smith")
    start = date(2025, 9, 2)
    games = [Game(position=position_of(start + timedelta(days=7 * n), "league", n + 1), home=(player.pk,),
                  away=(rival.pk,), winner="home" if n % 3 else "away") for n in range(30)]
    RatingSnapshot.objects.bulk_create(
        RatingSnapshot(league=league, player_id=who, position=game.position,
                       played_on=start + timedelta(days=7 * n), mu=rating.mu, sigma=rating.sigma, games=rating.games)
        for n, (game, after) in enumerate(replay(games, {})) for who, rating in after.items())
    return player


def test_the_rating_chart_fits_a_phone(spectator: Any, rated: Player, screenshots: Path) -> None:
    page = spectator.new_page()
    response = page.goto(f"/players/{rated.pk}/")
    assert response is not None and response.status == 200
    chart = page.locator("figure.rating-chart svg")
    chart.scroll_into_view_if_needed()
    box = chart.bounding_box()
    assert box is not None and 0 < box["width"] <= 390 and box["height"] > 100
    assert page.locator(".rating-now").inner_text().count("±") == 1
    assert page.locator("figure.rating-chart polyline").count() == 1
    page.screenshot(path=screenshots / "rating-chart-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
