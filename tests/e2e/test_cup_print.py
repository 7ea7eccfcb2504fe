"""The cup's draw printed for the pub's noticeboard: Chromium prints the
public cup page as the browser's Print would, on the sheet the page's
print style asks for (A4 landscape), and the whole draw is on one sheet
with the rounds side by side and none of the site's menus."""
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from cup_nights import TEAMS, a_drawn_bracket, a_league_with_teams

A4_LANDSCAPE_CONTENT = {"width": 1047, "height": 718}  # 277 x 190 mm at 96 px an inch


@pytest.fixture
def page(chromium: Any, live_server: Any) -> Any:
    context = chromium.new_context(base_url=live_server.url, viewport=A4_LANDSCAPE_CONTENT)
    context.set_default_timeout(10_000)
    yield context.new_page()
    context.close()


def pages_in(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page(?![a-zA-Z])", pdf))


def test_the_printed_draw_fits_one_landscape_sheet_with_every_team_on_it(page: Any, transactional_db: None) -> None:
    competition = a_drawn_bracket(a_league_with_teams(8))
    page.goto(f"/cups/{competition.pk}/")
    page.emulate_media(media="print")
    expect(page.locator("header.site")).to_be_hidden()
    for team in TEAMS:
        expect(page.locator("#round-1")).to_contain_text(team)
    boxes = [page.locator(f"#round-{n}").bounding_box() or {} for n in (1, 2, 3)]
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"], "the rounds print side by side"
    assert boxes[2]["x"] + boxes[2]["width"] <= A4_LANDSCAPE_CONTENT["width"], "the final is on the sheet"
    assert pages_in(page.pdf(prefer_css_page_size=True, print_background=False)) == 1
