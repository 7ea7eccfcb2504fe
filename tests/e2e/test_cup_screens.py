"""The cup pages in a browser: a secretary creates a cup, enters its teams
and makes the first round's draw; the draw read on a phone (every entrant
on the screen's width, no sideways scrolling of the page); and the finals
night on the pub's TV (1920x1080), every match of the night on one screen,
kept current as the match night page is."""
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from browsers import logged_in_context
from cup_nights import TEAMS, a_drawn_bracket, a_finals_night, a_league_with_teams
from league.models import Competition, CupDraw, CupTie
from league.services.match_games import rubber_game_card, rubber_game_start

PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
DESK = {"width": 1280, "height": 900}


@pytest.fixture
def screen(chromium: Any, live_server: Any) -> Any:
    opened: list[Any] = []

    def open_at(viewport: dict[str, int], user: Any = None) -> Any:
        if user is not None:
            context = logged_in_context(chromium, live_server, user, viewport=viewport)
        else:
            context = chromium.new_context(base_url=live_server.url, viewport=viewport)
            context.set_default_timeout(10_000)
        opened.append(context)
        return context

    yield open_at
    for context in opened:
        context.close()


def test_a_secretary_creates_a_cup_and_makes_the_first_rounds_draw(screen: Any, transactional_db: None,
                                                                    screenshots: Path) -> None:
    made = a_league_with_teams(5)
    page = screen(DESK, made.secretary).new_page()
    page.goto("/secretary/")
    page.get_by_role("link", name=f"Add a cup to {made.season.name}").click()
    page.get_by_label("Name", exact=True).fill("Knockout Cup")
    page.get_by_role("button", name="Create the cup").click()
    expect(page.locator(".messages")).to_contain_text("Knockout Cup is set up")
    for team in TEAMS[:5]:
        page.get_by_label("Team", exact=True).select_option(label=team)
        page.get_by_role("button", name="Enter the team").click()
        expect(page.locator(".messages")).to_contain_text(f"{team} is entered")
    page.get_by_role("link", name=re.compile("Make the draw for quarter-finals")).click()
    confirm = page.locator("section.confirm")
    expect(confirm).to_contain_text("Check, then make the draw")
    expect(confirm).to_contain_text(re.compile(r"Byes\s*3:"))
    page.locator("#id_seed").fill("20261201")
    page.get_by_role("button", name="Yes: make the draw").click()
    expect(page.locator(".messages")).to_contain_text("drawn at random from seed 20261201")
    expect(page.locator(".draw-made")).to_contain_text("Drawn at random from seed 20261201")
    page.screenshot(path=str(screenshots / "cup-draw-made.png"), full_page=True)
    competition = Competition.objects.get(name="Knockout Cup")
    assert CupDraw.objects.get(competition=competition).seed == 20261201
    assert CupTie.objects.filter(competition=competition, round=1).count() == 4
    page.goto(f"/cups/{competition.pk}/")
    for team in TEAMS[:5]:
        expect(page.locator("#bracket")).to_contain_text(team)


def test_the_draw_on_a_phone_shows_every_entrant_without_sideways_scrolling(
        screen: Any, transactional_db: None, screenshots: Path) -> None:
    competition = a_drawn_bracket(a_league_with_teams(8))
    page = screen(PHONE).new_page()
    page.goto(f"/cups/{competition.pk}/")
    expect(page.locator("section.round")).to_have_count(3)
    page.screenshot(path=str(screenshots / "cup-phone.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for team in TEAMS:
        name = page.locator("#round-1").get_by_role("link", name=team)
        name.scroll_into_view_if_needed()
        expect(name).to_be_visible()
        box = name.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], team
    # The rounds are one under another: the final below the quarter-finals.
    first = page.locator("#round-1").bounding_box()
    final = page.locator("#round-3").bounding_box()
    assert first is not None and final is not None and final["y"] > first["y"] + first["height"] - 1


def test_the_draw_on_a_wide_screen_has_the_rounds_side_by_side(screen: Any, transactional_db: None) -> None:
    competition = a_drawn_bracket(a_league_with_teams(8))
    page = screen(TV).new_page()
    page.goto(f"/cups/{competition.pk}/")
    boxes = [page.locator(f"#round-{n}").bounding_box() or {} for n in (1, 2, 3)]
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"]
    assert abs(boxes[0]["y"] - boxes[2]["y"]) < 2
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]


def test_the_finals_night_tv_shows_every_match_without_scrolling(screen: Any, transactional_db: None,
                                                                  screenshots: Path) -> None:
    made = a_league_with_teams(6, match_format="solihull")
    competition, fixtures = a_finals_night(made)
    for rubber, (home, away) in zip((1, 2, 7), ((61, 40), (55, 61), (61, 58)), strict=True):
        rubber_game_card(fixture_id=fixtures[0].pk, rubber=rubber, home_score=home, away_score=away,
                         user=made.secretary)
    rubber_game_start(fixture_id=fixtures[0].pk, rubber=3, user=made.secretary)
    rubber_game_start(fixture_id=fixtures[1].pk, rubber=1, user=made.secretary)
    page = screen(TV).new_page()
    page.goto(f"/cups/{competition.pk}/finals")
    expect(page.locator("#night-connection")).to_contain_text("Live: updated")
    page.screenshot(path=str(screenshots / "cup-finals-tv.png"))
    expect(page.locator(".match-board")).to_have_count(3)
    expect(page.locator(".board-rubber.live")).to_have_count(2)
    for fixture in fixtures:
        board = page.locator(f"#match-{fixture.pk}")
        box = board.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= TV["height"], fixture.pk
        assert box["x"] >= 0 and box["x"] + box["width"] <= TV["width"], fixture.pk
        expect(board.locator(".board-rubber")).to_have_count(9)
    assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"]
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]


def test_the_finals_night_tv_updates_by_itself(screen: Any, transactional_db: None) -> None:
    made = a_league_with_teams(6, match_format="plain")
    competition, fixtures = a_finals_night(made)
    page = screen(TV).new_page()
    page.goto(f"/cups/{competition.pk}/finals")
    expect(page.locator(f"#match-{fixtures[2].pk} .match-score")).to_have_text("0–0")
    rubber_game_card(fixture_id=fixtures[2].pk, rubber=1, home_score=61, away_score=33, user=made.secretary)
    expect(page.locator(f"#match-{fixtures[2].pk} .match-score")).to_have_text("1–0", timeout=15_000)
    expect(page.locator(f"#match-{fixtures[2].pk}-rubber-1")).to_contain_text("61–33")
