"""The scorer's pad as a test drives it: by tapping, as a scorer would."""
import re
from typing import Any

from playwright.sync_api import Page, expect


def canonical(tile: str) -> str:
    """A tile as the pad's buttons name it, the smaller pip first."""
    low, high = sorted(int(pip) for pip in tile.split("-"))
    return f"{low}-{high}"


class Pad:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(str(error)))

    def open(self, game_id: int) -> "Pad":
        self.page.goto(f"/games/{game_id}/pad")
        self.settled()
        return self

    def settled(self) -> None:
        """Every move made here has been answered and the table fetched again,
        and the page's script has thrown nothing on the way."""
        expect(self.page.locator("#connection")).to_contain_text("Connected")
        expect(self.page.locator("#pad[data-waiting]")).to_have_count(0)
        assert self.errors == []

    def choose_seat(self, name: str) -> None:
        self.page.locator("#seats button", has_text=name).click()

    def tap_tile(self, tile: str) -> None:
        self.page.locator(f'#tiles button[data-tile="{canonical(tile)}"]').click()

    def choose_end(self, ends: list[int]) -> None:
        """Picks the end by what it would make the open ends count."""
        wanted = ",".join(str(n) for n in sorted(ends))
        self.page.locator(f'#step button[data-ends="{wanted}"]').click()

    def asks_for_end(self) -> bool:
        return self.page.locator("#step button[data-end]").count() > 0

    def type_peg(self, peg: int) -> None:
        for digit in str(peg):
            self.page.locator("#step .keypad button", has_text=re.compile(f"^{digit}$")).click()

    def record(self) -> None:
        self.page.locator("#record").click()

    def play(self, tile: str, peg: int, ends: list[int] | None = None) -> None:
        """Taps the tile, the end if asked, the peg; records it (a peg the
        rules disagree with stops at the warning)."""
        self.tap_tile(tile)
        if ends is not None and self.asks_for_end():
            self.choose_end(ends)
        self.type_peg(peg)
        self.record()

    def knock(self) -> None:
        self.page.locator("#knock").click()

    def undo(self) -> None:
        self.page.locator("#undo").click()

    def show(self, shown: dict[str, list[str]], seats: list[str]) -> None:
        """Taps the tiles each seat turned face up, then records them."""
        for seat, tiles in shown.items():
            self.page.locator("#step .showing button", has_text=f"{seats[int(seat)]}:").click()
            for tile in tiles:
                self.tap_tile(tile)
        self.page.locator("#record-shown").click()

    def text(self, selector: str) -> Any:
        return self.page.locator(selector)
