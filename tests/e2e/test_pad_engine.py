"""The rules engine in the browser (static/js/pad-engine.js): Chromium runs
the server's own `scoring` package under Pyodide and answers exactly what
the server answers: the table of GET /options after every move of whole
games (recorded, or still waiting on the tablet), and a refused move's
message. After one load, the engine loads again with no connection.

Pyodide comes from `make pyodide`: without it these tests skip locally and
fail under CI=true."""
import importlib.util
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
from rest_framework.test import APIClient

from browsers import TABLET_PORTRAIT, logged_in_context
from league.models import Game
from league.services.games import game_create
from scoring.simulate import play_out

CORPUS = Path(__file__).parent.parent / "scoring" / "corpus"

# Whole games as tables play them: a line, a boneyard and spinners, with
# the mistakes a table makes (wrong pegs, false knocks, misplays, rulings).
SIMULATED = [
    ({"preset": "pub"}, 2, False, 11),
    ({"preset": "jaques"}, 3, False, 12),
    ({"preset": "threes-and-fives", "target": 61}, 2, False, 13),
]
# Hand-made games from the corpus, each showing one rule.
CORPUS_GAMES = ["threes-and-fives-spinner-arms-and-30-for-60.json", "pub-partners-skip-the-partner-who-is-out.json",
                "jaques-draw-from-the-boneyard-until-a-tile-fits.json"]

LOAD = """async () => {
    const prefix = document.querySelector("#pad")?.dataset.static ?? "/static/";
    const { loadEngine } = await import(`${prefix}js/pad-engine.js`);
    window.padEngine = await loadEngine();
    return true;
}"""

TABLES = """async (cases) => {
    const answers = [];
    for (const [sheet, ops, state] of cases) answers.push(await window.padEngine.table(sheet, ops, state));
    return answers;
}"""

APPLY = """async ([sheet, ops, move]) => {
    try {
        return {answer: await window.padEngine.apply(sheet, ops, move)};
    } catch (err) {
        return {refusal: err.name, message: err.message};
    }
}"""


@pytest.fixture(scope="module", autouse=True)
def pyodide_installed() -> None:
    """Skip locally, fail in CI, where `make test` installs it."""
    from league.pages.pad_engine import pyodide_version

    if pyodide_version() is None:
        spec = importlib.util.spec_from_file_location("tests_root_conftest", Path(__file__).parent.parent / "conftest.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        module.missing_service("needs Pyodide in vendor/pyodide: make pyodide (with npm installed)")


@pytest.fixture
def api(scorer: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(scorer)
    return client


@pytest.fixture
def engine_page(tablet: Any) -> Iterator[Any]:
    """A pad page with the engine loaded in it."""
    page = tablet.new_page()
    yield page
    page.close()


def simulated(rules: dict[str, Any], seats: int, partners: bool, seed: int) -> dict[str, Any]:
    sheet, _ = play_out(random.Random(seed), rules, seats, partners, mistakes=0.25, max_hands=2)
    return sheet


def corpus_sheet(name: str) -> dict[str, Any]:
    return dict(json.loads((CORPUS / name).read_text())["sheet"])


def writes(sheet: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """A sheet's moves and showings, as the pad sends them: (path, body)."""
    found: list[tuple[str, dict[str, Any]]] = []
    for number, hand in enumerate(sheet["hands"]):
        found += [("moves", move) for move in hand["moves"]]
        if "shown" in hand:
            found.append((f"hands/{number}/shown", hand["shown"]))
    return found


def as_op(path: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"move": body} if path == "moves" else {"shown": body}


def score_on_server(api: APIClient, scorer: Any, sheet: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Records the sheet move by move on the server. Returns, for each write,
    the sheet and state before it, the write, and /options after it."""
    game = game_create(rules=sheet.get("rules"), seats=sheet["seats"], partners=sheet.get("partners", False),
                       created_by=scorer)
    base = f"/api/games/{game.pk}"
    before_sheet, before_state = api.get(f"{base}/sheet").json(), api.get(f"{base}/options").json()["state"]
    steps = []
    for path, body in writes(sheet):
        reply = api.post(f"{base}/{path}", body, format="json")
        assert reply.status_code == 201, reply.content
        after = api.get(f"{base}/options").json()
        steps.append((before_sheet, before_state, as_op(path, body), after))
        before_sheet, before_state = api.get(f"{base}/sheet").json(), after["state"]
    return steps


def open_engine(page: Any, game: Game) -> None:
    page.goto(f"/games/{game.pk}/pad")
    assert page.evaluate(LOAD)


def test_the_engine_in_the_browser_gives_the_servers_table_after_every_move(
        engine_page: Any, api: APIClient, scorer: Any) -> None:
    games = [simulated(*game) for game in SIMULATED] + [corpus_sheet(name) for name in CORPUS_GAMES]
    scored = [score_on_server(api, scorer, sheet) for sheet in games]
    open_engine(engine_page, Game.objects.latest("pk"))
    undos = 0
    for sheet, steps in zip(games, scored, strict=True):
        expected = [after for *_, after in steps]
        # Each write still waiting on the tablet, on top of the sheet before it...
        queued = engine_page.evaluate(TABLES, [[before, [op], state] for before, state, op, _ in steps])
        assert queued == expected, sheet
        # ...all of them at once...
        first_sheet, first_state, _, _ = steps[0]
        all_queued = engine_page.evaluate(TABLES, [[first_sheet, [op for _, _, op, _ in steps], first_state]])
        assert all_queued == expected[-1:], sheet
        # ...and one waiting, then undone: the table as it was.
        before, state, op, _ = steps[-1]
        [undone] = engine_page.evaluate(TABLES, [[before, [op, {"undo": True}], state]])
        as_it_was = steps[-2][3] if len(steps) > 1 else None
        if as_it_was is not None and "move" in op:
            assert undone == {**as_it_was, "state": {**as_it_was["state"], "seq": state["seq"] + 2}}, sheet
            undos += 1
    assert undos >= 3


def test_a_dry_run_and_a_refusal_in_the_browser_are_the_servers(
        engine_page: Any, api: APIClient, scorer: Any) -> None:
    sheet = simulated(*SIMULATED[1])
    moves = sheet["hands"][0]["moves"]
    steps = score_on_server(api, scorer, {**sheet, "hands": [{"moves": moves[:-1]}]})
    game = Game.objects.latest("pk")
    open_engine(engine_page, game)
    before, _, op, after = steps[-1]
    server = api.post(f"/api/games/{game.pk}/preview", moves[-1], format="json")
    assert server.status_code == 200
    assert engine_page.evaluate(APPLY, [before, [op], moves[-1]]) == {"answer": server.json()}

    turn, seats = after["state"]["turn"], len(after["state"]["seats"])
    for refused in ({"seat": turn, "tile": "6-6", "end": "nowhere"}, {"seat": (turn + 1) % seats, "knock": True}):
        server = api.post(f"/api/games/{game.pk}/preview", refused, format="json")
        assert server.status_code == 422
        browser = engine_page.evaluate(APPLY, [before, [op], refused])
        assert browser == {"refusal": "EngineRefusal", "message": server.json()["error"]}


def test_the_engine_loads_again_with_no_connection_after_a_reload(
        chromium: Any, live_server: Any, scorer: Any, api: APIClient) -> None:
    steps = score_on_server(api, scorer, corpus_sheet("scoresheet-worked-example.json"))
    game = Game.objects.latest("pk")
    context = logged_in_context(chromium, live_server, scorer, viewport=TABLET_PORTRAIT)
    try:
        page = context.new_page()
        page.goto(f"/games/{game.pk}/pad")
        expect(page.locator("#pad[data-offline-ready='yes']")).to_be_attached(timeout=20_000)
        page.reload()  # now under the service worker, which keeps what the engine loads
        assert page.evaluate(LOAD)
        kept = page.evaluate("""async () => (await (await caches.open("pad-engine")).keys())
            .map((request) => new URL(request.url).pathname.split("/").pop())""")
        assert {"pyodide.mjs", "pyodide.asm.wasm", "python_stdlib.zip"} <= set(kept)
        assert any(name.startswith("scoring-") for name in kept)

        context.route("**/api/**", lambda route: route.abort("internetdisconnected"))
        context.set_offline(True)
        assert page.reload().from_service_worker
        assert page.evaluate(LOAD)
        before, state, op, after = steps[-1]
        assert page.evaluate(TABLES, [[before, [op], state]]) == [after]
    finally:
        context.close()


def test_without_pyodide_the_engine_says_why_and_the_page_goes_on(
        engine_page: Any, api: APIClient, scorer: Any, settings: Any, tmp_path: Path) -> None:
    settings.PYODIDE_ROOT = tmp_path  # a server where make pyodide never ran
    game = game_create(rules="pub", seats=["Ann", "Bob"], created_by=scorer)
    engine_page.goto(f"/games/{game.pk}/pad")
    failure = engine_page.evaluate("""async () => {
        const prefix = document.querySelector("#pad")?.dataset.static ?? "/static/";
        const { loadEngine } = await import(`${prefix}js/pad-engine.js`);
        try { await loadEngine(); return "loaded"; } catch (err) { return err.message; }
    }""")
    assert "not installed on this server" in failure
    expect(engine_page.locator("#connection")).to_contain_text("Connected")
