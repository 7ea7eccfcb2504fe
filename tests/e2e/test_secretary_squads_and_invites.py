"""The secretary's pages in a real browser: a squad pasted as a list of
names, checked on the review and then registered; a squad invited at
once, each link with its button to share or copy it (the site's script
running under its CSP); and an invitation's link, copied from the
secretary's page, opened in another browser (a fresh profile, nobody
logged in), where the person invited chooses a login, gives an address
and arrives as the team's captain."""
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
from league.models import League, LoginInvite, PendingEmail, Player, Season, SquadRegistration, Team, Venue

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def team(transactional_db: None) -> Team:
    league = League.objects.create(name="Leek & District", slug="leek")
    league.secretaries.add(get_user_model().objects.create_user("secretary"))
    venue = Venue.objects.create(name="The Red Lion")
    return Team.objects.create(league=league, name="Red Lion A", home_venue=venue)


@pytest.fixture
def season(team: Team) -> Season:
    today = timezone.localdate()
    return Season.objects.create(league=team.league, name="Winter 2026-27", start=today + timedelta(days=14),
                                 registration_deadline=today + timedelta(days=7), squad_max=3, squad_min=1)


@pytest.fixture
def secretary_browser(chromium: Any, live_server: Any, team: Team) -> Iterator[Any]:
    context = logged_in_context(chromium, live_server, team.league.secretaries.get(), viewport=PHONE)
    yield context
    context.close()


def test_a_pasted_squad_is_reviewed_then_registered(
    screenshots: Path, secretary_browser: Any, season: Season, team: Team,
) -> None:
    Player.objects.create(name="Jo Bloggs")
    page = secretary_browser.new_page()
    page.goto(f"/secretary/seasons/{season.pk}/teams/{team.pk}/squad")
    page.get_by_label("Names, one a line").fill("Jo Bloggs\nAnn New\nSam Smith\nOne Too Many")
    page.get_by_role("button", name="Check the names").click()
    review = page.locator(".squad-review")
    expect(review.locator("tbody tr")).to_have_count(4)
    expect(review.get_by_role("row", name="Jo Bloggs")).to_contain_text("already a player")
    expect(review.get_by_role("row", name="Ann New")).to_contain_text("a new player")
    expect(review.get_by_role("row", name="One Too Many")).to_contain_text("the most allowed")
    assert SquadRegistration.objects.count() == 0
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, "the review scrolls sideways"
    page.screenshot(path=screenshots / "squad-review-phone.png", full_page=True)
    page.get_by_role("button", name="Register 3 players").click()
    expect(page.get_by_role("status")).to_contain_text("3 players registered for Red Lion A, 2 of them new")
    expect(page.get_by_role("status")).to_contain_text("One Too Many:")
    assert sorted(SquadRegistration.objects.values_list("player__name", flat=True)) == [
        "Ann New", "Jo Bloggs", "Sam Smith"]


def test_an_invitation_link_opened_in_a_fresh_browser_makes_the_captain(
    chromium: Any, live_server: Any, secretary_browser: Any, team: Team,
) -> None:
    page = secretary_browser.new_page()
    page.goto(f"/secretary/teams/{team.pk}/invite")
    page.get_by_label("Captain", exact=True).check()
    page.get_by_label("Name (optional)").fill("Jo Bloggs")
    page.get_by_role("button", name="Make the invitation").click()
    link = page.get_by_label("The invitation's link").input_value()
    assert link.startswith(live_server.url)
    # Headless Chromium has no share sheet: the button copies instead.
    page.get_by_role("button", name="Copy the link").click()
    expect(page.get_by_role("status")).to_contain_text(re.compile("Copied|Selected"))

    stranger = chromium.new_context(viewport=PHONE)
    stranger.set_default_timeout(10_000)
    try:
        invited = stranger.new_page()
        invited.goto(link)
        expect(invited.get_by_role("heading", level=1)).to_have_text("Red Lion A invites you")
        invited.get_by_label("Username").fill("jo")
        invited.get_by_label("Password", exact=True).fill("dominoes-on-a-tuesday")
        invited.get_by_label("The password again").fill("dominoes-on-a-tuesday")
        expect(invited.get_by_text("Where the league emails you about your matches")).to_be_visible()
        invited.get_by_label("Your email address").fill("jo@league.test")
        invited.get_by_role("button", name="Make my login").click()
        expect(invited).to_have_url(f"{live_server.url}/teams/{team.pk}/")
        expect(invited.get_by_role("status")).to_contain_text(
            "Welcome, Jo: you are now the captain of Red Lion A. On a match night you fill in the team sheet")
        team.refresh_from_db()
        assert team.captain is not None and team.captain.username == "jo"
        assert PendingEmail.objects.get(user=team.captain).address == "jo@league.test"
        invited.goto(link)
        expect(invited.locator("main")).to_contain_text("each link works once")
    finally:
        stranger.close()


def test_a_squad_is_invited_at_once_and_each_link_can_be_shared(secretary_browser: Any, season: Season,
                                                                team: Team) -> None:
    for name in ("Jo Bloggs", "Ann New"):
        SquadRegistration.objects.create(season=season, team=team, player=Player.objects.create(name=name))
    page = secretary_browser.new_page()
    # A phone's browser, with a share sheet: the buttons hand it the link.
    page.add_init_script("navigator.share = async (data) => { window.shared = data; };")
    page.goto(f"/secretary/seasons/{season.pk}/teams/{team.pk}/squad")
    page.get_by_role("link", name="Invite the squad to log in").click()
    page.get_by_label("Jo Bloggs as").select_option("captain")
    page.get_by_label("Ann New's email address").fill("ann@league.test")
    page.get_by_role("button", name="Make the invitations").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Invitations made")
    share = page.get_by_role("button", name="Share the link")
    expect(share).to_have_count(2)
    share.first.click()
    expect(page.get_by_role("status").first).to_have_text("Shared.")
    first_link = page.get_by_label("The invitation's link").first.input_value()
    assert page.evaluate("window.shared.url") == first_link
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0, "the page scrolls sideways"
    assert sorted(LoginInvite.objects.values_list("role", "email")) == [("captain", ""), ("player", "ann@league.test")]
