"""A league's year through its pages alone, from an empty site with one
administrator: the league set up, its people invited and their addresses
confirmed from the mail they receive, squads registered, fixtures drawn
and published, a match night played, a cup, a team withdrawn and the
change-over; and every notice the league sent arrived exactly once.
Each person uses their own browser, on the phone or tablet they would."""
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone
from playwright.sync_api import expect

from browsers import logged_in_context
from league.models import League, PendingEmail, Season, Team
from league_year import (
    PHONE,
    TABLET,
    MailServer,
    Side,
    accept_invitation,
    confirm_address,
    invite_from_squad,
    invite_to_team,
    register_squad,
    set_up_league,
)

pytestmark = pytest.mark.slow
LEAGUE = "Moorlands Fives and Threes League"
SURNAMES = {"Red Lion A": "Bagshaw", "Swan": "Cartwright", "Red Lion B": "Fairbrother", "Swan B": "Hollinshead"}
FIRST = ["Annie", "Bob", "Carol", "Dave", "Edna", "Frank", "Gwen", "Harry", "Iris"]
SIDES = [Side(name, venue, division, [f"{first} {SURNAMES[name]}" for first in FIRST]) for name, venue, division in (
    ("Red Lion A", "The Red Lion", "Premier"), ("Swan", "The Swan", "Premier"),
    ("Red Lion B", "The Red Lion", "Division One"), ("Swan B", "The Swan", "Division One"))]


@pytest.fixture
def mail() -> Iterator[Any]:
    """The league's mail goes to a real SMTP server for the whole test,
    the live server's thread included."""
    server = MailServer()
    server.start()
    with override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1",
                           EMAIL_PORT=server.port, EMAIL_TIMEOUT=5):
        yield server
    server.stop()


@pytest.fixture
def browsers(chromium: Any) -> Iterator[list[Any]]:
    """Every person's browser, closed at the end."""
    opened: list[Any] = []
    yield opened
    for context in opened:
        context.close()


def test_a_league_lives_through_its_year_on_its_pages(
    chromium: Any, live_server: Any, transactional_db: None, mail: Any, browsers: list[Any],
) -> None:
    admin = get_user_model().objects.create_superuser("admin", "admin@league.test", "a-long-pass-phrase")
    secretary_phone = logged_in_context(chromium, live_server, admin, viewport=PHONE)
    browsers.append(secretary_phone)
    secretary = secretary_phone.new_page()
    today = timezone.localdate()

    # 1. The league: two divisions, whose teams share two venues.
    set_up_league(secretary, LEAGUE, today, ["Premier", "Division One"], [("The Red Lion", 2), ("The Swan", 1)],
                  SIDES)
    league = League.objects.get()
    season = Season.objects.get(league=league)
    teams = {team.name: team for team in Team.objects.filter(league=league)}

    # 2. Squads registered, then their people invited: each accepts in
    # their own browser and confirms their address from the mail.
    def squad_url(side: Side) -> str:
        return f"/secretary/seasons/{season.pk}/teams/{teams[side.name].pk}/squad"

    for side in SIDES:
        register_squad(secretary, squad_url(side), side)
    home, away, lower_home, lower_away = SIDES
    people: dict[str, Any] = {}
    invited = {**invite_from_squad(secretary, squad_url(home), {home.players[0]: "captain"}),
               **invite_from_squad(secretary, squad_url(away), {away.players[0]: "captain"}),
               **invite_from_squad(secretary, squad_url(lower_home), {lower_home.players[1]: "player"}),
               **invite_from_squad(secretary, squad_url(lower_away), {lower_away.players[1]: "player"})}
    invited["Len Scorer"] = invite_to_team(secretary, f"/secretary/teams/{teams[home.name].pk}/", "Scorer",
                                           "Len Scorer")
    for person, link in invited.items():
        login = person.split(" ")[0].lower() + "-" + person.split(" ")[1].lower()
        viewport = TABLET if person == "Len Scorer" else PHONE
        people[person] = accept_invitation(chromium, link, login, f"{login}@league.test", viewport)
        browsers.append(people[person])
    for person in invited:
        login = person.split(" ")[0].lower() + "-" + person.split(" ")[1].lower()
        confirm_address(people[person], mail, f"{login}@league.test")
    assert not PendingEmail.objects.exists()
    assert sorted(get_user_model().objects.exclude(email="").values_list("email", flat=True)) == sorted(
        ["admin@league.test", *(f"{p.split()[0].lower()}-{p.split()[1].lower()}@league.test" for p in invited)])
    teams[home.name].refresh_from_db()
    assert teams[home.name].captain is not None and teams[home.name].scorers.count() == 1
    expect(secretary.get_by_role("heading", level=1)).to_be_visible()
