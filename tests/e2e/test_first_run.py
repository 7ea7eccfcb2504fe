"""The first run on a phone: a fresh install with nothing in it but the
administrator `createsuperuser` made, who sets up a whole league through
the set-up pages alone (no admin page), then finds the league's own page.
Each step's page fits the phone's width."""
import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from browsers import logged_in_context
from league.models import League, Team

PHONE = {"width": 390, "height": 844}
TEAMS = [("Red Lion A", "The Red Lion", "Premier"), ("Swan", "The Swan", "Premier"),
         ("Red Lion B", "The Red Lion", "Division One"), ("Swan B", "The Swan", "Division One")]


@pytest.fixture
def phone(chromium: Any, live_server: Any, transactional_db: None) -> Iterator[Any]:
    admin = get_user_model().objects.create_superuser("admin", "admin@league.test", "a-long-pass-phrase")
    context = logged_in_context(chromium, live_server, admin, viewport=PHONE)
    yield context.new_page()
    context.close()


def fits(page: Any) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"{page.url} scrolls {overflow}px sideways on a phone"


def test_a_league_is_set_up_on_a_phone_from_an_empty_install(phone: Any, screenshots: Path) -> None:
    phone.goto("/")
    expect(phone.get_by_text("No league yet.")).to_be_visible()
    phone.get_by_role("link", name="Set up a league").click()

    phone.get_by_label("The league's name").fill("Moorlands Fives and Threes League")
    phone.get_by_label("Days to return a result").fill("10")
    fits(phone)
    phone.get_by_role("button", name="Save and go on to the season").click()
    expect(phone).to_have_url(re.compile(r"/setup/season$"))

    today = timezone.localdate()
    phone.get_by_label("Name", exact=True).fill("Winter 2027")
    phone.get_by_label("Start", exact=True).fill((today + timedelta(days=30)).isoformat())
    phone.get_by_label("Registration deadline").fill((today + timedelta(days=21)).isoformat())
    fits(phone)
    phone.get_by_role("button", name="Save and go on to the divisions").click()
    expect(phone).to_have_url(re.compile(r"/setup/divisions$"))

    phone.get_by_label("Divisions, top first").fill("Premier\nDivision One")
    fits(phone)
    phone.get_by_role("button", name="Save and go on to the venues").click()
    expect(phone).to_have_url(re.compile(r"/setup/venues$"))

    for venue, boards in [("The Red Lion", "2"), ("The Swan", "1")]:
        phone.get_by_label("Name", exact=True).fill(venue)
        phone.get_by_label("Board sets").fill(boards)
        phone.get_by_role("button", name="Add the venue").click()
        expect(phone.get_by_text(f"{venue} is added.")).to_be_visible()
    fits(phone)
    phone.get_by_role("link", name="Go on to the teams").click()
    expect(phone).to_have_url(re.compile(r"/setup/teams$"))

    # A mistake first: a team without a name is refused beside the field.
    phone.get_by_role("button", name="Add the team").click()
    expect(phone.locator("#id_name_error")).to_have_text("This field is required.")
    for team, venue, division in TEAMS:
        phone.get_by_label("Team's name").fill(team)
        phone.get_by_label("Home venue").select_option(label=venue)
        phone.get_by_label("Division").select_option(label=division)
        phone.get_by_role("button", name="Add the team").click()
        expect(phone.get_by_text(f"{team} is added.")).to_be_visible()
    expect(phone.get_by_role("heading", name="Moorlands Fives and Threes League is set up")).to_be_visible()
    fits(phone)
    phone.screenshot(path=screenshots / "first-run-done.png")  # the screen only: a full page resizes it

    phone.get_by_role("link", name="See Moorlands Fives and Threes League's page").click()
    expect(phone).to_have_url(re.compile(r"/leagues/moorlands-fives-and-threes-league/$"))
    expect(phone.get_by_role("heading", name="Moorlands Fives and Threes League").first).to_be_visible()
    for division in ("Premier", "Division One"):
        expect(phone.get_by_text(division, exact=True).first).to_be_visible()
    fits(phone)

    phone.goto("/")
    expect(phone.get_by_role("link", name="Moorlands Fives and Threes League")).to_be_visible()
    league = League.objects.get()
    assert league.result_deadline_days == 10
    assert [user.username for user in league.secretaries.all()] == ["admin"]
    assert Team.objects.filter(league=league).count() == len(TEAMS)
