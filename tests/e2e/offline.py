"""Taking the scorer's tablet off the network and back, and entering moves
with no connection, for the pad's browser tests."""
from typing import Any

from playwright.sync_api import expect

from pad_page import Pad

API = "**/api/**"


def offline_ready(pad: Pad) -> None:
    """The page is kept for a reload and the rules engine has loaded in the
    browser (Pyodide takes a while to load on a busy machine)."""
    expect(pad.page.locator("#connection")).to_contain_text("ready to work offline", timeout=120_000)


def kept_unchecked(pad: Pad) -> None:
    """The page is kept for a reload with no connection, but the engine
    cannot run: moves made offline wait, unchecked, and the pad says so."""
    expect(pad.page.locator("#pad[data-offline-ready='yes']")).to_be_attached()
    expect(pad.page.locator("#connection")).to_contain_text("offline, moves wait unchecked")
    expect(pad.page.locator("#connection")).not_to_contain_text("ready to work offline")


def go_offline(tablet: Any, pad: Pad) -> None:
    """Takes the tablet off the network, and waits until the page's own
    requests fail. The page's API requests pass through its service worker
    (which leaves them to the network), and the browser's offline switch can
    reach a restarted worker late, so they are refused here as well: while
    the test says offline, no request reaches the server."""
    tablet.route(API, lambda route: route.abort("internetdisconnected"))
    tablet.set_offline(True)
    pad.page.wait_for_function("""async () => {
        if (navigator.onLine) return false;
        try { await fetch("/api/auth/whoami", {cache: "no-store"}); return false; } catch (err) { return true; }
    }""", polling=100)


def go_online(tablet: Any) -> None:
    tablet.unroute(API)
    tablet.set_offline(False)


def enter_offline(pad: Pad, move: dict[str, Any], seats: tuple[str, ...] = ("Ann", "Bob")) -> None:
    """As a scorer with no connection: who moved, then the move."""
    pad.choose_seat(seats[move["seat"]])
    if move.get("knock"):
        pad.knock()
        return
    pad.tap_tile(move["tile"])
    if "end" in move:
        pad.page.locator(f'#step button[data-end="{move["end"]}"]').click()
    elif pad.page.locator('#step button[data-end=""]').count():
        pad.page.locator('#step button[data-end=""]').click()  # "it fits one way only"
    pad.type_peg(move["peg"])
    pad.record()


ENGINE_WORKER = "**/games/pad-engine.js"


def engine_ready(pad: Pad) -> None:
    """The rules engine runs in the tablet's browser (Pyodide takes a while
    to load on a busy machine)."""
    expect(pad.page.locator('#pad[data-engine="ready"]')).to_be_attached(timeout=120_000)


def without_engine(tablet: Any) -> None:
    """A browser where the engine cannot start: its worker never loads."""
    tablet.route(ENGINE_WORKER, lambda route: route.abort())


def no_engine(pad: Pad) -> None:
    expect(pad.page.locator('#pad[data-engine="none"]')).to_be_attached()
