"""The secretary's pages on a phone (390 by 844, an iPhone's screen): the
header, the breadcrumbs and each page fit the screen's width, so nothing
needs scrolling sideways."""
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browsers import logged_in_context
from nights import Night, a_night

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def night(transactional_db: None) -> Night:
    """A secretary who is also the site's admin, with a login name as long as
    real ones are: the header's fullest case."""
    found = a_night("plain")
    found.secretary.username, found.secretary.is_staff = "leek-and-district-secretary", True
    found.secretary.save()
    return found


@pytest.fixture
def phone(chromium: Any, live_server: Any, night: Night) -> Iterator[Any]:
    context = logged_in_context(chromium, live_server, night.secretary, viewport=PHONE)
    yield context.new_page()
    context.close()


def _pages(night: Night) -> list[str]:
    division, league = night.fixture.division_id, night.fixture.division.season.league_id
    return ["/secretary/", f"/secretary/divisions/{division}/fixtures/", f"/secretary/divisions/{division}/sanctions",
            f"/secretary/leagues/{league}/results", f"/secretary/fixtures/{night.fixture.pk}/rearrange",
            f"/secretary/leagues/{league}/tonight"]


def test_the_secretarys_pages_fit_a_phone_without_scrolling_sideways(
    phone: Any, night: Night, screenshots: Path,
) -> None:
    for number, path in enumerate(_pages(night)):
        response = phone.goto(path)
        assert response is not None and response.status == 200, path
        overflow = phone.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        phone.screenshot(path=screenshots / f"secretary-phone-{number}.png", full_page=True)
        assert overflow <= 0, f"{path} scrolls {overflow}px sideways on a phone"
        header = phone.locator("header.site").bounding_box()
        assert header is not None and header["width"] <= PHONE["width"], path
