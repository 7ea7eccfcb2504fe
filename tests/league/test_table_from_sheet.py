"""The table the pad works out offline, from the game's scoresheet and the
writes still waiting on the tablet (scoring.table_view.sheet_table, what
the browser runs), is the table GET /options answers once they are
recorded, after every write of whole games. The browser test
(tests/e2e/test_pad_engine.py) checks the same through Pyodide."""
import random
from typing import Any

import pytest
from rest_framework.test import APIClient
from tablets import new_game, post_move, post_shown

from scoring.simulate import play_out
from scoring.table_view import sheet_table

GAMES = [
    ({"preset": "pub"}, 2, False, 21),
    ({"preset": "pub"}, 4, True, 22),
    ({"preset": "jaques"}, 3, False, 23),
    ({"preset": "threes-and-fives", "target": 61}, 2, False, 24),
]


@pytest.mark.slow  # whole games played through the API
@pytest.mark.parametrize(("rules", "seats", "partners", "seed"), GAMES,
                         ids=[f"{rules['preset']}-{seats}" for rules, seats, _, _ in GAMES])
def test_a_sheet_and_a_waiting_write_give_the_table_the_server_gives_once_it_is_recorded(
        tablet: APIClient, rules: dict[str, Any], seats: int, partners: bool, seed: int) -> None:
    sheet, _ = play_out(random.Random(seed), rules, seats, partners, mistakes=0.25, max_hands=2)
    game = new_game(tablet, rules=rules, seats=sheet["seats"], partners=partners)
    base = f"/api/games/{game['id']}"
    before = tablet.get(f"{base}/sheet").json(), tablet.get(f"{base}/options").json()["state"]
    for number, hand in enumerate(sheet["hands"]):
        writes = [({"move": move}, lambda move=move: post_move(tablet, game["id"], move)) for move in hand["moves"]]
        if "shown" in hand:
            writes.append(({"shown": hand["shown"]},
                           lambda number=number, shown=hand["shown"]: post_shown(tablet, game["id"], number, shown)))
        for write, record in writes:
            assert record().status_code == 201
            after = tablet.get(f"{base}/options").json()
            assert sheet_table(before[0], [write], before[1]) == after
            before = tablet.get(f"{base}/sheet").json(), after["state"]
            assert sheet_table(before[0], [], before[1]) == after
