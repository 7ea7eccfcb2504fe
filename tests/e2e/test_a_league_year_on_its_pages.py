"""A league's year through its pages alone, from an empty site with one
administrator: the league set up, its people invited and their addresses
confirmed from the mail they receive, squads registered, fixtures drawn
and published, a match night played, a cup, a team withdrawn and the
change-over; and every notice the league sent arrived exactly once.
Each person uses their own browser, on the phone or tablet they would."""
from collections import Counter
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import override_settings
from django.utils import timezone
from playwright.sync_api import expect

from browsers import logged_in_context
from config.celery import app
from league.models import Competition, CupTie, DivisionEntry, Fixture, League, PendingEmail, Season, Team
from league_year import (
    PHONE,
    TABLET,
    MailServer,
    Side,
    accept_invitation,
    add_singles_cup,
    change_over,
    confirm_address,
    confirm_result,
    draw_cup,
    draw_every_division,
    enter_cup,
    enter_team_sheet,
    invite_from_squad,
    invite_to_team,
    key_the_card,
    listed_notices,
    offer_dates,
    pick_date,
    publish,
    register_squad,
    score_live,
    set_up_league,
    subject_of,
    submit_result,
    withdraw_team,
)

pytestmark = pytest.mark.slow
LEAGUE = "Moorlands Fives and Threes League"
SURNAMES = {"Red Lion A": "Bagshaw", "Swan": "Cartwright", "Red Lion B": "Fairbrother", "Swan B": "Hollinshead"}
FIRST = ["Annie", "Bob", "Carol", "Dave", "Edna", "Frank", "Gwen", "Harry", "Iris"]
SIDES = [Side(name, venue, division, [f"{first} {SURNAMES[name]}" for first in FIRST]) for name, venue, division in (
    ("Red Lion A", "The Red Lion", "Premier"), ("Swan", "The Swan", "Premier"),
    ("Red Lion B", "The Red Lion", "Division One"), ("Swan B", "The Swan", "Division One"))]
SCORER = "Len Scorer"
CUP = "Singles Knockout"
CONFIRM_ADDRESS = "Confirm your email address for the league's notices"
NEXT_SEASON = "Next season"


def login_of(person: str) -> str:
    return person.lower().replace(" ", "-")


def address_of(person: str) -> str:
    return f"{login_of(person)}@league.test"


@pytest.fixture
def mail() -> Iterator[Any]:
    """The league's mail goes to a real SMTP server for the whole test,
    the live server's thread included. With a broker (REDIS_URL, as in CI)
    a notice's sending would wait for a worker: here the tasks run in the
    process that queued them, as without one."""
    server = MailServer()
    server.start()
    eager = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        with override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1",
                               EMAIL_PORT=server.port, EMAIL_TIMEOUT=5):
            yield server
    finally:
        app.conf.task_always_eager = eager
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

    # 2. Squads registered and the fixtures drawn, as drafts; then the
    # people invited, each accepting in their own browser and confirming
    # their address from the mail; then the fixtures published.
    def squad_url(side: Side) -> str:
        return f"/secretary/seasons/{season.pk}/teams/{teams[side.name].pk}/squad"

    for side in SIDES:
        register_squad(secretary, squad_url(side), side)
    draw_every_division(secretary, season.name, today)
    fixture = Fixture.objects.get(division__name="Premier", date=today)
    home, away = (next(side for side in SIDES if side.name == team.name)
                  for team in (fixture.home_team, fixture.away_team))
    lower_home, lower_away = SIDES[2:]
    invited = {**invite_from_squad(secretary, squad_url(home), {home.players[0]: "captain"}),
               **invite_from_squad(secretary, squad_url(away), {away.players[0]: "captain"}),
               **invite_from_squad(secretary, squad_url(lower_home),
                                   {lower_home.players[0]: "captain", lower_home.players[1]: "player"}),
               **invite_from_squad(secretary, squad_url(lower_away),
                                   {lower_away.players[0]: "captain", lower_away.players[1]: "player"})}
    invited[SCORER] = invite_to_team(secretary, f"/secretary/teams/{teams[home.name].pk}/", "Scorer", SCORER)
    people: dict[str, Any] = {}
    for person, link in invited.items():
        people[person] = accept_invitation(chromium, link, login_of(person), address_of(person),
                                           TABLET if person == SCORER else PHONE)
        browsers.append(people[person])
    for person in invited:
        confirm_address(people[person], mail, address_of(person))
    assert not PendingEmail.objects.exists()
    assert sorted(get_user_model().objects.exclude(email="").values_list("email", flat=True)) == sorted(
        ["admin@league.test", *(address_of(person) for person in invited)])
    for division in ("Premier", "Division One"):
        publish(secretary, division)

    # 3. The match night: the home captain's team sheet, rubber 1 scored
    # live on the scorer's tablet, the rest keyed from the card; the home
    # captain submits, the away captain confirms.
    night = f"/fixtures/{fixture.pk}/night"
    home_captain = people[home.players[0]].new_page()
    away_captain = people[away.players[0]].new_page()
    enter_team_sheet(home_captain, night, home.players, away.players)
    pad = people[SCORER].new_page()
    live_winner = score_live(pad, night, rubber=1)
    pad.close()
    key_the_card(home_captain, night, {number: (61, 40) if number <= 6 else (35, 61) for number in range(2, 10)})
    submit_result(home_captain, night)
    confirm_result(away_captain, night)
    home_won_live = live_winner == home.players[0]
    score = (5 + home_won_live, 3 + (not home_won_live))  # rubbers 2 to 6 to the home side, 7 to 9 away
    away_captain.goto(night)
    expect(away_captain.locator(".now")).to_have_attribute(
        "data-score", f"{home.name} {score[0]}, {away.name} {score[1]}")
    expect(away_captain.locator('#rubber-1 td[data-label="Won by"]')).to_have_text(
        home.name if home_won_live else away.name)
    fixture.refresh_from_db()
    assert fixture.night.status == "confirmed"

    # 4. A singles cup: two players enter from the cup's page on their
    # phones; once it is drawn, the home player offers dates and the
    # away player picks one.
    add_singles_cup(secretary, season.name, CUP)
    cup_url = f"/cups/{Competition.objects.get(name=CUP).pk}/"
    entrants = [lower_home.players[1], lower_away.players[1]]
    for player in entrants:
        enter_cup(people[player].new_page(), cup_url, player, CUP)
    draw_cup(secretary, CUP)
    tie = CupTie.objects.select_related("home__player", "away__player").get(competition__name=CUP)
    assert tie.home is not None and tie.away is not None and tie.home.player and tie.away.player
    host, visitor = tie.home.player.name, tie.away.player.name
    first, second = today + timedelta(days=4), today + timedelta(days=6)
    offer_dates(people[host].new_page(), cup_url, first, second)
    pick_date(people[visitor].new_page(), cup_url, host, second)
    tie.refresh_from_db()
    assert tie.date == second and tie.offered_dates == []

    # 5. Swan B withdraws; the change-over then sends Division One's
    # champion up and the Premier's last down, and leaves Swan B out.
    withdraw_team(secretary, "Division One", lower_away.name, today, "The Swan's back room is closing.")
    moves = change_over(secretary, season.name, NEXT_SEASON)
    assert moves == {
        "Premier": {home.name: "stays", lower_home.name: "promoted"},
        "Division One": {away.name: "relegated"},
    }, moves
    following = Season.objects.get(name=NEXT_SEASON)
    assert {(entry.team.name, entry.division.name) for entry in DivisionEntry.objects.filter(
        division__season=following)} == {(home.name, "Premier"), (lower_home.name, "Premier"),
                                         (away.name, "Division One")}

    # 6. Every notice the secretary's page lists was sent, and arrived
    # exactly once: each address's confirmation, the result to confirm and
    # confirmed, the cup's dates offered and set, and the withdrawal told
    # to the captains whose matches it called off.
    notices = listed_notices(secretary, f"/secretary/leagues/{league.pk}/notices")
    match, tie_name = f"{home.name} v {away.name}", f"{CUP}, {host} v {visitor}"
    opponent = Team.objects.select_related("captain", "vice_captain").get(name=lower_home.name)
    told_of_withdrawal = sorted(user.email for user in (opponent.captain, opponent.vice_captain)
                                if user is not None and user.email)
    assert told_of_withdrawal, "the withdrawn team's opponents have a captain with an address"
    assert sorted((subject, address) for subject, address, _ in notices) == sorted([
        *((CONFIRM_ADDRESS, address_of(person)) for person in invited),
        (f"Confirm the result: {match}", address_of(away.players[0])),
        (f"Result confirmed: {match}", address_of(home.players[0])),
        (f"Dates offered: {tie_name}", address_of(visitor)),
        (f"Date set: {tie_name}", address_of(host)),
        *((f"{lower_away.name} have withdrawn from Division One", address) for address in told_of_withdrawal),
    ]), notices
    assert all(status.startswith("Sent") for _, _, status in notices), notices
    listed = Counter((address, subject) for subject, address, _ in notices)
    arrived = Counter((message["To"], subject_of(message)) for message in mail.messages)
    assert listed == {pair: count for pair, count in arrived.items() if pair in listed}, (listed, arrived)
