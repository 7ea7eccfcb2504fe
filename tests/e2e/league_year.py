"""What the people of a league do on its pages in a year, as the acceptance
test drives them (test_a_league_year_on_its_pages.py): each helper is one errand on the
pages, by taps and typing, as its person would do it on their own phone
or tablet."""
import importlib.util
import random
import re
from dataclasses import dataclass
from datetime import date
from email.header import decode_header, make_header
from email.message import Message
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

import scoring
from league.models import Game
from pad_page import Pad
from scoring.simulate import random_game

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 800, "height": 1280}
PASSWORD = "dominoes-on-a-tuesday"


def _mail_module() -> Any:
    """tests/league/smtp_server.py, loaded by its path: the notices' tests
    keep the SMTP server there, and tests/league is not on this folder's path."""
    path = Path(__file__).parent.parent / "league" / "smtp_server.py"
    spec = importlib.util.spec_from_file_location("league_smtp_server", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


smtp_server = _mail_module()
MailServer = smtp_server.MailServer
body_of = smtp_server.body_of


@dataclass
class Side:
    name: str
    venue: str
    division: str
    players: list[str]


def set_up_league(page: Page, name: str, today: date, divisions: list[str], venues: list[tuple[str, int]],
                  teams: list[Side]) -> None:
    """The first-run pages, from the home page of an empty site to the
    league set up: its season starting tonight."""
    page.goto("/")
    page.get_by_role("link", name="Set up a league").click()
    page.get_by_label("The league's name").fill(name)
    page.get_by_label("Match format").select_option(label="Plain (nine singles)")
    page.get_by_role("button", name="Save and go on to the season").click()
    page.get_by_label("Name", exact=True).fill(f"Season {today.year}")
    page.get_by_label("Start", exact=True).fill(today.isoformat())
    page.get_by_label("Registration deadline").fill(today.isoformat())
    page.get_by_label("Fewest players a squad must have").fill("9")
    page.get_by_role("button", name="Save and go on to the divisions").click()
    page.get_by_label("Divisions, top first").fill("\n".join(divisions))
    page.get_by_role("button", name="Save and go on to the venues").click()
    for venue, boards in venues:
        page.get_by_label("Name", exact=True).fill(venue)
        page.get_by_label("Board sets").fill(str(boards))
        page.get_by_role("button", name="Add the venue").click()
        expect(page.get_by_text(f"{venue} is added.")).to_be_visible()
    page.get_by_role("link", name="Go on to the teams").click()
    for team in teams:
        page.get_by_label("Team's name").fill(team.name)
        page.get_by_label("Home venue").select_option(label=team.venue)
        page.get_by_label("Division").select_option(label=team.division)
        page.get_by_role("button", name="Add the team").click()
        expect(page.get_by_text(f"{team.name} is added.")).to_be_visible()
    expect(page.get_by_role("heading", name=f"{name} is set up")).to_be_visible()


def register_squad(page: Page, squad_url: str, team: Side) -> None:
    """The squad pasted as a list of names, checked, then registered."""
    page.goto(squad_url)
    page.get_by_label("Names, one a line").fill("\n".join(team.players))
    page.get_by_role("button", name="Check the names").click()
    page.get_by_role("button", name=f"Register {len(team.players)} players").click()
    expect(page.get_by_role("status")).to_contain_text(f"{len(team.players)} players registered for {team.name}")


def invite_from_squad(page: Page, squad_url: str, roles: dict[str, str]) -> dict[str, str]:
    """Invites the squad's players named in `roles` (player name: role's
    value), no address given; returns each one's link, to pass on."""
    page.goto(squad_url)
    page.get_by_role("link", name="Invite the squad to log in").click()
    # .all() does not wait: the form must be on screen before its boxes are read.
    expect(page.get_by_role("button", name="Make the invitations")).to_be_visible()
    for box in page.get_by_role("checkbox").all():
        box.uncheck()
    for player, role in roles.items():
        page.get_by_label(f"Invite {player}", exact=True).check()
        page.get_by_label(f"{player} as").select_option(role)
    page.get_by_role("button", name="Make the invitations").click()
    expect(page.locator("section.invite-made")).to_have_count(len(roles))
    return {player: _link_of(page, player) for player in roles}


def invite_to_team(page: Page, team_url: str, role: str, name: str) -> str:
    """An invitation from the team's page, as `role`; its link to pass on."""
    page.goto(team_url)
    page.get_by_role("link", name="Invite someone to log in").click()
    page.get_by_label(role, exact=True).check()
    page.get_by_label("Name (optional)").fill(name)
    page.get_by_role("button", name="Make the invitation").click()
    return _link_of(page, name)


def _link_of(page: Page, name: str) -> str:
    section = page.locator("section.invite-made").filter(has=page.get_by_role("heading", name=f"{name}, as"))
    return section.get_by_label("The invitation's link").input_value()


def accept_invitation(chromium: Any, link: str, username: str, address: str, viewport: dict[str, int]) -> Any:
    """Opens the link in the invited person's own browser, where they make
    their login and give their address; returns that browser."""
    context = chromium.new_context(base_url=link.split("/secretary/")[0], viewport=viewport)
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto(link)
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password", exact=True).fill(PASSWORD)
    page.get_by_label("The password again").fill(PASSWORD)
    page.get_by_label("Your email address").fill(address)
    page.get_by_role("button", name="Make my login").click()
    expect(page).not_to_have_url(link)  # welcomed, on their team's page
    page.close()
    return context


def confirm_address(context: Any, mail: Any, address: str) -> None:
    """Follows the link in the one mail the address has had, and confirms."""
    [message] = mail.to(address)
    link = re.search(r"https?://\S+/email/confirm/\S+", body_of(message))
    assert link is not None, f"no confirmation link in the mail to {address}"
    page = context.new_page()
    page.goto(link.group(0))
    page.get_by_role("button", name=f"Confirm {address}").click()
    expect(page.get_by_text(f"Thank you: {address} is confirmed.")).to_be_visible()
    page.close()


def received(mail: Any) -> list[Message]:
    return list(mail.messages)


def draw_every_division(page: Page, season_name: str, night: date) -> None:
    """From the secretary's home page: every division drawn at once, the
    first match night `night`."""
    page.goto("/secretary/")
    page.get_by_role("link", name=f"Draw every division of {season_name}").click()
    page.get_by_label("Start", exact=True).fill(night.isoformat())
    page.get_by_label("Match night").select_option(label=night.strftime("%A"))
    page.get_by_role("button", name="Draw every division").click()
    expect(page.get_by_text("Draft fixtures drawn:")).to_be_visible()


def publish(page: Page, division: str) -> None:
    """The division's drafts checked on its fixtures page, then published."""
    page.goto("/secretary/")
    page.get_by_role("link", name=f"Fixtures of {division}").click()
    page.get_by_role("link", name="Publish…").click()
    page.get_by_role("button", name=re.compile(r"Yes, publish \d+ fixtures?")).click()
    expect(page.get_by_text(re.compile(r"\d+ fixtures published"))).to_be_visible()


def enter_team_sheet(page: Page, night_url: str, home: list[str], away: list[str]) -> None:
    """Both sides' players, rubber by rubber, on the match night's page."""
    page.goto(night_url)
    for number, (home_player, away_player) in enumerate(zip(home, away, strict=True), start=1):
        page.locator(f'select[name="r{number}_home"]').select_option(label=home_player)
        page.locator(f'select[name="r{number}_away"]').select_option(label=away_player)
    page.get_by_role("button", name="Save the team sheet").click()
    expect(page.locator("#rubber-1")).to_contain_text(home[0])


def key_the_card(page: Page, night_url: str, scores: dict[int, tuple[int, int]]) -> None:
    """The rubbers' games keyed from the paper card on the card's form."""
    page.goto(night_url)
    with page.expect_navigation(wait_until="load"):  # the card's script listening before anything is typed
        page.get_by_role("link", name="Key the whole card on one form").click()
    for number, (home_score, away_score) in scores.items():
        page.locator(f'input[name="r{number}_g1_home"]').fill(str(home_score))
        page.locator(f'input[name="r{number}_g1_away"]').fill(str(away_score))
    page.get_by_role("button", name="Save the card").click()
    expect(page.get_by_text(f"The card is saved: {len(scores)} games recorded.")).to_be_visible()


def submit_result(page: Page, night_url: str) -> None:
    page.goto(night_url)
    page.get_by_role("button", name="Submit the result…").click()
    page.get_by_role("button", name="Yes: submit it").click()


def confirm_result(page: Page, night_url: str) -> None:
    page.goto(night_url)
    page.get_by_role("button", name="Confirm the result…").click()
    page.get_by_role("button", name="Yes: confirm it").click()


def score_live(page: Page, night_url: str, rubber: int) -> str:
    """The scorer starts the rubber's game live and taps a whole game into
    the pad, one move at a time; returns the winner's name."""
    page.goto(night_url)
    page.get_by_role("button", name=f"Score game 1 live (rubber {rubber})").click()
    expect(page).to_have_url(re.compile(r"/games/\d+/pad$"))
    game = Game.objects.get(pk=int(page.url.split("/")[-2]))  # what the pad plays by: its rules, its seats
    seats = list(game.seats)
    pad = Pad(page)
    pad.settled()
    sheet = random_game(random.Random(7), game.rules)
    result = scoring.check(sheet)
    events: dict[tuple[int, int], Any] = {(e["hand"], e["move"]): e for e in result["events"]
                                          if e["type"] != "hand-end"}
    for hand, written in enumerate(sheet["hands"]):
        for number, move in enumerate(written["moves"]):
            if move.get("knock"):
                pad.knock()
            else:
                if (hand, number) == (0, 0):  # the first down: the pad asks who put it
                    expect(page.locator("#seats button").first).to_be_visible()
                if page.locator("#seats button").count():
                    pad.choose_seat(seats[move["seat"]])
                pad.play(move["tile"], move["peg"], ends=events[(hand, number)]["ends"])
            pad.settled()
        if "shown" in written:
            pad.show(written["shown"], seats)
            pad.settled()
    assert result["winner"] is not None
    winner = str(seats[result["winner"]])
    expect(page.locator("#turn")).to_have_text(f"{winner} won the game")
    return winner


def add_singles_cup(page: Page, season_name: str, name: str) -> None:
    page.goto("/secretary/")
    page.get_by_role("link", name=f"Add a cup to {season_name}").click()
    page.get_by_label("Name", exact=True).fill(name)
    page.get_by_label("Who enters").select_option(label="Players (singles)")
    page.get_by_role("button", name="Create the cup").click()
    expect(page.locator(".messages")).to_contain_text(f"{name} is set up")


def enter_cup(page: Page, cup_url: str, player: str, cup: str) -> None:
    """A player enters themself from the cup's page."""
    page.goto(cup_url)
    page.get_by_role("button", name=f"Enter {player}").click()
    expect(page.locator(".cup-messages")).to_contain_text(f"{player} is entered in {cup}")


def draw_cup(page: Page, cup: str) -> None:
    page.goto("/secretary/")
    page.get_by_role("link", name=cup).click()
    page.get_by_role("link", name=re.compile(r"^Make .*…$")).click()
    page.get_by_role("button", name="Yes: make the draw").click()


def offer_dates(page: Page, cup_url: str, first: date, second: date) -> None:
    page.goto(cup_url)
    page.get_by_label("First date").fill(first.isoformat())
    page.get_by_label("Second date").fill(second.isoformat())
    page.get_by_role("button", name="Offer the dates").click()
    expect(page.locator(".cup-messages")).to_contain_text("Dates offered: the other side picks one")


def pick_date(page: Page, cup_url: str, offered_by: str, picked: date) -> None:
    page.goto(cup_url)
    expect(page.locator("main")).to_contain_text(f"{offered_by} offers these dates: pick one")
    page.get_by_label(f"{picked:%A} {picked.day} {picked:%B}").check()
    page.get_by_role("button", name="Play on this date").click()
    expect(page.locator(".cup-messages")).to_contain_text(f"is on {picked:%A %d %B}")


def withdraw_team(page: Page, division: str, team: str, on: date, reason: str) -> None:
    """From the division's teams: what withdrawing would do, then done."""
    page.goto("/secretary/")
    page.get_by_role("link", name=f"Teams of {division}").click()
    page.get_by_role("link", name=re.compile(rf"^Withdraw from the league\W+{team}$")).click()
    page.get_by_label("Withdrew on").fill(on.isoformat())
    page.get_by_label("Reason").fill(reason)
    page.get_by_role("button", name="Check what follows").click()
    page.get_by_role("button", name=f"Withdraw {team}").click()


def change_over(page: Page, season_name: str, new_name: str) -> dict[str, dict[str, str]]:
    """The next season started from this one, though some fixtures are
    unplayed; returns the review's divisions, each team with its move."""
    page.goto("/secretary/")
    page.get_by_role("link", name=f"Start the next season from {season_name}…").click()
    page.get_by_label("Name", exact=True).fill(new_name)
    page.get_by_label("Start it anyway").check()
    page.get_by_role("button", name="Review the new season").click()
    review = page.locator("section.confirm")
    expect(review).to_be_visible()
    moves: dict[str, dict[str, str]] = {}
    for table in review.locator("table").filter(has=page.locator("caption", has_text=re.compile(r"\(\d+ teams?\)"))).all():
        caption = table.locator("caption").inner_text().split(" (")[0]
        moves[caption] = {row.locator("th").inner_text(): row.locator("td").last.inner_text()
                          for row in table.locator("tbody tr").all()}
    page.get_by_role("button", name=f"Yes: start {new_name}").click()
    expect(page.get_by_text(f"{new_name} is set up from {season_name}")).to_be_visible()
    return moves


def listed_notices(page: Page, notices_url: str) -> list[tuple[str, str, str]]:
    """Every notice on the secretary's notices page, page after page:
    its subject, the address it went to and its status."""
    page.goto(notices_url)
    listed = []
    while True:
        for row in page.locator("table tbody tr").all():
            address = row.locator('td[data-label="To"]').inner_text().split(" (")[0]
            status = row.locator('td[data-label="Status"]').inner_text()
            listed.append((row.locator("th").inner_text(), address, status))
        older = page.get_by_role("link", name="Older")
        if not older.count():
            return listed
        before = page.url
        older.click()
        expect(page).not_to_have_url(before)  # .all() above does not wait for the next page


def subject_of(message: Message) -> str:
    return str(make_header(decode_header(message["Subject"])))
