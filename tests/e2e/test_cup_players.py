"""A singles cup from its players' phones: a registered player enters
themself from the cup's page; after the draw, the home player offers dates
and the away player picks one; one player of a tie enters a
game played on paper, which does not count until the other player, on
their own phone, confirms it, and then the winner is through."""
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from browsers import logged_in_context
from cup_nights import a_league_with_teams
from league.models import Competition, CupEntry, CupTie, Player
from league.services.cups import competition_create, cup_draw, cup_enter

PHONE = {"width": 390, "height": 844}


@pytest.fixture
def phone(chromium: Any, live_server: Any) -> Any:
    opened: list[Any] = []

    def of(player: Player) -> Any:
        if player.user is None:
            player.user = get_user_model().objects.create_user(f"login-{player.pk}")
            player.save()
        context = logged_in_context(chromium, live_server, player.user, viewport=PHONE)
        opened.append(context)
        return context.new_page()

    yield of
    for context in opened:
        context.close()


def a_singles_cup() -> tuple[Competition, list[Player], Any]:
    made = a_league_with_teams(2)
    competition = competition_create(season_id=made.season.pk, name="Singles Knockout", kind="singles",
                                     draw_mode="bracket", user=made.secretary)
    people = list(Player.objects.filter(registrations__team__in=made.teams).order_by("pk")[:4])
    return competition, people, made.secretary


def a_drawn_tie() -> tuple[Competition, CupTie, Player, Player]:
    """The singles cup drawn from four entries: its first tie and the
    players at home and away in it."""
    competition, people, secretary = a_singles_cup()
    for player in people:
        cup_enter(competition_id=competition.pk, player_id=player.pk, user=secretary)
    cup_draw(competition_id=competition.pk, seed=5, user=secretary)
    tie = CupTie.objects.select_related("home__player", "away__player").get(competition=competition, round=1, number=1)
    assert tie.home is not None and tie.away is not None
    home, away = tie.home.player, tie.away.player
    assert home is not None and away is not None
    return competition, tie, home, away


def test_a_player_enters_themself_from_the_cups_page_on_a_phone(phone: Any, transactional_db: None) -> None:
    competition, people, _ = a_singles_cup()
    page = phone(people[0])
    page.goto(f"/cups/{competition.pk}/")
    page.get_by_role("button", name=f"Enter {people[0].name}").click()
    expect(page.locator(".cup-messages")).to_contain_text(f"{people[0].name} is entered in Singles Knockout")
    expect(page.get_by_role("button", name=f"Enter {people[0].name}")).to_have_count(0)
    assert CupEntry.objects.filter(competition=competition, player=people[0]).exists()


def test_a_score_from_the_card_counts_once_the_other_player_confirms_it(phone: Any, transactional_db: None) -> None:
    competition, tie, home, away = a_drawn_tie()

    entering = phone(home)
    entering.goto(f"/cups/{competition.pk}/")
    entering.get_by_text("Enter your game's score from the card").first.click()
    entering.get_by_label(home.name, exact=True).fill("61")
    entering.get_by_label(away.name, exact=True).fill("42")
    entering.get_by_role("button", name="Enter the score").click()
    expect(entering.locator("main")).to_contain_text("Game 1's score waits for the other side to confirm it")
    tie.refresh_from_db()
    assert tie.winner_id is None  # not counted yet

    confirming = phone(away)
    confirming.goto(f"/cups/{competition.pk}/")
    expect(confirming.locator("main")).to_contain_text(f"Game 1 was entered from the card as {home.name} 61, "
                                                       f"{away.name} 42")
    assert confirming.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    confirming.get_by_role("button", name="Confirm the score").first.click()
    expect(confirming.locator(".cup-messages")).to_contain_text("Game 1 confirmed: 61-42")
    tie.refresh_from_db()
    assert tie.winner_id == tie.home_id
    final = CupTie.objects.get(competition=competition, round=2)
    assert home.name in (final.home.name if final.home else "", final.away.name if final.away else "")


def test_the_home_player_offers_dates_and_the_away_player_picks_one_on_their_phones(
        phone: Any, transactional_db: None) -> None:
    competition, tie, home, away = a_drawn_tie()
    first, second = timezone.localdate() + timedelta(days=4), timezone.localdate() + timedelta(days=6)

    offering = phone(home)
    offering.goto(f"/cups/{competition.pk}/")
    offering.get_by_label("First date").fill(first.isoformat())
    offering.get_by_label("Second date").fill(second.isoformat())
    offering.get_by_role("button", name="Offer the dates").click()
    expect(offering.locator(".cup-messages")).to_contain_text("Dates offered: the other side picks one")

    picking = phone(away)
    picking.goto(f"/cups/{competition.pk}/")
    expect(picking.locator("main")).to_contain_text(f"{home.name} offers these dates: pick one")
    assert picking.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    picking.get_by_label(f"{second:%A} {second.day} {second:%B}").check()
    picking.get_by_role("button", name="Play on this date").click()
    expect(picking.locator(".cup-messages")).to_contain_text(f"is on {second:%A %d %B}")
    tie.refresh_from_db()
    assert tie.date == second and tie.offered_dates == []
