"""The squad rules, transfers and withdrawal pages on a phone (390 by 844):
each fits the screen's width, with a transfer waiting and one made, and a
withdrawal being checked."""
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from django.utils import timezone

from browsers import logged_in_context
from league.services.transfers import transfer_direct, transfer_request
from nights import Night, a_night

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def night(transactional_db: None) -> Night:
    found = a_night("plain")
    league = found.fixture.division.season.league
    league.transfers, league.transfer_fee, league.eligible_after_days = "captains", Decimal("5.00"), 14
    league.save()
    season, home, away = found.fixture.division.season, found.fixture.home_team, found.fixture.away_team
    transfer_direct(season_id=season.pk, player_id=found.away[-1].pk, to_team_id=home.pk,
                    user=found.secretary)
    transfer_request(season_id=season.pk, player_id=found.away[-2].pk, to_team_id=home.pk,
                     user=found.secretary, note="written request received")
    assert away is not None
    return found


@pytest.fixture
def phone(chromium: Any, live_server: Any, night: Night) -> Iterator[Any]:
    context = logged_in_context(chromium, live_server, night.secretary, viewport=PHONE)
    yield context.new_page()
    context.close()


def test_the_transfer_and_withdrawal_pages_fit_a_phone(phone: Any, night: Night, screenshots: Path) -> None:
    division = night.fixture.division
    season, league = division.season, division.season.league
    home, away = night.fixture.home_team, night.fixture.away_team
    pages = [f"/secretary/leagues/{league.pk}/squad-rules", f"/secretary/seasons/{season.pk}/transfers",
             f"/secretary/seasons/{season.pk}/teams/{home.pk}/squad",
             f"/teams/{home.pk}/seasons/{season.pk}/transfers", f"/teams/{away.pk}/"]
    for number, path in enumerate(pages):
        response = phone.goto(path)
        assert response is not None and response.status == 200, path
        phone.screenshot(path=screenshots / f"transfers-phone-{number}.png", full_page=True)
        overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{path} scrolls {overflow}px sideways on a phone"
    phone.goto(f"/secretary/divisions/{division.pk}/teams/{away.pk}/withdraw")
    phone.fill("#id_date", timezone.localdate().isoformat())
    phone.fill("#id_reason", "lost their pub")
    phone.click("text=Check what follows")
    assert phone.locator("text=Check, then confirm").is_visible()
    phone.screenshot(path=screenshots / "transfers-phone-withdraw.png", full_page=True)
    assert phone.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
