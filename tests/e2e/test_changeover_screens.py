"""The change-over and the roll of honour on a phone (390 by 844): the
secretary's proposal, its review, and the public roll of honour fit the
screen's width, and confirming starts the season."""
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from browsers import logged_in_context
from league.models import Division, DivisionEntry, League, Season, TableEntry, Team, Venue

PHONE = {"width": 390, "height": 844}


@dataclass
class Ended:
    league: League
    season: Season


@pytest.fixture
def ended(transactional_db: None) -> Ended:
    """A league whose season has ended: two divisions of three teams with
    their final tables, the longest team names a pub league has."""
    league = League.objects.create(name="Leek & District", slug="leek-and-district")
    league.secretaries.add(get_user_model().objects.create_user("leek-and-district-secretary"))
    today = timezone.localdate()
    season = Season.objects.create(league=league, name="Winter 2025-26", start=today - timedelta(days=200),
                                   registration_deadline=today - timedelta(days=207))
    for level, name in enumerate(("Premier", "Division One"), start=1):
        division = Division.objects.create(season=season, name=name, level=level)
        for position in range(1, 4):
            venue = Venue.objects.create(name=f"The Duke of Wellington {level}{position}")
            team = Team.objects.create(league=league, name=f"Duke of Wellington Old Boys {level}{position}",
                                       home_venue=venue)
            DivisionEntry.objects.create(division=division, team=team)
            TableEntry.objects.create(division=division, team=team, position=position, shared=False, played=4,
                                      won=0, drawn=0, lost=0, games_for=0, games_against=0, pegged_for=0,
                                      pegged_against=0, sanctions=0, points=9 - position, rebuilt_at=timezone.now())
    return Ended(league, season)


@pytest.fixture
def phone(chromium: Any, live_server: Any, ended: Ended) -> Iterator[Any]:
    secretary = ended.league.secretaries.get()
    context = logged_in_context(chromium, live_server, secretary, viewport=PHONE)
    yield context.new_page()
    context.close()


def _fits(page: Any, what: str) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{what} scrolls {overflow}px sideways on a phone"


def test_the_changeover_reviews_and_confirms_on_a_phone(phone: Any, ended: Ended, screenshots: Path) -> None:
    response = phone.goto(f"/secretary/seasons/{ended.season.pk}/next")
    assert response is not None and response.status == 200
    _fits(phone, "the change-over page")
    phone.screenshot(path=screenshots / "changeover-phone.png", full_page=True)
    phone.fill("#id_name", "Winter 2026-27")
    phone.click("button:has-text('Review the new season')")
    phone.wait_for_selector("#confirm-heading")
    _fits(phone, "the change-over's review")
    phone.screenshot(path=screenshots / "changeover-review-phone.png", full_page=True)
    phone.click("button:has-text('Yes: start Winter 2026-27')")
    phone.wait_for_url("**/secretary/")
    assert Season.objects.filter(name="Winter 2026-27").exists()


def test_the_roll_of_honour_fits_a_phone(phone: Any, ended: Ended, screenshots: Path) -> None:
    today = timezone.localdate()
    Season.objects.create(league=ended.league, name="Winter 2026-27", start=today - timedelta(days=5),
                          registration_deadline=today - timedelta(days=12))
    response = phone.goto(f"/leagues/{ended.league.slug}/honours")
    assert response is not None and response.status == 200
    assert phone.locator("text=Duke of Wellington Old Boys 11").count() == 1
    _fits(phone, "the roll of honour")
    phone.screenshot(path=screenshots / "honours-phone.png", full_page=True)
